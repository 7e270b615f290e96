/**
 * Wallet.getTriggerInputForShieldedTRC20Contract: the ABI arguments (no selector) of the shielded
 * TRC-20 contract's mint, transfer or burn call, packed from ShieldedTRC20Parameters the way
 * java-tron's ShieldedTRC20ParametersBuilder.getTriggerContractInput does for parameters built
 * without ask (the caller supplies the spend-authority signatures).
 *
 * java-tron concatenates the descriptions' bytes as given (no length checks); offsets are fixed
 * numbers for transfer and the actual lengths for burn — reproduced as is.
 *
 * mint(uint256 value, bytes32[9] output, bytes32[2] bindingSignature, bytes32[21] c):
 *   value ‖ cm ‖ cv ‖ epk ‖ proof ‖ bindingSig ‖ c_enc ‖ c_out ‖ 12 zero bytes
 * transfer(bytes32[10][] input, bytes32[2][] spendAuthoritySignature, bytes32[9][] output,
 *          bytes32[2] bindingSignature, bytes32[21][] c):
 *   offsets 192, 224 + 320·s, 256 + 384·s ‖ bindingSig ‖ offset 288 + 384·s + 288·r ‖
 *   s ‖ inputs ‖ s ‖ signatures ‖ r ‖ outputs ‖ r ‖ (c_enc ‖ c_out ‖ 12 zeros) each
 * burn(bytes32[10] input, bytes32[2] spendAuthoritySignature, uint256 value,
 *      bytes32[2] bindingSignature, address payTo, bytes32[3] burnCipher, bytes32[9][] output,
 *      bytes32[21][] c):
 *   nf ‖ anchor ‖ cv ‖ rk ‖ proof ‖ signature ‖ value ‖ bindingSig ‖ payTo ‖ burn cipher(80) ‖
 *   16 zeros ‖ two offsets ‖ [0, 0] or [1 ‖ the first output ‖ 1 ‖ its c_enc ‖ c_out ‖ 12 zeros]
 */

import { validateError } from "../actuator/actuator.js";
import { ADDRESS_PREFIX } from "../crypto/address.js";
import { parseHex } from "../crypto/bytes.js";
import { TronodeError } from "../errors.js";
import type {
  BytesMessage,
  ShieldedTRC20TriggerContractParameters,
} from "../protocol/generated/protocol/api_pb.js";
import type { ReceiveDescription, SpendDescription } from "../protocol/generated/protocol/contracts_pb.js";
import type { ShieldedTRC20Parameters } from "../protocol/generated/protocol/shielded_api_pb.js";
import { zksnarkError } from "./nullifiers.js";

const ILLEGAL_ARGUMENT = "java.lang.IllegalArgumentException";
const NUMBER_FORMAT = "java.lang.NumberFormatException";
const INDEX_OUT_OF_BOUNDS = "java.lang.IndexOutOfBoundsException";

