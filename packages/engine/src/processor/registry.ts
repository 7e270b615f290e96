import { accountCreateActuator } from "../accounts/actuators/account-create.js";
import { accountPermissionUpdateActuator } from "../accounts/actuators/account-permission-update.js";
import { accountUpdateActuator } from "../accounts/actuators/account-update.js";
import { setAccountIdActuator } from "../accounts/actuators/set-account-id.js";
import { transferActuator } from "../accounts/actuators/transfer.js";
import { assetIssueActuator } from "../assets/actuators/asset-issue.js";
import { participateAssetIssueActuator } from "../assets/actuators/participate-asset-issue.js";
import { transferAssetActuator } from "../assets/actuators/transfer-asset.js";
import { unfreezeAssetActuator } from "../assets/actuators/unfreeze-asset.js";
import { updateAssetActuator } from "../assets/actuators/update-asset.js";
import { clearAbiActuator } from "../contracts/actuators/clear-abi.js";
import { updateEnergyLimitActuator } from "../contracts/actuators/update-energy-limit.js";
import { updateSettingActuator } from "../contracts/actuators/update-setting.js";
import {
  createSmartContractActuator,
  type PipelineActuator,
  triggerSmartContractActuator,
} from "../contracts/actuators/vm-actuator.js";
import { exchangeCreateActuator } from "../exchanges/actuators/exchange-create.js";
import { exchangeInjectActuator } from "../exchanges/actuators/exchange-inject.js";
import { exchangeTransactionActuator } from "../exchanges/actuators/exchange-transaction.js";
import { exchangeWithdrawActuator } from "../exchanges/actuators/exchange-withdraw.js";
import { marketCancelOrderActuator } from "../market/actuators/market-cancel-order.js";
import { marketSellAssetActuator } from "../market/actuators/market-sell-asset.js";
import { proposalApproveActuator } from "../proposals/actuators/proposal-approve.js";
import { proposalCreateActuator } from "../proposals/actuators/proposal-create.js";
import { proposalDeleteActuator } from "../proposals/actuators/proposal-delete.js";
import type { ContractType } from "../protocol/contract-types.js";
import { cancelAllUnfreezeV2Actuator } from "../resources/actuators/cancel-all-unfreeze-v2.js";
import { delegateResourceActuator } from "../resources/actuators/delegate-resource.js";
import { freezeBalanceActuator } from "../resources/actuators/freeze-balance.js";
import { freezeBalanceV2Actuator } from "../resources/actuators/freeze-balance-v2.js";
import { unDelegateResourceActuator } from "../resources/actuators/undelegate-resource.js";
import { unfreezeBalanceActuator } from "../resources/actuators/unfreeze-balance.js";
import { unfreezeBalanceV2Actuator } from "../resources/actuators/unfreeze-balance-v2.js";
import { withdrawExpireUnfreezeActuator } from "../resources/actuators/withdraw-expire-unfreeze.js";
import { shieldedTransferActuator } from "../shielded/actuators/shielded-transfer.js";
import { updateBrokerageActuator } from "../witnesses/actuators/update-brokerage.js";
import { voteWitnessActuator } from "../witnesses/actuators/vote-witness.js";
import { withdrawBalanceActuator } from "../witnesses/actuators/withdraw-balance.js";
import { witnessCreateActuator } from "../witnesses/actuators/witness-create.js";
import { witnessUpdateActuator } from "../witnesses/actuators/witness-update.js";

/**
 * Every contract type the engine executes — the one list of actuators; what depends on the set
 * (which types may create an account) is read from their declarations. A type missing here is
 * refused with a clear error.
 */
export const ACTUATORS: ReadonlyMap<ContractType, PipelineActuator> = new Map<ContractType, PipelineActuator>(
  [
    transferActuator,
    accountCreateActuator,
    accountUpdateActuator,
    setAccountIdActuator,
    accountPermissionUpdateActuator,
    freezeBalanceV2Actuator,
    unfreezeBalanceV2Actuator,
    withdrawExpireUnfreezeActuator,
    cancelAllUnfreezeV2Actuator,
    delegateResourceActuator,
    unDelegateResourceActuator,
    freezeBalanceActuator,
    unfreezeBalanceActuator,
    witnessCreateActuator,
    witnessUpdateActuator,
    voteWitnessActuator,
    withdrawBalanceActuator,
    updateBrokerageActuator,
    proposalCreateActuator,
    proposalApproveActuator,
    proposalDeleteActuator,
    marketSellAssetActuator,
    marketCancelOrderActuator,
    assetIssueActuator,
    participateAssetIssueActuator,
    transferAssetActuator,
    updateAssetActuator,
    unfreezeAssetActuator,
    exchangeCreateActuator,
    exchangeInjectActuator,
    exchangeWithdrawActuator,
    exchangeTransactionActuator,
    shieldedTransferActuator,
    createSmartContractActuator,
    triggerSmartContractActuator,
    updateSettingActuator,
    updateEnergyLimitActuator,
    clearAbiActuator,
  ].map((a) => [a.type, a as unknown as PipelineActuator] as const),
);
