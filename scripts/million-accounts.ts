/**
 * A large chain (issue 15): `npm run million-accounts [-- <accounts=1000000>]` writes a LevelDB data
 * dir holding the default dev chain plus N funded accounts (each one as TransferContract would
 * create it, with java-tron's default permissions), and a small chain with 1 000 such accounts, then
 * measures on both: the time to open the store, RSS after opening, getaccount through the built CLI
 * and signed transfers applied per second by the engine over the store's view — each for two access
 * patterns: "hot" (the same 10 accounts again and again) and "spread" (random accounts over the whole
 * state, which on the large chain means cache misses). Needs a build (`npm run build`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { genesisOf } from "@tronode/chain";
import {
  addressToBase58,
  applyTransaction,
  blockReference,
  ChainProperties,
  ContractType,
  createGenesis,
  createNobleRecoverer,
  newAccount,
  packContract,
  StateOverlay,
  signHash,
  Tables,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { DEFAULT_MNEMONIC, defaultNodeConfig, deriveDevAccounts, TRON_HD_PATH } from "@tronode/node";
import { createChainStore, createLevelStorage } from "@tronode/storage";
import autocannon from "autocannon";
import { ClassicLevel } from "classic-level";

const COUNT = Number(process.argv[2] ?? 1_000_000);
const DEV_ACCOUNTS = 10;
const PORT = 19_190;

function addressOf(i: number): Uint8Array {
  const a = new Uint8Array(21);
  a[0] = 0x41;
  a[1] = 0x5a;
  new DataView(a.buffer).setUint32(17, i);
  return a;
}

async function generate(dir: string, count: number): Promise<void> {
  const config = { ...defaultNodeConfig(), accounts: DEV_ACCOUNTS };
  const dev = deriveDevAccounts(DEFAULT_MNEMONIC, DEV_ACCOUNTS, TRON_HD_PATH);
  const genesis = createGenesis(genesisOf(config, dev));
  const store = await createChainStore({
    kv: createLevelStorage({ directory: dir }),
    chainId: genesis.blockId,
  });
  await store.commit(genesis.changes);
  const props = new ChainProperties(store.view);
  for (let start = 0; start < count; start += 50_000) {
    const overlay = new StateOverlay(store.view);
    for (let i = start; i < Math.min(count, start + 50_000); i++) {
      const address = addressOf(i);
      overlay.put(
        Tables.accounts,
        address,
        newAccount({ address, createTime: 0n, props, balance: 1_000_000n + BigInt(i) }),
      );
    }
    await store.commit(overlay.changes());
    await store.pruneJournal(store.commitSeq);
  }
  await store.close();
  // a chain written in one go leaves LevelDB compacting for minutes: settle it before measuring
  const db = new ClassicLevel(dir);
  await db.open();
  await db.compactRange(Uint8Array.of(0x00), Uint8Array.of(0xff), { keyEncoding: "view" });
  await db.close();
}

function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

/** Opens the store in this process: open time, RSS, and engine transfers/s over its view. */
async function measureEngine(dir: string, count: number, spread: boolean) {
  const rssBefore = rssMb();
  const started = performance.now();
  const store = await createChainStore({ kv: createLevelStorage({ directory: dir }) });
  const openMs = performance.now() - started;
  const rss = rssMb() - rssBefore;
  const dev = deriveDevAccounts(DEFAULT_MNEMONIC, DEV_ACCOUNTS, TRON_HD_PATH);
  const props = new ChainProperties(store.view);
  const recoverer = createNobleRecoverer();
  const txs = Array.from({ length: 2_000 }, (_, n) => {
    const from = dev[n % DEV_ACCOUNTS]!;
    const to = spread ? addressOf((n * 7919) % count) : dev[(n + 1) % DEV_ACCOUNTS]!.address;
    const tx = create(TransactionSchema, {
      rawData: {
        ...blockReference(props.headNumber, props.headBlockId),
        expiration: props.headTimestamp + 60_000n,
        timestamp: BigInt(n),
        contract: [
          packContract(ContractType.TransferContract, {
            ownerAddress: from.address,
            toAddress: to,
            amount: 1n,
          }),
        ],
      },
    });
    tx.signature = [signHash(transactionId(tx), from.privateKey)];
    return tx;
  });
  const verified = new Set(txs.map((tx) => transactionId(tx)));
  const pending = new StateOverlay(store.view);
  const applyStarted = performance.now();
  for (const tx of txs) {
    const outcome = applyTransaction(pending, tx, {
      mode: "push",
      recoverer,
      isVerified: (id) => verified.has(id),
    });
    pending.merge(outcome.changes);
  }
  const perSecond = txs.length / ((performance.now() - applyStarted) / 1000);
  await store.close();
  return { openMs: Math.round(openMs), storeRssMb: rss, transfersPerSecond: Math.round(perSecond) };
}

async function measureHttp(dir: string, count: number, spread: boolean) {
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "packages/node/dist/tronode.mjs",
      "--data-dir",
      dir,
      "--port",
      String(PORT),
      "--quiet",
      "--log-level",
      "warn",
      "--accounts",
      String(DEV_ACCOUNTS),
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/wallet/getnowblock`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const startupMs = Math.round(performance.now() - started);
    const status = await readFile(`/proc/${child.pid}/status`, "utf8");
    const rss = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    const bodies = Array.from({ length: 20_000 }, (_, n) =>
      JSON.stringify({
        address: addressToBase58(spread ? addressOf((n * 104_729) % count) : addressOf(n % DEV_ACCOUNTS)),
        visible: true,
      }),
    );
    const load = async (amount: number) => {
      let next = 0;
      let lastAnswer = 0;
      const loadStarted = performance.now();
      const result = await autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: 32,
        amount,
        requests: [
          {
            method: "POST",
            path: "/wallet/getaccount",
            headers: { "content-type": "application/json" },
            setupRequest: (r: autocannon.Request) => ({ ...r, body: bodies[next++ % bodies.length] }),
            onResponse: () => {
              lastAnswer = performance.now();
            },
          },
        ],
      });
      // timed to the last answer: autocannon resolves on its once-a-second tick
      return { result, perSecond: amount / ((lastAnswer - loadStarted) / 1000) };
    };
    await load(2_000); // warm-up
    const { result, perSecond } = await load(bodies.length);
    return {
      startupMs,
      nodeRssMb: rss,
      getaccountPerSecond: Math.round(perSecond),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const fresh = await mkdtemp(join(tmpdir(), "tronode-fresh-"));
const large = await mkdtemp(join(tmpdir(), "tronode-large-"));
try {
  await generate(fresh, 1_000);
  const generated = performance.now();
  await generate(large, COUNT);
  process.stdout.write(
    `generated ${COUNT} accounts in ${Math.round((performance.now() - generated) / 1000)} s\n`,
  );
  for (const [name, dir, count] of [
    ["1 000 accounts", fresh, 1_000],
    [`${COUNT} accounts`, large, COUNT],
  ] as const) {
    for (const spread of [false, true]) {
      const engine = await measureEngine(dir, count, spread);
      const http = await measureHttp(dir, count, spread);
      process.stdout.write(
        `${name}, ${spread ? "spread" : "hot"}: ${JSON.stringify({ ...engine, ...http })}\n`,
      );
    }
  }
} finally {
  await rm(fresh, { recursive: true, force: true });
  await rm(large, { recursive: true, force: true });
}
