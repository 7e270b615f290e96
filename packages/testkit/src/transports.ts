import { type Chain, type CreateChainOptions, createChain } from "@tronode/chain";
import { TronodeError } from "@tronode/engine";
import { createInProcessHttp } from "@tronode/transport-http";
import { accountOfKey } from "./addresses.js";
import { type Json, parseJson, stringifyJson } from "./json.js";

/** A funded account a transport hands out: its key and its address in each spelling. */
export interface TestAccount {
  /** The private key as 64 hex digits. */
  readonly privateKey: string;
  /** The address as 42 hex digits (41…). */
  readonly hex: string;
  /** The address in base58check (T…). */
  readonly base58: string;
}

/**
 * How a test client reaches a chain: java-tron's HTTP API (and TRE's /tre) answered in this
 * process (`memory`) or by a node over HTTP (`http`). The client speaks the same requests to both.
 */
export interface Transport {
  /** POSTs `body` to `path` (`/wallet/…`, `/tre`) and reads the JSON answer. */
  post(path: string, body: unknown): Promise<Json>;
  /** The chain's funded development accounts. */
  accounts(): Promise<readonly TestAccount[]>;
  /** Waits until the transaction is in a block (a chain of one block per transaction answers at once). */
  settle(txId: string): Promise<void>;
  /** Releases what the transport holds (the in-memory chain). */
  close(): Promise<void>;
}

/** `memory`'s options: any chain setting, and the chain's start time (default 2026-01-01T00:00:00Z). */
export interface MemoryTransportOptions extends Omit<CreateChainOptions, "clock" | "storage" | "start"> {
  /** The chain's time at start, in ms; it moves only when the test moves it or a block is mined. */
  readonly startTime?: bigint;
}

/** What a memory transport runs on, for tests that reach below the client. */
export interface MemoryTransport extends Transport {
  /** The in-memory chain. */
  readonly chain: Chain;
}

const DEFAULT_START_TIME = 1_767_225_600_000n;
/** Chain time a mined block moves the clock on (java-tron's 3 s slot). */
const BLOCK_INTERVAL_MS = 3_000n;

/**
 * A dev chain in this process, in memory: one block per transaction (as TRE's instamine), a clock
 * of its own that starts at `startTime` and moves 3 s with each block (never the wall clock), and
 * no socket — requests reach the node's own HTTP routes through an in-process fetch.
 */
export async function memory(options: MemoryTransportOptions = {}): Promise<MemoryTransport> {
  const { startTime, ...settings } = options;
  let now = startTime ?? DEFAULT_START_TIME;
  const chain = await createChain({ blockTime: 0, ...settings, clock: { now: () => now }, start: false });
  const api = createInProcessHttp(chain);
  chain.service.onChange((change) => {
    if (change.kind === "applied") now += BLOCK_INTERVAL_MS;
  });
  // block 1 is mined now, at the clock's start: every block after it is 3 s later than its parent
  await chain.start();
  return {
    chain,
    async post(path, body) {
      const response = await api.fetch(path, { method: "POST", body: stringifyJson(body) });
      return answerOf(path, response);
    },
    accounts: async () =>
      chain.accounts.map((a) => ({ privateKey: a.privateKeyHex, hex: a.hex, base58: a.base58 })),
    settle: async (txId) => {
      await chain.waitForTransaction(txId, { timeoutMs: 10_000 });
    },
    close: () => chain.stop(),
  };
}

/** `http`'s options. */
export interface HttpTransportOptions {
  /** Give up on a transaction that is not in a block after this long (default 30 000 ms). */
  readonly settleTimeoutMs?: number;
}

/**
 * A node over HTTP (tronode, or TRE): its base URL, e.g. `http://127.0.0.1:9090`. Its dev
 * accounts come from TRE's /admin/accounts-json.
 */
export function http(url: string, options: HttpTransportOptions = {}): Transport {
  const base = url.replace(/\/$/, "");
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method: "POST", body: stringifyJson(body) });
    return answerOf(path, response);
  };
  return {
    post,
    async accounts() {
      const response = await fetch(`${base}/admin/accounts-json`);
      const keys = ((await answerOf("/admin/accounts-json", response)) as { privateKeys?: string[] })
        .privateKeys;
      return (keys ?? []).map(accountOfKey);
    },
    async settle(txId) {
      const deadline = Date.now() + (options.settleTimeoutMs ?? 30_000);
      for (;;) {
        const info = (await post("/wallet/gettransactioninfobyid", { value: txId })) as { id?: string };
        if (info.id !== undefined) return;
        if (Date.now() > deadline)
          throw new TronodeError("TRANSACTION_TIMEOUT", `transaction ${txId} is not in a block at ${base}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: async () => {},
  };
}

async function answerOf(path: string, response: Response): Promise<Json> {
  const text = await response.text();
  if (!response.ok)
    throw new TronodeError("HTTP_REQUEST_FAILED", `${path} answered ${response.status}: ${text}`);
  return text.trim() === "" ? {} : parseJson(text);
}
