import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { addAssetAmount } from "../../assets/asset-balances.js";
import { withAccountFields } from "../../chain/accounts.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ExchangeWithdrawContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { findExchange, isTrx, putExchange } from "../exchange-store.js";
import {
  CLOSED_EXCHANGE,
  checkOwnerAndExchange,
  checkTokenIdFormat,
  inExchange,
  longValueExact,
} from "./exchange-checks.js";

const long = (v: bigint) => BigInt.asIntN(64, v);

/**
 * BigDecimal's `n.divide(d, 4, ROUND_HALF_UP).doubleValue()` for positive n, d: the quotient rounded
 * half-up to 4 decimals, then the nearest double to that decimal.
 */
function quotientTo4DecimalsAsDouble(n: bigint, d: bigint): number {
  const scaled = (n * 10_000n * 2n + d) / (2n * d);
  const text = scaled.toString().padStart(5, "0");
  return Number(`${text.slice(0, -4)}.${text.slice(-4)}`);
}

/**
 * ExchangeWithdrawContract (type 43): the creator takes from both sides of its pool in the current
 * ratio, refused when the integer share loses more than 0.01 % to rounding.
 */
export const exchangeWithdrawActuator: Actuator<typeof ExchangeWithdrawContractSchema> = {
  type: ContractType.ExchangeWithdrawContract,
  schema: ExchangeWithdrawContractSchema,
  typeErrorMessage: typeErrorA("ExchangeWithdrawContract"),

  validate({ state, props }, p) {
    const { account, exchange } = checkOwnerAndExchange(
      state,
      props,
      p.ownerAddress,
      p.exchangeId,
      "No enough balance for exchange withdraw fee!",
    );
    if (!bytesEqual(account.address, exchange.creatorAddress)) {
      throw validateError(`account[${bytesToHex(p.ownerAddress)}] is not creator`);
    }
    checkTokenIdFormat(props, p.tokenId);
    if (!inExchange(exchange, p.tokenId)) throw validateError("token is not in exchange");
    if (p.quant <= 0n) throw validateError("withdraw token quant must greater than zero");
    const first = exchange.firstTokenBalance;
    const second = exchange.secondTokenBalance;
    if (first === 0n || second === 0n) throw validateError(CLOSED_EXCHANGE);
    const isFirst = bytesEqual(p.tokenId, exchange.firstTokenId);
    const [thisBalance, otherBalance] = isFirst ? [first, second] : [second, first];
    // BigDecimal.divideToIntegralValue(…).longValueExact()
    const another = longValueExact((otherBalance * p.quant) / thisBalance, "Overflow");
    if (thisBalance < p.quant || otherBalance < another)
      throw validateError("exchange balance is not enough");
    if (another <= 0n) throw validateError("withdraw another token quant must greater than zero");
    const remainder = quotientTo4DecimalsAsDouble(otherBalance * p.quant, thisBalance) - Number(another);
    if (remainder / Number(another) > 0.0001) throw validateError("Not precise enough");
  },

  execute({ state, props }, p) {
    const exchange = findExchange(state, props, p.exchangeId)!;
    const first = exchange.firstTokenBalance;
    const second = exchange.secondTokenBalance;
    const isFirst = bytesEqual(p.tokenId, exchange.firstTokenId);
    const anotherId = isFirst ? exchange.secondTokenId : exchange.firstTokenId;
    const another = isFirst
      ? longValueExact((second * p.quant) / first)
      : longValueExact((first * p.quant) / second);
    const updated = isFirst
      ? { ...exchange, firstTokenBalance: long(first - p.quant), secondTokenBalance: long(second - another) }
      : { ...exchange, firstTokenBalance: long(first - another), secondTokenBalance: long(second - p.quant) };
    let account: Account = state.get(CoreTables.accounts, p.ownerAddress)!;
    const newBalance = account.balance;
    for (const [id, amount] of [
      [p.tokenId, p.quant],
      [anotherId, another],
    ] as const) {
      if (isTrx(id)) account = withAccountFields(account, { balance: long(newBalance + amount) });
      else account = addAssetAmount(state, props, account, id, amount);
    }
    state.put(CoreTables.accounts, p.ownerAddress, account);
    putExchange(state, props, updated);
    return { fee: 0n, receipt: { exchangeWithdrawAnotherAmount: another } };
  },
};
