/**
 * Chain parameters as java-tron's DynamicPropertiesStore keeps them: a property name, the key
 * `getchainparameters` prints, and the default of a fresh chain started with java-tron's stock
 * config. The list order is the order `getchainparameters` emits.
 */
export interface ChainParameterSpec<Name extends string = string> {
  /** DynamicPropertiesStore key (the proposal that sets it is in proposals/proposal-parameters.ts). */
  readonly name: Name;
  /** Key printed by /wallet/getchainparameters. */
  readonly key: string;
  readonly defaultValue: bigint;
}

const p = <Name extends string>(name: Name, key: string, defaultValue: bigint): ChainParameterSpec<Name> => ({
  name,
  key,
  defaultValue,
});

/** Every chain parameter java-tron's getchainparameters lists: its name, its getter's name and its default. */
export const CHAIN_PARAMETERS = [
  p("MAINTENANCE_TIME_INTERVAL", "getMaintenanceTimeInterval", 21_600_000n),
  p("ACCOUNT_UPGRADE_COST", "getAccountUpgradeCost", 9_999_000_000n),
  p("CREATE_ACCOUNT_FEE", "getCreateAccountFee", 100_000n),
  p("TRANSACTION_FEE", "getTransactionFee", 10n),
  p("ASSET_ISSUE_FEE", "getAssetIssueFee", 1_024_000_000n),
  p("WITNESS_PAY_PER_BLOCK", "getWitnessPayPerBlock", 32_000_000n),
  p("WITNESS_STANDBY_ALLOWANCE", "getWitnessStandbyAllowance", 115_200_000_000n),
  p("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT", "getCreateNewAccountFeeInSystemContract", 0n),
  p("CREATE_NEW_ACCOUNT_BANDWIDTH_RATE", "getCreateNewAccountBandwidthRate", 1n),
  p("ALLOW_CREATION_OF_CONTRACTS", "getAllowCreationOfContracts", 0n),
  p("REMOVE_THE_POWER_OF_THE_GR", "getRemoveThePowerOfTheGr", 0n),
  p("ENERGY_FEE", "getEnergyFee", 100n),
  p("EXCHANGE_CREATE_FEE", "getExchangeCreateFee", 1_024_000_000n),
  p("MAX_CPU_TIME_OF_ONE_TX", "getMaxCpuTimeOfOneTx", 50n),
  p("ALLOW_UPDATE_ACCOUNT_NAME", "getAllowUpdateAccountName", 0n),
  p("ALLOW_SAME_TOKEN_NAME", "getAllowSameTokenName", 0n),
  p("ALLOW_DELEGATE_RESOURCE", "getAllowDelegateResource", 0n),
  p("TOTAL_ENERGY_LIMIT", "getTotalEnergyLimit", 50_000_000_000n),
  p("ALLOW_TVM_TRANSFER_TRC10", "getAllowTvmTransferTrc10", 0n),
  p("TOTAL_ENERGY_CURRENT_LIMIT", "getTotalEnergyCurrentLimit", 50_000_000_000n),
  p("ALLOW_MULTI_SIGN", "getAllowMultiSign", 0n),
  p("ALLOW_ADAPTIVE_ENERGY", "getAllowAdaptiveEnergy", 0n),
  p("TOTAL_ENERGY_TARGET_LIMIT", "getTotalEnergyTargetLimit", 3_472_222n),
  p("TOTAL_ENERGY_AVERAGE_USAGE", "getTotalEnergyAverageUsage", 0n),
  p("UPDATE_ACCOUNT_PERMISSION_FEE", "getUpdateAccountPermissionFee", 100_000_000n),
  p("MULTI_SIGN_FEE", "getMultiSignFee", 1_000_000n),
  p("ALLOW_ACCOUNT_STATE_ROOT", "getAllowAccountStateRoot", 0n),
  p("ALLOW_PROTO_FILTER_NUM", "getAllowProtoFilterNum", 0n),
  p("ALLOW_TVM_CONSTANTINOPLE", "getAllowTvmConstantinople", 0n),
  p("ALLOW_TVM_SOLIDITY_059", "getAllowTvmSolidity059", 0n),
  p("ALLOW_TVM_ISTANBUL", "getAllowTvmIstanbul", 0n),
  p("ALLOW_SHIELDED_TRC20_TRANSACTION", "getAllowShieldedTRC20Transaction", 0n),
  p("FORBID_TRANSFER_TO_CONTRACT", "getForbidTransferToContract", 0n),
  p("ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO", "getAdaptiveResourceLimitTargetRatio", 14_400n),
  p("ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER", "getAdaptiveResourceLimitMultiplier", 1_000n),
  p("ALLOW_CHANGE_DELEGATION", "getChangeDelegation", 0n),
  p("WITNESS_127_PAY_PER_BLOCK", "getWitness127PayPerBlock", 16_000_000n),
  p("ALLOW_MARKET_TRANSACTION", "getAllowMarketTransaction", 0n),
  p("MARKET_SELL_FEE", "getMarketSellFee", 0n),
  p("MARKET_CANCEL_FEE", "getMarketCancelFee", 0n),
  p("ALLOW_PBFT", "getAllowPBFT", 0n),
  p("ALLOW_TRANSACTION_FEE_POOL", "getAllowTransactionFeePool", 0n),
  p("MAX_FEE_LIMIT", "getMaxFeeLimit", 1_000_000_000n),
  p("ALLOW_BLACKHOLE_OPTIMIZATION", "getAllowOptimizeBlackHole", 0n),
  p("ALLOW_NEW_RESOURCE_MODEL", "getAllowNewResourceModel", 0n),
  p("ALLOW_TVM_FREEZE", "getAllowTvmFreeze", 0n),
  p("ALLOW_TVM_VOTE", "getAllowTvmVote", 0n),
  p("ALLOW_TVM_LONDON", "getAllowTvmLondon", 0n),
  p("ALLOW_TVM_COMPATIBLE_EVM", "getAllowTvmCompatibleEvm", 0n),
  p("ALLOW_ACCOUNT_ASSET_OPTIMIZATION", "getAllowAccountAssetOptimization", 0n),
  p("FREE_NET_LIMIT", "getFreeNetLimit", 5_000n),
  p("TOTAL_NET_LIMIT", "getTotalNetLimit", 43_200_000_000n),
  p("ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX", "getAllowHigherLimitForMaxCpuTimeOfOneTx", 0n),
  p("ALLOW_ASSET_OPTIMIZATION", "getAllowAssetOptimization", 0n),
  p("ALLOW_NEW_REWARD", "getAllowNewReward", 0n),
  p("MEMO_FEE", "getMemoFee", 0n),
  p("ALLOW_DELEGATE_OPTIMIZATION", "getAllowDelegateOptimization", 0n),
  p("UNFREEZE_DELAY_DAYS", "getUnfreezeDelayDays", 0n),
  p("ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID", "getAllowOptimizedReturnValueOfChainId", 0n),
  p("ALLOW_DYNAMIC_ENERGY", "getAllowDynamicEnergy", 0n),
  p("DYNAMIC_ENERGY_THRESHOLD", "getDynamicEnergyThreshold", 0n),
  p("DYNAMIC_ENERGY_INCREASE_FACTOR", "getDynamicEnergyIncreaseFactor", 0n),
  p("DYNAMIC_ENERGY_MAX_FACTOR", "getDynamicEnergyMaxFactor", 0n),
  p("ALLOW_TVM_SHANGHAI", "getAllowTvmShangHai", 0n),
  p("ALLOW_CANCEL_ALL_UNFREEZE_V2", "getAllowCancelAllUnfreezeV2", 0n),
  p("MAX_DELEGATE_LOCK_PERIOD", "getMaxDelegateLockPeriod", 86_400n),
  p("ALLOW_OLD_REWARD_OPT", "getAllowOldRewardOpt", 0n),
  p("ALLOW_ENERGY_ADJUSTMENT", "getAllowEnergyAdjustment", 0n),
  p("MAX_CREATE_ACCOUNT_TX_SIZE", "getMaxCreateAccountTxSize", 1_000n),
  p("ALLOW_STRICT_MATH", "getAllowStrictMath", 0n),
  p("CONSENSUS_LOGIC_OPTIMIZATION", "getConsensusLogicOptimization", 0n),
  p("ALLOW_TVM_CANCUN", "getAllowTvmCancun", 0n),
  p("ALLOW_TVM_BLOB", "getAllowTvmBlob", 0n),
] as const;

