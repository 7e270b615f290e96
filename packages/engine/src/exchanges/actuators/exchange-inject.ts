import { type Actuator, typeErrorA, uncaught, validateError } from "../../actuator/actuator.js";
import { assetBalanceEnough, reduceAssetAmount } from "../../assets/asset-balances.js";
import { withAccountFields } from "../../chain/accounts.js";
import { floorDiv, multiplyExact } from "../../chain/arithmetic.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ExchangeInjectContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
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

/** ExchangeInjectContract (type 42): the creator adds to both sides of its pool in the current ratio. */
export const exchangeInjectActuator: Actuator<typeof ExchangeInjectContractSchema> = {
  type: ContractType.ExchangeInjectContract,
  schema: ExchangeInjectContractSchema,
  typeErrorMessage: typeErrorA("ExchangeInjectContract"),

  validate({ state, props }, p) {
    const { account, exchange } = checkOwnerAndExchange(
      state,
      props,
      p.ownerAddress,
      p.exchangeId,
      "No enough balance for exchange inject fee!",
    );
    if (!bytesEqual(account.address, exchange.creatorAddress)) {
      throw validateError(`account[${bytesToHex(p.ownerAddress)}] is not creator`);
    }
    checkTokenIdFormat(props, p.tokenId);
    if (!inExchange(exchange, p.tokenId)) throw validateError("token id is not in exchange");
    const first = exchange.firstTokenBalance;
    const second = exchange.secondTokenBalance;
    if (first === 0n || second === 0n) throw validateError(CLOSED_EXCHANGE);
    if (p.quant <= 0n) throw validateError("injected token quant must greater than zero");
    const isFirst = bytesEqual(p.tokenId, exchange.firstTokenId);
    const anotherId = isFirst ? exchange.secondTokenId : exchange.firstTokenId;
    const another = isFirst
      ? longValueExact((second * p.quant) / first)
      : longValueExact((first * p.quant) / second);
    const newBalance = long((isFirst ? first : second) + p.quant);
    const newAnotherBalance = long((isFirst ? second : first) + another);
    if (another <= 0n) throw validateError("the calculated token quant  must be greater than 0");
    const limit = props.get("EXCHANGE_BALANCE_LIMIT");
    if (newBalance > limit || newAnotherBalance > limit)
      throw validateError(`token balance must less than ${limit}`);
    if (isTrx(p.tokenId)) {
      if (account.balance < p.quant) throw validateError("balance is not enough");
    } else if (!assetBalanceEnough(props, account, p.tokenId, p.quant)) {
      throw validateError("token balance is not enough");
    }
    if (isTrx(anotherId)) {
      if (account.balance < another) throw validateError("balance is not enough");
    } else if (!assetBalanceEnough(props, account, anotherId, another)) {
      throw validateError("another token balance is not enough");
    }
  },

  execute({ state, props }, p) {
    const exchange = findExchange(state, props, p.exchangeId)!;
    const first = exchange.firstTokenBalance;
    const second = exchange.secondTokenBalance;
    const isFirst = bytesEqual(p.tokenId, exchange.firstTokenId);
    const anotherId = isFirst ? exchange.secondTokenId : exchange.firstTokenId;
    // Math.multiplyExact's ArithmeticException is caught nowhere in java-tron's execute
    const another = uncaught(() =>
      isFirst
        ? floorDiv(multiplyExact(second, p.quant), first)
        : floorDiv(multiplyExact(first, p.quant), second),
    );
    const updated = isFirst
      ? { ...exchange, firstTokenBalance: long(first + p.quant), secondTokenBalance: long(second + another) }
      : { ...exchange, firstTokenBalance: long(first + another), secondTokenBalance: long(second + p.quant) };
    let account: Account = state.get(CoreTables.accounts, p.ownerAddress)!;
    const newBalance = account.balance;
    for (const [id, amount] of [
      [p.tokenId, p.quant],
      [anotherId, another],
    ] as const) {
      if (isTrx(id)) account = withAccountFields(account, { balance: long(newBalance - amount) });
      else account = reduceAssetAmount(state, props, account, id, amount) ?? account;
    }
    state.put(CoreTables.accounts, p.ownerAddress, account);
    putExchange(state, props, updated);
    return { fee: 0n, receipt: { exchangeInjectAnotherAmount: another } };
  },
};
