/**
 * Smart contracts (java-tron's contract servlets):
 * - getcontract / getcontractinfo: GET `?value=` or POST `{value}` (Base58Check with visible);
 *   `{}` when the address holds no contract; /wallet only;
 * - deploycontract: DeployContractServlet's own reading (`abi` as a JSON array, `bytecode` +
 *   `parameter`, the numbers through `Util.getJsonLongValue`, `fee_limit`, `Permission_id`);
 * - triggersmartcontract / triggerconstantcontract / estimateenergy: the TriggerSmartContract merge,
 *   `function_selector` + `parameter` turned into `data`, and java-tron's answer shapes — every
 *   failure inside the answer's `result` ({code, message}, message hex unless visible), never
 *   `{"Error":…}`; the two constant ones also under /walletsolidity;
 * - updatesetting / updateenergylimit / clearabi: plain builders (GET answers an empty 200).
 *
 * TRE's extension for TronBox's console.log: an internal transaction to Hardhat's console address
 * also prints its call data as `data` (hex).
 */
import { create } from "@bufbuild/protobuf";
import {
  bytesToHex,
  type ConstantCallResult,
  CreateSmartContractSchema,
  InternalTransactionSchema,
  internalTransactionOf,
  keccak256,
  SmartContract_ABISchema,
  SmartContractDataWrapperSchema,
  SmartContractSchema,
  type Transaction,
  TransactionInfo_LogSchema,
  type TriggerInput,
  TriggerSmartContractSchema,
  TronodeError,
  utf8Encode,
  type VmInternalTransaction,
} from "@tronode/engine/internal";
import {
  ContractBuilderOperations,
  type ContractCallOutcome,
  ContractOperations,
  type EnergyEstimateOutcome,
  printBuiltTransaction,
  type TriggerRequest,
} from "@tronode/operations";
import {
  type JsonObject,
  type JsonValue,
  parseMessage,
  printMessage,
  printTransaction,
} from "../engine-protocol.js";
import { javaStringOf, parseJavaHex } from "../java-value-readers.js";
import { printReturn } from "../return-message.js";
import { readBytesValueInput } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  type WalletRequest,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";
import { builderRoute, readExtraData, readPermissionId } from "./builder-route.js";

const INVALID_PARAMETER = "java.security.InvalidParameterException";
const ARITHMETIC = "java.lang.ArithmeticException";
const NUMBER_FORMAT = "java.lang.NumberFormatException";
const CONSOLE_ADDRESS_HEX = "41000000000000000000636f6e736f6c652e6c6f67";

function invalidParameter(message: string): TronodeError {
  return new TronodeError("HTTP_BAD_REQUEST", message, { javaClass: INVALID_PARAMETER });
}

/** fastjson getString is empty or missing. */
function isEmptyText(body: JsonObject, key: string): boolean {
  const text = javaStringOf(body[key]);
  return text === undefined || text.length === 0;
}

/** Util.getJsonLongValue: fastjson getBigDecimal(key).longValueExact(), 0 when missing. */
function jsonLongValue(body: JsonObject, key: string): bigint {
  const value = body[key];
  if (value === undefined || value === null) return 0n;
  if (typeof value === "bigint") return checkLong(value);
  if (typeof value === "number") {
    if (!Number.isInteger(value))
      throw new TronodeError("HTTP_BAD_REQUEST", "Rounding necessary", { javaClass: ARITHMETIC });
    return checkLong(BigInt(value));
  }
  const text = String(value).trim();
  if (/^[+-]?\d+$/.test(text)) return checkLong(BigInt(text));
  if (/^[+-]?\d*\.?\d+([eE][+-]?\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isInteger(n)) return checkLong(BigInt(n));
    throw new TronodeError("HTTP_BAD_REQUEST", "Rounding necessary", { javaClass: ARITHMETIC });
  }
  throw new TronodeError("HTTP_BAD_REQUEST", "", { javaClass: NUMBER_FORMAT });
}

function checkLong(value: bigint): bigint {
  if (value < -(2n ** 63n) || value >= 2n ** 63n) {
    throw new TronodeError("HTTP_BAD_REQUEST", "Overflow", { javaClass: ARITHMETIC });
  }
  return value;
}

/** Util.parseMethod: keccak(selector)[0:4] ‖ parameter hex. */
function callData(selector: string, parameter: string | undefined): Uint8Array {
  const head = bytesToHex(keccak256(utf8Encode(selector)).subarray(0, 4));
  return parseJavaHex(parameter === undefined || parameter.length === 0 ? head : head + parameter);
}

