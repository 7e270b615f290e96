/**
 * Chain parameters as java-tron's DynamicPropertiesStore keeps them: a property name, the key
 * `getchainparameters` prints, and the default of a fresh chain started with java-tron's stock
 * config. The list order is the order `getchainparameters` emits.
 */
export interface ChainParameterSpec {
  /** DynamicPropertiesStore key, also the proposal name. */
  readonly name: string;
  /** Key printed by /wallet/getchainparameters. */
  readonly key: string;
  readonly defaultValue: bigint;
  /** Proposal id, when a proposal can change it. */
  readonly proposalId?: number;
}

const p = (name: string, key: string, defaultValue: bigint, proposalId?: number): ChainParameterSpec => ({
  name,
  key,
  defaultValue,
  proposalId,
});

export const CHAIN_PARAMETERS: readonly ChainParameterSpec[] = [
  p("MAINTENANCE_TIME_INTERVAL", "getMaintenanceTimeInterval", 21_600_000n, 0),
  p("ACCOUNT_UPGRADE_COST", "getAccountUpgradeCost", 9_999_000_000n, 1),
  p("CREATE_ACCOUNT_FEE", "getCreateAccountFee", 100_000n, 2),
  p("TRANSACTION_FEE", "getTransactionFee", 10n, 3),
  p("ASSET_ISSUE_FEE", "getAssetIssueFee", 1_024_000_000n, 4),
  p("WITNESS_PAY_PER_BLOCK", "getWitnessPayPerBlock", 32_000_000n, 5),
  p("WITNESS_STANDBY_ALLOWANCE", "getWitnessStandbyAllowance", 115_200_000_000n, 6),
  p("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT", "getCreateNewAccountFeeInSystemContract", 0n, 7),
  p("CREATE_NEW_ACCOUNT_BANDWIDTH_RATE", "getCreateNewAccountBandwidthRate", 1n, 8),
  p("ALLOW_CREATION_OF_CONTRACTS", "getAllowCreationOfContracts", 0n, 9),
  p("REMOVE_THE_POWER_OF_THE_GR", "getRemoveThePowerOfTheGr", 0n, 10),
  p("ENERGY_FEE", "getEnergyFee", 100n, 11),
  p("EXCHANGE_CREATE_FEE", "getExchangeCreateFee", 1_024_000_000n, 12),
  p("MAX_CPU_TIME_OF_ONE_TX", "getMaxCpuTimeOfOneTx", 50n, 13),
  p("ALLOW_UPDATE_ACCOUNT_NAME", "getAllowUpdateAccountName", 0n, 14),
  p("ALLOW_SAME_TOKEN_NAME", "getAllowSameTokenName", 0n, 15),
  p("ALLOW_DELEGATE_RESOURCE", "getAllowDelegateResource", 0n, 16),
  p("TOTAL_ENERGY_LIMIT", "getTotalEnergyLimit", 50_000_000_000n, 17),
  p("ALLOW_TVM_TRANSFER_TRC10", "getAllowTvmTransferTrc10", 0n, 18),
  p("TOTAL_ENERGY_CURRENT_LIMIT", "getTotalEnergyCurrentLimit", 50_000_000_000n, 19),
  p("ALLOW_MULTI_SIGN", "getAllowMultiSign", 0n, 20),
  p("ALLOW_ADAPTIVE_ENERGY", "getAllowAdaptiveEnergy", 0n, 21),
  p("TOTAL_ENERGY_TARGET_LIMIT", "getTotalEnergyTargetLimit", 3_472_222n),
  p("TOTAL_ENERGY_AVERAGE_USAGE", "getTotalEnergyAverageUsage", 0n),
  p("UPDATE_ACCOUNT_PERMISSION_FEE", "getUpdateAccountPermissionFee", 100_000_000n, 22),
  p("MULTI_SIGN_FEE", "getMultiSignFee", 1_000_000n, 23),
  p("ALLOW_ACCOUNT_STATE_ROOT", "getAllowAccountStateRoot", 0n, 25),
  p("ALLOW_PROTO_FILTER_NUM", "getAllowProtoFilterNum", 0n, 24),
  p("ALLOW_TVM_CONSTANTINOPLE", "getAllowTvmConstantinople", 0n, 26),
  p("ALLOW_TVM_SOLIDITY_059", "getAllowTvmSolidity059", 0n, 32),
  p("ALLOW_TVM_ISTANBUL", "getAllowTvmIstanbul", 0n, 41),
  p("ALLOW_SHIELDED_TRANSACTION", "getAllowShieldedTransaction", 0n),
  p("SHIELDED_TRANSACTION_FEE", "getShieldedTransactionFee", 10_000_000n),
  p("SHIELDED_TRANSACTION_CREATE_ACCOUNT_FEE", "getShieldedTransactionCreateAccountFee", 10_000_000n),
  p("ALLOW_SHIELDED_TRC20_TRANSACTION", "getAllowShieldedTRC20Transaction", 0n, 39),
  p("FORBID_TRANSFER_TO_CONTRACT", "getForbidTransferToContract", 0n, 35),
  p("ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO", "getAdaptiveResourceLimitTargetRatio", 14_400n, 33),
  p("ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER", "getAdaptiveResourceLimitMultiplier", 1_000n, 29),
  p("ALLOW_CHANGE_DELEGATION", "getChangeDelegation", 0n, 30),
  p("WITNESS_127_PAY_PER_BLOCK", "getWitness127PayPerBlock", 16_000_000n, 31),
  p("ALLOW_MARKET_TRANSACTION", "getAllowMarketTransaction", 0n, 44),
  p("MARKET_SELL_FEE", "getMarketSellFee", 0n, 45),
  p("MARKET_CANCEL_FEE", "getMarketCancelFee", 0n, 46),
  p("ALLOW_PBFT", "getAllowPBFT", 0n, 40),
  p("ALLOW_TRANSACTION_FEE_POOL", "getAllowTransactionFeePool", 0n, 48),
  p("MAX_FEE_LIMIT", "getMaxFeeLimit", 1_000_000_000n, 47),
  p("ALLOW_BLACKHOLE_OPTIMIZATION", "getAllowOptimizeBlackHole", 0n, 49),
  p("ALLOW_NEW_RESOURCE_MODEL", "getAllowNewResourceModel", 0n, 51),
  p("ALLOW_TVM_FREEZE", "getAllowTvmFreeze", 0n, 52),
  p("ALLOW_TVM_VOTE", "getAllowTvmVote", 0n, 59),
  p("ALLOW_TVM_LONDON", "getAllowTvmLondon", 0n, 63),
  p("ALLOW_TVM_COMPATIBLE_EVM", "getAllowTvmCompatibleEvm", 0n, 60),
  p("ALLOW_ACCOUNT_ASSET_OPTIMIZATION", "getAllowAccountAssetOptimization", 0n, 53),
  p("FREE_NET_LIMIT", "getFreeNetLimit", 5_000n, 61),
  p("TOTAL_NET_LIMIT", "getTotalNetLimit", 43_200_000_000n, 62),
  p("ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX", "getAllowHigherLimitForMaxCpuTimeOfOneTx", 0n, 65),
  p("ALLOW_ASSET_OPTIMIZATION", "getAllowAssetOptimization", 0n, 66),
  p("ALLOW_NEW_REWARD", "getAllowNewReward", 0n, 67),
  p("MEMO_FEE", "getMemoFee", 0n, 68),
  p("ALLOW_DELEGATE_OPTIMIZATION", "getAllowDelegateOptimization", 0n, 69),
  p("UNFREEZE_DELAY_DAYS", "getUnfreezeDelayDays", 0n, 70),
  p("ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID", "getAllowOptimizedReturnValueOfChainId", 0n, 71),
  p("ALLOW_DYNAMIC_ENERGY", "getAllowDynamicEnergy", 0n, 72),
  p("DYNAMIC_ENERGY_THRESHOLD", "getDynamicEnergyThreshold", 0n, 73),
  p("DYNAMIC_ENERGY_INCREASE_FACTOR", "getDynamicEnergyIncreaseFactor", 0n, 74),
  p("DYNAMIC_ENERGY_MAX_FACTOR", "getDynamicEnergyMaxFactor", 0n, 75),
  p("ALLOW_TVM_SHANGHAI", "getAllowTvmShangHai", 0n, 76),
  p("ALLOW_CANCEL_ALL_UNFREEZE_V2", "getAllowCancelAllUnfreezeV2", 0n, 77),
  p("MAX_DELEGATE_LOCK_PERIOD", "getMaxDelegateLockPeriod", 86_400n, 78),
  p("ALLOW_OLD_REWARD_OPT", "getAllowOldRewardOpt", 0n, 79),
  p("ALLOW_ENERGY_ADJUSTMENT", "getAllowEnergyAdjustment", 0n, 81),
  p("MAX_CREATE_ACCOUNT_TX_SIZE", "getMaxCreateAccountTxSize", 1_000n, 82),
  p("ALLOW_STRICT_MATH", "getAllowStrictMath", 0n, 87),
  p("CONSENSUS_LOGIC_OPTIMIZATION", "getConsensusLogicOptimization", 0n, 88),
  p("ALLOW_TVM_CANCUN", "getAllowTvmCancun", 0n, 83),
  p("ALLOW_TVM_BLOB", "getAllowTvmBlob", 0n, 89),
];

