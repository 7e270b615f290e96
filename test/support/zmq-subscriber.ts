/**
 * A ZeroMQ SUB subscriber as a java-tron event consumer runs one: connects to the node's
 * publisher, subscribes to topic prefixes, and keeps every two-frame message (topic, JSON body).
 */
import { Subscriber } from "zeromq";

// biome-ignore lint/suspicious/noExplicitAny: trigger JSON is read loosely
export type Json = any;

export interface ReceivedTrigger {
  readonly topic: string;
  /** The body exactly as sent. */
  readonly body: string;
  readonly json: Json;
}

export interface TestSubscriber {
  readonly messages: ReceivedTrigger[];
  /** Resolves with the first message (from `from` on) that satisfies `match`. */
  waitFor(
    match: (m: ReceivedTrigger) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<ReceivedTrigger>;
  close(): void;
}

export function subscribe(endpoint: string, prefixes: readonly string[] = [""]): TestSubscriber {
  const socket = new Subscriber({ linger: 0 });
  socket.connect(endpoint);
  for (const p of prefixes) socket.subscribe(p);
  const messages: ReceivedTrigger[] = [];
  let closed = false;
  void (async () => {
    try {
      for await (const [topic, body] of socket) {
        const text = body!.toString("utf8");
        messages.push({ topic: topic!.toString("utf8"), body: text, json: JSON.parse(text) });
      }
    } catch (e) {
      if (!closed) throw e;
    }
  })();
  return {
    messages,
    async waitFor(match, timeoutMs = 20_000, from = 0) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching trigger among ${messages.length} received`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close() {
      closed = true;
      socket.close();
    },
  };
}
