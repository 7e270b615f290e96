/**
 * java-tron's event subscription on its native ZeroMQ queue (event.subscribe with
 * native.useNativeQueue): the triggers of every block the chain commits, of every block it undoes,
 * and of every block solidified, published on a PUB socket as java-tron publishes them. Triggers
 * are built inside the chain's write (the state they describe is the committed one only until the
 * next write) and queued; the socket is fed from the queue, so publishing never holds up the chain.
 */

import type { ChainService } from "@tronode/chain";
import type { Logger } from "@tronode/engine/internal";
import type { EventSubscriptionConfig } from "./event-subscription-config.js";
import { bindZmqPublisher, createTriggerQueue, type FrameSender, type TriggerQueue } from "./native-queue.js";
import { createTriggerPosting } from "./trigger-posting.js";

/** A running event publisher: where subscribers connect, its queue's figures, and how to close it. */
export interface EventPublisher {
  /** Where subscribers connect, e.g. `tcp://127.0.0.1:5555`. */
  readonly endpoint: string;
  readonly stats: TriggerQueue["stats"];
  /** Stops listening to the chain, sends what is queued (briefly) and closes the socket. */
  close(): Promise<void>;
}

export interface EventPublisherOptions {
  readonly chain: ChainService;
  readonly config: EventSubscriptionConfig;
  readonly logger: Logger;
  /** Another socket than ZeroMQ's (tests): its endpoint and sender. */
  readonly socket?: { readonly endpoint: string; readonly sender: FrameSender };
}

/**
 * Binds the publisher and starts following the chain. Undefined when the config does not ask for
 * the native queue (java-tron's plugins are not supported: logged).
 */
export async function createEventPublisher(
  options: EventPublisherOptions,
): Promise<EventPublisher | undefined> {
  const { chain, config, logger } = options;
  for (const warning of config.warnings) logger.warn({}, warning);
  if (!config.useNativeQueue) {
    logger.warn(
      { path: config.plugin?.path ?? "" },
      "event plugins are not supported: set event.subscribe.native.useNativeQueue = true for the ZeroMQ publisher",
    );
    return undefined;
  }
  if (config.version !== 0) {
    logger.warn(
      { version: config.version },
      "event.subscribe.version 1 is not implemented: publishing as version 0",
    );
  }
  const socket =
    options.socket ??
    (await bindZmqPublisher({
      host: config.bindHost,
      port: config.bindPort,
      sendHighWaterMark: config.sendQueueLength,
    }));
  const queue = createTriggerQueue({ sender: socket.sender, capacity: config.sendQueueLength, logger });
  const posting = createTriggerPosting({ config, post: (trigger) => queue.publish(trigger) });
  const stop = chain.onChange((change) => {
    if (change.kind === "applied") posting.applied(change, chain.committedView);
    else posting.undoing(change.blocks, chain.committedView);
  });
  logger.info(
    {
      endpoint: socket.endpoint,
      triggers: Object.entries(config.triggers)
        .filter(([, t]) => t.enable)
        .map(([name]) => name),
      ...(config.filter ? { filter: true } : {}),
    },
    "event subscription: publishing on ZeroMQ",
  );
  return {
    endpoint: socket.endpoint,
    get stats() {
      return queue.stats;
    },
    async close() {
      stop();
      await queue.close();
    },
  };
}
