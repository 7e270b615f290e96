import { uncaughtError, validateError } from "../../actuator/actuator.js";
import { tokensById } from "../../assets/asset-balances.js";
import { isNumber } from "../../assets/asset-rules.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { JavaExceptions } from "../../errors.js";
import type { Account, Exchange } from "../../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateOverlay } from "../../state/state-overlay.js";
import { findExchange, isTrx } from "../exchange-store.js";

/** The opening checks inject, withdraw and transaction share: owner, its fee (0), the exchange. */
export function checkOwnerAndExchange(
  state: StateOverlay,
  props: MutableChainProperties,
  owner: Uint8Array,
  exchangeId: bigint,
  feeMessage: string,
): { account: Account; exchange: Exchange } {
  if (!isValidAddress(owner)) throw validateError("Invalid address");
  const account = state.get(CoreTables.accounts, owner);
  if (!account) throw validateError(`account[${bytesToHex(owner)}] not exists`);
  if (account.balance < 0n) throw validateError(feeMessage);
  const exchange = findExchange(state, props, exchangeId);
  if (!exchange) throw validateError(`Exchange[${exchangeId}] not exists`);
  return { account, exchange };
}

/** Once tokens are named by id, a token id must be "_" or a number. */
export function checkTokenIdFormat(props: MutableChainProperties, tokenId: Uint8Array): void {
  if (tokensById(props) && !isTrx(tokenId) && !isNumber(tokenId)) {
    throw validateError("token id is not a valid number");
  }
}

export function inExchange(exchange: Exchange, tokenId: Uint8Array): boolean {
  return bytesEqual(tokenId, exchange.firstTokenId) || bytesEqual(tokenId, exchange.secondTokenId);
}

export const CLOSED_EXCHANGE = "Token balance in exchange is equal with 0,the exchange has been closed";

/**
 * BigInteger.longValueExact, where java-tron divides pool balances as big integers (BigDecimal's,
 * with its own text, where it divides them as decimals); the ArithmeticException is caught nowhere
 * in the exchange actuators.
 */
export function longValueExact(v: bigint, message = "BigInteger out of long range"): bigint {
  if (v !== BigInt.asIntN(64, v)) throw uncaughtError(message, JavaExceptions.arithmetic);
  return v;
}
