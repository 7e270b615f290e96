/**
 * java-tron's native message queue (NativeMessageQueue): a ZeroMQ PUB socket sending each trigger
 * as two frames, the trigger's name and its JSON. In front of it a queue bounded like the socket
 * (`sendQueueLength` messages): triggers are put in without waiting, serialized and handed to the
 * socket one at a time (zeromq.js allows one send in flight); when the queue is full new triggers
 * are dropped and counted, so a stalled sender never holds up the chain. ZeroMQ itself drops a
 * subscriber's messages once its pipe holds SNDHWM of them (PUB never blocks).
 */
import { type Logger, TronodeError } from "@tronode/engine/internal";
import { toJavaJson } from "./java-json.js";
import type { Trigger } from "./triggers.js";

/** The socket side: sends one two-frame message at a time. */
export interface FrameSender {
  send(frames: readonly [string, string]): Promise<void>;
  close(): void;
}

export interface TriggerQueue {
  /** Queues a trigger; drops it (counted) when the queue is full. Never waits. */
  publish(trigger: Trigger): void;
  readonly stats: { readonly sent: number; readonly dropped: number; readonly pending: number };
  /** Stops taking triggers, sends what is queued (at most `flushMs`), then closes the sender. */
  close(flushMs?: number): Promise<void>;
}

export interface TriggerQueueOptions {
  readonly sender: FrameSender;
  /** At most this many triggers wait for the socket. */
  readonly capacity: number;
  readonly logger: Logger;
}

export function createTriggerQueue(options: TriggerQueueOptions): TriggerQueue {
  const { sender, capacity, logger } = options;
  let queue: Trigger[] = [];
  let head = 0;
  let sent = 0;
  let dropped = 0;
  /** Drops since the queue last had room, reported once it drains. */
  let droppedInBurst = 0;
  let closed = false;
  let pumping: Promise<void> | undefined;

  const pending = () => queue.length - head;

  async function pump(): Promise<void> {
    while (pending() > 0) {
      const trigger = queue[head++]!;
      if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head);
        head = 0;
      }
      const body = toJavaJson(trigger);
      try {
        await sender.send([trigger.triggerName, body]);
        sent++;
      } catch (e) {
        // java-tron logs "write data to zeromq failed" and goes on
        logger.error({ topic: trigger.triggerName, reason: (e as Error).message }, "event publish failed");
      }
    }
    if (droppedInBurst > 0) {
      logger.info({ dropped: droppedInBurst, droppedTotal: dropped }, "event queue drained");
      droppedInBurst = 0;
    }
    pumping = undefined;
  }

  return {
    publish(trigger) {
      if (closed) return;
      if (pending() >= capacity) {
        if (droppedInBurst === 0) {
          logger.warn({ capacity }, "event queue full: dropping triggers until it drains");
        }
        dropped++;
        droppedInBurst++;
        return;
      }
      queue.push(trigger);
      pumping ??= pump();
    },
    get stats() {
      return { sent, dropped, pending: pending() };
    },
    async close(flushMs = 2000) {
      closed = true;
      if (pumping) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([pumping, new Promise((r) => (timer = setTimeout(r, flushMs)))]);
        clearTimeout(timer);
      }
      sender.close();
    },
  };
}

export interface ZmqPublisherOptions {
  readonly host: string;
  /** 0 = a free port. */
  readonly port: number;
  /** ZeroMQ's SNDHWM: messages kept per subscriber before ZeroMQ drops for it. */
  readonly sendHighWaterMark: number;
}

/**
 * Binds a ZeroMQ PUB socket (zeromq.js, loaded only when events are on). Throws
 * EVENT_SUBSCRIBE_INIT when it cannot bind, as java-tron fails its start-up.
 */
export async function bindZmqPublisher(
  options: ZmqPublisherOptions,
): Promise<{ readonly endpoint: string; readonly sender: FrameSender }> {
  const ipv6 = options.host.includes(":");
  const address = `tcp://${ipv6 ? `[${options.host}]` : options.host}:${options.port === 0 ? "*" : options.port}`;
  let zmq: typeof import("zeromq");
  try {
    zmq = await import("zeromq");
  } catch (e) {
    const missing = (e as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
    throw new TronodeError(
      "EVENT_SUBSCRIBE_INIT",
      missing
        ? "event subscription needs the zeromq package: npm install zeromq"
        : `the ZeroMQ library does not load: ${(e as Error).message}`,
    );
  }
  const socket = new zmq.Publisher({ sendHighWaterMark: options.sendHighWaterMark, linger: 0, ipv6 });
  try {
    await socket.bind(address);
  } catch (e) {
    socket.close();
    throw new TronodeError(
      "EVENT_SUBSCRIBE_INIT",
      `cannot bind the event publisher on ${address}: ${(e as Error).message}`,
    );
  }
  return {
    endpoint: socket.lastEndpoint ?? address,
    sender: {
      send: (frames) => socket.send([...frames]),
      close: () => socket.close(),
    },
  };
}