/** The TriggerSmartContract merge every trigger servlet does, with `function_selector` applied. */
function mergeTrigger(request: WalletRequest, body: JsonObject) {
  const contract = parseMessage(TriggerSmartContractSchema, body, { visible: request.visible() });
  if (!isEmptyText(body, "function_selector")) {
    contract.data = callData(javaStringOf(body.function_selector)!, javaStringOf(body.parameter));
  }
  return contract;
}

/** TriggerSmartContractServlet's reading (owner and contract address both required; fee_limit). */
function readTrigger(request: WalletRequest): TriggerRequest {
  try {
    const body = request.body();
    if (isEmptyText(body, "owner_address")) throw invalidParameter("owner_address isn't set.");
    if (isEmptyText(body, "contract_address")) throw invalidParameter("contract_address isn't set.");
    const contract = mergeTrigger(request, body);
    contract.callTokenValue = jsonLongValue(body, "call_token_value");
    contract.tokenId = jsonLongValue(body, "token_id");
    contract.callValue = jsonLongValue(body, "call_value");
    const feeLimit = jsonLongValue(body, "fee_limit");
    const permissionId = readPermissionId(body);
    const input: TriggerInput = {
      contract,
      feeLimit,
      ...(permissionId !== undefined ? { permissionId } : {}),
    };
    return { input };
  } catch (failure) {
    return { failure };
  }
}

/** Util.validateParameter + the constant servlets' reading (no fee_limit). */
function readConstantTrigger(request: WalletRequest, withExtraData: boolean): TriggerRequest {
  try {
    const body = request.body();
    if (isEmptyText(body, "owner_address")) throw invalidParameter("owner_address isn't set.");
    const noAddress = isEmptyText(body, "contract_address");
    if (noAddress && isEmptyText(body, "data")) {
      throw invalidParameter("At least one of contract_address and data must be set.");
    }
    if (noAddress && !isEmptyText(body, "function_selector") && !isEmptyText(body, "data")) {
      throw invalidParameter("While trying to deploy, function_selector and data can not be both set.");
    }
    const contract = mergeTrigger(request, body);
    const permissionId = readPermissionId(body);
    const data = withExtraData ? readExtraData(body, request.visible()) : undefined;
    const input: TriggerInput = {
      contract,
      ...(permissionId !== undefined ? { permissionId } : {}),
      ...(data !== undefined ? { data } : {}),
    };
    return { input };
  } catch (failure) {
    return { failure };
  }
}

/** InternalTransaction as JsonFormat prints it, plus TRE's `data` for console.log calls. */
export function printInternalTransaction(it: VmInternalTransaction, visible: boolean): JsonObject {
  const printed = printMessage(InternalTransactionSchema, internalTransactionOf(it), {
    visible,
    exactInt64: true,
  }) as JsonObject;
  if (bytesToHex(it.transferToAddress) === CONSOLE_ADDRESS_HEX) printed.data = bytesToHex(it.data);
  return printed;
}

/** The run's fields after `result` in a TransactionExtention, in api.proto order (defaults omitted). */
function printRunTail(run: ConstantCallResult, visible: boolean, out: JsonObject): void {
  if (run.energyUsed !== 0n) out.energy_used = run.energyUsed;
  if (run.logs.length > 0) {
    out.logs = run.logs.map((l) => printMessage(TransactionInfo_LogSchema, l, { visible, exactInt64: true }));
  }
  if (run.internalTransactions.length > 0) {
    out.internal_transactions = run.internalTransactions.map((it) => printInternalTransaction(it, visible));
  }
  if (run.energyPenalty !== 0n) out.energy_penalty = run.energyPenalty;
}

/** Util.printTransactionExtention: the transaction (with `visible`) only when result.result. */
function printCallOutcome(outcome: ContractCallOutcome, visible: boolean): JsonValue {
  if (!outcome.ok) {
    return { result: printReturn({ result: false, code: outcome.code, message: outcome.message }, visible) };
  }
  const { transaction, run } = outcome.answer;
  const out: JsonObject = {
    transaction: printTransaction(transaction, { visible, exactInt64: true, includeVisible: true }),
  };
  if (run) out.constant_result = [bytesToHex(run.constantResult)];
  out.result = printReturn({ result: true, code: "SUCCESS", message: run?.message ?? "" }, visible);
  if (run) printRunTail(run, visible, out);
  return out;
}

/** EstimateEnergyMessage: `{result, energy_required}`; a failing call answers CONTRACT_EXE_ERROR. */
function printEstimate(outcome: EnergyEstimateOutcome, visible: boolean): JsonValue {
  if (!outcome.ok) {
    return { result: printReturn({ result: false, code: outcome.code, message: outcome.message }, visible) };
  }
  const { run, energyRequired } = outcome.answer;
  if (energyRequired === undefined) {
    return {
      result: printReturn({ result: false, code: "CONTRACT_EXE_ERROR", message: run.message }, visible),
    };
  }
  return {
    result: printReturn({ result: true, code: "SUCCESS", message: "" }, visible),
    // JsonFormat leaves a zero int64 out (a call that uses no energy needs none)
    ...(energyRequired === 0n ? {} : { energy_required: energyRequired }),
  };
}

