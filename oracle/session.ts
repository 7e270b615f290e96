/**
 * One oracle run: the same requests to java-tron and to tronode, in one order, each answer pair
 * compared (compare.ts). Live, both nodes hold the same chain (tronode follows java-tron over P2P,
 * or the two witnesses take turns), and a comparison waits until both heads are the same block.
 * Every java-tron answer is recorded with the head it was read at, so a replay can later ask tronode
 * the same questions on the same chain without java-tron (see replay.ts).
 */
import { bytesToHex, hexToBytes, sha256, signHash } from "@tronode/engine/internal";
import {
  BUILT_TRANSACTION_FIELDS,
  type Difference,
  differences,
  type Json,
  normalizeFields,
  normalizeJdk,
  parseBody,
  shapeOf,
} from "./compare.js";
import { grpcCall } from "./grpc.js";
import type { OracleKey } from "./network.js";

export interface Endpoint {
  /** Base URL of the HTTP API. */
  readonly http: string;
  /** Base URL of `/jsonrpc` when it is on its own port (java-tron: node.jsonrpc.httpFullNodePort). */
  readonly jsonRpc?: string;
  /** Base URL of `/walletpbft` when it is on its own port (java-tron: node.http.PBFTPort). */
  readonly pbft?: string;
  /** Base URL of `/walletsolidity` when it is on its own port (java-tron: node.http.solidityPort). */
  readonly solidity?: string;
  /** `host:port` of the full node's gRPC (steps whose path is `grpc:<Service>/<Rpc>`). */
  readonly grpc?: string;
  /** `host:port` of the solidity gRPC (`grpc:WalletSolidity/<Rpc>`). */
  readonly grpcSolidity?: string;
}

/** Where an endpoint serves a path. */
export function baseFor(endpoint: Endpoint, path: string): string {
  if (path.startsWith("/jsonrpc")) return endpoint.jsonRpc ?? endpoint.http;
  if (path.startsWith("/walletpbft/")) return endpoint.pbft ?? endpoint.http;
  if (path.startsWith("/walletsolidity/")) return endpoint.solidity ?? endpoint.http;
  return endpoint.http;
}

/** How an answer pair is compared. */
export type Compare = "exact" | "built-transaction" | "shape";

export interface Step {
  /** Operation name, as the README table lists it (e.g. getaccount). */
  readonly operation: string;
  /** What the step checks, in a few words. */
  readonly label: string;
  readonly path: string;
  readonly body: Json;
  readonly compare: Compare;
}

export interface StepResult extends Step {
  /** The head block both nodes were at (live) or the recording says (replay). */
  readonly head: number;
  readonly javaTron: Json;
  readonly tronode: Json;
  readonly differences: readonly Difference[];
}

export interface RecordedStep extends Step {
  readonly head: number;
  readonly javaTron: Json;
}

export function normalizeFor(compare: Compare, value: Json, replaying = false): Json {
  // a replay node has no peers: node-describing lists are compared as lists only
  if (compare === "shape") return replaying ? shapeOf(value, { lists: false }) : shapeOf(value);
  const jdk = normalizeJdk(value);
  if (compare === "built-transaction") return normalizeFields(jdk, BUILT_TRANSACTION_FIELDS);
  return jdk;
}

export function compareStep(
  step: Step,
  head: number,
  javaTron: Json,
  tronode: Json,
  replaying = false,
): StepResult {
  const diffs = differences(
    normalizeFor(step.compare, javaTron, replaying),
    normalizeFor(step.compare, tronode, replaying),
  );
  return { ...step, head, javaTron, tronode, differences: diffs };
}

/** Asks an endpoint: HTTP for a path, gRPC (TRON's own stubs) for `grpc:<Service>/<Rpc>`. */
export async function request(endpoint: Endpoint, path: string, body: Json): Promise<Json> {
  if (!path.startsWith("grpc:")) return post(baseFor(endpoint, path), path, body);
  const [service, rpc] = path.slice(5).split("/") as [string, string];
  const target = service === "WalletSolidity" ? endpoint.grpcSolidity : endpoint.grpc;
  if (!target) throw new Error(`no gRPC target for ${path}`);
  return grpcCall(target, service, rpc, body);
}

export async function post(base: string, path: string, body: Json): Promise<Json> {
  const res = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
  return parseBody(await res.text());
}

export interface Head {
  readonly id: string;
  readonly number: number;
  /** The block's timestamp (ms). */
  readonly timestamp: number;
}

