/**
 * The soak test (issue 15): the tronode CLI as its own process under a steady mixed load — signed
 * transfers (some creating accounts), freezes and votes broadcast at a fixed rate, with getaccount and
 * getnowblock reads beside them — while its resident memory is sampled from /proc every few seconds.
 * At the end the load stops, the pending pool must drain, and every transaction the node accepted
 * must be in a block. Reports the RSS samples and the growth after the warm-up.
 * `npm test` runs 20 s of it (test/soak.test.ts); `npm run soak` 30 minutes.
 */
import { readFile } from "node:fs/promises";
import { create, toBinary } from "@bufbuild/protobuf";
import {
  blockReference,
  bytesToHex,
  ContractType,
  hexToBytes,
  packContract,
  ResourceCode,
  signHash,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { DEFAULT_MNEMONIC, deriveDevAccounts, TRON_HD_PATH } from "@tronode/node";
import { killAllClis, startCli, startedUrl, waitForOutput } from "./cli-process.js";

export interface SoakOptions {
  readonly durationMs: number;
  /** Transactions per second. */
  readonly rate: number;
  readonly sampleMs: number;
  /** RSS samples before this are warm-up. */
  readonly warmupMs: number;
  readonly log?: (line: string) => void;
  readonly cliArgs?: readonly string[];
  /** Run the built CLI (what `npm start` runs) instead of the sources through tsx. */
  readonly bundled?: boolean;
}

export interface SoakReport {
  seconds: number;
  accepted: number;
  refused: number;
  confirmed: number;
  lost: string[];
  pendingAtEnd: number;
  blocks: number;
  /** [seconds since start, RSS MB]. */
  rss: [number, number][];
  /** Median of the samples of the minute after the warm-up. */
  rssAfterWarmupMb: number;
  /** Median of the last six samples (the last minute at the default interval). */
  rssAtEndMb: number;
  rssGrowthPercent: number;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

const ACCOUNTS = 8;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const keys = deriveDevAccounts(DEFAULT_MNEMONIC, ACCOUNTS, TRON_HD_PATH);
  const cli = startCli(
    [
      "--port",
      "0",
      "--quiet",
      "--accounts",
      String(ACCOUNTS),
      "--max-pending",
      "100000",
      ...(options.cliArgs ?? []),
    ],
    {},
    { bundled: options.bundled === true },
  );
  try {
    const url = await waitForOutput(cli, startedUrl, 30_000);
    const pid = cli.child.pid!;
    const post = async (path: string, body: unknown): Promise<Json> =>
      (await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
    const report: SoakReport = {
      seconds: 0,
      accepted: 0,
      refused: 0,
      confirmed: 0,
      lost: [],
      pendingAtEnd: 0,
      blocks: 0,
      rss: [],
      rssAfterWarmupMb: 0,
      rssAtEndMb: 0,
      rssGrowthPercent: 0,
    };
    const accepted: string[] = [];
    const started = Date.now();
    let nonce = 0;
    let head: Json = await post("/wallet/getnowblock", {});
    let nextSample = started;
    const interval = 1000 / options.rate;
    let due = started;
    while (Date.now() - started < options.durationMs) {
      if (Date.now() >= nextSample) {
        const mb = await rssMb(pid);
        report.rss.push([Math.round((Date.now() - started) / 1000), mb]);
        log(`t=${Math.round((Date.now() - started) / 1000)}s rss=${mb} MB accepted=${report.accepted}`);
        nextSample += options.sampleMs;
        head = await post("/wallet/getnowblock", {});
      }
      const n = nonce++;
      const from = keys[n % ACCOUNTS]!;
      const number = BigInt(head.block_header.raw_data.number);
      const timestamp = BigInt(head.block_header.raw_data.timestamp);
      const tx = create(TransactionSchema, {
        rawData: {
          ...blockReference(number, hexToBytes(head.blockID)),
          expiration: timestamp + 600_000n,
          timestamp: timestamp + BigInt(n),
          contract: [contractFor(n, from.address)],
        },
      });
      tx.signature = [signHash(transactionId(tx), from.privateKey)];
      const answer = await post("/wallet/broadcasthex", {
        transaction: bytesToHex(toBinary(TransactionSchema, tx)),
      });
      if (answer.result === true) {
        report.accepted++;
        accepted.push(bytesToHex(transactionId(tx)));
      } else {
        report.refused++;
      }
      if (n % 10 === 0) await post("/wallet/getaccount", { address: bytesToHex(from.address) });
      due += interval;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    // drain: blocks keep coming every 3 s until the pool is empty
    const drainBy = Date.now() + 60_000;
    for (;;) {
      report.pendingAtEnd = (await post("/wallet/getpendingsize", {})).pendingSize ?? 0;
      if (report.pendingAtEnd === 0 || Date.now() > drainBy) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    for (const txId of accepted) {
      const info = await post("/wallet/gettransactioninfobyid", { value: txId });
      if (info.blockNumber !== undefined) report.confirmed++;
      else if (report.lost.length < 20) report.lost.push(txId);
    }
    report.blocks = (await post("/wallet/getnowblock", {})).block_header.raw_data.number;
    report.seconds = Math.round((Date.now() - started) / 1000);
    // medians of a minute of samples on each side: one sample lands anywhere on the GC sawtooth
    const warm = report.rss.filter(
      ([t]) => t * 1000 >= options.warmupMs && t * 1000 < options.warmupMs + 60_000,
    );
    report.rssAfterWarmupMb = median(warm.map(([, mb]) => mb)) ?? report.rss[0]?.[1] ?? 0;
    report.rssAtEndMb = median(report.rss.slice(-6).map(([, mb]) => mb)) ?? (await rssMb(pid));
    report.rssGrowthPercent =
      Math.round(((report.rssAtEndMb - report.rssAfterWarmupMb) / report.rssAfterWarmupMb) * 1000) / 10;
    return report;
  } finally {
    await killAllClis();
  }
}

let strangers = 0;

/** Mostly transfers between known accounts, freezes and votes; a new account every 50th. */
function contractFor(n: number, owner: Uint8Array) {
  if (n % 50 === 0) {
    const to = new Uint8Array(21);
    to[0] = 0x41;
    to.set(hexToBytes((++strangers).toString(16).padStart(8, "0")), 13);
    return packContract(ContractType.TransferContract, {
      ownerAddress: owner,
      toAddress: to,
      amount: 1_000_000n,
    });
  }
  switch (n % 5) {
    case 1:
      return packContract(ContractType.FreezeBalanceV2Contract, {
        ownerAddress: owner,
        frozenBalance: 1_000_000n,
        resource: ResourceCode.ENERGY,
      });
    case 2:
      return packContract(ContractType.VoteWitnessContract, {
        ownerAddress: owner,
        votes: [{ voteAddress: hexToBytes("417e5f4552091a69125d5dfcb7b8c2659029395bdf"), voteCount: 1n }],
      });
    default:
      return packContract(ContractType.TransferContract, {
        ownerAddress: owner,
        toAddress: hexToBytes("417e5f4552091a69125d5dfcb7b8c2659029395bdf"),
        amount: BigInt(n),
      });
  }
}
