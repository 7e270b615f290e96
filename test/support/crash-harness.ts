/**
 * The crash test (issue 15): the tronode CLI with a LevelDB data dir, under a mixed load, killed
 * with SIGKILL at random moments (half of them right after a slot boundary, while a block is being
 * committed), restarted, again and again. After each kill, with the process dead:
 *   - the stored chain has every block from genesis to its head (no partial block), and its state
 *     digest equals a from-genesis replay of the stored blocks in a fresh in-memory engine;
 * and after each restart:
 *   - the head is at or past the last head seen before the kill, with the same block id there;
 *   - every transaction the node accepted and that was seen in a committed block before the kill is
 *     still there, in the same block;
 *   - the node accepts transactions again.
 * `npm test` runs a short version (test/crash.test.ts); `scripts/crash-test.ts` the long one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import { genesisOf } from "@tronode/chain";
import {
  applyBlock,
  blockId,
  blockReference,
  bytesToHex,
  ChainProperties,
  ContractType,
  createGenesis,
  createNobleRecoverer,
  hexToBytes,
  MemoryState,
  packContract,
  ResourceCode,
  signHash,
  Tables,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { DEFAULT_MNEMONIC, defaultNodeConfig, deriveDevAccounts, TRON_HD_PATH } from "@tronode/node";
import { createChainStore, createLevelStorage } from "@tronode/storage";
import { type CliProcess, killAllClis, startCli, startedUrl, waitForOutput } from "./cli-process.js";

const ACCOUNTS = 4;
const TRX = 1_000_000n;

export interface CrashReport {
  iterations: number;
  /** Kills that landed while the node was committing or just after a slot boundary. */
  killsNearCommit: number;
  accepted: number;
  confirmedBeforeKill: number;
  confirmedFoundAfterRestart: number;
  blocks: number;
  replayedBlocks: number;
  failures: string[];
}