/** `value` (an address): Base58Check with visible, else hex. */
function readContractAddress(request: WalletRequest): Uint8Array {
  if (!request.visible()) return readBytesValueInput(request);
  const raw = request.method === "GET" ? request.query("value") : javaStringOf(request.body().value);
  return parseMessage(SmartContractSchema, { contract_address: raw ?? "" }, { visible: true })
    .contractAddress;
}

/** DeployContractServlet: the contract assembled field by field. */
function readDeploy(request: WalletRequest) {
  const body = request.body();
  const visible = request.visible();
  const owner = parseMessage(
    CreateSmartContractSchema,
    { owner_address: javaStringOf(body.owner_address) ?? "" },
    {
      visible,
    },
  ).ownerAddress;
  // the servlet merges `{"entrys": <abi>}` into an ABI it always sets: without `abi`, an empty one
  const abi =
    body.abi === undefined
      ? create(SmartContract_ABISchema)
      : parseMessage(SmartContract_ABISchema, { entrys: abiEntries(body.abi) }, { visible });
  const bytecode = parseJavaHex(
    `${javaStringOf(body.bytecode) ?? ""}${body.parameter === undefined ? "" : (javaStringOf(body.parameter) ?? "")}`,
  );
  const name = javaStringOf(body.name);
  const contract = create(CreateSmartContractSchema, {
    ownerAddress: owner,
    callTokenValue: jsonLongValue(body, "call_token_value"),
    tokenId: jsonLongValue(body, "token_id"),
    newContract: {
      abi,
      callValue: jsonLongValue(body, "call_value"),
      consumeUserResourcePercent: jsonLongValue(body, "consume_user_resource_percent"),
      originEnergyLimit: jsonLongValue(body, "origin_energy_limit"),
      ...(owner.length > 0 ? { originAddress: owner } : {}),
      bytecode,
      ...(name !== undefined && name.length > 0 ? { name } : {}),
    },
  });
  const permissionId = readPermissionId(body);
  return {
    contract,
    feeLimit: jsonLongValue(body, "fee_limit"),
    ...(permissionId !== undefined ? { permissionId } : {}),
  };
}

/** `abi` is read as text and merged as `{"entrys": <abi>}`: a JSON array, or its text. */
function abiEntries(value: JsonValue): JsonValue {
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as JsonValue;
    } catch {
      throw new TronodeError("HTTP_BAD_REQUEST", `Expected "[".`, {
        javaClass: "org.tron.core.services.http.JsonFormat$ParseException",
      });
    }
  }
  return value;
}

function printContract(contract: unknown, visible: boolean): JsonValue {
  if (contract === undefined) return NOT_FOUND_BODY;
  return printMessage(SmartContractSchema, contract as never, { visible, exactInt64: true });
}

export const CONTRACT_ROUTES: readonly RouteRow[] = [
  defineRoute({
    operation: ContractOperations.getContract,
    paths: walletPaths("getcontract"),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    read: readContractAddress,
    print: printContract,
  }),
  defineRoute({
    operation: ContractOperations.getContractInfo,
    paths: walletPaths("getcontractinfo"),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    read: readContractAddress,
    print: (info, visible) =>
      info === undefined
        ? NOT_FOUND_BODY
        : printMessage(SmartContractDataWrapperSchema, info, { visible, exactInt64: true }),
  }),
  defineRoute({
    operation: ContractOperations.deployContract,
    paths: walletPaths("deploycontract"),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read: readDeploy,
    print: (tx: Transaction, visible) => printBuiltTransaction(tx, visible),
  }),
  defineRoute({
    operation: ContractOperations.triggerSmartContract,
    paths: walletPaths("triggersmartcontract"),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read: readTrigger,
    print: printCallOutcome,
  }),
  defineRoute({
    operation: ContractOperations.triggerConstantContract,
    paths: walletAndSolidityPaths("triggerconstantcontract"),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read: (request) => readConstantTrigger(request, true),
    print: printCallOutcome,
  }),
  defineRoute({
    operation: ContractOperations.estimateEnergy,
    paths: walletAndSolidityPaths("estimateenergy"),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read: (request) => readConstantTrigger(request, false),
    print: printEstimate,
  }),
  builderRoute(ContractBuilderOperations.updateSetting, { getOnPost: "empty200" }),
  builderRoute(ContractBuilderOperations.updateEnergyLimit, { getOnPost: "empty200" }),
  builderRoute(ContractBuilderOperations.clearAbi, { getOnPost: "empty200" }),
];
