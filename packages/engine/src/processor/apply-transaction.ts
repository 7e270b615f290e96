import { create } from "@bufbuild/protobuf";
import { BalanceTracingOverlay } from "../balance-history/balance-trace.js";
import { cloneAccount } from "../chain/accounts.js";
import type { ChainSettings } from "../chain/chain-settings.js";
import {
  BLOCK_PRODUCED_INTERVAL,
  MAINTENANCE_SKIP_SLOTS,
  MAX_RESULT_SIZE_IN_TX,
  MAXIMUM_TIME_UNTIL_EXPIRATION,
  TRANSACTION_MAX_BYTE_SIZE,
} from "../chain/constants.js";
import { burnFee } from "../chain/fees.js";
import { validateSignatures } from "../chain/signature-check.js";
import type { ContractActuatorContext } from "../contracts/actuators/vm-actuator.js";
import { type ContractRun, logsOf, savedInternalTransactions } from "../contracts/contract-run.js";
import { addressToBase58 } from "../crypto/address.js";
import { bytesEqual, bytesToHex, utf8Encode } from "../crypto/bytes.js";
import type { SignatureRecoverer } from "../crypto/signature.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import {
  encodeTransaction,
  rawDataBytes,
  transactionId,
  transactionSizes,
  unpackContract,
} from "../protocol/codec.js";
import { contractOwner } from "../protocol/contract-owner.js";
import { ContractType, contractTypeName } from "../protocol/contract-types.js";
import { fastMessage } from "../protocol/fast-message.js";
import type {
  TransactionBalanceTrace,
  TransferAssetContract,
} from "../protocol/generated/protocol/contracts_pb.js";
import {
  type Transaction,
  type Transaction_Result,
  Transaction_Result_contractResult,
  Transaction_ResultSchema,
  type TransactionInfo,
  TransactionInfo_code,
  TransactionInfoSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { consumeBandwidth } from "../resources/bandwidth.js";
import { MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { ChangeSet, StateView } from "../state/state-view.js";
import type { VmTracer } from "../vm/context.js";
import { CPU_TIME_RATIOS } from "../vm/cpu-budget.js";
import { ACTUATORS } from "./registry.js";
import { contractValidateRejection, ResponseCode, rejection } from "./response-codes.js";
import { plainTransactionInfo, transactionResult } from "./transaction-info.js";

/** Marks a transaction index entry of a transaction that sits in the pending pool. */
export const PENDING_BLOCK_NUMBER = -1n;

/** How `applyTransaction` runs: `push` (a broadcast, java-tron's pushTransaction) or in a block, with the signature recoverer. */
export interface ApplyTransactionOptions {
  readonly recoverer: SignatureRecoverer;
  /**
   * `push`: a transaction arriving by broadcast, checked as java-tron's pushTransaction does;
   * `block`: a transaction being packed into (or replayed from) a block.
   */
  readonly mode: "push" | "block";
  /**
   * The block the transaction lands in (block mode): fills TransactionInfo and is what the TVM's
   * block opcodes see (`witness` is COINBASE).
   */
  readonly block?: { readonly number: bigint; readonly timestamp: bigint; readonly witness?: Uint8Array };
  /**
   * The transaction comes in a signed block (java-tron's blockCap.hasWitnessSignature()): a contract
   * transaction's `ret[0].contractRet` must equal the result of running it (TransactionTrace.check).
   */
  readonly checkContractResult?: boolean;
  /** The signatures were already verified (java-tron's isVerified cache on the transaction). */
  readonly isVerified?: (txId: Uint8Array) => boolean;
  /** Record the transaction's balance changes (java-tron's historyBalanceLookup). */
  readonly traceBalances?: boolean;
  /** Node settings that affect execution (proposal lifetime); java-tron's defaults when absent. */
  readonly settings?: ChainSettings;
  /** Observes the TVM while it runs the transaction (debug_traceTransaction). */
  readonly vmTracer?: VmTracer;
}

/** A transaction applied: the transaction, its receipt (gettransactioninfobyid's record) and its change set. */
export interface TransactionOutcome {
  readonly txId: Uint8Array;
  /** The transaction as stored: `ret` replaced by the node's own result. */
  readonly transaction: Transaction;
  readonly info: TransactionInfo;
  readonly changes: ChangeSet;
  /** Every balance change, in write order (with `traceBalances`). */
  readonly balanceTrace?: TransactionBalanceTrace;
  /** A contract transaction's run (its internal transactions keep their call data). */
  readonly contractRun?: ContractRun;
}

/** Bytes java-tron's bandwidth charges: size without `ret`, plus 64 per contract when the VM is on. */
export function bandwidthBytes(tx: Transaction, vmEnabled: boolean): bigint {
  if (!vmEnabled) return BigInt(encodeTransaction(tx).length);
  const size = encodeTransaction(tx.ret.length === 0 ? tx : { ...tx, ret: [] }).length;
  return BigInt(size + MAX_RESULT_SIZE_IN_TX * (tx.rawData?.contract.length ?? 0));
}

/**
 * Applies one transaction to `view` the way java-tron does (broadcast → pushTransaction →
 * processTransaction), in its check order, and returns the change set and receipt without
 * touching `view`. Any failure throws a TronodeError whose code is the broadcast response code and
 * whose message is the text java-tron's clients see.
 */
export function applyTransaction(
  view: StateView,
  input: Transaction,
  options: ApplyTransactionOptions,
): TransactionOutcome {
  const state = options.traceBalances ? new BalanceTracingOverlay(view) : new StateOverlay(view);
  const props = new MutableChainProperties(state);
  const vmEnabled = props.isOn("ALLOW_CREATION_OF_CONTRACTS");
  // Broadcast clears `ret` when the VM is on; the node writes its own result.
  const tx: Transaction = input.ret.length > 0 && vmEnabled ? { ...input, ret: [] } : input;
  const raw = tx.rawData;
  const contracts = raw?.contract ?? [];
  const rawBytes = rawDataBytes(tx);
  const txId = transactionId(tx);
  const txIdHex = bytesToHex(txId);
  const headTime = props.headTimestamp;

  if (contracts.length === 0) {
    throw contractValidateRejection("No contract!");
  }
  if (options.mode === "push") {
    const skip = props.get("STATE_FLAG") === 1n ? MAINTENANCE_SKIP_SLOTS : 0n;
    const nextSlotTime = headTime + BLOCK_PRODUCED_INTERVAL * (1n + skip);
    if ((raw?.expiration ?? 0n) < nextSlotTime) {
      throw rejection(ResponseCode.TRANSACTION_EXPIRATION_ERROR, "Transaction expired");
    }
  }
  // The first contract's parameter, decoded once here (decoding has no effect): the owner and the
  // actuator both read it; a decoding failure is reported where java-tron reports it, below.
  const contract = contracts[0]!;
  let param: unknown;
  let paramError: unknown;
  try {
    param = unpackContract(contract).value;
  } catch (e) {
    paramError = e;
  }
  // java-tron takes the owner from TransactionCapsule.getOwner, which is empty when the parameter's
  // type URL or bytes do not match the contract type; computed once for every step that needs it.
  const owner = contractOwner(contract, paramError === undefined ? { value: param } : undefined);
  if (!options.isVerified?.(txId)) {
    try {
      validateSignatures(state, props, tx, txId, options.recoverer, owner);
    } catch (e) {
      if (e instanceof TronodeError) {
        throw rejection(ResponseCode.SIGERROR, `Validate signature error: ${e.message}`, e);
      }
      throw e;
    }
  }
  if (contracts.length !== 1) {
    throw contractValidateRejection(
      `tx ${txIdHex} contract size should be exactly 1, this is extend feature ,actual :${contracts.length}`,
    );
  }
  // TaPoS: the referenced block must be one of the last 65 536.
  const refHash = state.get(CoreTables.recentBlocks, raw!.refBlockBytes);
  if (!refHash || !bytesEqual(refHash, raw!.refBlockHash)) {
    throw rejection(ResponseCode.TAPOS_ERROR, "Tapos check error.");
  }
  // Manager.validateCommon: transactions not yet in a block (or any, with CONSENSUS_LOGIC_OPTIMIZATION)
  // must leave room for a result; the message reports the size including that room.
  const optimizeTxs = options.mode === "push" || props.isOn("CONSENSUS_LOGIC_OPTIMIZATION");
  const { withoutRet: withoutRetSize, full: fullSize } = transactionSizes(tx, rawBytes);
  const generalBytesSize = withoutRetSize + MAX_RESULT_SIZE_IN_TX + MAX_RESULT_SIZE_IN_TX;
  if (optimizeTxs && generalBytesSize > TRANSACTION_MAX_BYTE_SIZE) {
    throw rejection(
      ResponseCode.TOO_BIG_TRANSACTION_ERROR,
      `Too big transaction with result, TxId ${txIdHex}, the size is ${generalBytesSize} bytes, maxTxSize ${TRANSACTION_MAX_BYTE_SIZE}`,
    );
  }
  if (fullSize > TRANSACTION_MAX_BYTE_SIZE) {
    throw rejection(
      ResponseCode.TOO_BIG_TRANSACTION_ERROR,
      `Too big transaction, TxId ${txIdHex}, the size is ${fullSize} bytes, maxTxSize ${TRANSACTION_MAX_BYTE_SIZE}`,
    );
  }
  const expiration = raw!.expiration;
  if (expiration <= headTime || expiration > headTime + MAXIMUM_TIME_UNTIL_EXPIRATION) {
    throw rejection(ResponseCode.TRANSACTION_EXPIRATION_ERROR, "Transaction expired");
  }
  if (state.get(CoreTables.transactionIndex, txId) !== undefined) {
    throw rejection(ResponseCode.DUP_TRANSACTION_ERROR, "Dup transaction.");
  }

  const actuator = ACTUATORS.get(contract.type);
  if (!actuator) {
    throw contractValidateRejection(`${contractTypeName(contract.type)} is not supported by this node yet`);
  }

  // Bandwidth (java-tron reports a missing owner here, before the actuator's own check).
  const bytes = BigInt(vmEnabled ? withoutRetSize + MAX_RESULT_SIZE_IN_TX * contracts.length : fullSize);
  const createsAccount =
    paramError === undefined && (actuator.createsAccount?.(state, param as never) ?? false);
  let netBill: { netUsage: bigint; netFee: bigint };
  try {
    // The create-account size guard runs after the missing-owner check (BandwidthProcessor.consume).
    if (createsAccount && optimizeTxs && state.get(CoreTables.accounts, owner)) {
      const size = BigInt(withoutRetSize) - 65n * BigInt(tx.signature.length);
      const max = props.get("MAX_CREATE_ACCOUNT_TX_SIZE");
      if (size > max) {
        throw new TronodeError(
          ResponseCode.TOO_BIG_TRANSACTION_ERROR,
          `Too big new account transaction, TxId ${txIdHex}, the size is ${size} bytes, maxTxSize ${max}`,
          { javaClass: JavaExceptions.tooBigTransaction },
        );
      }
    }
    const assetName =
      paramError === undefined && contract.type === ContractType.TransferAssetContract
        ? (param as TransferAssetContract).assetName
        : undefined;
    netBill = consumeBandwidth({
      state,
      props,
      owner,
      contractType: contract.type,
      bytes,
      createsAccount,
      assetName,
    });
  } catch (e) {
    throw bandwidthRejection(e);
  }
  if (paramError !== undefined) {
    throw contractValidateRejection((paramError as Error).message, paramError);
  }

  // Multi-sign fee: more than one signature, charged to an existing owner.
  let multiSignFee = 0n;
  if (tx.signature.length > 1) {
    const fee = props.get("MULTI_SIGN_FEE");
    const account = state.get(CoreTables.accounts, owner);
    if (account && fee > 0n) {
      if (account.balance < fee) {
        throw rejection(
          ResponseCode.BANDWITH_ERROR,
          "Account resource insufficient error.",
          new TronodeError(
            "BANDWITH_ERROR",
            `account ${addressToBase58(account.address)} insufficient balance[${fee}] to multiSign`,
          ),
        );
      }
      chargeFee(state, props, account.address, fee);
      multiSignFee = fee;
    }
  }

  // Memo fee: a non-empty raw_data.data.
  let memoFee = 0n;
  if ((raw!.data?.length ?? 0) > 0) {
    const fee = props.get("MEMO_FEE");
    if (fee > 0n) {
      const account = state.get(CoreTables.accounts, owner);
      if (!account || account.balance < fee) {
        throw rejection(
          ResponseCode.BANDWITH_ERROR,
          "Account resource insufficient error.",
          new TronodeError(
            "BANDWITH_ERROR",
            `account ${addressToBase58(owner)} insufficient balance[${fee}] to memo fee`,
          ),
        );
      }
      chargeFee(state, props, owner, fee);
      memoFee = fee;
    }
  }

  const ctx: ContractActuatorContext = {
    state,
    props,
    txId,
    contract,
    settings: options.settings,
    transaction: tx,
    recoverer: options.recoverer,
    ...(options.block
      ? {
          block: {
            number: options.block.number,
            timestamp: options.block.timestamp / 1000n,
            coinbase: options.block.witness ?? new Uint8Array(0),
          },
        }
      : {}),
    ...(options.vmTracer ? { vmTracer: options.vmTracer } : {}),
    // verifying a block: the producer's OUT_OF_TIME stands, anything else gets more time (java-tron)
    ...(options.checkContractResult
      ? {
          cpuTimeRatio:
            input.ret[0]?.contractRet === Transaction_Result_contractResult.OUT_OF_TIME
              ? CPU_TIME_RATIOS.min
              : CPU_TIME_RATIOS.max,
        }
      : {}),
  };
  const typeUrl = contract.parameter?.typeUrl ?? "";
  if (!contract.parameter) {
    throw contractValidateRejection("No contract!");
  }
  if (!typeUrl.endsWith(`/${actuator.schema.typeName}`)) {
    throw contractValidateRejection(actuator.typeErrorMessage);
  }
  try {
    actuator.validate(ctx, param as never);
  } catch (e) {
    if (e instanceof TronodeError) {
      // a runtime exception out of the actuator: Wallet.broadcastTransaction's catch-all
      if (e.code === ResponseCode.OTHER_ERROR)
        throw rejection(ResponseCode.OTHER_ERROR, `Error: ${e.message}`, e);
      throw contractValidateRejection(e.message, e);
    }
    throw e;
  }
  let result: ReturnType<typeof actuator.execute>;
  try {
    result = actuator.execute(ctx, param as never);
  } catch (e) {
    if (e instanceof TronodeError) {
      // A contract transaction's checks run while its execution is prepared (VMActuator.validate).
      if (e.code === ResponseCode.CONTRACT_VALIDATE_ERROR) {
        throw contractValidateRejection(e.message, e);
      }
      // a runtime exception out of the actuator: Wallet.broadcastTransaction's catch-all
      if (e.code === ResponseCode.OTHER_ERROR)
        throw rejection(ResponseCode.OTHER_ERROR, `Error: ${e.message}`, e);
      throw rejection(ResponseCode.CONTRACT_EXE_ERROR, `Contract execute error : ${e.message}`, e);
    }
    throw e;
  }

  const run = result.contractRun;
  const contractRet = run
    ? run.contractRet
    : vmEnabled
      ? Transaction_Result_contractResult.SUCCESS
      : Transaction_Result_contractResult.DEFAULT;
  if (run && options.checkContractResult) checkContractResult(input, txIdHex, contractRet);
  const ret: Transaction_Result = transactionResult(contractRet);
  const stored: Transaction = vmEnabled ? { ...tx, ret: [ret] } : tx;
  const energyFee = run?.receipt?.energyFee ?? 0n;
  const totalFee = result.fee + energyFee + netBill.netFee + multiSignFee + memoFee;
  const blockNumber = options.block?.number ?? 0n;
  const blockTimeStamp = options.block?.timestamp ?? 0n;
  const info =
    run === undefined && result.receipt === undefined
      ? plainTransactionInfo({
          id: txId,
          fee: totalFee,
          blockNumber,
          blockTimeStamp,
          netUsage: netBill.netUsage,
          netFee: netBill.netFee,
        })
      : fastMessage(
          TransactionInfoSchema,
          create(TransactionInfoSchema, {
            id: txId,
            fee: totalFee,
            blockNumber,
            blockTimeStamp,
            contractResult: [run ? run.returnData : new Uint8Array()],
            receipt: {
              netUsage: netBill.netUsage,
              netFee: netBill.netFee,
              ...(run?.receipt ?? {}),
              ...(run ? { result: contractRet } : {}),
            },
            ...(result.receipt ?? {}),
            ...(run ? contractInfoFields(run, props, netBill.netFee, createsAccount) : {}),
          }),
        );
  state.put(CoreTables.transactionIndex, txId, options.block?.number ?? PENDING_BLOCK_NUMBER);
  const balanceTrace =
    state instanceof BalanceTracingOverlay
      ? state.trace(
          txId,
          contract.type,
          run ? (Transaction_Result_contractResult[contractRet] ?? "SUCCESS") : undefined,
        )
      : undefined;
  return {
    txId,
    transaction: stored,
    info,
    changes: state.changes(),
    balanceTrace,
    ...(run ? { contractRun: run } : {}),
  };
}

/** TransactionTrace.check: the result code a block carries for a contract transaction must be ours. */
function checkContractResult(input: Transaction, txIdHex: string, actual: Transaction_Result_contractResult) {
  const name = (code: Transaction_Result_contractResult) =>
    Transaction_Result_contractResult[code] ?? String(code);
  const carried = input.ret[0]?.contractRet;
  if (carried === undefined) {
    throw new TronodeError("BAD_BLOCK", `null resultCode id: ${txIdHex}`, { javaClass: RECEIPT_CHECK_ERROR });
  }
  if (carried !== actual) {
    throw new TronodeError(
      "BAD_BLOCK",
      `different resultCode txId: ${txIdHex}, expect: ${name(carried)}, actual: ${name(actual)}`,
      { javaClass: RECEIPT_CHECK_ERROR },
    );
  }
}

const RECEIPT_CHECK_ERROR = "org.tron.core.exception.ReceiptCheckErrException";

/**
 * TransactionUtil.buildTransactionInfoInstance for a contract transaction: the receipt's energy
 * fields and result, the contract address, logs, the saved internal transactions, FAILED with the
 * runtime error, and packingFee when the fee pool is on.
 */
function contractInfoFields(
  run: ContractRun,
  props: MutableChainProperties,
  netFee: bigint,
  createsAccount: boolean,
): Pick<TransactionInfo, "contractAddress" | "log" | "internalTransactions"> &
  Partial<Pick<TransactionInfo, "result" | "resMessage" | "packingFee">> {
  const bill = run.receipt;
  const failed = run.runtimeError !== "" || run.exception;
  let packingFee = 0n;
  if (props.isOn("ALLOW_TRANSACTION_FEE_POOL")) {
    if (!createsAccount) packingFee += netFee;
    if (run.contractRet !== Transaction_Result_contractResult.OUT_OF_TIME)
      packingFee += bill?.energyFee ?? 0n;
  }
  return {
    contractAddress: run.contractAddress,
    log: logsOf(run.logs),
    internalTransactions: savedInternalTransactions(run.internalTransactions),
    ...(failed ? { result: TransactionInfo_code.FAILED, resMessage: utf8Encode(run.runtimeError) } : {}),
    ...(packingFee > 0n ? { packingFee } : {}),
  };
}

function chargeFee(
  state: StateOverlay,
  props: MutableChainProperties,
  address: Uint8Array,
  fee: bigint,
): void {
  const account = cloneAccount(state.get(CoreTables.accounts, address)!);
  account.balance -= fee;
  state.put(CoreTables.accounts, address, account);
  burnFee(state, props, fee);
}

function bandwidthRejection(e: unknown): TronodeError {
  if (!(e instanceof TronodeError))
    return rejection(ResponseCode.OTHER_ERROR, `Error: ${(e as Error).message}`, e);
  switch (e.code) {
    case "CONTRACT_VALIDATE_ERROR":
      return contractValidateRejection(e.message, e);
    case ResponseCode.TOO_BIG_TRANSACTION_ERROR:
      return rejection(ResponseCode.TOO_BIG_TRANSACTION_ERROR, e.message, e);
    case "BANDWITH_ERROR":
      return rejection(ResponseCode.BANDWITH_ERROR, "Account resource insufficient error.", e);
    default:
      return rejection(ResponseCode.OTHER_ERROR, `Error: ${e.message}`, e);
  }
}
