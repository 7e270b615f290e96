import type { DescMessage } from "@bufbuild/protobuf";
import * as C from "./generated/protocol/contracts_pb.js";
import { Transaction_Contract_ContractType as ContractType } from "./generated/protocol/core_pb.js";

export { ContractType };

export const TYPE_URL_PREFIX = "type.googleapis.com/";

/** Parameter message of every contract type that has one (GetContract and CustomContract have none). */
export const CONTRACT_PARAMETER_SCHEMAS: ReadonlyMap<ContractType, DescMessage> = new Map<
  ContractType,
  DescMessage
>([
  [ContractType.AccountCreateContract, C.AccountCreateContractSchema],
  [ContractType.TransferContract, C.TransferContractSchema],
  [ContractType.TransferAssetContract, C.TransferAssetContractSchema],
  [ContractType.VoteAssetContract, C.VoteAssetContractSchema],
  [ContractType.VoteWitnessContract, C.VoteWitnessContractSchema],
  [ContractType.WitnessCreateContract, C.WitnessCreateContractSchema],
  [ContractType.AssetIssueContract, C.AssetIssueContractSchema],
  [ContractType.WitnessUpdateContract, C.WitnessUpdateContractSchema],
  [ContractType.ParticipateAssetIssueContract, C.ParticipateAssetIssueContractSchema],
  [ContractType.AccountUpdateContract, C.AccountUpdateContractSchema],
  [ContractType.FreezeBalanceContract, C.FreezeBalanceContractSchema],
  [ContractType.UnfreezeBalanceContract, C.UnfreezeBalanceContractSchema],
  [ContractType.WithdrawBalanceContract, C.WithdrawBalanceContractSchema],
  [ContractType.UnfreezeAssetContract, C.UnfreezeAssetContractSchema],
  [ContractType.UpdateAssetContract, C.UpdateAssetContractSchema],
  [ContractType.ProposalCreateContract, C.ProposalCreateContractSchema],
  [ContractType.ProposalApproveContract, C.ProposalApproveContractSchema],
  [ContractType.ProposalDeleteContract, C.ProposalDeleteContractSchema],
  [ContractType.SetAccountIdContract, C.SetAccountIdContractSchema],
  [ContractType.CreateSmartContract, C.CreateSmartContractSchema],
  [ContractType.TriggerSmartContract, C.TriggerSmartContractSchema],
  [ContractType.UpdateSettingContract, C.UpdateSettingContractSchema],
  [ContractType.ExchangeCreateContract, C.ExchangeCreateContractSchema],
  [ContractType.ExchangeInjectContract, C.ExchangeInjectContractSchema],
  [ContractType.ExchangeWithdrawContract, C.ExchangeWithdrawContractSchema],
  [ContractType.ExchangeTransactionContract, C.ExchangeTransactionContractSchema],
  [ContractType.UpdateEnergyLimitContract, C.UpdateEnergyLimitContractSchema],
  [ContractType.AccountPermissionUpdateContract, C.AccountPermissionUpdateContractSchema],
  [ContractType.ClearABIContract, C.ClearABIContractSchema],
  [ContractType.UpdateBrokerageContract, C.UpdateBrokerageContractSchema],
  [ContractType.ShieldedTransferContract, C.ShieldedTransferContractSchema],
  [ContractType.MarketSellAssetContract, C.MarketSellAssetContractSchema],
  [ContractType.MarketCancelOrderContract, C.MarketCancelOrderContractSchema],
  [ContractType.FreezeBalanceV2Contract, C.FreezeBalanceV2ContractSchema],
  [ContractType.UnfreezeBalanceV2Contract, C.UnfreezeBalanceV2ContractSchema],
  [ContractType.WithdrawExpireUnfreezeContract, C.WithdrawExpireUnfreezeContractSchema],
  [ContractType.DelegateResourceContract, C.DelegateResourceContractSchema],
  [ContractType.UnDelegateResourceContract, C.UnDelegateResourceContractSchema],
  [ContractType.CancelAllUnfreezeV2Contract, C.CancelAllUnfreezeV2ContractSchema],
]);

const BY_NAME = new Map<string, ContractType>(
  Object.entries(ContractType)
    .filter(([, v]) => typeof v === "number")
    .map(([k, v]) => [k, v as ContractType]),
);

export function contractTypeName(type: ContractType): string {
  return ContractType[type] ?? String(type);
}

export function contractTypeByName(name: string): ContractType | undefined {
  return BY_NAME.get(name);
}

export function typeUrlOf(schema: DescMessage): string {
  return `${TYPE_URL_PREFIX}${schema.typeName}`;
}
