/**
 * Contract transactions through the engine's pipeline with solc-compiled contracts: deploy,
 * trigger, constant calls, failures kept with their code, TransactionInfo fields and the block
 * check of `ret[0].contractRet`.
 */

import { clone, create } from "@bufbuild/protobuf";
import { Interface } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";
import { type CompiledContract, compiledContracts } from "../../../../test/support/solidity.js";
import {
  AssetIssueContractSchema,
  AssetTables,
  applyBlock,
  BlockSchema,
  bytesToHex,
  ChainProperties,
  Transaction_Result_contractResult as ContractResult,
  ContractTables,
  ContractType,
  callConstantContract,
  contractAddress,
  hexToBytes,
  type MemoryState,
  parseMessage,
  produceBlock,
  SmartContract_ABISchema,
  signBlockHeader,
  Tables,
  TransactionInfo_code,
  transactionId,
  transactionTrieRoot,
  utf8Decode,
  utf8Encode,
} from "../../src/internal.js";
import { ALICE, ALICE_KEY, newChain, recoverer, WITNESS, WITNESS_KEY } from "../support/chain-fixture.js";
import { balance, commit, edit, produce, pushError, tx } from "../support/tx-helpers.js";

const DEV_FLAGS: Record<string, bigint> = {
  ALLOW_CREATION_OF_CONTRACTS: 1n,
  ALLOW_SAME_TOKEN_NAME: 1n,
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
  ALLOW_DELEGATE_RESOURCE: 1n,
  UNFREEZE_DELAY_DAYS: 14n,
  ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
  ENERGY_LIMIT_BLOCK_NUM: 0n,
};

let artefacts: Record<string, CompiledContract>;
beforeAll(async () => {
  artefacts = await compiledContracts();
});

const FEE_LIMIT = 1_000_000_000n;
let nonce = 0n;

function deployTx(
  state: MemoryState,
  name: string,
  args: unknown[] = [],
  key = WITNESS_KEY,
  owner = WITNESS,
) {
  const art = artefacts[name]!;
  const iface = new Interface(art.abi);
  const ctorArgs = iface.encodeDeploy(args).slice(2);
  nonce += 1n;
  return tx(
    state,
    ContractType.CreateSmartContract,
    {
      ownerAddress: owner,
      newContract: {
        originAddress: owner,
        bytecode: hexToBytes(art.bytecode + ctorArgs),
        consumeUserResourcePercent: 100n,
        originEnergyLimit: 10_000_000n,
        name,
        abi: parseMessage(SmartContract_ABISchema, { entrys: art.abi }, { visible: false }),
      },
    },
    [key],
    { feeLimit: FEE_LIMIT, timestamp: nonce },
  );
}

function triggerTx(
  state: MemoryState,
  address: Uint8Array,
  data: string,
  key = WITNESS_KEY,
  owner = WITNESS,
  extra: { callValue?: bigint; feeLimit?: bigint } = {},
) {
  nonce += 1n;
  return tx(
    state,
    ContractType.TriggerSmartContract,
    {
      ownerAddress: owner,
      contractAddress: address,
      data: hexToBytes(data),
      callValue: extra.callValue ?? 0n,
    },
    [key],
    { feeLimit: extra.feeLimit ?? FEE_LIMIT, timestamp: nonce },
  );
}

function constant(state: MemoryState, address: Uint8Array, data: string, owner = WITNESS) {
  const t = triggerTx(state, address, data, WITNESS_KEY, owner, { feeLimit: 0n });
  return callConstantContract(state, t, {
    maxEnergyLimit: 100_000_000n,
    block: { number: 1n, timestamp: 1n, coinbase: WITNESS },
    recoverer,
  });
}

/** Deploys, mines a block, returns the contract address and the TransactionInfo of the deploy. */
function deploy(state: MemoryState, name: string, args: unknown[] = []) {
  const t = deployTx(state, name, args);
  const produced = produce(state, [t]);
  const id = transactionId(t);
  return { address: contractAddress(id, WITNESS), info: state.get(Tables.transactionInfos, id)!, produced };
}

