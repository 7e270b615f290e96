import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { bytesToHex, TronodeError } from "@tronode/engine/internal";
import { isNativeRecoveryAvailable } from "./native.js";
import {
  type BatchRequest,
  packBatch,
  type RecoveryItem,
  type RecoveryResult,
  type WorkerInit,
  type WorkerMessage,
} from "./wire.js";

/** How `createRecoveryPool` sizes its workers and which recoverer they run. */
export interface RecoveryPoolOptions {
  /** Worker threads; default `os.availableParallelism()`. */
  threads?: number;
  /**
   * Use libsecp256k1 in the workers. Default: when `isNativeRecoveryAvailable()`. `true` when the
   * addon cannot load throws; `false` always uses noble.
   */
  useNative?: boolean;
  /**
   * A worker with no work for this long exits (respawned by the next call or `warm`), so an idle
   * node holds no worker thread (an isolate and its heap: ~15 MiB of RSS). Default: never.
   */
  idleMs?: number;
}

/** Worker threads that recover a batch of signatures in parallel, off the main thread. */
export interface RecoveryPool {
  readonly threads: number;
  /** "native" or "noble". */
  readonly recovererName: string;
  /**
   * Recovers every item's signer address, splitting the batch evenly across the workers. Results are
   * in input order: the 21-byte address, or the `{ code, message }` of the TronodeError the
   * sequential recoverer would have thrown.
   */
  recoverMany(items: readonly RecoveryItem[]): Promise<RecoveryResult[]>;
  /** Every worker is running (started and executing): a call now waits for recovery only. */
  readonly ready: boolean;
  /** Starts the workers that are not running, without waiting for them. */
  warm(): void;
  /** Terminates the workers; later `recoverMany` calls reject. */
  close(): Promise<void>;
}

/**
 * A worker holds one batch at a time (hashes, signatures, addresses: kilobytes): its heap stays
 * small, and a capped young generation keeps it from growing to V8's default 16 MiB semi-spaces
 * under a steady load (RSS the main thread's pages cannot give back).
 */
const WORKER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } as const;

interface Pending {
  resolve(message: WorkerMessage): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has started executing. */
  online: boolean;
  pending: Map<number, Pending>;
  /** Retires the idle worker (with `idleMs`). */
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * How to start the worker. From `dist/` it is plain `recovery-worker.js`. From source (vitest, tsx)
 * a small bootstrap registers tsx's hooks inside the worker (tsx's `--import` entry skips worker
 * threads on Node 20) and the worker gets the `tronode-source` condition, so it loads the same `.ts`
 * files as the caller.
 */
function workerEntry(): { script: URL | string; eval: boolean; execArgv: string[] | undefined } {
  const self = import.meta.url;
  if (!/\.[cm]?ts$/.test(new URL(self).pathname)) {
    return { script: new URL("./recovery-worker.js", self), eval: false, execArgv: undefined };
  }
  const require = createRequire(self);
  const tsxPackage = require.resolve("tsx/package.json");
  const manifest = require("tsx/package.json") as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = new URL(manifest.exports["./esm/api"]!.import.default, pathToFileURL(tsxPackage)).href;
  const worker = new URL("./recovery-worker.ts", self).href;
  const script = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
  return { script, eval: true, execArgv: ["--conditions=tronode-source"] };
}

/**
 * Starts a recovery pool: workers spawn on first use (or `warm`) and run libsecp256k1 when it loads,
 * otherwise noble. Throws `RECOVERY_POOL` when `useNative` is true but the addon cannot load.
 */