/** Stored properties that getchainparameters does not print, with java-tron's defaults. */
export const INTERNAL_PROPERTIES: Readonly<Record<string, bigint>> = {
  PUBLIC_NET_LIMIT: 14_400_000_000n,
  PUBLIC_NET_USAGE: 0n,
  PUBLIC_NET_TIME: 0n,
  ONE_DAY_NET_LIMIT: 57_600_000_000n,
  TOTAL_NET_WEIGHT: 0n,
  TOTAL_ENERGY_WEIGHT: 0n,
  TOTAL_TRON_POWER_WEIGHT: 0n,
  TOTAL_SIGN_NUM: 5n,
  TRANSFER_FEE: 0n,
  MAX_FROZEN_TIME: 3n,
  MIN_FROZEN_TIME: 3n,
  MAX_FROZEN_SUPPLY_NUMBER: 10n,
  MAX_FROZEN_SUPPLY_TIME: 3652n,
  MIN_FROZEN_SUPPLY_TIME: 1n,
  WITNESS_ALLOWANCE_FROZEN_TIME: 1n,
  EXCHANGE_BALANCE_LIMIT: 1_000_000_000_000_000_000n,
  MARKET_QUANTITY_LIMIT: 1_000_000_000_000_000_000n,
  TOKEN_ID_NUM: 1_000_000n,
  BURN_TRX_AMOUNT: 0n,
  TOTAL_TRANSACTION_COUNT: 0n,
  TRANSACTION_FEE_POOL: 0n,
  LATEST_BLOCK_HEADER_TIMESTAMP: 0n,
  LATEST_BLOCK_HEADER_NUMBER: 0n,
  LATEST_SOLIDIFIED_BLOCK_NUM: 0n,
  NEXT_MAINTENANCE_TIME: 0n,
  STATE_FLAG: 0n,
  GENESIS_TIMESTAMP: 0n,
  CURRENT_CYCLE_NUMBER: 0n,
  /**
   * java-tron's node setting `enery.limit.block.num` (default 4 727 890): from this head block on the
   * fix-ratio energy limits apply and UpdateEnergyLimitContract is allowed. Every node of a chain must
   * agree, so tronode keeps it in state (a dev chain sets 0 at genesis).
   */
  ENERGY_LIMIT_BLOCK_NUM: 4_727_890n,
  /** Long.MAX_VALUE until ALLOW_TVM_VOTE (or a genesis that enables it) switches voter rewards to Vi. */
  NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE: 0x7fffffffffffffffn,
};

