/**
 * @tronode/testkit — unit-test TRON state transitions. A client over a transport: `await memory()`
 * (a dev chain in this process: no port, no timer, no wall clock) or `http(url)` (a started node),
 * with the same calls on both — build with java-tron's builders, sign, send and read a typed
 * receipt; mine, move time, snapshot and revert, set balances, code and storage, impersonate — and
 * vitest matchers (`expect.extend(tronMatchers)`).
 *
 * @packageDocumentation
 */
import "./errors.js";

// --- addresses ---
export { type AddressLike, accountOfKey, base58Address, hexAddress } from "./addresses.js";
// --- the client and its transports ---
export {
  type BuiltTransaction,
  type Controls,
  createTestClient,
  type Signing,
  type TestClient,
  type Views,
} from "./client.js";
// --- contracts from solc's output ---
export {
  type AbiEntry,
  type AbiParameter,
  contractAt,
  type DecodedError,
  type DecodedLog,
  type DeployOptions,
  deployContract,
  type TestContract,
  type WriteOptions,
} from "./contracts.js";
export { TESTKIT_ERROR_CODES } from "./errors.js";
export type { Json } from "./json.js";
// --- matchers ---
export { type MatcherResult, type ResourceFigure, tronMatchers } from "./matchers.js";

// --- receipts ---
export type { Receipt, ReceiptLog, Refusal } from "./receipt.js";
export {
  type HttpTransportOptions,
  http,
  type MemoryTransport,
  type MemoryTransportOptions,
  memory,
  type TestAccount,
  type Transport,
} from "./transports.js";
