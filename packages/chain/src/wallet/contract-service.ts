import { create } from "@bufbuild/protobuf";
import {
  type BlockContext,
  ChainProperties,
  type Clock,
  type ConstantCallResult,
  type ContractCallAnswer,
  type ContractQueries,
  ContractRefusalCodes,
  ContractTables,
  ContractType,
  CreateSmartContractSchema,
  callConstantContract,
  type DeployInput,
  type EnergyEstimateAnswer,
  estimateEnergy,
  isConstantCall,
  JavaExceptions,
  packContract,
  type ReadScope,
  type SmartContract,
  type SmartContractDataWrapper,
  type StateView,
  smartContractInfoOf,
  smartContractOf,
  Tables,
  type Transaction,
  type TriggerInput,
  TronodeError,
  validateError,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";
import type { ConsoleLogPrinter } from "../dev/console-log-printer.js";
import { consoleCallsOf } from "./console-calls.js";
import { newTransaction } from "./new-transaction.js";

export interface ContractServiceOptions {
  readonly chain: ChainService;
  readonly clock: Clock;
  /** java-tron's vm.maxEnergyLimitForConstant (default 100 000 000). */
  readonly maxEnergyLimitForConstant: bigint;
  /** java-tron's vm.estimateEnergy (stock java-tron: off; a dev node: on). */
  readonly estimateEnergy: boolean;
  /** java-tron's vm.supportConstant (stock java-tron: off; a dev node: on). */
  readonly supportConstant?: boolean;
  /** java-tron's trx.expiration.timeInMilliseconds for the transactions the node builds. */
  readonly expirationMs?: bigint;
  /** Prints the console.log lines of constant calls in the node's output. */
  readonly consoleLog?: ConsoleLogPrinter;
}

/**
 * java-tron's refusal of estimateenergy when vm.estimateEnergy is off (a ContractValidateException),
 * with its own code so eth_estimateGas can tell it apart and fall back to a constant call.
 */
function estimateEnergyOffError(): TronodeError {
  const message = "this node does not support estimate energy";
  return new TronodeError(ContractRefusalCodes.estimateEnergyOff, message, {
    javaClass: JavaExceptions.contractValidate,
  });
}

/**
 * java-tron's Wallet contract operations over a running chain: reads of the contract tables,
 * deploy/trigger builders, and constant calls on the scope's state (`head`: the pending state,
 * as java-tron's constant calls see its pending session; `solid`: the committed state) against the
 * latest block.
 */
export class ContractService implements ContractQueries {
  constructor(private readonly options: ContractServiceOptions) {}

  #view(scope: ReadScope): StateView {
    return this.options.chain.viewOf(scope);
  }

  /** The latest block of the state a constant call runs on, as its opcodes see it. */
  async #headBlock(view: StateView): Promise<BlockContext> {
    const props = new ChainProperties(view);
    const block = await this.options.chain.store.read(Tables.blocks, props.headNumber);
    return {
      number: props.headNumber,
      timestamp: props.headTimestamp / 1000n,
      coinbase: block?.blockHeader?.rawData?.witnessAddress ?? new Uint8Array(0),
    };
  }

  async getContract(address: Uint8Array, scope: ReadScope): Promise<SmartContract | undefined> {
    return smartContractOf(this.#view(scope), address);
  }

  async getContractInfo(
    address: Uint8Array,
    scope: ReadScope,
  ): Promise<SmartContractDataWrapper | undefined> {
    const view = this.#view(scope);
    return smartContractInfoOf(view, new ChainProperties(view), address);
  }

  async deployContract(input: DeployInput): Promise<Transaction> {
    const percent = input.contract.newContract?.consumeUserResourcePercent ?? 0n;
    if (percent < 0n || percent > 100n) throw validateError("percent must be >= 0 and <= 100");
    return this.#build(ContractType.CreateSmartContract, input.contract, input.feeLimit, input.permissionId);
  }

  async triggerSmartContract(input: TriggerInput): Promise<ContractCallAnswer> {
    const view = this.#view("head");
    const address = input.contract.contractAddress;
    if (!view.get(ContractTables.contracts, address)) {
      throw validateError("No contract or not a valid smart contract");
    }
    const tx = await this.#build(ContractType.TriggerSmartContract, input.contract, input.feeLimit ?? 0n);
    if (!isConstantCall(view.get(ContractTables.contractAbis, address), input.contract.data)) {
      return { transaction: withPermission(tx, input.permissionId) };
    }
    const run = await this.#constant(view, tx, false);
    this.#printConsoleLog(input.contract.contractAddress, run);
    return { transaction: withPermission(run.transaction, input.permissionId), run };
  }

  async triggerConstantContract(input: TriggerInput, scope: ReadScope): Promise<ContractCallAnswer> {
    const view = this.#view(scope);
    const tx = await this.#constantTransaction(view, input);
    const run = await this.#constant(view, tx, false);
    this.#printConsoleLog(input.contract.contractAddress, run);
    let transaction = withPermission(run.transaction, input.permissionId);
    if (input.data !== undefined && input.data.length > 0) {
      transaction = { ...transaction, rawData: { ...transaction.rawData!, data: input.data } };
    }
    return { transaction, run };
  }

  #printConsoleLog(contract: Uint8Array, run: ConstantCallResult): void {
    this.options.consoleLog?.print({ kind: "call", contract }, consoleCallsOf(run.internalTransactions));
  }

  async estimateEnergy(input: TriggerInput, scope: ReadScope): Promise<EnergyEstimateAnswer> {
    if (!this.options.estimateEnergy) throw estimateEnergyOffError();
    if (this.options.supportConstant === false) {
      throw validateError("this node does not support constant, so estimate energy cannot work");
    }
    const view = this.#view(scope);
    const tx = await this.#constantTransaction(view, input);
    const estimate = estimateEnergy(view, tx, {
      maxEnergyLimit: this.options.maxEnergyLimitForConstant,
      block: await this.#headBlock(view),
      recoverer: this.options.chain.recoverer,
    });
    return {
      run: estimate.result,
      ...(estimate.energyRequired !== undefined ? { energyRequired: estimate.energyRequired } : {}),
    };
  }

  /**
   * Wallet.triggerConstantContract's transaction: an empty contract address deploys the call data
   * (percent 100, origin_energy_limit 1); otherwise the contract must exist.
   */
  async #constantTransaction(view: StateView, input: TriggerInput): Promise<Transaction> {
    const trigger = input.contract;
    if (trigger.contractAddress.length === 0) {
      const deploy = create(CreateSmartContractSchema, {
        ownerAddress: trigger.ownerAddress,
        newContract: {
          originAddress: trigger.ownerAddress,
          bytecode: trigger.data,
          callValue: trigger.callValue,
          consumeUserResourcePercent: 100n,
          originEnergyLimit: 1n,
        },
        callTokenValue: trigger.callTokenValue,
        tokenId: trigger.tokenId,
      });
      return this.#build(ContractType.CreateSmartContract, deploy, input.feeLimit ?? 0n);
    }
    if (!view.get(ContractTables.contracts, trigger.contractAddress)) {
      throw validateError("Smart contract is not exist.");
    }
    return this.#build(ContractType.TriggerSmartContract, trigger, input.feeLimit ?? 0n);
  }

  async #constant(view: StateView, tx: Transaction, estimating: boolean): Promise<ConstantCallResult> {
    // Wallet.callConstantContract
    if (this.options.supportConstant === false) throw validateError("this node does not support constant");
    return callConstantContract(view, tx, {
      maxEnergyLimit: this.options.maxEnergyLimitForConstant,
      block: await this.#headBlock(view),
      recoverer: this.options.chain.recoverer,
      estimating,
    });
  }

  #build(
    type: ContractType,
    contract: unknown,
    feeLimit: bigint,
    permissionId?: number,
  ): Promise<Transaction> {
    return newTransaction(
      this.options.chain,
      this.options.clock,
      packContract(type, contract as never, permissionId ?? 0),
      {
        feeLimit,
        ...(this.options.expirationMs === undefined ? {} : { expirationMs: this.options.expirationMs }),
      },
    );
  }
}

/** Util.setTransactionPermissionId: written into the contract only when > 0. */
function withPermission(tx: Transaction, permissionId: number | undefined): Transaction {
  if (permissionId === undefined || permissionId <= 0) return tx;
  const raw = tx.rawData!;
  const contract = { ...raw.contract[0]!, PermissionId: permissionId };
  return { ...tx, rawData: { ...raw, contract: [contract] } };
}
