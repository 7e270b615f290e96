import { create } from "@bufbuild/protobuf";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { assetBalanceEnough, reduceAssetAmount, tokensById } from "../../assets/asset-balances.js";
import { isNumber } from "../../assets/asset-rules.js";
import { withAccountFields } from "../../chain/accounts.js";
import { burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ExchangeCreateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { type Account, ExchangeSchema } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { isTrx, putExchange } from "../exchange-store.js";

const long = (v: bigint) => BigInt.asIntN(64, v);

/**
 * ExchangeCreateContract (type 41): opens a Bancor pool between two tokens (or TRX, "_"), funded
 * by its creator; EXCHANGE_CREATE_FEE is burned.
 */
export const exchangeCreateActuator: Actuator<typeof ExchangeCreateContractSchema> = {
  type: ContractType.ExchangeCreateContract,
  schema: ExchangeCreateContractSchema,
  typeErrorMessage: typeErrorA("ExchangeCreateContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const account = state.get(CoreTables.accounts, p.ownerAddress);
    if (!account) throw validateError(`account[${bytesToHex(p.ownerAddress)}] not exists`);
    const fee = props.get("EXCHANGE_CREATE_FEE");
    if (account.balance < fee) throw validateError("No enough balance for exchange create fee!");
    const first = p.firstTokenId;
    const second = p.secondTokenId;
    if (tokensById(props)) {
      if (!isTrx(first) && !isNumber(first)) throw validateError("first token id is not a valid number");
      if (!isTrx(second) && !isNumber(second)) throw validateError("second token id is not a valid number");
    }
    if (bytesEqual(first, second)) throw validateError("cannot exchange same tokens");
    if (p.firstTokenBalance <= 0n || p.secondTokenBalance <= 0n) {
      throw validateError("token balance must greater than zero");
    }
    const limit = props.get("EXCHANGE_BALANCE_LIMIT");
    if (p.firstTokenBalance > limit || p.secondTokenBalance > limit) {
      throw validateError(`token balance must less than ${limit}`);
    }
    if (isTrx(first)) {
      if (account.balance < long(p.firstTokenBalance + fee)) throw validateError("balance is not enough");
    } else if (!assetBalanceEnough(props, account, first, p.firstTokenBalance)) {
      throw validateError("first token balance is not enough");
    }
    if (isTrx(second)) {
      if (account.balance < long(p.secondTokenBalance + fee)) throw validateError("balance is not enough");
    } else if (!assetBalanceEnough(props, account, second, p.secondTokenBalance)) {
      throw validateError("second token balance is not enough");
    }
  },

  execute({ state, props }, p) {
    const fee = props.get("EXCHANGE_CREATE_FEE");
    let account: Account = state.get(CoreTables.accounts, p.ownerAddress)!;
    const newBalance = long(account.balance - fee);
    account = withAccountFields(account, { balance: newBalance });
    // As java-tron: each TRX side is taken from the balance after the fee (only one side can be TRX).
    for (const [id, amount] of [
      [p.firstTokenId, p.firstTokenBalance],
      [p.secondTokenId, p.secondTokenBalance],
    ] as const) {
      if (isTrx(id)) account = withAccountFields(account, { balance: long(newBalance - amount) });
      else account = reduceAssetAmount(state, props, account, id, amount) ?? account;
    }
    const id = props.get("LATEST_EXCHANGE_NUM") + 1n;
    putExchange(
      state,
      props,
      create(ExchangeSchema, {
        exchangeId: id,
        creatorAddress: p.ownerAddress,
        createTime: props.headTimestamp,
        firstTokenId: p.firstTokenId,
        firstTokenBalance: p.firstTokenBalance,
        secondTokenId: p.secondTokenId,
        secondTokenBalance: p.secondTokenBalance,
      }),
    );
    state.put(CoreTables.accounts, p.ownerAddress, account);
    props.set("LATEST_EXCHANGE_NUM", id);
    burnFee(state, props, fee);
    return { fee, receipt: { exchangeId: id } };
  },
};
