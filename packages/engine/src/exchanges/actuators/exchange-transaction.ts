import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { addAssetAmount, assetBalanceEnough, reduceAssetAmount } from "../../assets/asset-balances.js";
import { withAccountFields } from "../../chain/accounts.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ExchangeTransactionContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import type { Account, Exchange } from "../../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import { bancorExchange } from "../bancor.js";
import { findExchange, isTrx, putExchange } from "../exchange-store.js";
import { CLOSED_EXCHANGE, checkOwnerAndExchange, checkTokenIdFormat, inExchange } from "./exchange-checks.js";

const long = (v: bigint) => BigInt.asIntN(64, v);

/** ExchangeCapsule.transaction: what selling `quant` of `tokenId` yields, and the pool afterwards. */
export function exchangeTrade(
  props: ChainProperties,
  exchange: Exchange,
  tokenId: Uint8Array,
  quant: bigint,
): { received: bigint; exchange: Exchange } {
  const strict = props.isOn("ALLOW_STRICT_MATH");
  const first = exchange.firstTokenBalance;
  const second = exchange.secondTokenBalance;
  if (bytesEqual(exchange.firstTokenId, tokenId)) {
    const received = bancorExchange(first, second, quant, strict);
    return {
      received,
      exchange: {
        ...exchange,
        firstTokenBalance: long(first + quant),
        secondTokenBalance: long(second - received),
      },
    };
  }
  const received = bancorExchange(second, first, quant, strict);
  return {
    received,
    exchange: {
      ...exchange,
      firstTokenBalance: long(first - received),
      secondTokenBalance: long(second + quant),
    },
  };
}

/** ExchangeTransactionContract (type 44): anyone sells one side of a pool for the other at the Bancor price. */
export const exchangeTransactionActuator: Actuator<typeof ExchangeTransactionContractSchema> = {
  type: ContractType.ExchangeTransactionContract,
  schema: ExchangeTransactionContractSchema,
  typeErrorMessage: typeErrorA("ExchangeTransactionContract"),

  validate({ state, props }, p) {
    const { account, exchange } = checkOwnerAndExchange(
      state,
      props,
      p.ownerAddress,
      p.exchangeId,
      "No enough balance for exchange transaction fee!",
    );
    checkTokenIdFormat(props, p.tokenId);
    if (!inExchange(exchange, p.tokenId)) throw validateError("token is not in exchange");
    if (p.quant <= 0n) throw validateError("token quant must greater than zero");
    if (p.expected <= 0n) throw validateError("token expected must greater than zero");
    const first = exchange.firstTokenBalance;
    const second = exchange.secondTokenBalance;
    if (first === 0n || second === 0n) throw validateError(CLOSED_EXCHANGE);
    const limit = props.get("EXCHANGE_BALANCE_LIMIT");
    const sellSide = long((bytesEqual(p.tokenId, exchange.firstTokenId) ? first : second) + p.quant);
    if (sellSide > limit) throw validateError(`token balance must less than ${limit}`);
    if (isTrx(p.tokenId)) {
      if (account.balance < p.quant) throw validateError("balance is not enough");
    } else if (!assetBalanceEnough(props, account, p.tokenId, p.quant)) {
      throw validateError("token balance is not enough");
    }
    if (exchangeTrade(props, exchange, p.tokenId, p.quant).received < p.expected) {
      throw validateError("token required must greater than expected");
    }
  },

  execute({ state, props }, p) {
    const exchange = findExchange(state, props, p.exchangeId)!;
    const { received, exchange: updated } = exchangeTrade(props, exchange, p.tokenId, p.quant);
    const anotherId = bytesEqual(p.tokenId, exchange.firstTokenId)
      ? exchange.secondTokenId
      : exchange.firstTokenId;
    let account: Account = state.get(CoreTables.accounts, p.ownerAddress)!;
    const newBalance = account.balance;
    if (isTrx(p.tokenId)) account = withAccountFields(account, { balance: long(newBalance - p.quant) });
    else account = reduceAssetAmount(state, props, account, p.tokenId, p.quant) ?? account;
    if (isTrx(anotherId)) account = withAccountFields(account, { balance: long(newBalance + received) });
    else account = addAssetAmount(state, props, account, anotherId, received);
    state.put(CoreTables.accounts, p.ownerAddress, account);
    putExchange(state, props, updated);
    return { fee: 0n, receipt: { exchangeReceivedAmount: received } };
  },
};
