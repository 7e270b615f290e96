/**
 * A follower syncing a long chain over TRON's P2P protocol: a `--witnesses 3` chain of `blocks`
 * blocks is generated into a data dir, a witness process holding all three keys is started on it,
 * and a follower process with an empty data dir dials it. Resolves when the follower has reached
 * the generated head (with the time it took) and then followed the witness for `followBlocks`
 * more blocks with the same block ids and state digest.
 */
import { generateChain } from "./chain-generator.js";
import { blockIds, type ClusterNode, digestAtHead, head, startNode, tempDir, until } from "./p2p-cluster.js";

export interface SyncRun {
  readonly blocks: number;
  readonly generateMs: number;
  readonly syncMs: number;
  readonly blocksPerSecond: number;
  readonly witness: ClusterNode;
  readonly follower: ClusterNode;
}

export async function runSync(options: {
  blocks: number;
  followBlocks: number;
  witnessIp: string;
  followerIp: string;
  log?: (line: string) => void;
}): Promise<SyncRun> {
  const log = options.log ?? (() => undefined);
  const witnessDir = tempDir("sync-witness");
  const generated = await generateChain({ dataDir: witnessDir, blocks: options.blocks, accounts: 2 });
  log(`generated ${generated.head} blocks in ${Math.round(generated.ms)} ms`);
  const witness = await startNode({
    name: "sync-witness",
    ip: options.witnessIp,
    witnesses: [0, 1, 2],
    dataDir: witnessDir,
  });
  const started = performance.now();
  const follower = await startNode({
    name: "sync-follower",
    ip: options.followerIp,
    witnesses: [],
    peers: [`${options.witnessIp}:${witness.p2pPort}`],
  });
  let last = 0;
  await until(
    "the follower at the generated head",
    async () => {
      const h = (await head(follower)).number;
      if (h - last >= 1000) {
        log(`follower at ${h} after ${Math.round(performance.now() - started)} ms`);
        last = h;
      }
      return h >= options.blocks ? true : undefined;
    },
    600_000,
  );
  const syncMs = performance.now() - started;
  const target = (await head(witness)).number + options.followBlocks;
  await until(
    "the follower following",
    async () => ((await head(follower)).number >= target ? true : undefined),
    30_000 + options.followBlocks * 4000,
  );
  // the same chain and, at the same head, the same state
  const top = (await head(follower)).number;
  const [w, f] = await Promise.all([blockIds(witness, top - 50, top), blockIds(follower, top - 50, top)]);
  if (JSON.stringify(w) !== JSON.stringify(f))
    throw new Error("follower and witness differ in their last 50 blocks");
  await until(
    "equal digests at one head",
    async () => {
      const [dw, df] = await Promise.all([digestAtHead(witness), digestAtHead(follower)]);
      if (!dw || !df || dw.number !== df.number) return undefined;
      if (dw.digest !== df.digest) throw new Error(`state digests differ at block ${dw.number}`);
      return true;
    },
    30_000,
  );
  return {
    blocks: options.blocks,
    generateMs: generated.ms,
    syncMs,
    blocksPerSecond: (options.blocks / syncMs) * 1000,
    witness,
    follower,
  };
}
