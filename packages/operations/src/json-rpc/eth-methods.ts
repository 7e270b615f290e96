/**
 * java-tron's Ethereum-compatible JSON-RPC methods (TronJsonRpc / TronJsonRpcImpl), one row per
 * `@JsonRpcMethod`: the Java parameter count jsonrpc4j matches, and the behaviour with java-tron's
 * checks, texts and codes. State methods read the unconfirmed head state, `latest` only; block
 * methods take `latest` / `earliest` / `finalized` / a number; `pending` is refused. Methods
 * java-tron declares but does not serve answer -32601 "the method X does not exist/is not available".
 */

import { create } from "@bufbuild/protobuf";
import {
  type Block,
  bytesEqual,
  CONTRACT_VALIDATE_PREFIX,
  type ConstantCallResult,
  ContractRefusalCodes,
  ContractType,
  CreateSmartContractSchema,
  decodeErrorString,
  type JsonObject,
  type JsonValue,
  keccak256,
  type Logger,
  parseJsonText,
  parseMessage,
  printTransaction,
  type ReadScope,
  SmartContract_ABISchema,
  TransferAssetContractSchema,
  TransferContractSchema,
  type TriggerInput,
  TriggerSmartContractSchema,
  TronodeError,
  transactionId,
  utf8Encode,
  type WalletApi,
} from "@tronode/engine/internal";
import { printBuiltTransaction } from "../built-transaction-json.js";
import { JsonRpcFailure } from "./errors.js";
import type { EthFilters } from "./eth-filters.js";
import {
  type ContractLogIndex,
  FINALIZED_RANGE_ERROR,
  type FilterRequest,
  filterRequestOf,
  logFilterWrapper,
  queryLogs,
} from "./eth-logs.js";
import {
  blockResult,
  energyFeeAt,
  energyPrices,
  transactionReceipt,
  transactionResult,
} from "./eth-shapes.js";
import {
  addressCompatibleToByteArray,
  BLOCK_NUM_ERROR,
  EARLIEST,
  FINALIZED,
  fromHexString,
  hashToByteArray,
  hexToLongValue,
  invalidParams,
  invalidRequest,
  isTag,
  JavaException,
  JSON_ERROR,
  javaParseInt,
  jsonHexBytes,
  jsonHexQuantity,
  LATEST,
  methodNotAvailable,
  NULL_POINTER,
  PENDING,
  paramQuantityIsNull,
  paramStringIsNull,
  parseQuantityValue,
  requireLatest,
  serverError,
  TAG_PENDING_SUPPORT_ERROR,
  unmappedJavaException,
} from "./java-conventions.js";
import { javaBean, javaBoolean, javaObject, javaString, positionalParams } from "./java-params.js";

const SCOPE: ReadScope = "head";