/**
 * Stored parameters a genesis config may set besides the getchainparameters list (java-tron keeps
 * them in DynamicPropertiesStore with these defaults; no proposal changes them).
 */
export const GENESIS_SETTABLE_PROPERTIES: readonly string[] = [
  "PUBLIC_NET_LIMIT",
  "ONE_DAY_NET_LIMIT",
  "TOTAL_SIGN_NUM",
  "MAX_FROZEN_TIME",
  "MIN_FROZEN_TIME",
  "MAX_FROZEN_SUPPLY_NUMBER",
  "MAX_FROZEN_SUPPLY_TIME",
  "MIN_FROZEN_SUPPLY_TIME",
  "WITNESS_ALLOWANCE_FROZEN_TIME",
  "EXCHANGE_BALANCE_LIMIT",
  "MARKET_QUANTITY_LIMIT",
  "TOKEN_ID_NUM",
  // java-tron's node setting `enery.limit.block.num`, kept in state: every node of a chain must agree
  "ENERGY_LIMIT_BLOCK_NUM",
];

/** Proposal (ProposalType) names that differ from the stored name they set at genesis. */
export const PARAMETER_NAME_ALIASES: Readonly<Record<string, string>> = {
  TOTAL_CURRENT_ENERGY_LIMIT: "TOTAL_ENERGY_CURRENT_LIMIT",
};

/** The stored name a genesis parameter name sets, or undefined for a name java-tron does not know. */
export function genesisParameterName(name: string): string | undefined {
  if (BY_NAME.has(name) || GENESIS_SETTABLE_PROPERTIES.includes(name)) return name;
  return PARAMETER_NAME_ALIASES[name];
}

/** 32-byte operation masks (bit t = contract type t, LSB first within each byte). */
export const DEFAULT_ACTIVE_OPERATIONS_HEX =
  "7fff1fc0033e0000000000000000000000000000000000000000000000000000";
export const DEFAULT_AVAILABLE_CONTRACT_TYPE_HEX =
  "7fff1fc0037e0000000000000000000000000000000000000000000000000000";

/** Contract types each enabling parameter adds to both masks (java-tron addSystemContractAndSetPermission). */
export const PARAMETER_CONTRACT_TYPES: Readonly<Record<string, readonly number[]>> = {
  ALLOW_TVM_CONSTANTINOPLE: [48],
  ALLOW_CHANGE_DELEGATION: [49],
  ALLOW_MARKET_TRANSACTION: [52, 53],
  UNFREEZE_DELAY_DAYS: [54, 55, 56, 57, 58],
  ALLOW_CANCEL_ALL_UNFREEZE_V2: [59],
};

const BY_NAME = new Map(CHAIN_PARAMETERS.map((s) => [s.name, s]));
const BY_KEY = new Map(CHAIN_PARAMETERS.map((s) => [s.key, s]));

export function chainParameterByName(name: string): ChainParameterSpec | undefined {
  return BY_NAME.get(name);
}

export function chainParameterByKey(key: string): ChainParameterSpec | undefined {
  return BY_KEY.get(key);
}
