/**
 * The heads the node commits, for transports that push them (the explorer's server-sent events).
 * It watches the committed head rather than hooking each way a head can change (a produced block,
 * one from a peer, a solidity node's step, a snapshot revert or fork switch, a state load): a look
 * at two resident properties every `intervalMs`, only while someone listens.
 */
import {
  bytesEqual,
  ChainProperties,
  type HeadFeed,
  type HeadSummary,
  Tables,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** The chain whose committed heads a head feed tells. */
export interface HeadFeedOptions {
  readonly chain: ChainService;
  /** How often the head is looked at, ms (100 by default). */
  readonly intervalMs?: number;
}

/** A feed of the heads the chain commits (produced, applied or rewound to), for the explorer's live updates. */
export function createHeadFeed(options: HeadFeedOptions): HeadFeed {
  const listeners = new Set<(head: HeadSummary) => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let last: Uint8Array | undefined;
  const look = () => {
    const view = options.chain.store.view;
    const props = new ChainProperties(view);
    const id = props.headBlockId;
    if (last !== undefined && bytesEqual(last, id)) return;
    last = id;
    const number = props.headNumber;
    const block = view.get(Tables.blocks, number);
    const head: HeadSummary = {
      number,
      id,
      timestamp: props.headTimestamp,
      transactions: block?.transactions.length ?? 0,
    };
    for (const listener of listeners) listener(head);
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (timer === undefined) {
        last = new ChainProperties(options.chain.store.view).headBlockId;
        timer = setInterval(look, options.intervalMs ?? 100);
        timer.unref?.();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