export function createRecoveryPool(options: RecoveryPoolOptions = {}): RecoveryPool {
  const threads = options.threads ?? availableParallelism();
  if (!Number.isInteger(threads) || threads < 1)
    throw new RangeError(`threads must be a positive integer, got ${threads}`);
  const nativeAvailable = isNativeRecoveryAvailable();
  if (options.useNative === true && !nativeAvailable) {
    throw new TronodeError(
      "RECOVERY_POOL",
      "createRecoveryPool: useNative is true but the native secp256k1 addon is not available",
    );
  }
  const useNative = options.useNative ?? nativeAvailable;
  const init: WorkerInit = { useNative };
  const entry = workerEntry();
  const slots: Slot[] = Array.from({ length: threads }, () => ({
    worker: undefined,
    online: false,
    pending: new Map(),
    idleTimer: undefined,
  }));
  const { idleMs } = options;
  let nextId = 1;
  let closed = false;

  function fail(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    slot.worker = undefined; // respawned on next use
    slot.online = false;
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
  }

  function retireWhenIdle(slot: Slot, worker: Worker): void {
    if (idleMs === undefined) return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      if (slot.worker !== worker || slot.pending.size > 0) return;
      slot.worker = undefined;
      slot.online = false;
      void worker.terminate();
    }, idleMs);
    slot.idleTimer.unref();
  }

  function spawn(slot: Slot): Worker {
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData: init,
      execArgv: entry.execArgv,
      resourceLimits: WORKER_HEAP_LIMITS,
    });
    worker.unref(); // an idle pool never keeps the process alive
    worker.once("online", () => {
      if (slot.worker === worker) slot.online = true;
    });
    worker.on("message", (message: WorkerMessage) => {
      const p = slot.pending.get(message.id);
      if (!p) return;
      slot.pending.delete(message.id);
      if (slot.pending.size === 0) {
        worker.unref();
        retireWhenIdle(slot, worker);
      }
      p.resolve(message);
    });
    worker.on("error", (error) => fail(slot, worker, error));
    worker.on("exit", (code) =>
      fail(slot, worker, new TronodeError("RECOVERY_POOL", `recovery worker exited with code ${code}`)),
    );
    slot.worker = worker;
    retireWhenIdle(slot, worker);
    return worker;
  }

  function send(slot: Slot, request: BatchRequest): Promise<WorkerMessage> {
    const worker = slot.worker ?? spawn(slot);
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    return new Promise((resolve, reject) => {
      slot.pending.set(request.id, { resolve, reject });
      worker.ref();
      worker.postMessage(request, [request.data, request.offsets]);
    });
  }

  async function recoverMany(items: readonly RecoveryItem[]): Promise<RecoveryResult[]> {
    if (closed) throw new TronodeError("RECOVERY_POOL", "recovery pool is closed");
    const n = items.length;
    if (n === 0) return [];
    const chunks = Math.min(threads, n);
    // Least-busy workers first, so concurrent small batches spread out.
    const order = [...slots].sort((a, b) => a.pending.size - b.pending.size);
    const base = Math.floor(n / chunks);
    const extra = n % chunks;
    const jobs: Promise<{ start: number; message: WorkerMessage }>[] = [];
    let start = 0;
    for (let c = 0; c < chunks; c++) {
      const end = start + base + (c < extra ? 1 : 0);
      const from = start;
      jobs.push(
        send(order[c]!, packBatch(nextId++, items, from, end)).then((message) => ({ start: from, message })),
      );
      start = end;
    }
    const results: RecoveryResult[] = new Array(n);
    for (const { start: from, message } of await Promise.all(jobs)) {
      if ("fatal" in message) throw new TronodeError("RECOVERY_POOL", message.fatal);
      const bytes = new Uint8Array(message.addresses);
      const size = message.addressSize;
      const count = bytes.length / size;
      for (let k = 0; k < count; k++) results[from + k] = bytes.slice(k * size, (k + 1) * size);
      for (const f of message.failures)
        results[from + f.index] = { error: { code: f.code, message: f.message } };
    }
    return results;
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    const workers = slots.map((s) => s.worker).filter((w): w is Worker => w !== undefined);
    for (const s of slots) {
      s.worker = undefined;
      s.online = false;
      clearTimeout(s.idleTimer);
      for (const p of s.pending.values())
        p.reject(new TronodeError("RECOVERY_POOL", "recovery pool is closed"));
      s.pending.clear();
    }
    await Promise.all(workers.map((w) => w.terminate()));
  }

  return {
    threads,
    recovererName: useNative ? "native" : "noble",
    recoverMany,
    get ready() {
      return !closed && slots.every((slot) => slot.online);
    },
    warm() {
      if (closed) return;
      for (const slot of slots) if (slot.worker === undefined) spawn(slot);
    },
    close,
  };
}

/** Key of one (hash, signature) pair in a recovery lookup. */
export function recoveryKey(hash: Uint8Array, signature: Uint8Array): string {
  return `${bytesToHex(hash)}:${bytesToHex(signature)}`;
}

/**
 * Turns `recoverMany` results into the `lookup` of `createCachedRecoverer`. Failed items are left
 * out, so the fallback recoverer recomputes them and throws the proper TronodeError.
 */
export function createRecoveryLookup(
  items: readonly RecoveryItem[],
  results: readonly RecoveryResult[],
): (hash: Uint8Array, signature: Uint8Array) => Uint8Array | undefined {
  if (items.length !== results.length) {
    throw new RangeError(`createRecoveryLookup: ${items.length} items but ${results.length} results`);
  }
  const map = new Map<string, Uint8Array>();
  for (let i = 0; i < items.length; i++) {
    const r = results[i]!;
    if (r instanceof Uint8Array) map.set(recoveryKey(items[i]!.hash, items[i]!.signature), r);
  }
  return (hash, signature) => map.get(recoveryKey(hash, signature));
}

/** `recoverMany` then `createRecoveryLookup`, for pre-computing a block's signatures. */
export async function precomputeRecoveries(
  pool: RecoveryPool,
  items: readonly RecoveryItem[],
): Promise<(hash: Uint8Array, signature: Uint8Array) => Uint8Array | undefined> {
  return createRecoveryLookup(items, await pool.recoverMany(items));
}