describe("CreateSmartContract and TriggerSmartContract through the pipeline", () => {
  it("deploys a TRC-20: contract, ABI, code, version 1; runtime code in contractResult", () => {
    const state = newChain(DEV_FLAGS);
    const { address, info } = deploy(state, "TestToken", [1_000_000n]);
    const record = state.get(ContractTables.contracts, address)!;
    expect(record.version).toBe(1);
    expect(bytesToHex(record.originAddress)).toBe(bytesToHex(WITNESS));
    expect(state.get(ContractTables.contractAbis, address)!.entrys.length).toBeGreaterThan(5);
    expect(bytesToHex(state.get(ContractTables.code, address)!)).toBe(artefacts.TestToken!.deployedBytecode);
    expect(bytesToHex(info.contractResult[0]!)).toBe(artefacts.TestToken!.deployedBytecode);
    expect(bytesToHex(info.contractAddress)).toBe(bytesToHex(address));
    expect(info.receipt!.result).toBe(ContractResult.SUCCESS);
    expect(info.receipt!.energyUsageTotal).toBeGreaterThan(0n);
    // The deployer has no staked energy: it all burns at ENERGY_FEE (100 sun).
    expect(info.receipt!.energyFee).toBe(info.receipt!.energyUsageTotal * 100n);
    expect(info.fee).toBe(info.receipt!.energyFee + info.receipt!.netFee);
    expect(info.log.length).toBe(1); // Transfer(0 → deployer)
    expect(state.get(Tables.accounts, address)!.type).toBe(2); // AccountType.Contract
  });

  it("transfers tokens, logs Transfer, and balanceOf agrees through a constant call", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "TestToken", [1_000_000n]);
    const iface = new Interface(artefacts.TestToken!.abi);
    const to = `0x${bytesToHex(ALICE).slice(2)}`;
    const t = triggerTx(state, address, iface.encodeFunctionData("transfer", [to, 250n]).slice(2));
    produce(state, [t]);
    const info = state.get(Tables.transactionInfos, transactionId(t))!;
    expect(info.receipt!.result).toBe(ContractResult.SUCCESS);
    expect(info.log.length).toBe(1);
    expect(bytesToHex(info.log[0]!.address)).toBe(bytesToHex(address).slice(2));
    const r = constant(state, address, iface.encodeFunctionData("balanceOf", [to]).slice(2));
    expect(BigInt(`0x${bytesToHex(r.constantResult)}`)).toBe(250n);
    expect(r.failed).toBe(false);
    expect(r.energyUsed).toBeGreaterThan(0n);
  });

  it("keeps a reverted trigger in the block with REVERT, the reason in contractResult, FAILED", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Reverter");
    const iface = new Interface(artefacts.Reverter!.abi);
    const t = triggerTx(state, address, iface.encodeFunctionData("requireAbove", [3n]).slice(2));
    const produced = produce(state, [t]);
    expect(produced.block.transactions[0]!.ret[0]!.contractRet).toBe(ContractResult.REVERT);
    const info = state.get(Tables.transactionInfos, transactionId(t))!;
    expect(info.result).toBe(TransactionInfo_code.FAILED);
    expect(utf8Decode(info.resMessage)).toBe("REVERT opcode executed");
    expect(
      new Interface(["error Error(string)"]).decodeErrorResult("Error", info.contractResult[0]!)[0],
    ).toBe("value must be above 10");
    // Only the energy used is charged on a revert.
    expect(info.receipt!.energyUsageTotal).toBeLessThan(FEE_LIMIT / 100n);
  });

  it("an invalid opcode charges the whole limit and keeps ILLEGAL_OPERATION", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Reverter");
    const iface = new Interface(artefacts.Reverter!.abi);
    const feeLimit = 50_000_000n;
    const t = triggerTx(state, address, iface.encodeFunctionData("invalid").slice(2), WITNESS_KEY, WITNESS, {
      feeLimit,
    });
    produce(state, [t]);
    const info = state.get(Tables.transactionInfos, transactionId(t))!;
    expect(info.receipt!.result).toBe(ContractResult.ILLEGAL_OPERATION);
    expect(info.receipt!.energyUsageTotal).toBe(feeLimit / 100n);
    expect(info.receipt!.energyFee).toBe(feeLimit);
    expect(utf8Decode(info.resMessage)).toMatch(/^Invalid operation code: opCode\[fe\];/);
  });

  it("refuses a trigger of a contract without code as java-tron 4.8.0 does (a NullPointerException: its Program is null)", () => {
    // found by the oracle's generated campaign: java-tron answered this for seed 3's #77
    const state = newChain(DEV_FLAGS);
    nonce += 1n;
    const create = tx(
      state,
      ContractType.CreateSmartContract,
      {
        ownerAddress: WITNESS,
        // an init code that stops: the contract is saved with no runtime code
        newContract: { originAddress: WITNESS, bytecode: hexToBytes("00"), originEnergyLimit: 10_000_000n },
      },
      [WITNESS_KEY],
      { feeLimit: FEE_LIMIT, timestamp: nonce },
    );
    produce(state, [create]);
    const address = contractAddress(transactionId(create), WITNESS);
    expect(state.get(ContractTables.contracts, address)).toBeDefined();
    expect(pushError(state, triggerTx(state, address, ""))).toEqual([
      "OTHER_ERROR",
      // java-tron 4.8.0 on JDK 17 says 'Error: Cannot invoke "…Program.getResult()" because "this.program" is null'
      "Error: null",
    ]);
  });

  it("refuses bad deploys with java-tron's messages", () => {
    const state = newChain(DEV_FLAGS);
    const art = artefacts.Events!;
    const base = {
      ownerAddress: WITNESS,
      newContract: {
        originAddress: WITNESS,
        bytecode: hexToBytes(art.bytecode),
        consumeUserResourcePercent: 100n,
        originEnergyLimit: 1n,
      },
    };
    const bad = (over: Record<string, unknown>, raw: Record<string, bigint> = {}) =>
      pushError(
        state,
        tx(
          state,
          ContractType.CreateSmartContract,
          { ...base, newContract: { ...base.newContract, ...over } },
          [WITNESS_KEY],
          { feeLimit: FEE_LIMIT, ...raw },
        ),
      );
    expect(bad({ originAddress: ALICE })).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : OwnerAddress is not equals OriginAddress",
    ]);
    expect(bad({ name: "x".repeat(33) })[1]).toBe(
      "Contract validate error : contractName's length cannot be greater than 32",
    );
    expect(bad({ consumeUserResourcePercent: 101n })[1]).toBe(
      "Contract validate error : percent must be >= 0 and <= 100",
    );
    expect(bad({ originEnergyLimit: 0n })[1]).toBe(
      "Contract validate error : The originEnergyLimit must be > 0",
    );
    expect(bad({}, { feeLimit: 1_000_000_001n })[1]).toBe(
      "Contract validate error : feeLimit must be >= 0 and <= 1000000000",
    );
    expect(
      pushError(
        state,
        tx(state, ContractType.TriggerSmartContract, { ownerAddress: WITNESS, contractAddress: ALICE }, [
          WITNESS_KEY,
        ]),
      )[1],
    ).toBe("Contract validate error : No contract or not a smart contract");
  });

  it("a received block whose contractRet differs from the run is refused (ReceiptCheckErrException)", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Reverter");
    const iface = new Interface(artefacts.Reverter!.abi);
    const t = triggerTx(state, address, iface.encodeFunctionData("requireAbove", [30n]).slice(2));
    const props = new ChainProperties(state);
    const produced = produceBlock(state, {
      timestamp: props.headTimestamp + 3_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [t],
      recoverer,
    });
    expect(produced.block.transactions[0]!.ret[0]!.contractRet).toBe(ContractResult.SUCCESS);
    // The block as produced applies; the same block claiming REVERT does not.
    expect(() => applyBlock(state, produced.block, recoverer)).not.toThrow();
    const forged = clone(BlockSchema, produced.block);
    forged.transactions[0]!.ret[0]!.contractRet = ContractResult.REVERT;
    forged.blockHeader!.rawData!.txTrieRoot = transactionTrieRoot(forged.transactions);
    forged.blockHeader!.witnessSignature = signBlockHeader(forged, WITNESS_KEY);
    expect(() => applyBlock(state, forged, recoverer)).toThrow(
      `different resultCode txId: ${bytesToHex(transactionId(t))}, expect: REVERT, actual: SUCCESS`,
    );
  });

  it("a received block whose producer ran out of time is verified with no time (java-tron's minTimeRatio)", () => {
    // java-tron's producer measures wall-clock time: a slow producer records OUT_OF_TIME where a
    // verifier would finish, so verifiers run such a transaction with a zero CPU limit and agree.
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Reverter");
    const iface = new Interface(artefacts.Reverter!.abi);
    const t = triggerTx(state, address, iface.encodeFunctionData("requireAbove", [30n]).slice(2));
    const props = new ChainProperties(state);
    const produced = produceBlock(state, {
      timestamp: props.headTimestamp + 3_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [t],
      recoverer,
    });
    const slow = clone(BlockSchema, produced.block);
    slow.transactions[0]!.ret[0]!.contractRet = ContractResult.OUT_OF_TIME;
    slow.blockHeader!.rawData!.txTrieRoot = transactionTrieRoot(slow.transactions);
    slow.blockHeader!.witnessSignature = signBlockHeader(slow, WITNESS_KEY);
    const applied = applyBlock(state, slow, recoverer);
    const info = applied.outcomes[0]!.info;
    expect(info.receipt!.result).toBe(ContractResult.OUT_OF_TIME);
    expect(info.result).toBe(TransactionInfo_code.FAILED);
  });

  it("TransferContract to a version-1 contract is refused", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Receiver");
    expect(
      pushError(
        state,
        tx(state, ContractType.TransferContract, { ownerAddress: ALICE, toAddress: address, amount: 1n }, [
          ALICE_KEY,
        ]),
      )[1],
    ).toBe(
      "Contract validate error : Cannot transfer TRX to a smartContract which version is one. Instead please use TriggerSmartContract ",
    );
    expect(balance(state, address)).toBe(0n);
    void commit;
  });
});