export interface CrashOptions {
  readonly iterations: number;
  /** Longest run between a start and its kill (ms). */
  readonly maxRunMs: number;
  readonly log?: (line: string) => void;
  readonly seed?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

async function post(url: string, path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

interface Head {
  number: number;
  id: string;
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const random = prng(options.seed ?? 20261124);
  const keys = deriveDevAccounts(DEFAULT_MNEMONIC, ACCOUNTS, TRON_HD_PATH);
  const dir = await mkdtemp(join(tmpdir(), "tronode-crash-"));
  const report: CrashReport = {
    iterations: 0,
    killsNearCommit: 0,
    accepted: 0,
    confirmedBeforeKill: 0,
    confirmedFoundAfterRestart: 0,
    blocks: 0,
    replayedBlocks: 0,
    failures: [],
  };
  const confirmed = new Map<string, number>(); // txID → block number seen before a kill
  let lastHead: Head | undefined;
  let strangers = 0;
  try {
    for (let i = 0; i < options.iterations; i++) {
      report.iterations++;
      const cli = startCli([
        "--data-dir",
        dir,
        "--port",
        "0",
        "--quiet",
        "--accounts",
        String(ACCOUNTS),
        "--block-time",
        "3",
      ]);
      const url = await waitForOutput(cli, startedUrl, 30_000);
      await checkRestart(url, i);
      const accepted = await drive(url);
      report.accepted += accepted;
      await killed(cli);
      await checkStored(i);
    }
  } finally {
    await killAllClis();
    await rm(dir, { recursive: true, force: true });
  }
  return report;

  async function checkRestart(url: string, i: number): Promise<void> {
    if (lastHead === undefined) return;
    const head = (await post(url, "/wallet/getnowblock", {})).block_header.raw_data.number as number;
    if (head < lastHead.number)
      report.failures.push(`restart ${i}: head ${head} is below ${lastHead.number} seen before the kill`);
    const seen = await post(url, "/wallet/getblockbynum", { num: lastHead.number });
    if (seen.blockID !== lastHead.id) {
      report.failures.push(`restart ${i}: block ${lastHead.number} is ${seen.blockID}, was ${lastHead.id}`);
    }
    for (const [txId, number] of confirmed) {
      const info = await post(url, "/wallet/gettransactioninfobyid", { value: txId });
      if ((info.blockNumber ?? -1) !== number) {
        report.failures.push(
          `restart ${i}: transaction ${txId} of block ${number} is missing (${JSON.stringify(info)})`,
        );
      } else {
        report.confirmedFoundAfterRestart++;
      }
    }
  }

  /** Sends a mixed load until the kill moment; returns the number of accepted transactions. */
  async function drive(url: string): Promise<number> {
    const nearCommit = random() < 0.5;
    const runMs = 500 + random() * (options.maxRunMs - 500);
    const started = Date.now();
    let accepted = 0;
    const pending = new Set<string>();
    let stopAt = started + runMs;
    if (nearCommit) {
      // just after a slot boundary, while the block of that slot is being produced and committed
      const slotEnd = Math.ceil(stopAt / 3000) * 3000;
      stopAt = slotEnd + Math.floor(random() * 40);
      report.killsNearCommit++;
    }
    let nonce = 0;
    while (Date.now() < stopAt) {
      const block = await post(url, "/wallet/getnowblock", {});
      const number = BigInt(block.block_header.raw_data.number);
      const timestamp = BigInt(block.block_header.raw_data.timestamp);
      lastHead = { number: Number(number), id: block.blockID };
      for (let k = 0; k < 5 && Date.now() < stopAt; k++) {
        const from = keys[nonce % ACCOUNTS]!;
        const tx = create(TransactionSchema, {
          rawData: {
            ...blockReference(number, hexToBytes(block.blockID)),
            expiration: timestamp + 60_000n,
            timestamp: timestamp + BigInt(nonce++),
            contract: [contractFor(nonce, from.address)],
          },
        });
        tx.signature = [signHash(transactionId(tx), from.privateKey)];
        const answer = await post(url, "/wallet/broadcasthex", {
          transaction: bytesToHex(toBinary(TransactionSchema, tx)),
        }).catch(() => undefined);
        if (answer?.result === true) {
          accepted++;
          pending.add(bytesToHex(transactionId(tx)));
        }
      }
      for (const txId of [...pending]) {
        const info = await post(url, "/wallet/gettransactioninfobyid", { value: txId }).catch(
          () => undefined,
        );
        if (info?.blockNumber !== undefined) {
          confirmed.set(txId, info.blockNumber);
          pending.delete(txId);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    report.confirmedBeforeKill = confirmed.size;
    return accepted;
  }

  function contractFor(n: number, owner: Uint8Array) {
    switch (n % 4) {
      case 0:
        return packContract(ContractType.FreezeBalanceV2Contract, {
          ownerAddress: owner,
          frozenBalance: TRX,
          resource: ResourceCode.ENERGY,
        });
      case 1: {
        const to = new Uint8Array(21);
        to[0] = 0x41;
        to.set(hexToBytes((++strangers).toString(16).padStart(8, "0")), 13);
        return packContract(ContractType.TransferContract, {
          ownerAddress: owner,
          toAddress: to,
          amount: TRX,
        });
      }
      case 2:
        return packContract(ContractType.TransferContract, {
          ownerAddress: owner,
          toAddress: keys[(n + 1) % ACCOUNTS]!.address,
          amount: BigInt(n),
        });
      default:
        return packContract(ContractType.VoteWitnessContract, {
          ownerAddress: owner,
          votes: [{ voteAddress: addressOfWitness(), voteCount: 1n }],
        });
    }
  }

  async function killed(cli: CliProcess): Promise<void> {
    cli.child.kill("SIGKILL");
    await cli.exited;
  }

  /** With the process dead: every block is there, and the state equals a replay of the blocks. */
  async function checkStored(i: number): Promise<void> {
    const store = await createChainStore({ kv: createLevelStorage({ directory: dir }) });
    try {
      const head = new ChainProperties(store.view).headNumber;
      report.blocks = Number(head);
      const config = { ...defaultNodeConfig(), accounts: ACCOUNTS };
      const state = new MemoryState();
      state.apply(createGenesis(genesisOf(config, keys.slice(0, ACCOUNTS))).changes);
      const recoverer = createNobleRecoverer();
      for (let n = 1n; n <= head; n++) {
        const block = store.view.get(Tables.blocks, n);
        if (!block) {
          report.failures.push(`kill ${i}: block ${n} of ${head} is missing`);
          return;
        }
        const outcome = applyBlock(state, block, recoverer);
        if (bytesToHex(outcome.blockId) !== bytesToHex(blockId(block))) {
          report.failures.push(`kill ${i}: block ${n} replays to another id`);
        }
        state.apply(outcome.changes);
        report.replayedBlocks++;
      }
      const stored = bytesToHex(await store.stateDigest());
      const replayed = bytesToHex(state.digest());
      if (stored !== replayed)
        report.failures.push(`kill ${i}: stored digest ${stored} ≠ replay ${replayed} at ${head}`);
      log(`kill ${i}: head ${head}, digest ${stored.slice(0, 16)}… = replay`);
    } finally {
      await store.close();
    }
  }
}

function addressOfWitness(): Uint8Array {
  return hexToBytes("417e5f4552091a69125d5dfcb7b8c2659029395bdf"); // TRE's witness (key 0x…01)
}
