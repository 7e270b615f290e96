/**
 * Builds a chain ahead of time for network tests: a `--witnesses 3` chain in a LevelDB data dir
 * with `blocks` blocks on consecutive slots ending shortly before now, produced by a node holding
 * all three keys with its slot timer stopped. A node started on the dir continues from there.
 */
import { BLOCK_PRODUCED_INTERVAL, type Clock } from "@tronode/engine/internal";
import { createNode } from "@tronode/node";

export interface GeneratedChain {
  readonly head: bigint;
  /** Milliseconds spent producing. */
  readonly ms: number;
}

export async function generateChain(options: {
  dataDir: string;
  blocks: number;
  accounts: number;
  /** Slot time of the last block (default: the slot before now). */
  endsAt?: bigint;
}): Promise<GeneratedChain> {
  const interval = BLOCK_PRODUCED_INTERVAL;
  const now = BigInt(Date.now());
  const end = options.endsAt ?? (now / interval - 1n) * interval;
  const first = end - BigInt(options.blocks - 1) * interval;
  let time = first;
  const clock: Clock = { now: () => time };
  const node = await createNode({
    http: false,
    dataDir: options.dataDir,
    accounts: options.accounts,
    witnessCount: 3,
    blockTime: 60,
    clock,
  });
  const started = performance.now();
  try {
    await node.producer.stop();
    // block 1 was mined at `first` when the chain was created
    for (let n = 2; n <= options.blocks; n++) {
      time = first + BigInt(n - 1) * interval;
      await node.chain.produce(time);
    }
    return { head: node.chain.properties.headNumber, ms: performance.now() - started };
  } finally {
    await node.stop();
  }
}