/** A property getchainparameters prints. */
export type ChainParameterName = (typeof CHAIN_PARAMETERS)[number]["name"];

/** Stored properties that getchainparameters does not print, with java-tron's defaults. */
export const INTERNAL_PROPERTIES = {
  /**
   * Shielded TRC-10 (ZenToken) settings: still stored, no longer printed by java-tron 4.8's
   * getchainparameters (checked against java-tron itself by the oracle).
   */
  ALLOW_SHIELDED_TRANSACTION: 0n,
  SHIELDED_TRANSACTION_FEE: 10_000_000n,
  SHIELDED_TRANSACTION_CREATE_ACCOUNT_FEE: 10_000_000n,
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
  // DynamicPropertiesStore's defaults: 10^15 (no proposal changes them)
  EXCHANGE_BALANCE_LIMIT: 1_000_000_000_000_000n,
  MARKET_QUANTITY_LIMIT: 1_000_000_000_000_000n,
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
  /** The last proposal id and exchange id handed out (ids count from 1). */
  LATEST_PROPOSAL_NUM: 0n,
  LATEST_EXCHANGE_NUM: 0n,
  /** WitnessCreate fees paid so far (java-tron's TOTAL_CREATE_WITNESS_FEE). */
  TOTAL_CREATE_WITNESS_FEE: 0n,
  /** Adaptive energy: energy used by the current block and the window average's last update. */
  BLOCK_ENERGY_USAGE: 0n,
  TOTAL_ENERGY_AVERAGE_TIME: 0n,
  /**
   * TVM switches of java-tron 4.8.1/4.8.2 (#94 TIP-6780, #95 Prague, #96 Osaka) the VM implements;
   * no proposal rule or getchainparameters row sets them yet, so they read 0 unless state holds them.
   */
  ALLOW_TVM_SELFDESTRUCT_RESTRICTION: 0n,
  ALLOW_TVM_PRAGUE: 0n,
  ALLOW_TVM_OSAKA: 0n,
  /** Long.MAX_VALUE until ALLOW_TVM_VOTE (or a genesis that enables it) switches voter rewards to Vi. */
  NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE: 0x7fffffffffffffffn,
} as const satisfies Readonly<Record<string, bigint>>;

