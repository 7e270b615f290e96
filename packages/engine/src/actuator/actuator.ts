import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import type { BlockContext } from "../chain/block-context.js";
import type { ChainSettings } from "../chain/chain-settings.js";
import type { SignatureRecoverer } from "../crypto/signature.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import type { ContractType } from "../protocol/contract-types.js";
import type {
  Transaction,
  Transaction_Contract,
  Transaction_Result,
} from "../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";

/** What an actuator sees: the transaction's working state and the chain properties. */
export interface ActuatorContext {
  readonly state: StateOverlay;
  readonly props: MutableChainProperties;
  readonly txId: Uint8Array;
  readonly contract: Transaction_Contract;
  /**
   * Validation for a builder (java-tron's `isTransactionCreate`): a few actuators account for the
   * transaction they are about to create (DelegateResource reserves its own bandwidth).
   */
  readonly creating?: boolean;
  /** The whole transaction (contract transactions read fee_limit). */
  readonly transaction?: Transaction;
  /** The block the transaction is applied in; absent for a push (java-tron's empty block). */
  readonly block?: BlockContext;
  /** Signature recovery for the TVM's ecrecover and signature precompiles. */
  readonly recoverer?: SignatureRecoverer;
  /** Node settings that affect execution (java-tron's CommonParameter); defaults when absent. */
  readonly settings?: ChainSettings;
}

/** Outcome of `execute`: the actuator fee plus any receipt fields it sets (Transaction.Result). */
export interface ActuatorResult {
  readonly fee: bigint;
  readonly receipt?: Partial<
    Pick<
      Transaction_Result,
      | "assetIssueID"
      | "withdrawAmount"
      | "unfreezeAmount"
      | "withdrawExpireAmount"
      | "cancelUnfreezeV2Amount"
      | "orderId"
      | "orderDetails"
      | "exchangeId"
      | "exchangeReceivedAmount"
      | "exchangeInjectAnotherAmount"
      | "exchangeWithdrawAnotherAmount"
    >
  >;
}

/**
 * One system contract's rules, in java-tron's order: `validate` throws the first failing check's
 * exact message (a ContractValidateException), `execute` changes state and returns the fee. A layer
 * above may widen the context and result (the contracts domain adds the TVM tracer and the run).
 */
export interface Actuator<
  Desc extends DescMessage = DescMessage,
  Context extends ActuatorContext = ActuatorContext,
  Result extends ActuatorResult = ActuatorResult,
> {
  readonly type: ContractType;
  readonly schema: Desc;
  /** java-tron's message when the Any does not hold this contract's message. */
  readonly typeErrorMessage: string;
  /** Whether executing this contract creates an account (bandwidth charges it differently). */
  createsAccount?(view: StateView, param: MessageShape<Desc>): boolean;
  validate(ctx: Context, param: MessageShape<Desc>): void;
  execute(ctx: Context, param: MessageShape<Desc>): Result;
}

export function validateError(message: string): TronodeError {
  return new TronodeError("CONTRACT_VALIDATE_ERROR", message, { javaClass: JavaExceptions.contractValidate });
}

/**
 * A runtime exception an actuator does not catch (an ArithmeticException, a NullPointerException):
 * it leaves the transaction's processing, and Wallet.broadcastTransaction's catch-all answers
 * OTHER_ERROR with `Error: <message>`.
 */
export function uncaughtError(message: string, javaClass: string): TronodeError {
  return new TronodeError("OTHER_ERROR", message, { javaClass });
}

/** Runs `f`, turning the engine's ArithmeticException into one that nothing catches. */
export function uncaught<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TronodeError && e.code === "ARITHMETIC") throw uncaughtError(e.message, e.javaClass);
    throw e;
  }
}

export function executeError(message: string): TronodeError {
  return new TronodeError("CONTRACT_EXE_ERROR", message, { javaClass: JavaExceptions.contractExe });
}

/** java-tron's type-check message with spaces after the commas (the "B" spelling of several actuators). */
export function typeErrorB(name: string): string {
  return `contract type error, expected type [${name}], real type[class com.google.protobuf.Any]`;
}

/** java-tron's type-check message without spaces (most actuators); others spell it literally. */
export function typeErrorA(name: string): string {
  return `contract type error,expected type [${name}],real type[class com.google.protobuf.Any]`;
}
