/**
 * The readable reason of a revert, from its return data: Solidity's `Error(string)` (require,
 * revert("…")) and `Panic(uint256)` (assert, overflow, division by zero, …). Custom errors and
 * empty reverts have no text.
 */
import { bytesToHex, utf8Decode, utf8DecodeStrict } from "../crypto/bytes.js";

const ERROR_SELECTOR = "08c379a0";
const PANIC_SELECTOR = "4e487b71";

/** Solidity's panic codes (docs: "Panic via assert and Error via require"). */
const PANIC_REASONS: Record<number, string> = {
  0: "generic panic",
  1: "assert(false)",
  17: "arithmetic underflow or overflow",
  18: "division or modulo by zero",
  33: "enum overflow",
  34: "invalid encoded storage byte array accessed",
  49: "out-of-bounds array access; popping on an empty array",
  50: "out-of-bounds access of an array or bytesN",
  65: "out of memory",
  81: "uninitialized function",
};

function wordAt(data: Uint8Array, offset: number): bigint | undefined {
  if (offset + 32 > data.length) return undefined;
  return BigInt(`0x${bytesToHex(data.subarray(offset, offset + 32))}`);
}

/** The `Error(string)` message, if the data is one. */
export function decodeErrorString(data: Uint8Array): string | undefined {
  if (data.length < 4 || bytesToHex(data.subarray(0, 4)) !== ERROR_SELECTOR) return undefined;
  const body = data.subarray(4);
  const offset = wordAt(body, 0);
  if (offset === undefined || offset > BigInt(body.length)) return undefined;
  const length = wordAt(body, Number(offset));
  const start = Number(offset) + 32;
  if (length === undefined || BigInt(start) + length > BigInt(body.length)) return undefined;
  return utf8DecodeStrict(body.subarray(start, start + Number(length)));
}

/** A readable reason for revert data: the `Error(string)` text, or the panic's meaning. */
export function revertReason(data: Uint8Array): string | undefined {
  const message = decodeErrorString(data);
  if (message !== undefined) return message;
  if (data.length === 36 && bytesToHex(data.subarray(0, 4)) === PANIC_SELECTOR) {
    const code = wordAt(data, 4)!;
    const known = code <= 0xffn ? PANIC_REASONS[Number(code)] : undefined;
    return `panic: ${known ?? "unknown panic code"} (0x${code.toString(16)})`;
  }
  return undefined;
}

/**
 * Why a contract transaction failed, as a line for the node's log: the revert reason decoded
 * (`reverted: too big`), a revert without one, or the TVM's exception text. Undefined when it
 * did not fail.
 */
export function contractFailureText(info: {
  readonly result: number;
  readonly resMessage: Uint8Array;
  readonly contractResult: readonly Uint8Array[];
  readonly receipt?: { readonly result: number };
}): string | undefined {
  // TransactionInfo.code FAILED = 1; contractResult REVERT = 2
  if (info.result !== 1) return undefined;
  if (info.receipt?.result === 2) {
    const reason = revertReason(info.contractResult[0] ?? new Uint8Array(0));
    return reason === undefined ? "reverted without a reason" : `reverted: ${reason}`;
  }
  const message = utf8Decode(info.resMessage);
  return message === "" ? "failed" : `failed: ${message}`;
}
