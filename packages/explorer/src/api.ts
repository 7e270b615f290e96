/**
 * The node's public APIs as the explorer reads them: java-tron's HTTP API (always `visible`, so
 * addresses come as Base58), TronGrid's v1 API, the JSON-RPC debug methods, and the explorer's
 * own two routes (the head stream and, on dev chains, the development accounts). Same origin: the
 * node serves the explorer.
 */

// biome-ignore lint/suspicious/noExplicitAny: the node's JSON is read loosely, field by field
export type Json = any;

export class ApiError extends Error {}

async function json(response: Response): Promise<Json> {
  const text = await response.text();
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(`${response.status} ${text.slice(0, 200)}`);
  }
}

/** POST /wallet/<name> with `visible: true`; `{}` means not found; `Error` bodies throw. */
export async function wallet(name: string, body: Record<string, unknown> = {}): Promise<Json> {
  const answer = await json(
    await fetch(`/wallet/${name}`, { method: "POST", body: JSON.stringify({ ...body, visible: true }) }),
  );
  if (typeof answer?.Error === "string") throw new ApiError(answer.Error);
  return answer;
}

/** GET /v1/…: TronGrid's `{data, success, meta}`. */
export async function v1(path: string): Promise<{ data: Json[]; meta: Json }> {
  const answer = await json(await fetch(`/v1/${path}`));
  if (answer.success !== true) throw new ApiError(String(answer.error ?? "request failed"));
  return answer;
}

/** POST /jsonrpc; undefined when the node answers an error (e.g. no trace kept). */
export async function jsonRpc(method: string, params: unknown[]): Promise<Json | undefined> {
  const answer = await json(
    await fetch("/jsonrpc", {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }),
  );
  return answer.error ? undefined : answer.result;
}

export interface DevAccountEntry {
  readonly address: string;
  readonly hex: string;
  readonly privateKey: string;
}

/** The dev chain's funded accounts, or undefined on a node without the dev surface. */
export async function devAccounts(): Promise<DevAccountEntry[] | undefined> {
  const response = await fetch("/explorer/dev-accounts");
  if (!response.ok) return undefined;
  return (await json(response)).accounts;
}

export interface HeadEvent {
  readonly number: number;
  readonly id: string;
  readonly timestamp: number;
  readonly transactions: number;
}

/** Calls `listener` with every new head the node commits (server-sent events). */
export function watchHeads(listener: (head: HeadEvent) => void): () => void {
  const source = new EventSource("/explorer/events");
  source.addEventListener("head", (event) => listener(JSON.parse((event as MessageEvent).data)));
  return () => source.close();
}
