import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { addWrapping } from "../../chain/arithmetic.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { UnfreezeAssetContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { addAssetAmount, tokensById } from "../asset-balances.js";

/** UnfreezeAssetContract (type 14): the issuer takes back the frozen parts of its supply that have expired. */
export const unfreezeAssetActuator: Actuator<typeof UnfreezeAssetContractSchema> = {
  type: ContractType.UnfreezeAssetContract,
  schema: UnfreezeAssetContractSchema,
  typeErrorMessage: typeErrorB("UnfreezeAssetContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const account = state.get(CoreTables.accounts, p.ownerAddress);
    if (!account) throw validateError(`Account[${bytesToHex(p.ownerAddress)}] does not exist`);
    if (account.frozenSupply.length === 0) throw validateError("no frozen supply balance");
    const issued = tokensById(props) ? account.assetIssuedID : account.assetIssuedName;
    if (issued.length === 0) throw validateError("this account has not issued any asset");
    const now = props.headTimestamp;
    if (!account.frozenSupply.some((f) => f.expireTime <= now)) {
      throw validateError("It's not time to unfreeze asset supply");
    }
  },

  execute({ state, props }, p) {
    const account = state.get(CoreTables.accounts, p.ownerAddress)!;
    const now = props.headTimestamp;
    let unfrozen = 0n;
    for (const f of account.frozenSupply)
      if (f.expireTime <= now) unfrozen = addWrapping(unfrozen, f.frozenBalance);
    const key = tokensById(props) ? account.assetIssuedID : account.assetIssuedName;
    const credited = addAssetAmount(state, props, account, key, unfrozen);
    state.put(CoreTables.accounts, p.ownerAddress, {
      ...credited,
      frozenSupply: account.frozenSupply.filter((f) => f.expireTime > now),
    });
    return { fee: 0n };
  },
};