function illegalArgument(message: string): TronodeError {
  return new TronodeError("SHIELDED_TRIGGER_INPUT", message, { javaClass: ILLEGAL_ARGUMENT });
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A non-negative integer as a 32-byte big-endian word (ByteUtil.longTo32Bytes / bigIntegerToBytes). */
function word(value: bigint | number): Uint8Array {
  const out = new Uint8Array(32);
  let v = BigInt(value);
  for (let i = 31; i >= 0 && v > 0n; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** java.lang.String.trim: strips leading and trailing characters ≤ U+0020. */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

function numberFormat(message: string): TronodeError {
  return new TronodeError("SHIELDED_TRIGGER_INPUT", message, { javaClass: NUMBER_FORMAT });
}

/**
 * `new BigInteger(text, 10)` (Java 8) with its NumberFormatException texts: one leading sign,
 * then decimal digits read in groups (the first of `length mod 9` digits, then 9 each, after
 * leading zeros) — a bad group fails as Integer.parseInt does, `For input string: "<group>"`.
 */
export function javaBigIntegerOf(text: string): bigint {
  if (text.length === 0) throw numberFormat("Zero length BigInteger");
  let cursor = 0;
  let negative = false;
  const minus = text.lastIndexOf("-");
  const plus = text.lastIndexOf("+");
  if (minus >= 0) {
    if (minus !== 0 || plus >= 0) throw numberFormat("Illegal embedded sign character");
    negative = true;
    cursor = 1;
  } else if (plus >= 0) {
    if (plus !== 0) throw numberFormat("Illegal embedded sign character");
    cursor = 1;
  }
  if (cursor === text.length) throw numberFormat("Zero length BigInteger");
  while (cursor < text.length && text[cursor] === "0") cursor++;
  if (cursor === text.length) return 0n;
  const digits = text.length - cursor;
  let groupLength = digits % 9 || 9;
  let value = 0n;
  while (cursor < text.length) {
    const group = text.slice(cursor, cursor + groupLength);
    if (!/^[0-9]+$/.test(group)) throw numberFormat(`For input string: "${group}"`);
    value = value * 10n ** BigInt(group.length) + BigInt(group);
    cursor += groupLength;
    groupLength = 9;
  }
  return negative ? -value : value;
}

/** Wallet.getBigIntegerFromString: trimmed, empty is zero. */
function amountOf(text: string): bigint {
  const trimmed = javaTrim(text);
  return trimmed.length === 0 ? 0n : javaBigIntegerOf(trimmed);
}

/** Wallet.checkBigIntegerRange (ContractValidateException). */
function checkAmountRange(value: bigint): void {
  if (value < 0n) throw validateError("public amount must be non-negative");
  if (value.toString(2).length > 256) throw validateError("public amount must be no more than 256 bits");
}

/** A repeated field's `get(index)` past its end: Java 8's Collections.emptyList / ArrayList text. */
function elementAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) {
    const message = list.length === 0 ? `Index: ${index}` : `Index: ${index}, Size: ${list.length}`;
    throw new TronodeError("SHIELDED_TRIGGER_INPUT", message, { javaClass: INDEX_OUT_OF_BOUNDS });
  }
  return item;
}

const spendBytes = (s: SpendDescription) => concat(s.nullifier, s.anchor, s.valueCommitment, s.rk, s.zkproof);
const outputBytes = (r: ReceiveDescription) => concat(r.noteCommitment, r.valueCommitment, r.epk, r.zkproof);
const cipherBytes = (r: ReceiveDescription) => concat(r.cEnc, r.cOut, new Uint8Array(12));

function mintInput(params: ShieldedTRC20Parameters, value: bigint): Uint8Array {
  if (value <= 0n) throw illegalArgument("require the value be positive");
  const receive = elementAt(params.receiveDescription, 0);
  return concat(word(value), outputBytes(receive), params.bindingSignature, cipherBytes(receive));
}

function transferInput(params: ShieldedTRC20Parameters, signatures: readonly BytesMessage[]): Uint8Array {
  const spends = params.spendDescription;
  const inputs = concat(...spends.map(spendBytes));
  const spendCount = spends.length;
  if (spendCount < 1 || spendCount > 2) throw illegalArgument("invalid transfer input number");
  const spendAuthSigs =
    spendCount === 1
      ? elementAt(signatures, 0).value
      : concat(elementAt(signatures, 0).value, elementAt(signatures, 1).value);
  const receives = params.receiveDescription;
  const receiveCount = receives.length;
  const authOffset = 192 + 32 + 320 * spendCount;
  const outputOffset = authOffset + 32 + 64 * spendCount;
  const cipherOffset = outputOffset + 32 + 288 * receiveCount;
  return concat(
    word(192),
    word(authOffset),
    word(outputOffset),
    params.bindingSignature,
    word(cipherOffset),
    word(spendCount),
    inputs,
    word(spendCount),
    spendAuthSigs,
    word(receiveCount),
    ...receives.map(outputBytes),
    word(receiveCount),
    ...receives.map(cipherBytes),
  );
}

function burnInput(
  params: ShieldedTRC20Parameters,
  signatures: readonly BytesMessage[],
  value: bigint,
  toAddress20: Uint8Array,
  burnCipher: Uint8Array,
): Uint8Array {
  if (value <= 0n) throw illegalArgument("the value must be positive");
  const payTo = new Uint8Array(32);
  payTo[11] = ADDRESS_PREFIX;
  payTo.set(toAddress20, 12);
  const spend = elementAt(params.spendDescription, 0);
  const head = concat(
    spendBytes(spend),
    elementAt(signatures, 0).value,
    word(value),
    params.bindingSignature,
    payTo,
    burnCipher,
    new Uint8Array(16),
  );
  const receive = params.receiveDescription[0];
  if (!receive) {
    return concat(head, word(head.length + 64), word(head.length + 96), word(0), word(0));
  }
  return concat(
    head,
    word(head.length + 64),
    word(head.length + 96 + 288),
    word(1),
    outputBytes(receive),
    word(1),
    cipherBytes(receive),
  );
}

/** Wallet.getTriggerInputForShieldedTRC20Contract, in java-tron's check order and texts. */
export function triggerInputForShieldedTrc20(request: ShieldedTRC20TriggerContractParameters): Uint8Array {
  const params = request.shieldedTRC20Parameters;
  const spends = params?.spendDescription ?? [];
  const signatures = request.spendAuthoritySignature;
  const value = amountOf(request.amount);
  checkAmountRange(value);
  let toAddress20 = new Uint8Array(20);
  if (request.transparentToAddress.length > 0) {
    if (request.transparentToAddress.length !== 21) throw zksnarkError("invalid transparent to address");
    toAddress20 = request.transparentToAddress.slice(1);
  }
  const type = params?.parameterType ?? "";
  if (spends.length !== signatures.length) {
    throw zksnarkError("the number of spendDescription and spendAuthoritySignature is not equal");
  }
  if (type !== "mint" && type !== "transfer" && type !== "burn") {
    throw zksnarkError("invalid shielded TRC-20 parameters type");
  }
  if (!params) throw zksnarkError("invalid shielded TRC-20 parameters type");
  if (type === "mint") return mintInput(params, value);
  if (type === "transfer") return transferInput(params, signatures);
  // ByteArray.fromHexString: Hex.decode fails on a non-hex character.
  const burnCipher = parseHex(params.triggerContractInput);
  if (burnCipher === undefined) {
    throw new TronodeError(
      "SHIELDED_TRIGGER_INPUT",
      "exception decoding Hex string: invalid characters encountered in Hex string",
      {
        javaClass: "org.bouncycastle.util.encoders.DecoderException",
      },
    );
  }
  if (burnCipher.length !== 80) {
    throw zksnarkError("invalid shielded TRC-20 contract parameters for burn trigger input");
  }
  return burnInput(params, signatures, value, toAddress20, burnCipher);
}
