import { create } from "@bufbuild/protobuf";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { adjustBalance, burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { utf8Decode, utf8Encode } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { AssetIssueContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { Account_FrozenSchema } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { mapGet, mapPut, tokensById } from "../asset-balances.js";
import {
  FROZEN_PERIOD,
  MAX_TOKEN_PRECISION,
  validAssetDescription,
  validAssetName,
  validUrl,
} from "../asset-rules.js";
import { AssetTables } from "../tables.js";

/** Java's wrapping long arithmetic, where java-tron uses plain `+` / `*`. */
const long = (v: bigint) => BigInt.asIntN(64, v);

/**
 * AssetIssueContract (type 6): issues a TRC-10 token. The id is the next TOKEN_ID_NUM; the fee
 * ASSET_ISSUE_FEE is burned; the supply less the frozen parts goes to the issuer.
 */
export const assetIssueActuator: Actuator<typeof AssetIssueContractSchema> = {
  type: ContractType.AssetIssueContract,
  schema: AssetIssueContractSchema,
  typeErrorMessage: typeErrorA("AssetIssueContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    if (!validAssetName(p.name)) throw validateError("Invalid assetName");
    const byId = tokensById(props);
    if (byId && utf8Decode(p.name).toLowerCase() === "trx") throw validateError("assetName can't be trx");
    if (p.precision !== 0 && byId && (p.precision < 0 || p.precision > MAX_TOKEN_PRECISION)) {
      throw validateError("precision cannot exceed 6");
    }
    if (p.abbr.length > 0 && !validAssetName(p.abbr)) throw validateError("Invalid abbreviation for token");
    if (!validUrl(p.url)) throw validateError("Invalid url");
    if (!validAssetDescription(p.description)) throw validateError("Invalid description");
    if (p.startTime === 0n) throw validateError("Start time should be not empty");
    if (p.endTime === 0n) throw validateError("End time should be not empty");
    if (p.endTime <= p.startTime) throw validateError("End time should be greater than start time");
    if (p.startTime <= props.headTimestamp)
      throw validateError("Start time should be greater than HeadBlockTime");
    if (!byId && state.get(AssetTables.assetIssues, p.name)) throw validateError("Token exists");
    if (p.totalSupply <= 0n) throw validateError("TotalSupply must greater than 0!");
    if (p.trxNum <= 0) throw validateError("TrxNum must greater than 0!");
    if (p.num <= 0) throw validateError("Num must greater than 0!");
    if (p.publicFreeAssetNetUsage !== 0n) throw validateError("PublicFreeAssetNetUsage must be 0!");
    if (BigInt(p.frozenSupply.length) > props.get("MAX_FROZEN_SUPPLY_NUMBER")) {
      throw validateError("Frozen supply list length is too long");
    }
    const oneDayNetLimit = props.get("ONE_DAY_NET_LIMIT");
    if (p.freeAssetNetLimit < 0n || p.freeAssetNetLimit >= oneDayNetLimit) {
      throw validateError("Invalid FreeAssetNetLimit");
    }
    if (p.publicFreeAssetNetLimit < 0n || p.publicFreeAssetNetLimit >= oneDayNetLimit) {
      throw validateError("Invalid PublicFreeAssetNetLimit");
    }
    let remainSupply = p.totalSupply;
    const minDays = props.get("MIN_FROZEN_SUPPLY_TIME");
    const maxDays = props.get("MAX_FROZEN_SUPPLY_TIME");
    for (const frozen of p.frozenSupply) {
      if (frozen.frozenAmount <= 0n) throw validateError("Frozen supply must be greater than 0!");
      if (frozen.frozenAmount > remainSupply) throw validateError("Frozen supply cannot exceed total supply");
      if (!(frozen.frozenDays >= minDays && frozen.frozenDays <= maxDays)) {
        throw validateError(`frozenDuration must be less than ${maxDays} days and more than ${minDays} days`);
      }
      remainSupply -= frozen.frozenAmount;
    }
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError("Account not exists");
    if (owner.assetIssuedName.length > 0) throw validateError("An account can only issue one asset");
    if (owner.balance < props.get("ASSET_ISSUE_FEE")) throw validateError("No enough balance for fee!");
  },

  execute({ state, props }, p) {
    const fee = props.get("ASSET_ISSUE_FEE");
    const tokenIdNum = props.get("TOKEN_ID_NUM") + 1n;
    const id = tokenIdNum.toString();
    props.set("TOKEN_ID_NUM", tokenIdNum);
    const token = create(AssetIssueContractSchema, { ...p, id });
    const byId = tokensById(props);
    if (!byId) {
      state.put(AssetTables.assetIssues, p.name, token);
      // The V2 copy of a by-name token has precision 0.
      state.put(AssetTables.assetIssuesV2, id, { ...token, precision: 0 });
    } else {
      state.put(AssetTables.assetIssuesV2, id, token);
    }
    const sameName = state.get(AssetTables.assetNameIndex, p.name) ?? [];
    state.put(AssetTables.assetNameIndex, p.name, [...sameName, tokenIdNum]);

    adjustBalance(state, p.ownerAddress, -fee);
    burnFee(state, props, fee);

    const account = state.get(CoreTables.accounts, p.ownerAddress)!;
    let remainSupply = p.totalSupply;
    const frozenSupply = p.frozenSupply.map((f) => {
      remainSupply = long(remainSupply - f.frozenAmount);
      return create(Account_FrozenSchema, {
        frozenBalance: f.frozenAmount,
        expireTime: long(p.startTime + long(f.frozenDays * FROZEN_PERIOD)),
      });
    });
    const name = utf8Decode(p.name);
    // addAsset / addAssetV2 only set a balance the account does not have yet.
    const asset =
      !byId && mapGet(account.asset, name) === undefined
        ? mapPut(account.asset, name, remainSupply)
        : account.asset;
    const assetV2 =
      mapGet(account.assetV2, id) === undefined ? mapPut(account.assetV2, id, remainSupply) : account.assetV2;
    state.put(CoreTables.accounts, p.ownerAddress, {
      ...account,
      asset,
      assetV2,
      assetIssuedName: p.name,
      assetIssuedID: utf8Encode(id),
      frozenSupply: [...account.frozenSupply, ...frozenSupply],
    });
    return { fee, receipt: { assetIssueID: id } };
  },
};