/** A stored number getchainparameters does not print. */
export type InternalPropertyName = keyof typeof INTERNAL_PROPERTIES;

/** Every numeric property of the chain (java-tron's DynamicPropertiesStore long values). */
export type PropertyName = ChainParameterName | InternalPropertyName;

/**
 * Stored parameters a genesis config may set besides the getchainparameters list (java-tron keeps
 * them in DynamicPropertiesStore with these defaults; no proposal changes them).
 */
export const GENESIS_SETTABLE_PROPERTIES: readonly InternalPropertyName[] = [
  "ALLOW_SHIELDED_TRANSACTION",
  "SHIELDED_TRANSACTION_FEE",
  "SHIELDED_TRANSACTION_CREATE_ACCOUNT_FEE",
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
  // java-tron's committee.allowNewRewardAlgorithm: 0 = Vi rewards from the first cycle
  "NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE",
];

/** Proposal (ProposalType) names that differ from the stored name they set at genesis. */
export const PARAMETER_NAME_ALIASES = {
  TOTAL_CURRENT_ENERGY_LIMIT: "TOTAL_ENERGY_CURRENT_LIMIT",
} as const satisfies Readonly<Record<string, PropertyName>>;

/** A ProposalType name: the stored property's name, or an alias of it. */
export type ProposalName = PropertyName | keyof typeof PARAMETER_NAME_ALIASES;

/** The stored property a ProposalType name stands for. */
export function propertyOfProposalName(name: ProposalName): PropertyName {
  return Object.hasOwn(PARAMETER_NAME_ALIASES, name)
    ? PARAMETER_NAME_ALIASES[name as keyof typeof PARAMETER_NAME_ALIASES]
    : (name as PropertyName);
}

/** The stored name a genesis parameter name sets, or undefined for a name java-tron does not know. */
export function genesisParameterName(name: string): PropertyName | undefined {
  if (isChainParameterName(name) || (GENESIS_SETTABLE_PROPERTIES as readonly string[]).includes(name)) {
    return name as PropertyName;
  }
  return Object.hasOwn(PARAMETER_NAME_ALIASES, name)
    ? PARAMETER_NAME_ALIASES[name as keyof typeof PARAMETER_NAME_ALIASES]
    : undefined;
}

/**
 * Stored byte properties with their defaults (hex; empty = no bytes). The operation masks are
 * 32 bytes, bit t = contract type t, LSB first within each byte. The TRONODE_ rows are lists
 * java-tron gets by scanning a store, kept in state because the engine has point reads only.
 */
