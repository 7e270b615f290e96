import { type Actuator, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { utf8Decode } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import type { AssetIssueContract } from "../../protocol/generated/protocol/contracts_pb.js";
import { UpdateAssetContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { tokensById } from "../asset-balances.js";
import { validAssetDescription, validUrl } from "../asset-rules.js";
import { AssetTables } from "../tables.js";

/** UpdateAssetContract (type 15): the issuer changes its token's url, description and free bandwidth limits. */
export const updateAssetActuator: Actuator<typeof UpdateAssetContractSchema> = {
  type: ContractType.UpdateAssetContract,
  schema: UpdateAssetContractSchema,
  typeErrorMessage:
    "contract type error, expected type [UpdateAssetContract],real type[class com.google.protobuf.Any]",

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    const account = state.get(CoreTables.accounts, p.ownerAddress);
    if (!account) throw validateError("Account does not exist");
    if (!tokensById(props)) {
      if (account.assetIssuedName.length === 0) throw validateError("Account has not issued any asset");
      if (!state.get(AssetTables.assetIssues, account.assetIssuedName)) {
        throw validateError("Asset is not existed in AssetIssueStore");
      }
    } else {
      if (account.assetIssuedID.length === 0) throw validateError("Account has not issued any asset");
      if (!state.get(AssetTables.assetIssuesV2, utf8Decode(account.assetIssuedID))) {
        throw validateError("Asset is not existed in AssetIssueV2Store");
      }
    }
    if (!validUrl(p.url)) throw validateError("Invalid url");
    if (!validAssetDescription(p.description)) throw validateError("Invalid description");
    const oneDayNetLimit = props.get("ONE_DAY_NET_LIMIT");
    if (p.newLimit < 0n || p.newLimit >= oneDayNetLimit) throw validateError("Invalid FreeAssetNetLimit");
    if (p.newPublicLimit < 0n || p.newPublicLimit >= oneDayNetLimit) {
      throw validateError("Invalid PublicFreeAssetNetLimit");
    }
  },

  execute({ state, props }, p) {
    const account = state.get(CoreTables.accounts, p.ownerAddress)!;
    const update = (token: AssetIssueContract): AssetIssueContract => ({
      ...token,
      freeAssetNetLimit: p.newLimit,
      publicFreeAssetNetLimit: p.newPublicLimit,
      url: p.url,
      description: p.description,
    });
    const id = utf8Decode(account.assetIssuedID);
    const v2 = state.get(AssetTables.assetIssuesV2, id);
    if (!tokensById(props)) {
      const v1 = state.get(AssetTables.assetIssues, account.assetIssuedName)!;
      state.put(AssetTables.assetIssues, account.assetIssuedName, update(v1));
    }
    // java-tron dereferences the V2 record unchecked; every issued token has one.
    if (v2) state.put(AssetTables.assetIssuesV2, id, update(v2));
    return { fee: 0n };
  },
};
