import { create } from "@bufbuild/protobuf";
import {
  AccountSchema,
  AccountType,
  ContractResult,
  ContractTables,
  executeCall,
  executeCreate,
  hexToBytes,
  keccak256,
  MemoryState,
  SmartContractSchema,
  StateOverlay,
  Tables,
  type VmExecutionContext,
  type VmResult,
} from "../../src/internal.js";

/** Every TVM flag mainnet has on (plus Cancun), as the chain properties that switch them. */
export const MAINNET_FLAGS: Record<string, bigint> = {
  ALLOW_CREATION_OF_CONTRACTS: 1n,
  ALLOW_MULTI_SIGN: 1n,
  ALLOW_TVM_TRANSFER_TRC10: 1n,
  ALLOW_TVM_CONSTANTINOPLE: 1n,
  ALLOW_TVM_SOLIDITY_059: 1n,
  ALLOW_TVM_ISTANBUL: 1n,
  ALLOW_TVM_FREEZE: 1n,
  ALLOW_TVM_VOTE: 1n,
  ALLOW_TVM_LONDON: 1n,
  ALLOW_TVM_COMPATIBLE_EVM: 1n,
  ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX: 1n,
  ALLOW_TVM_SHANGHAI: 1n,
  ALLOW_TVM_CANCUN: 1n,
  ALLOW_ENERGY_ADJUSTMENT: 1n,
  ALLOW_SAME_TOKEN_NAME: 1n,
};

export const OWNER = hexToBytes(`41${"a1".repeat(20)}`);
export const OTHER = hexToBytes(`41${"b2".repeat(20)}`);
export const TX_ID = keccak256(new TextEncoder().encode("tronode tvm test"));
export const BLOCK = {
  number: 100n,
  timestamp: 1_700_000_000n,
  coinbase: hexToBytes(`41${"c3".repeat(20)}`),
};

/** A chain state with the given properties and funded accounts. */
export function chainState(
  props: Record<string, bigint> = MAINNET_FLAGS,
  balances: [Uint8Array, bigint][] = [
    [OWNER, 1_000_000_000_000n],
    [OTHER, 5_000_000n],
  ],
): MemoryState {
  const state = new MemoryState();
  const overlay = new StateOverlay(state);
  for (const [name, value] of Object.entries(props)) overlay.put(Tables.properties, name, value);
  for (const [address, balance] of balances) {
    overlay.put(Tables.accounts, address, create(AccountSchema, { address, balance }));
  }
  state.apply(overlay.changes());
  return state;
}

const base = (energyLimit: bigint): VmExecutionContext => ({
  txId: TX_ID,
  origin: OWNER,
  callValue: 0n,
  tokenValue: 0n,
  tokenId: 0n,
  energyLimit,
  block: BLOCK,
});

/** Deploys `bytecode` (init code) and commits it; returns the result and the contract address. */
export function deploy(
  state: MemoryState,
  bytecode: Uint8Array,
  options: Partial<VmExecutionContext> & { energyLimit?: bigint } = {},
): { result: VmResult; address: Uint8Array } {
  const address = hexToBytes(`41${"d4".repeat(20)}`);
  const contract = create(SmartContractSchema, {
    originAddress: options.origin ?? OWNER,
    contractAddress: address,
    bytecode,
    consumeUserResourcePercent: 100n,
    originEnergyLimit: 10_000_000n,
    name: "Test",
  });
  const result = executeCreate(state, { ...base(options.energyLimit ?? 10_000_000n), ...options, contract });
  state.apply(result.changes);
  return { result, address };
}

export function call(
  state: MemoryState,
  contractAddress: Uint8Array,
  data: Uint8Array = new Uint8Array(0),
  options: Partial<VmExecutionContext> & { energyLimit?: bigint } = {},
): VmResult {
  const result = executeCall(state, {
    ...base(options.energyLimit ?? 10_000_000n),
    ...options,
    contractAddress,
    data,
  });
  state.apply(result.changes);
  return result;
}

/** Init code that returns `runtime` (PUSH the length, CODECOPY from after itself, RETURN). */
export function initCodeFor(runtime: Uint8Array): Uint8Array {
  const n = runtime.length.toString(16).padStart(4, "0");
  // PUSH2 n PUSH1 0x0e PUSH1 0 CODECOPY PUSH2 n PUSH1 0 RETURN  (14 bytes) ++ runtime
  const prefix = hexToBytes(`61${n}600e600039${"61"}${n}6000f3`);
  const out = new Uint8Array(prefix.length + runtime.length);
  out.set(prefix);
  out.set(runtime, prefix.length);
  return out;
}

export { AccountType, ContractResult, ContractTables };