export const BYTE_PROPERTIES = {
  ACTIVE_DEFAULT_OPERATIONS: "7fff1fc0033e0000000000000000000000000000000000000000000000000000",
  AVAILABLE_CONTRACT_TYPE: "7fff1fc0037e0000000000000000000000000000000000000000000000000000",
  ACTIVE_WITNESSES: "",
  LATEST_BLOCK_HEADER_HASH: "",
  GENESIS_BLOCK_ID: "",
  BLACKHOLE_ADDRESS: "",
  BANDWIDTH_PRICE_HISTORY: "",
  ENERGY_PRICE_HISTORY: "",
  MEMO_FEE_HISTORY: "",
  TRONODE_WITNESS_ADDRESSES: "",
  TRONODE_GENESIS_WITNESSES: "",
  TRONODE_GENESIS_WITNESS_VOTES: "",
  TRONODE_PENDING_VOTERS: "",
  TRONODE_MARKET_PAIRS: "",
} as const satisfies Readonly<Record<string, string>>;

/** A stored byte property. */
export type BytePropertyName = keyof typeof BYTE_PROPERTIES;

export const DEFAULT_ACTIVE_OPERATIONS_HEX = BYTE_PROPERTIES.ACTIVE_DEFAULT_OPERATIONS;
export const DEFAULT_AVAILABLE_CONTRACT_TYPE_HEX = BYTE_PROPERTIES.AVAILABLE_CONTRACT_TYPE;

/**
 * Contract types each switch's proposal adds to AVAILABLE_CONTRACT_TYPE and ACTIVE_DEFAULT_OPERATIONS
 * when it passes (ProposalService → DynamicPropertiesStore.addSystemContractAndSetPermission).
 */
export const PROPOSAL_CONTRACT_TYPES = {
  ALLOW_TVM_CONSTANTINOPLE: [48],
  ALLOW_CHANGE_DELEGATION: [49],
  ALLOW_MARKET_TRANSACTION: [52, 53],
  // FreezeBalanceV2, UnfreezeBalanceV2, WithdrawExpireUnfreeze, DelegateResource, UnDelegateResource
  UNFREEZE_DELAY_DAYS: [54, 55, 56, 57, 58],
  ALLOW_CANCEL_ALL_UNFREEZE_V2: [59],
} as const satisfies Readonly<Partial<Record<PropertyName, readonly number[]>>>;

/**
 * The genesis rules a chain starts under.
 * - `"dev"`: TRE's chain (tronode's dev chain): a switch on at genesis is on as if its proposal had
 *   passed, so it adds its PROPOSAL_CONTRACT_TYPES to both masks.
 * - `"java-tron"`: a chain from java-tron's config.conf: only ALLOW_TVM_CONSTANTINOPLE adds its type
 *   (DynamicPropertiesStore's constructor); the rest add theirs only when a proposal passes —
 *   checked against java-tron by the oracle.
 */
export type GenesisRules = "dev" | "java-tron";

/** The contract types a switch set at genesis adds to both masks, under each genesis rule. */
export function genesisContractTypes(
  rules: GenesisRules,
): Readonly<Partial<Record<PropertyName, readonly number[]>>> {
  return rules === "dev"
    ? PROPOSAL_CONTRACT_TYPES
    : { ALLOW_TVM_CONSTANTINOPLE: PROPOSAL_CONTRACT_TYPES.ALLOW_TVM_CONSTANTINOPLE };
}

const BY_NAME = new Map<string, ChainParameterSpec<ChainParameterName>>(
  CHAIN_PARAMETERS.map((s) => [s.name, s]),
);
const BY_KEY = new Map<string, ChainParameterSpec<ChainParameterName>>(
  CHAIN_PARAMETERS.map((s) => [s.key, s]),
);

/** The chain parameter of a java-tron name (getchainparameters' key), if there is one. */
export function chainParameterByName(name: string): ChainParameterSpec<ChainParameterName> | undefined {
  return BY_NAME.get(name);
}

export function chainParameterByKey(key: string): ChainParameterSpec<ChainParameterName> | undefined {
  return BY_KEY.get(key);
}

export function isChainParameterName(name: string): name is ChainParameterName {
  return BY_NAME.has(name);
}

/** Whether `name` is a declared numeric property (a name read from a config or a request). */
export function isPropertyName(name: string): name is PropertyName {
  return BY_NAME.has(name) || Object.hasOwn(INTERNAL_PROPERTIES, name);
}
