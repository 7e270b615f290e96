/**
 * Every TRON opcode (0xd0–0xdf) through a Yul object compiled at test time by upstream solc from
 * npm (`verbatim`, evmVersion pinned to cancun), deployed and called on the TVM.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import solc from "solc";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AssetIssueContractSchema,
  AssetTables,
  ContractResult,
  createAccountTokenLedger,
  hexToBytes,
  type MemoryState,
  ResourceCode,
  StateOverlay,
  Tables,
  utf8Encode,
  WitnessSchema,
} from "../../src/internal.js";
import { call, chainState, deploy, MAINNET_FLAGS, OTHER, OWNER } from "./helpers.js";

let bytecode: Uint8Array;

beforeAll(() => {
  const input = {
    language: "Yul",
    sources: { "tron-ops.yul": { content: readFileSync(join(__dirname, "yul", "tron-ops.yul"), "utf8") } },
    settings: { evmVersion: "cancun", outputSelection: { "*": { "*": ["evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  bytecode = hexToBytes(output.contracts["tron-ops.yul"].TronOps.evm.bytecode.object);
});

const TOKEN = "1000001";
const host = { tokens: createAccountTokenLedger() };
const word = (v: bigint) => v.toString(16).padStart(64, "0");
const addrWord = (a: Uint8Array) => word(BigInt(`0x${Buffer.from(a.subarray(1)).toString("hex")}`));
const input = (op: number, ...args: string[]) => hexToBytes(op.toString(16) + args.join(""));
const result = (r: { returnData: Uint8Array }) =>
  BigInt(`0x${Buffer.from(r.returnData).toString("hex") || "0"}`);

const STAKE_V2 = {
  ...MAINNET_FLAGS,
  UNFREEZE_DELAY_DAYS: 14n,
  ALLOW_DELEGATE_RESOURCE: 1n,
  ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
  ALLOW_NEW_RESOURCE_MODEL: 1n,
  ALLOW_CHANGE_DELEGATION: 1n,
};

function setup(props: Record<string, bigint> = STAKE_V2): { state: MemoryState; contract: Uint8Array } {
  const state = chainState(props);
  const overlay = new StateOverlay(state);
  const owner = state.get(Tables.accounts, OWNER)!;
  overlay.put(Tables.accounts, OWNER, { ...owner, assetV2: { [TOKEN]: 1_000n } });
  // A real TRC-10 token in the TRC-10 domain's table: the VM's ledger looks ids up there.
  overlay.put(
    AssetTables.assetIssuesV2,
    TOKEN,
    create(AssetIssueContractSchema, { id: TOKEN, ownerAddress: OWNER, name: utf8Encode("TOK") }),
  );
  state.apply(overlay.changes());
  const { result: deployed, address } = deploy(state, bytecode, {
    callValue: 100_000_000n,
    tokenValue: 500n,
    tokenId: BigInt(TOKEN),
    host,
  });
  expect(deployed.contractResult).toBe(ContractResult.SUCCESS);
  return { state, contract: address };
}

describe("TRON opcodes through solc-compiled Yul verbatim", () => {
  it("0xd0 CALLTOKEN moves TRC-10 to another account and records the token value", () => {
    const { state, contract } = setup();
    const r = call(state, contract, input(0xd0, addrWord(OTHER), word(100n), word(BigInt(TOKEN))), { host });
    expect(result(r)).toBe(1n);
    expect(state.get(Tables.accounts, OTHER)!.assetV2[TOKEN]).toBe(100n);
    expect(state.get(Tables.accounts, contract)!.assetV2[TOKEN]).toBe(400n);
    expect(r.internalTransactions[0]!.tokenInfo).toEqual([[TOKEN, 100n]]);
    expect(r.internalTransactions[0]!.value).toBe(0n);
  });

  it("0xd0 CALLTOKEN with an invalid token id fails the frame with TRANSFER_FAILED", () => {
    const { state, contract } = setup();
    const r = call(state, contract, input(0xd0, addrWord(OTHER), word(100n), word(1000n)), { host });
    expect(r.contractResult).toBe(ContractResult.TRANSFER_FAILED);
    expect(r.runtimeError).toBe("validateForSmartContract failure:not valid token id");
  });

  it("0xd1 TOKENBALANCE reads the assetV2 balance", () => {
    const { state, contract } = setup();
    expect(
      result(call(state, contract, input(0xd1, addrWord(contract), word(BigInt(TOKEN))), { host })),
    ).toBe(500n);
  });

  it("0xd2 CALLTOKENVALUE and 0xd3 CALLTOKENID see the trigger's token", () => {
    const { state, contract } = setup();
    const opts = { host, tokenValue: 7n, tokenId: BigInt(TOKEN) };
    expect(result(call(state, contract, input(0xd2), opts))).toBe(7n);
    expect(result(call(state, contract, input(0xd3), opts))).toBe(BigInt(TOKEN));
  });

  it("0xd4 ISCONTRACT is 1 for a contract, 0 for an account", () => {
    const { state, contract } = setup();
    expect(result(call(state, contract, input(0xd4, addrWord(contract))))).toBe(1n);
    expect(result(call(state, contract, input(0xd4, addrWord(OTHER))))).toBe(0n);
  });

  it("0xd5 FREEZE, 0xd7 FREEZEEXPIRETIME, 0xd6 UNFREEZE (Stake 1.0 chain)", () => {
    const { state, contract } = setup({ ...MAINNET_FLAGS, ALLOW_CHANGE_DELEGATION: 1n });
    const frozen = call(state, contract, input(0xd5, addrWord(contract), word(1_000_000n), word(1n)));
    expect(result(frozen)).toBe(1n);
    expect(frozen.internalTransactions[0]!.note).toBe("freezeForEnergy");
    const account = state.get(Tables.accounts, contract)!;
    expect(account.accountResource!.frozenBalanceForEnergy!.frozenBalance).toBe(1_000_000n);
    const expire = account.accountResource!.frozenBalanceForEnergy!.expireTime;
    expect(result(call(state, contract, input(0xd7, addrWord(contract), word(1n))))).toBe(expire / 1000n);
    // still locked: the processor refuses, the opcode answers 0 and the internal transaction is rejected
    const early = call(state, contract, input(0xd6, addrWord(contract), word(1n)));
    expect(result(early)).toBe(0n);
    expect(early.internalTransactions[0]!.rejected).toBe(true);
  });

  it("0xd5 FREEZE pushes 0 and does nothing once Stake 2.0 is on", () => {
    const { state, contract } = setup();
    const r = call(state, contract, input(0xd5, addrWord(contract), word(1_000_000n), word(1n)));
    expect(result(r)).toBe(0n);
    expect(r.internalTransactions).toEqual([]);
  });

  it("0xda FREEZEBALANCEV2, 0xdb UNFREEZEBALANCEV2, 0xdc CANCELALLUNFREEZEV2, 0xdd WITHDRAWEXPIREUNFREEZE", () => {
    const { state, contract } = setup();
    expect(result(call(state, contract, input(0xda, word(5_000_000n), word(1n))))).toBe(1n);
    const staked = state.get(Tables.accounts, contract)!;
    expect(staked.frozenV2.find((f) => f.type === ResourceCode.ENERGY)!.amount).toBe(5_000_000n);
    expect(result(call(state, contract, input(0xdb, word(2_000_000n), word(1n))))).toBe(1n);
    expect(state.get(Tables.accounts, contract)!.unfrozenV2.length).toBe(1);
    const cancelled = call(state, contract, input(0xdc));
    expect(result(cancelled)).toBe(1n);
    expect(cancelled.internalTransactions[0]!.note).toBe("cancelAllUnfreezeV2");
    expect(state.get(Tables.accounts, contract)!.unfrozenV2.length).toBe(0);
    const withdraw = call(state, contract, input(0xdd));
    expect(result(withdraw)).toBe(0n);
    // WithdrawExpireUnfreezeProcessor: nothing to withdraw is a success with 0, not a refusal
    expect(withdraw.internalTransactions[0]!.rejected).toBe(false);
  });

  it("0xde DELEGATERESOURCE and 0xdf UNDELEGATERESOURCE", () => {
    const { state, contract } = setup();
    expect(result(call(state, contract, input(0xda, word(5_000_000n), word(1n))))).toBe(1n);
    const delegated = call(state, contract, input(0xde, addrWord(OTHER), word(2_000_000n), word(1n)));
    expect(result(delegated)).toBe(1n);
    expect(delegated.internalTransactions[0]!.note).toBe("delegateResourceOfEnergy");
    expect(
      state.get(Tables.accounts, OTHER)!.accountResource!.acquiredDelegatedFrozenV2BalanceForEnergy,
    ).toBe(2_000_000n);
    expect(result(call(state, contract, input(0xdf, addrWord(OTHER), word(2_000_000n), word(1n))))).toBe(1n);
    expect(
      state.get(Tables.accounts, OTHER)!.accountResource!.acquiredDelegatedFrozenV2BalanceForEnergy,
    ).toBe(0n);
  });

  it("0xd8 VOTEWITNESS votes with the contract's tron power; 0xd9 WITHDRAWREWARD", () => {
    const { state, contract } = setup();
    const overlay = new StateOverlay(state);
    overlay.put(Tables.witnesses, OTHER, create(WitnessSchema, { address: OTHER, url: "w" }));
    overlay.put(Tables.accounts, OTHER, { ...state.get(Tables.accounts, OTHER)!, isWitness: true });
    state.apply(overlay.changes());
    expect(result(call(state, contract, input(0xda, word(3_000_000n), word(2n))))).toBe(1n);
    const voted = call(state, contract, input(0xd8, addrWord(OTHER), word(3n)));
    expect(result(voted)).toBe(1n);
    expect(voted.internalTransactions[0]!.note).toBe("voteWitness");
    expect(state.get(Tables.accounts, contract)!.votes).toEqual([
      expect.objectContaining({ voteAddress: OTHER, voteCount: 3n }),
    ]);
    const tooMany = call(state, contract, input(0xd8, addrWord(OTHER), word(4n)));
    expect(result(tooMany)).toBe(0n);
    const reward = call(state, contract, input(0xd9));
    expect(result(reward)).toBe(0n);
    expect(reward.internalTransactions[0]!.note).toBe("withdrawReward");
  });

  it("a staking opcode inside STATICCALL fails that frame (the caller sees 0)", () => {
    const { state, contract } = setup();
    const r = call(state, contract, input(0xfa, word(5_000_000n), word(1n)));
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(result(r)).toBe(0n);
    expect(state.get(Tables.accounts, contract)!.frozenV2).toEqual([]);
  });
});