/** An endpoint's head block: its id, number and time. */
export async function headOf(endpoint: Endpoint): Promise<Head> {
  const block = (await post(endpoint.http, "/wallet/getnowblock", {})) as {
    blockID: string;
    block_header: { raw_data: { number?: number; timestamp: number } };
  };
  const raw = block.block_header.raw_data;
  return { id: block.blockID, number: Number(raw.number ?? 0), timestamp: raw.timestamp };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A live run against two running nodes. */
export class LiveSession {
  readonly results: StepResult[] = [];
  readonly recording: RecordedStep[] = [];

  constructor(
    readonly javaTron: Endpoint,
    readonly tronode: Endpoint,
  ) {}

  /**
   * Waits until tronode has taken java-tron's blocks up to `number` over P2P: the connection is up
   * and both nodes gossip (a head of 0 on both proves nothing).
   */
  async connected(number = 2, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await headOf(this.tronode)).number < number) {
      if (Date.now() > deadline) throw new Error(`tronode did not reach block ${number} from java-tron`);
      await sleep(500);
    }
    await this.synced();
  }

  /** Waits until both nodes are at the same head block; returns it. */
  async synced(timeoutMs = 30_000): Promise<Head> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [a, b] = await Promise.all([headOf(this.javaTron), headOf(this.tronode)]);
      if (a.id === b.id) return a;
      if (Date.now() > deadline) throw new Error(`heads differ: java-tron ${a.number}, tronode ${b.number}`);
      await sleep(100);
    }
  }

  /** Asks both nodes the same question on the same head; records and returns the comparison. */
  async step(step: Step): Promise<StepResult> {
    for (let attempt = 0; ; attempt++) {
      const head = await this.synced();
      const [javaTron, tronode] = await Promise.all([
        request(this.javaTron, step.path, step.body),
        request(this.tronode, step.path, step.body),
      ]);
      const [a, b] = await Promise.all([headOf(this.javaTron), headOf(this.tronode)]);
      // a block landed while we asked: ask again so both answers describe one state
      if ((a.id !== head.id || b.id !== head.id) && attempt < 20) continue;
      const result = compareStep(step, head.number, javaTron, tronode);
      this.results.push(result);
      this.recording.push({ ...step, head: head.number, javaTron });
      return result;
    }
  }

  /** Sends a signed transaction to one node (the other hears it over P2P); returns the answers. */
  async broadcast(_label: string, tx: Json, via: Endpoint): Promise<Json> {
    return post(via.http, "/wallet/broadcasttransaction", tx);
  }

  /** Waits until java-tron's head block is at or past `ms` and both nodes hold it. */
  async untilHeadTime(ms: number): Promise<void> {
    for (;;) {
      const block = (await post(this.javaTron.http, "/wallet/getnowblock", {})) as {
        block_header: { raw_data: { timestamp: number } };
      };
      if (block.block_header.raw_data.timestamp >= ms) break;
      await sleep(500);
    }
    await this.synced();
  }

  /** Waits until both nodes hold a block past the next maintenance. */
  async afterMaintenance(): Promise<void> {
    const next = (await post(this.javaTron.http, "/wallet/getnextmaintenancetime", {})) as { num: number };
    for (;;) {
      const block = (await post(this.javaTron.http, "/wallet/getnowblock", {})) as {
        block_header: { raw_data: { timestamp: number } };
      };
      if (block.block_header.raw_data.timestamp > next.num) break;
      await sleep(1000);
    }
    await this.synced();
  }

  /** Waits until a transaction is in a block both nodes hold. */
  async confirmed(txId: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [a, b] = await Promise.all([
        post(this.javaTron.http, "/wallet/gettransactioninfobyid", { value: txId }),
        post(this.tronode.http, "/wallet/gettransactioninfobyid", { value: txId }),
      ]);
      const has = (x: Json) => x !== null && typeof x === "object" && "blockNumber" in x;
      if (has(a) && has(b)) return;
      if (Date.now() > deadline) {
        const [ha, hb] = await Promise.all([headOf(this.javaTron), headOf(this.tronode)]);
        throw new Error(
          `transaction ${txId} not confirmed: java-tron ${has(a) ? "has it" : "lacks it"} (head ${ha.number}), tronode ${has(b) ? "has it" : "lacks it"} (head ${hb.number})`,
        );
      }
      await sleep(300);
    }
  }
}

/** Signs a transaction as a node built it (JSON with txID and raw_data_hex): txID = sha256(raw_data). */
export function signBuilt(tx: Json, keys: readonly OracleKey[]): Json {
  const built = tx as { txID: string; raw_data_hex: string; signature?: string[] };
  const id = sha256(hexToBytes(built.raw_data_hex));
  if (bytesToHex(id) !== built.txID) throw new Error("txID is not sha256(raw_data)");
  return {
    ...built,
    signature: [...(built.signature ?? []), ...keys.map((k) => bytesToHex(signHash(id, k.privateKey)))],
  };
}