/** The read java-tron's JSON-RPC makes that its HTTP API has no servlet for (latest state). */
export interface EthStateQueries {
  /**
   * A storage slot of a contract (21 bytes) as java-tron's Storage reads it: the row under the
   * contract's version and CREATE2 hash; undefined when there is no row.
   */
  storageAt(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array | undefined>;
}

/** What the eth methods read: the wallet, the latest state, the log index, the filters and node facts. */
export interface EthJsonRpcContext {
  readonly wallet: WalletApi;
  readonly state: EthStateQueries;
  readonly logIndex: ContractLogIndex;
  readonly filters: EthFilters;
  /** The witnesses whose keys this node holds (21 bytes): eth_coinbase, eth_mining. */
  readonly localWitnesses: readonly Uint8Array[];
  /** web3_clientVersion: `TRON/v<version>/<os>/<runtime>`. */
  readonly clientVersion: string;
  /** java-tron logs "trigger contract failed." when eth_call's contract fails. */
  readonly logger?: Logger;
}

/**
 * - `served`: answered as java-tron answers;
 * - `stub`: java-tron's fixed answer (uncles, mining, accounts);
 * - `unsupported`: java-tron answers -32601 "does not exist/is not available" — so does tronode;
 * - `not-yet`: java-tron serves it, tronode not yet (a clear -32601 error naming the reason).
 */
export type EthMethodStatus = "served" | "stub" | "unsupported" | "not-yet";

/** One JSON-RPC method: its name, its Java parameter count, how tronode serves it and what it runs. */
export interface EthMethod {
  readonly name: string;
  /** The Java method's parameter count (jsonrpc4j matches it exactly). */
  readonly arity: number;
  readonly status: EthMethodStatus;
  /** One line for the README table. */
  readonly note?: string;
  readonly run: (ctx: EthJsonRpcContext, params: unknown[]) => Promise<JsonValue>;
}

function method(
  name: string,
  arity: number,
  run: EthMethod["run"],
  extra: { status?: EthMethodStatus; note?: string } = {},
): EthMethod {
  return { name, arity, status: extra.status ?? "served", ...(extra.note ? { note: extra.note } : {}), run };
}

function unsupported(name: string, arity: number): EthMethod {
  return method(
    name,
    arity,
    async () => {
      throw methodNotAvailable(`the method ${name} does not exist/is not available`);
    },
    { status: "unsupported", note: "java-tron: does not exist/is not available" },
  );
}

async function headBlock(ctx: EthJsonRpcContext): Promise<Block> {
  return ctx.wallet.getNowBlock(SCOPE);
}

function numberOf(block: Block): bigint {
  return block.blockHeader?.rawData?.number ?? 0n;
}

/** `Wallet.getByJsonBlockId`: latest / earliest / finalized / a number (hex or decimal). */
async function blockByJsonId(ctx: EthJsonRpcContext, id: string | null): Promise<Block | undefined> {
  if (isTag(id, EARLIEST)) return ctx.wallet.getBlockByNum(0n, SCOPE);
  if (isTag(id, LATEST)) return headBlock(ctx);
  if (isTag(id, FINALIZED)) return ctx.wallet.getNowBlock("solid");
  if (isTag(id, PENDING)) throw invalidParams(TAG_PENDING_SUPPORT_ERROR);
  let number: bigint;
  try {
    number = hexToLongValue(id);
  } catch {
    throw invalidParams(BLOCK_NUM_ERROR);
  }
  return ctx.wallet.getBlockByNum(number, SCOPE);
}

async function blockByJsonHash(ctx: EthJsonRpcContext, hash: string | null): Promise<Block | undefined> {
  return ctx.wallet.getBlockById(hashToByteArray(hash), SCOPE);
}

/** A Java `boolean` parameter unboxed from a null Boolean. */
function unboxed(value: boolean | null): boolean {
  if (value === null) throw new JavaException(NULL_POINTER, null);
  return value;
}

async function chainId(ctx: EthJsonRpcContext): Promise<string> {
  const genesis = await ctx.wallet.getBlockByNum(0n, SCOPE);
  if (!genesis) throw serverError("genesis block is missing");
  const id = ctx.wallet.blockIdOf(genesis);
  return jsonHexBytes(id.subarray(id.length - 4));
}

// --- CallArguments / BuildArguments (Jackson beans) -------------------------------------------

interface CallArguments {
  readonly from: string | null;
  readonly to: string | null;
  readonly value: string | null;
  readonly data: string | null;
}

function callArgumentsOf(value: unknown): CallArguments | null {
  const bean = javaBean(value, {
    from: "string",
    to: "string",
    gas: "string",
    gasPrice: "string",
    value: "string",
    data: "string",
    nonce: "string",
  });
  if (bean === null) return null;
  return {
    from: "from" in bean ? (bean.from as string | null) : "0x0000000000000000000000000000000000000000",
    to: (bean.to ?? null) as string | null,
    value: "value" in bean ? (bean.value as string | null) : "",
    data: (bean.data ?? null) as string | null,
  };
}

interface BuildArguments extends CallArguments {
  readonly gas: string | null;
  readonly tokenId: bigint | null;
  readonly tokenValue: bigint | null;
  readonly abi: string | null;
  readonly consumeUserResourcePercent: bigint | null;
  readonly originEnergyLimit: bigint | null;
  readonly name: string | null;
  readonly permissionId: bigint | null;
  readonly extraData: string | null;
  readonly visible: boolean;
}

function buildArgumentsOf(value: unknown): BuildArguments | null {
  const bean = javaBean(value, {
    from: "string",
    to: "string",
    gas: "string",
    gasPrice: "string",
    value: "string",
    data: "string",
    nonce: "string",
    tokenId: "long",
    tokenValue: "long",
    abi: "string",
    consumeUserResourcePercent: "long",
    originEnergyLimit: "long",
    name: "string",
    permissionId: "long",
    extraData: "string",
    visible: "boolean",
  });
  if (bean === null) return null;
  const or = <T>(key: keyof typeof bean, fallback: T): T => (key in bean ? (bean[key] as T) : fallback);
  return {
    from: or("from", null),
    to: or("to", null),
    value: or("value", null),
    data: or("data", null),
    gas: or("gas", "0x0"),
    tokenId: or("tokenId", 0n),
    tokenValue: or("tokenValue", 0n),
    abi: or("abi", ""),
    consumeUserResourcePercent: or("consumeUserResourcePercent", 0n),
    originEnergyLimit: or("originEnergyLimit", 0n),
    name: or("name", ""),
    permissionId: or("permissionId", 0n),
    extraData: or("extraData", ""),
    visible: (bean.visible ?? false) === true,
  };
}

function required<T>(value: T | null): T {
  if (value === null) throw new JavaException(NULL_POINTER, null);
  return value;
}

type CallKind =
  | ContractType.CreateSmartContract
  | ContractType.TriggerSmartContract
  | ContractType.TransferContract;

/** `CallArguments.getContractType`. */
async function callContractType(ctx: EthJsonRpcContext, args: CallArguments): Promise<CallKind> {
  if (paramStringIsNull(args.from)) throw invalidRequest(JSON_ERROR);
  if (paramStringIsNull(args.to)) {
    if (paramStringIsNull(args.data)) throw invalidRequest(JSON_ERROR);
    return ContractType.CreateSmartContract;
  }
  if (await ctx.wallet.getContract(addressCompatibleToByteArray(args.to), SCOPE))
    return ContractType.TriggerSmartContract;
  if (args.value !== null && args.value !== "") return ContractType.TransferContract;
  throw invalidRequest("invalid json request: invalid value");
}

/** `BuildArguments.getContractType`. */
async function buildContractType(ctx: EthJsonRpcContext, args: BuildArguments): Promise<ContractType> {
  if (paramStringIsNull(args.to)) {
    if (paramStringIsNull(args.data)) throw invalidRequest(JSON_ERROR);
    return ContractType.CreateSmartContract;
  }
  if (await ctx.wallet.getContract(addressCompatibleToByteArray(args.to), SCOPE))
    return ContractType.TriggerSmartContract;
  const tokenId = required(args.tokenId);
  const tokenValue = required(args.tokenValue);
  if (tokenId > 0n && tokenValue > 0n && paramQuantityIsNull(args.value))
    return ContractType.TransferAssetContract;
  if (args.value !== null && args.value !== "") return ContractType.TransferContract;
  throw invalidRequest(JSON_ERROR);
}

/** `createTransactionJson`: validated like java-tron's builders, printed like printCreateTransaction. */
async function createTransactionJson(
  ctx: EthJsonRpcContext,
  type: ContractType,
  contract: unknown,
  args: BuildArguments,
): Promise<JsonObject> {
  const permissionId = Number(required(args.permissionId));
  const extraData = required(args.extraData);
  let data: Uint8Array | undefined;
  if (extraData.length > 0) data = args.visible ? utf8Encode(extraData) : fromHexString(extraData);
  try {
    const tx = await ctx.wallet.createTransaction(type, contract, {
      ...(permissionId > 0 ? { permissionId } : {}),
      ...(data !== undefined ? { data } : {}),
    });
    return { transaction: printBuiltTransaction(tx, args.visible) };
  } catch (e) {
    if (e instanceof TronodeError && e.javaClass?.endsWith("ContractValidateException")) {
      throw invalidRequest(e.message);
    }
    throw serverError(e instanceof Error ? e.message : String(e));
  }
}

async function buildTransaction(ctx: EthJsonRpcContext, params: unknown[]): Promise<JsonValue> {
  const args = required(buildArgumentsOf(params[0]));
  let from: Uint8Array;
  try {
    from = addressCompatibleToByteArray(args.from);
  } catch {
    throw invalidRequest(JSON_ERROR);
  }
  const type = await buildContractType(ctx, args);
  switch (type) {
    case ContractType.TransferContract: {
      const amount = parseQuantityValue(args.value);
      const to = addressCompatibleToByteArray(args.to);
      return createTransactionJson(
        ctx,
        type,
        create(TransferContractSchema, { ownerAddress: from, toAddress: to, amount }),
        args,
      );
    }
    case ContractType.TransferAssetContract: {
      const to = addressCompatibleToByteArray(args.to);
      return createTransactionJson(
        ctx,
        type,
        create(TransferAssetContractSchema, {
          ownerAddress: from,
          toAddress: to,
          assetName: utf8Encode(String(args.tokenId)),
          amount: required(args.tokenValue),
        }),
        args,
      );
    }
    case ContractType.CreateSmartContract:
      return buildCreateTransaction(ctx, from, args);
    default:
      return buildTriggerTransaction(ctx, from, args);
  }
}

/** `buildCreateSmartContractTransaction`: the deploy, printed without `visible` addresses. */
async function buildCreateTransaction(
  ctx: EthJsonRpcContext,
  from: Uint8Array,
  args: BuildArguments,
): Promise<JsonValue> {
  try {
    const abiText = required(args.abi);
    const abi =
      abiText.length > 0
        ? parseMessage(SmartContract_ABISchema, parseJsonText(`{"entrys":${abiText}}`), {
            visible: args.visible,
          })
        : create(SmartContract_ABISchema);
    const contract = create(CreateSmartContractSchema, {
      ownerAddress: from,
      callTokenValue: required(args.tokenValue),
      tokenId: required(args.tokenId),
      newContract: {
        abi,
        callValue: parseQuantityValue(args.value),
        consumeUserResourcePercent: required(args.consumeUserResourcePercent),
        originEnergyLimit: required(args.originEnergyLimit),
        originAddress: from,
        bytecode: fromHexString(args.data),
        ...(args.name !== null && args.name.length > 0 ? { name: args.name } : {}),
      },
    });
    const feeLimit = parseQuantityValue(args.gas) * (await energyPrices(ctx.wallet)).current;
    const permissionId = Number(required(args.permissionId));
    const tx = await ctx.wallet.deployContract({
      contract,
      feeLimit,
      ...(permissionId > 0 ? { permissionId } : {}),
    });
    return { transaction: printBuiltTransaction(tx, false) };
  } catch (e) {
    throw contractCallFailure(e, JSON_ERROR);
  }
}

/** `buildTriggerSmartContractTransaction`: the trigger (run as a constant call for view/pure). */
async function buildTriggerTransaction(
  ctx: EthJsonRpcContext,
  from: Uint8Array,
  args: BuildArguments,
): Promise<JsonValue> {
  const contractAddress = addressCompatibleToByteArray(args.to);
  try {
    const contract = create(TriggerSmartContractSchema, {
      ownerAddress: from,
      contractAddress,
      data: args.data !== null && args.data.length > 0 ? fromHexString(args.data) : new Uint8Array(0),
      callTokenValue: required(args.tokenValue),
      tokenId: required(args.tokenId),
      callValue: parseQuantityValue(args.value),
    });
    const feeLimit = parseQuantityValue(args.gas) * (await energyPrices(ctx.wallet)).current;
    const permissionId = Number(required(args.permissionId));
    const { transaction } = await ctx.wallet.triggerSmartContract({
      contract,
      feeLimit,
      ...(permissionId > 0 ? { permissionId } : {}),
    });
    return {
      transaction: printTransaction(transaction, {
        visible: args.visible,
        exactInt64: true,
        includeVisible: false,
      }),
    };
  } catch (e) {
    throw contractCallFailure(e, JSON_ERROR);
  }
}

// --- the methods ---------------------------------------------------------------------------------

async function getBalance(ctx: EthJsonRpcContext, [address, tag]: unknown[]): Promise<JsonValue> {
  const blockNumOrTag = javaString(tag);
  const addressText = javaString(address);
  requireLatest(blockNumOrTag);
  const account = await ctx.wallet.getAccount(addressCompatibleToByteArray(addressText), SCOPE);
  return jsonHexQuantity(account?.balance ?? 0n);
}

async function getStorageAt(ctx: EthJsonRpcContext, [address, index, tag]: unknown[]): Promise<JsonValue> {
  const addressText = javaString(address);
  const storageIdx = javaString(index);
  requireLatest(javaString(tag));
  const contract = addressCompatibleToByteArray(addressText);
  if (!(await ctx.wallet.getContract(contract, SCOPE))) return jsonHexBytes(new Uint8Array(32));
  const key = fromHexString(storageIdx);
  if (key.length > 32) {
    throw new JavaException("java.lang.RuntimeException", `Data word can't exceed 32 bytes: ${storageIdx}`);
  }
  const slot = new Uint8Array(32);
  slot.set(key, 32 - key.length);
  return jsonHexBytes((await ctx.state.storageAt(contract, slot)) ?? new Uint8Array(32));
}

async function getCode(ctx: EthJsonRpcContext, [address, tag]: unknown[]): Promise<JsonValue> {
  const addressText = javaString(address);
  requireLatest(javaString(tag));
  const contract = addressCompatibleToByteArray(addressText);
  const info = await ctx.wallet.getContractInfo(contract, SCOPE);
  return info ? jsonHexBytes(info.runtimecode) : "0x";
}

async function getCoinbase(ctx: EthJsonRpcContext): Promise<JsonValue> {
  const witnesses = await ctx.wallet.listWitnesses(SCOPE);
  const local = ctx.localWitnesses.find((a) => witnesses.some((w) => bytesEqual(w.address, a)));
  // Wallet.getCoinbase prints the 21-byte address (41…) after "0x".
  if (!local) throw serverError("etherbase must be explicitly specified");
  return jsonHexBytes(local);
}

async function isMining(ctx: EthJsonRpcContext): Promise<JsonValue> {
  const witnesses = await ctx.wallet.listWitnesses(SCOPE);
  return ctx.localWitnesses.some((a) => witnesses.some((w) => w.isJobs && bytesEqual(w.address, a)));
}

async function estimateGas(ctx: EthJsonRpcContext, [raw]: unknown[]): Promise<JsonValue> {
  const args = required(callArgumentsOf(raw));
  addressCompatibleToByteArray(args.from);
  const type = await callContractType(ctx, args);
  if (type === ContractType.TransferContract) {
    // java-tron builds (and so validates) the transfer, then answers 0.
    const from = addressCompatibleToByteArray(args.from);
    await buildTransferForEstimate(ctx, from, args);
    return "0x0";
  }
  const owner = addressCompatibleToByteArray(args.from);
  let answer: { failed: boolean; message: string; result: Uint8Array; energy: bigint };
  try {
    const contractAddress =
      type === ContractType.TriggerSmartContract ? addressCompatibleToByteArray(args.to) : new Uint8Array(0);
    const input = triggerInput(
      owner,
      contractAddress,
      parseQuantityValue(args.value),
      fromHexString(args.data),
    );
    answer = await estimateOrCall(ctx, input);
  } catch (e) {
    throw contractCallFailure(e, "invalid contract");
  }
  if (answer.failed) throw serverError(withRevertReason(answer.message, answer.result));
  return jsonHexQuantity(answer.energy);
}

/**
 * estimateenergy when the node serves it (java-tron's vm.estimateEnergy), else the constant call's
 * energy used.
 */
async function estimateOrCall(
  ctx: EthJsonRpcContext,
  input: TriggerInput,
): Promise<{ failed: boolean; message: string; result: Uint8Array; energy: bigint }> {
  try {
    const estimate = await ctx.wallet.estimateEnergy(input, SCOPE);
    return {
      failed: estimate.run.failed,
      message: estimate.run.message,
      result: estimate.run.constantResult,
      energy: estimate.energyRequired ?? 0n,
    };
  } catch (e) {
    if (!(e instanceof TronodeError) || e.code !== ContractRefusalCodes.estimateEnergyOff) throw e;
  }
  const { run } = await ctx.wallet.triggerConstantContract(input, SCOPE);
  if (!run) throw serverError(JSON_ERROR);
  return { failed: run.failed, message: run.message, result: run.constantResult, energy: run.energyUsed };
}

/** java-tron appends the decoded `Error(string)` to the failure message. */
function withRevertReason(message: string, result: Uint8Array): string {
  // decodeErrorString checks the Error(string) selector itself
  const reason = decodeErrorString(result);
  return reason === undefined ? message : `${message}: ${reason}`;
}

/** TronJsonRpcImpl's mapping of a failed contract call: validation → -32600, anything else → -32000. */
function contractCallFailure(e: unknown, validateFallback: string): JsonRpcFailure {
  if (e instanceof JsonRpcFailure) return e;
  if (e instanceof JavaException) return e.unmapped();
  const javaClass = e instanceof TronodeError ? (e.javaClass ?? "") : "";
  const message = e instanceof Error ? e.message : String(e);
  if (javaClass.endsWith("ContractValidateException") || javaClass.endsWith("VMIllegalException")) {
    return invalidRequest(message === "" ? validateFallback : message);
  }
  return serverError(message === "" ? JSON_ERROR : message.replaceAll('"', "'"));
}

/** `JsonRpcApiUtil.triggerCallContract`: owner, contract, call value and data. */
function triggerInput(
  owner: Uint8Array,
  contract: Uint8Array,
  callValue: bigint,
  data: Uint8Array,
): TriggerInput {
  return {
    contract: create(TriggerSmartContractSchema, {
      ownerAddress: owner,
      contractAddress: contract,
      callValue,
      data,
    }),
  };
}

async function buildTransferForEstimate(ctx: EthJsonRpcContext, from: Uint8Array, args: CallArguments) {
  const amount = parseQuantityValue(args.value);
  const to = addressCompatibleToByteArray(args.to);
  await createTransactionJson(
    ctx,
    ContractType.TransferContract,
    create(TransferContractSchema, {
      ownerAddress: from,
      toAddress: to,
      amount,
    }),
    {
      ...args,
      gas: "0x0",
      tokenId: 0n,
      tokenValue: 0n,
      abi: "",
      consumeUserResourcePercent: 0n,
      originEnergyLimit: 0n,
      name: "",
      permissionId: 0n,
      extraData: "",
      visible: false,
    },
  );
}

async function call(ctx: EthJsonRpcContext, [rawArgs, blockParam]: unknown[]): Promise<JsonValue> {
  const args = callArgumentsOf(rawArgs);
  const param = javaObject(blockParam);
  let blockNumOrTag: string;
  if (typeof param === "object" && param !== null && !Array.isArray(param)) {
    if ("blockNumber" in param) {
      const value = param.blockNumber;
      if (value !== null && typeof value !== "string") throw invalidParams(JSON_ERROR);
      let number: bigint;
      try {
        number = hexToLongValue(value);
      } catch {
        throw invalidParams(BLOCK_NUM_ERROR);
      }
      if (!(await ctx.wallet.getBlockByNum(number, SCOPE))) throw serverError("header not found");
    } else if ("blockHash" in param) {
      const value = param.blockHash;
      if (value !== null && typeof value !== "string") throw invalidParams(JSON_ERROR);
      if (!(await blockByJsonHash(ctx, value))) throw serverError("header for hash not found");
    } else {
      throw invalidRequest(JSON_ERROR);
    }
    blockNumOrTag = LATEST;
  } else if (typeof param === "string") {
    blockNumOrTag = param;
  } else {
    throw invalidRequest(JSON_ERROR);
  }
  requireLatest(blockNumOrTag);
  const callArgs = required(args);
  const owner = addressCompatibleToByteArray(callArgs.from);
  const contract = addressCompatibleToByteArray(callArgs.to);
  const input = triggerInput(
    owner,
    contract,
    parseQuantityValue(callArgs.value),
    fromHexString(callArgs.data),
  );
  let run: ConstantCallResult | undefined;
  try {
    run = (await ctx.wallet.triggerConstantContract(input, SCOPE)).run;
  } catch (e) {
    throw contractCallFailure(e, CONTRACT_VALIDATE_PREFIX);
  }
  if (!run) throw serverError(JSON_ERROR);
  if (run.failed) {
    ctx.logger?.error({ method: "eth_call" }, "trigger contract failed.");
    throw serverError(withRevertReason(run.message, run.constantResult));
  }
  return jsonHexBytes(run.constantResult);
}

async function transactionByHash(ctx: EthJsonRpcContext, [hash]: unknown[]): Promise<JsonValue> {
  const id = hashToByteArray(javaString(hash));
  const info = await ctx.wallet.getTransactionInfoById(id, SCOPE);
  if (!info) {
    // Only a transaction without an info in a block: the genesis block's.
    const genesis = await ctx.wallet.getBlockByNum(0n, SCOPE);
    const index = genesis?.transactions.findIndex((tx) => bytesEqual(transactionId(tx), id)) ?? -1;
    if (!genesis || index < 0) return null;
    const prices = await energyPrices(ctx.wallet);
    const fee = energyFeeAt(genesis.blockHeader?.rawData?.timestamp ?? 0n, prices.history, prices.current);
    return transactionResult(ctx.wallet, genesis, index, genesis.transactions[index]!, 0n, fee);
  }
  const block = await ctx.wallet.getBlockByNum(info.blockNumber, SCOPE);
  if (!block) return null;
  const index = block.transactions.findIndex((tx) => bytesEqual(transactionId(tx), id));
  if (index < 0) return null;
  const prices = await energyPrices(ctx.wallet);
  const fee = energyFeeAt(block.blockHeader?.rawData?.timestamp ?? 0n, prices.history, prices.current);
  return transactionResult(
    ctx.wallet,
    block,
    index,
    block.transactions[index]!,
    info.receipt?.energyUsageTotal ?? 0n,
    fee,
  );
}

async function transactionByBlockAndIndex(
  ctx: EthJsonRpcContext,
  block: Block | undefined,
  indexText: string | null,
): Promise<JsonValue> {
  if (!block) return null;
  let index: number;
  try {
    if (indexText === null || !indexText.startsWith("0x")) throw new Error("Incorrect hex syntax");
    index = javaParseInt(indexText.slice(2), 16);
  } catch {
    throw invalidParams("invalid index value");
  }
  if (index >= block.transactions.length) return null;
  const tx = block.transactions[index];
  if (!tx) throw new JavaException("java.lang.IndexOutOfBoundsException", null);
  const info = await ctx.wallet.getTransactionInfoById(transactionId(tx), SCOPE);
  const prices = await energyPrices(ctx.wallet);
  const fee = energyFeeAt(block.blockHeader?.rawData?.timestamp ?? 0n, prices.history, prices.current);
  return transactionResult(ctx.wallet, block, index, tx, info?.receipt?.energyUsageTotal ?? 0n, fee);
}

async function receipt(ctx: EthJsonRpcContext, [hash]: unknown[]): Promise<JsonValue> {
  const info = await ctx.wallet.getTransactionInfoById(hashToByteArray(javaString(hash)), SCOPE);
  if (!info) return null;
  const block = await ctx.wallet.getBlockByNum(info.blockNumber, SCOPE);
  if (!block) return null;
  return transactionReceipt(ctx.wallet, block, info);
}

async function headNumber(ctx: EthJsonRpcContext): Promise<bigint> {
  return numberOf(await headBlock(ctx));
}

function filterRequest(value: unknown): FilterRequest {
  return required(filterRequestOf(value));
}

async function getLogs(ctx: EthJsonRpcContext, [raw]: unknown[]): Promise<JsonValue> {
  const fr = filterRequest(raw);
  const head = await headNumber(ctx);
  const wrapper = await logFilterWrapper(fr, head, ctx.wallet, true);
  return queryLogs(wrapper, head, ctx.wallet, ctx.logIndex);
}

async function newFilter(ctx: EthJsonRpcContext, [raw]: unknown[]): Promise<JsonValue> {
  const fr = filterRequest(raw);
  if (isTag(fr.fromBlock, FINALIZED) || isTag(fr.toBlock, FINALIZED))
    throw invalidParams(FINALIZED_RANGE_ERROR);
  const wrapper = await logFilterWrapper(fr, await headNumber(ctx), ctx.wallet, false);
  return ctx.filters.newLogFilter(wrapper, ctx.wallet);
}

async function getFilterLogs(ctx: EthJsonRpcContext, [id]: unknown[]): Promise<JsonValue> {
  const wrapper = ctx.filters.logFilter(required(javaString(id)));
  return queryLogs(wrapper, await headNumber(ctx), ctx.wallet, ctx.logIndex);
}

/** `getSyncingStatus`: false without peers, else the head and an estimate of the network's head. */
async function syncing(ctx: EthJsonRpcContext): Promise<JsonValue> {
  const info = await ctx.wallet.getNodeInfo();
  if ((info.network?.peers.length ?? 0) === 0) return false;
  const head = await headBlock(ctx);
  const current = numberOf(head);
  // java-tron estimates the network's head from the wall clock: one block per 3 s since its head
  const behind = (BigInt(Date.now()) - (head.blockHeader?.rawData?.timestamp ?? 0n)) / 3000n;
  return {
    startingBlock: jsonHexQuantity(info.headNumber),
    currentBlock: jsonHexQuantity(current),
    highestBlock: jsonHexQuantity(current + (behind > 0n ? behind : 0n)),
  };
}

const keccakOf = (data: string | null): string => {
  let bytes: Uint8Array;
  try {
    bytes = fromHexString(data);
  } catch {
    throw invalidParams("invalid input value");
  }
  return jsonHexBytes(keccak256(bytes));
};

/** Every method java-tron's TronJsonRpc declares, in its order. */
export const ETH_METHODS: readonly EthMethod[] = [
  method("web3_clientVersion", 0, async (ctx) => ctx.clientVersion),
  method("web3_sha3", 1, async (_ctx, [data]) => keccakOf(javaString(data))),
  method("eth_getBlockTransactionCountByHash", 1, async (ctx, [hash]) => {
    const block = await blockByJsonHash(ctx, javaString(hash));
    return block ? jsonHexQuantity(block.transactions.length) : null;
  }),
  method("eth_getBlockTransactionCountByNumber", 1, async (ctx, [id]) => {
    const block = await blockByJsonId(ctx, javaString(id));
    return block ? jsonHexQuantity(block.transactions.length) : null;
  }),
  method("eth_getBlockByHash", 2, async (ctx, [hash, full]) => {
    const fullTx = javaBoolean(full);
    const block = await blockByJsonHash(ctx, javaString(hash));
    const unboxedFull = unboxed(fullTx);
    return block ? blockResult(ctx.wallet, block, unboxedFull) : null;
  }),
  method("eth_getBlockByNumber", 2, async (ctx, [id, full]) => {
    const fullTx = javaBoolean(full);
    const block = await blockByJsonId(ctx, javaString(id));
    return block ? blockResult(ctx.wallet, block, unboxed(fullTx)) : null;
  }),
  method("net_version", 0, async (ctx) => chainId(ctx), { note: "= eth_chainId" }),
  method("eth_chainId", 0, async (ctx) => chainId(ctx), { note: "the last 4 bytes of the genesis block id" }),
  method(
    "net_listening",
    0,
    async (ctx) => ((await ctx.wallet.getNodeInfo()).network?.activeConnectCount ?? 0) >= 1,
    {
      note: "whether the node has an active (outbound) peer connection",
    },
  ),
  method("eth_protocolVersion", 0, async (ctx) =>
    jsonHexQuantity((await headBlock(ctx)).blockHeader?.rawData?.version ?? 0),
  ),
  method("eth_blockNumber", 0, async (ctx) => jsonHexQuantity(await headNumber(ctx))),
  method("eth_getBalance", 2, getBalance, { note: "latest only" }),
  method("eth_getStorageAt", 3, getStorageAt, { note: "latest only" }),
  method("eth_getCode", 2, getCode, { note: "latest only; the runtime code" }),
  method("eth_coinbase", 0, getCoinbase, { note: "0x + the 21-byte address of the node's witness" }),
  method("eth_gasPrice", 0, async (ctx) => jsonHexQuantity((await energyPrices(ctx.wallet)).current), {
    note: "the energy price (sun)",
  }),
  method("eth_estimateGas", 1, estimateGas, {
    note: "transfers 0x0; calls and deploys: estimateenergy's energy_required (the constant call's energy used on a node without estimateenergy)",
  }),
  method("eth_getTransactionByHash", 1, transactionByHash),
  method("eth_getTransactionByBlockHashAndIndex", 2, async (ctx, [hash, index]) => {
    const indexText = javaString(index);
    return transactionByBlockAndIndex(ctx, await blockByJsonHash(ctx, javaString(hash)), indexText);
  }),
  method("eth_getTransactionByBlockNumberAndIndex", 2, async (ctx, [id, index]) => {
    const indexText = javaString(index);
    return transactionByBlockAndIndex(ctx, await blockByJsonId(ctx, javaString(id)), indexText);
  }),
  method("eth_getTransactionReceipt", 1, receipt),
  method("eth_call", 2, call, {
    note: "latest only (a block named by EIP-1898 `{blockNumber}` / `{blockHash}` must exist); a revert is -32000 with its reason",
  }),
  method("net_peerCount", 0, async (ctx) =>
    jsonHexQuantity((await ctx.wallet.getNodeInfo()).network?.peers.length ?? 0),
  ),
  method("eth_syncing", 0, syncing, { note: "false without peers" }),
  method("eth_getUncleByBlockHashAndIndex", 2, async () => null, { status: "stub", note: "null" }),
  method("eth_getUncleByBlockNumberAndIndex", 2, async () => null, { status: "stub", note: "null" }),
  method("eth_getUncleCountByBlockHash", 1, async () => "0x0", { status: "stub", note: "0x0" }),
  method("eth_getUncleCountByBlockNumber", 1, async () => "0x0", { status: "stub", note: "0x0" }),
  method(
    "eth_getWork",
    0,
    async (ctx) => [jsonHexBytes(ctx.wallet.blockIdOf(await headBlock(ctx))), null, null],
    { status: "stub", note: "[head block hash, null, null]" },
  ),
  method("eth_hashrate", 0, async () => "0x0", { status: "stub", note: "0x0" }),
  method("eth_mining", 0, isMining, { status: "stub", note: "whether the node's witness is active" }),
  method("eth_accounts", 0, async () => [], { status: "stub", note: "[]" }),
  method("buildTransaction", 1, buildTransaction, {
    note: "TRON's own: an unsigned TRX or TRC-10 transfer, deploy or trigger",
  }),
  unsupported("eth_submitWork", 3),
  unsupported("eth_sendRawTransaction", 1),
  unsupported("eth_sendTransaction", 1),
  unsupported("eth_sign", 2),
  unsupported("eth_signTransaction", 1),
  unsupported("parity_nextNonce", 1),
  unsupported("eth_getTransactionCount", 2),
  unsupported("eth_getCompilers", 0),
  unsupported("eth_compileSolidity", 1),
  unsupported("eth_compileLLL", 1),
  unsupported("eth_compileSerpent", 1),
  unsupported("eth_submitHashrate", 2),
  method("eth_newFilter", 1, newFilter),
  method("eth_newBlockFilter", 0, async (ctx) => ctx.filters.newBlockFilter(ctx.wallet)),
  method("eth_uninstallFilter", 1, async (ctx, [id]) => ctx.filters.uninstall(required(javaString(id)))),
  method("eth_getFilterChanges", 1, async (ctx, [id]) =>
    ctx.filters.changes(required(javaString(id)), ctx.wallet),
  ),
  method("eth_getLogs", 1, getLogs, { note: "at most 5000 blocks, 10 000 results" }),
  method("eth_getFilterLogs", 1, getFilterLogs),
];

/** ETH_METHODS by method name, for the transports' method lookup. */
export const ETH_METHODS_BY_NAME: ReadonlyMap<string, EthMethod> = new Map(
  ETH_METHODS.map((m) => [m.name, m]),
);

/** Runs a method: params bound as jsonrpc4j binds them, Java failures reported as it reports them. */
export async function runEthMethod(
  ctx: EthJsonRpcContext,
  m: EthMethod,
  params: unknown,
): Promise<JsonValue> {
  const bound = positionalParams(params, m.arity);
  try {
    return await m.run(ctx, bound);
  } catch (e) {
    if (e instanceof JavaException) throw unmappedJavaException(e.javaClass, e.javaMessage);
    throw e;
  }
}
