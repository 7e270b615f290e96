import { type Actuator, executeError, typeErrorA, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { addExact, floorDiv, multiplyExact, subtractExact } from "../../chain/arithmetic.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex, utf8Decode } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ParticipateAssetIssueContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { addAssetAmount, assetBalanceEnough, findToken, reduceAssetAmount } from "../asset-balances.js";

/**
 * ParticipateAssetIssueContract (type 9): buys a token from its issuer during its sale window at
 * trx_num sun for num tokens; the TRX goes to the issuer.
 */
export const participateAssetIssueActuator: Actuator<typeof ParticipateAssetIssueContractSchema> = {
  type: ContractType.ParticipateAssetIssueContract,
  schema: ParticipateAssetIssueContractSchema,
  typeErrorMessage: typeErrorA("ParticipateAssetIssueContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    if (!isValidAddress(p.toAddress)) throw validateError("Invalid toAddress");
    if (p.amount <= 0n) throw validateError("Amount must greater than 0!");
    if (bytesEqual(p.ownerAddress, p.toAddress))
      throw validateError("Cannot participate asset Issue yourself !");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError("Account does not exist!");
    const fee = 0n;
    if (owner.balance < addExact(p.amount, fee)) throw validateError("No enough balance !");
    const token = findToken(state, props, p.assetName);
    if (!token) throw validateError(`No asset named ${utf8Decode(p.assetName)}`);
    if (!bytesEqual(p.toAddress, token.ownerAddress)) {
      throw validateError(`The asset is not issued by ${bytesToHex(p.toAddress)}`);
    }
    const now = props.headTimestamp;
    if (now >= token.endTime || now < token.startTime) throw validateError("No longer valid period!");
    const exchangeAmount = floorDiv(multiplyExact(p.amount, BigInt(token.num)), BigInt(token.trxNum));
    if (exchangeAmount <= 0n) throw validateError("Can not process the exchange!");
    const issuer = state.get(CoreTables.accounts, p.toAddress);
    if (!issuer) throw validateError("To account does not exist!");
    if (!assetBalanceEnough(props, issuer, p.assetName, exchangeAmount)) {
      throw validateError("Asset balance is not enough !");
    }
  },

  execute({ state, props }, p) {
    const fee = 0n;
    const owner = state.get(CoreTables.accounts, p.ownerAddress)!;
    const token = findToken(state, props, p.assetName)!;
    const exchangeAmount = floorDiv(multiplyExact(p.amount, BigInt(token.num)), BigInt(token.trxNum));
    const paid = withAccountFields(owner, {
      balance: subtractExact(subtractExact(owner.balance, p.amount), fee),
    });
    const buyer = addAssetAmount(state, props, paid, p.assetName, exchangeAmount);
    const issuer = state.get(CoreTables.accounts, p.toAddress)!;
    const sold = reduceAssetAmount(
      state,
      props,
      { ...issuer, balance: addExact(issuer.balance, p.amount) },
      p.assetName,
      exchangeAmount,
    );
    if (!sold) throw executeError("reduceAssetAmount failed !");
    state.put(CoreTables.accounts, p.ownerAddress, buyer);
    state.put(CoreTables.accounts, p.toAddress, sold);
    return { fee };
  },
};
