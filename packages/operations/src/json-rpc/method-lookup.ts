/**
 * The contract between a JSON-RPC method table (java-tron's eth methods, the debug methods, the dev
 * methods) and the framing that answers a request with it: a name resolves to a handler taking the
 * request's `params`.
 */
import type { JsonValue } from "@tronode/engine/internal";

/** Answers one method call; throws JsonRpcFailure (or a TronodeError the dialect maps). */
export type JsonRpcHandler = (params: unknown) => Promise<JsonValue>;

/** What a method table answers for a name (undefined: no such method). */
export type JsonRpcMethodLookup = (method: string) => JsonRpcHandler | undefined;
