import type { PropertyName } from "../state/chain-parameters.js";
import type { ChainProperties } from "../state/chain-properties.js";

/**
 * java-tron's VMConfig: every governance flag that changes the machine, read from the chain
 * properties once per transaction (ConfigLoader.load). Opcode availability, costs and semantics
 * are gated on these fields only.
 */
export interface VmConfig {
  /** #20: ADDRESS/ORIGIN pushed as 20 bytes; strict token-id checks. */
  readonly allowMultiSign: boolean;
  /** #18: CALLTOKEN, TOKENBALANCE, CALLTOKENVALUE, CALLTOKENID; SELFDESTRUCT moves TRC-10. */
  readonly allowTvmTransferTrc10: boolean;
  /** #26: SHL, SHR, SAR, CREATE2, EXTCODEHASH; code saved after the constructor; TransferException. */
  readonly allowTvmConstantinople: boolean;
  /** #32: ISCONTRACT, precompiles 0x09/0x0a, transfers create missing accounts. */
  readonly allowTvmSolidity059: boolean;
  /** #39: shielded TRC-20 precompiles 0x1000001–0x1000004. */
  readonly allowShieldedTrc20Transaction: boolean;
  /** #41: CHAINID, SELFBALANCE, bn128 repricing, CREATE2 from the context address. */
  readonly allowTvmIstanbul: boolean;
  /** #52: FREEZE, UNFREEZE, FREEZEEXPIRETIME. */
  readonly allowTvmFreeze: boolean;
  /** #59: VOTEWITNESS, WITHDRAWREWARD, vote query precompiles. */
  readonly allowTvmVote: boolean;
  /** #63: BASEFEE; new code starting with 0xEF refused. */
  readonly allowTvmLondon: boolean;
  /** #60: contract version 1 (63/64 rule, hashed storage keys, GASPRICE), 0x020003, 0x020009. */
  readonly allowTvmCompatibleEvm: boolean;
  /** #65: MLOAD/MSTORE/MSTORE8 +1 energy. */
  readonly allowHigherLimitForMaxCpuTimeOfOneTx: boolean;
  /** UNFREEZE_DELAY_DAYS > 0: Stake 2.0 opcodes and precompiles; FREEZE becomes a no-op. */
  readonly allowTvmFreezeV2: boolean;
  /** #71: CHAINID is the last 4 bytes of the genesis block id. */
  readonly allowOptimizedReturnValueOfChainId: boolean;
  /** #72–75: per-contract energy factor. */
  readonly allowDynamicEnergy: boolean;
  readonly dynamicEnergyThreshold: bigint;
  readonly dynamicEnergyIncreaseFactor: bigint;
  readonly dynamicEnergyMaxFactor: bigint;
  /** #76: PUSH0. */
  readonly allowTvmShanghai: boolean;
  /** #81: SELFDESTRUCT +25000 for a new heir, VOTEWITNESS memory +32 per array, 21-byte self check. */
  readonly allowEnergyAdjustment: boolean;
  /** #87: StrictMath (fdlibm) for the dynamic-energy pow. */
  readonly allowStrictMath: boolean;
  /** #83: TLOAD, TSTORE, MCOPY. */
  readonly allowTvmCancun: boolean;
  /** #89: BLOBHASH, BLOBBASEFEE (both push 0). */
  readonly allowTvmBlob: boolean;
  /** #94 (v4.8.1, TIP-6780): SELFDESTRUCT costs 5000 and only deletes a contract created in this transaction. */
  readonly allowTvmSelfdestructRestriction: boolean;
  /** #95 (v4.8.2): TIP-2935 block hashes in state (block processing; the VM itself is unchanged). */
  readonly allowTvmPrague: boolean;
  /**
   * #96 (v4.8.2): CLZ, P256VERIFY at 0x100, MODEXP bounds (TIP-7823) and repricing (TIP-7883) and
   * zero-modulus output (TIP-871), canonical calldata for 0x09/0x0a (TIP-854), CREATE2 clears the
   * return data.
   */
  readonly allowTvmOsaka: boolean;
  /** #88 CONSENSUS_LOGIC_OPTIMIZATION (java-tron's disableJavaLangMath). */
  readonly consensusLogicOptimization: boolean;
  /** #13 MAX_CPU_TIME_OF_ONE_TX in milliseconds: sizes the deterministic instruction budget. */
  readonly maxCpuTimeOfOneTxMs: bigint;
  /** ENERGY_FEE (#11): GASPRICE of version-1 contracts and BASEFEE. */
  readonly energyFee: bigint;
}