describe("the other test contracts", () => {
  it("Factory: CREATE2 with TRON's 0x41 prefix lands where predict() says; the child is a version-1 contract", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Factory");
    const iface = new Interface(artefacts.Factory!.abi);
    const salt = `0x${"ab".repeat(32)}`;
    const predicted = constant(state, address, iface.encodeFunctionData("predict", [salt, 7n]).slice(2));
    const t = triggerTx(state, address, iface.encodeFunctionData("deploy", [salt, 7n]).slice(2));
    produce(state, [t]);
    const info = state.get(Tables.transactionInfos, transactionId(t))!;
    expect(info.receipt!.result).toBe(ContractResult.SUCCESS);
    const child = hexToBytes(`41${bytesToHex(predicted.constantResult).slice(24)}`);
    const event = iface.parseLog({
      topics: info.log[0]!.topics.map((x) => `0x${bytesToHex(x)}`),
      data: `0x${bytesToHex(info.log[0]!.data)}`,
    });
    expect(event!.args[0].toLowerCase()).toBe(`0x${bytesToHex(child).slice(2)}`);
    expect(state.get(ContractTables.contracts, child)!.version).toBe(1);
    expect(info.internalTransactions.some((it) => utf8Decode(it.note) === "create")).toBe(true);
    const childIface = new Interface(artefacts.Child!.abi);
    const value = constant(state, child, childIface.encodeFunctionData("value").slice(2));
    expect(BigInt(`0x${bytesToHex(value.constantResult)}`)).toBe(7n);
  });

  it("Events: indexed and unindexed parameters, and an anonymous event without its signature topic", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Events");
    const iface = new Interface(artefacts.Events!.abi);
    const t = triggerTx(state, address, iface.encodeFunctionData("store", [4n, "hello"]).slice(2));
    produce(state, [t]);
    const info = state.get(Tables.transactionInfos, transactionId(t))!;
    expect(info.log).toHaveLength(2);
    const stored = iface.parseLog({
      topics: info.log[0]!.topics.map((x) => `0x${bytesToHex(x)}`),
      data: `0x${bytesToHex(info.log[0]!.data)}`,
    })!;
    expect(stored.name).toBe("Stored");
    expect(stored.args.key).toBe(4n);
    expect(stored.args.note).toBe("hello");
    expect(stored.args.flag).toBe(true);
    expect(info.log[1]!.topics).toHaveLength(0); // anonymous
  });

  it("Receiver: takes TRX with call_value and TRC-10 with call_token_value, pays TRX out", () => {
    const state = newChain(DEV_FLAGS);
    const { address } = deploy(state, "Receiver");
    const iface = new Interface(artefacts.Receiver!.abi);
    // a TRC-10 token ALICE holds
    edit(state, (overlay) => {
      overlay.put(
        AssetTables.assetIssuesV2,
        "1000001",
        create(AssetIssueContractSchema, { id: "1000001", ownerAddress: WITNESS, name: utf8Encode("TOK") }),
      );
      const alice = overlay.get(Tables.accounts, ALICE)!;
      overlay.put(Tables.accounts, ALICE, { ...alice, assetV2: { "1000001": 500n } });
    });
    nonce += 1n;
    const deposit = tx(
      state,
      ContractType.TriggerSmartContract,
      {
        ownerAddress: ALICE,
        contractAddress: address,
        data: hexToBytes(iface.encodeFunctionData("deposit").slice(2)),
        callValue: 3_000_000n,
        callTokenValue: 200n,
        tokenId: 1_000_001n,
      },
      [ALICE_KEY],
      { feeLimit: FEE_LIMIT, timestamp: nonce },
    );
    produce(state, [deposit]);
    const info = state.get(Tables.transactionInfos, transactionId(deposit))!;
    expect(info.receipt!.result).toBe(ContractResult.SUCCESS);
    expect(balance(state, address)).toBe(3_000_000n);
    expect(state.get(Tables.accounts, address)!.assetV2["1000001"]).toBe(200n);
    expect(state.get(Tables.accounts, ALICE)!.assetV2["1000001"]).toBe(300n);
    const to = `0x${bytesToHex(ALICE).slice(2)}`;
    const before = balance(state, ALICE);
    const pay = triggerTx(state, address, iface.encodeFunctionData("pay", [to, 1_000_000n]).slice(2));
    produce(state, [pay]);
    expect(balance(state, address)).toBe(2_000_000n);
    expect(balance(state, ALICE)).toBe(before + 1_000_000n);
    const paid = state.get(Tables.transactionInfos, transactionId(pay))!;
    expect(paid.internalTransactions[0]!.callValueInfo[0]!.callValue).toBe(1_000_000n);
    // a token id that is no token is refused before the run
    nonce += 1n;
    const bogus = tx(
      state,
      ContractType.TriggerSmartContract,
      {
        ownerAddress: ALICE,
        contractAddress: address,
        data: hexToBytes(iface.encodeFunctionData("deposit").slice(2)),
        callTokenValue: 1n,
        tokenId: 1_000_009n,
      },
      [ALICE_KEY],
      { feeLimit: FEE_LIMIT, timestamp: nonce },
    );
    expect(pushError(state, bogus)[1]).toBe("Contract validate error : No asset !");
  });
});