/** The VM configuration in force for a transaction executed on top of `props`. */
export function vmConfigOf(props: ChainProperties): VmConfig {
  const on = (name: PropertyName) => props.get(name) === 1n;
  return {
    allowMultiSign: on("ALLOW_MULTI_SIGN"),
    allowTvmTransferTrc10: on("ALLOW_TVM_TRANSFER_TRC10"),
    allowTvmConstantinople: on("ALLOW_TVM_CONSTANTINOPLE"),
    allowTvmSolidity059: on("ALLOW_TVM_SOLIDITY_059"),
    allowShieldedTrc20Transaction: on("ALLOW_SHIELDED_TRC20_TRANSACTION"),
    allowTvmIstanbul: on("ALLOW_TVM_ISTANBUL"),
    allowTvmFreeze: on("ALLOW_TVM_FREEZE"),
    allowTvmVote: on("ALLOW_TVM_VOTE"),
    allowTvmLondon: on("ALLOW_TVM_LONDON"),
    allowTvmCompatibleEvm: on("ALLOW_TVM_COMPATIBLE_EVM"),
    allowHigherLimitForMaxCpuTimeOfOneTx: on("ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX"),
    allowTvmFreezeV2: props.get("UNFREEZE_DELAY_DAYS") > 0n,
    allowOptimizedReturnValueOfChainId: on("ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID"),
    allowDynamicEnergy: on("ALLOW_DYNAMIC_ENERGY"),
    dynamicEnergyThreshold: props.get("DYNAMIC_ENERGY_THRESHOLD"),
    dynamicEnergyIncreaseFactor: props.get("DYNAMIC_ENERGY_INCREASE_FACTOR"),
    dynamicEnergyMaxFactor: props.get("DYNAMIC_ENERGY_MAX_FACTOR"),
    allowTvmShanghai: on("ALLOW_TVM_SHANGHAI"),
    allowEnergyAdjustment: on("ALLOW_ENERGY_ADJUSTMENT"),
    allowStrictMath: on("ALLOW_STRICT_MATH"),
    allowTvmCancun: on("ALLOW_TVM_CANCUN"),
    allowTvmBlob: on("ALLOW_TVM_BLOB"),
    allowTvmSelfdestructRestriction: on("ALLOW_TVM_SELFDESTRUCT_RESTRICTION"),
    allowTvmPrague: on("ALLOW_TVM_PRAGUE"),
    allowTvmOsaka: on("ALLOW_TVM_OSAKA"),
    consensusLogicOptimization: on("CONSENSUS_LOGIC_OPTIMIZATION"),
    maxCpuTimeOfOneTxMs: props.get("MAX_CPU_TIME_OF_ONE_TX"),
    energyFee: props.get("ENERGY_FEE"),
  };
}

/** Every flag off (java-tron's VMConfig defaults): the Frontier-like machine the VMTests exercise. */
export const BASE_VM_CONFIG: VmConfig = {
  allowMultiSign: false,
  allowTvmTransferTrc10: false,
  allowTvmConstantinople: false,
  allowTvmSolidity059: false,
  allowShieldedTrc20Transaction: false,
  allowTvmIstanbul: false,
  allowTvmFreeze: false,
  allowTvmVote: false,
  allowTvmLondon: false,
  allowTvmCompatibleEvm: false,
  allowHigherLimitForMaxCpuTimeOfOneTx: false,
  allowTvmFreezeV2: false,
  allowOptimizedReturnValueOfChainId: false,
  allowDynamicEnergy: false,
  dynamicEnergyThreshold: 0n,
  dynamicEnergyIncreaseFactor: 0n,
  dynamicEnergyMaxFactor: 0n,
  allowTvmShanghai: false,
  allowEnergyAdjustment: false,
  allowStrictMath: false,
  allowTvmCancun: false,
  allowTvmBlob: false,
  allowTvmSelfdestructRestriction: false,
  allowTvmPrague: false,
  allowTvmOsaka: false,
  consensusLogicOptimization: false,
  maxCpuTimeOfOneTxMs: 50n,
  energyFee: 100n,
};
