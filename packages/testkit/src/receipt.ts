import { hexToBytes, revertReason, utf8Decode } from "@tronode/engine";
import type { Json } from "./json.js";

/** What java-tron answered when it refused a transaction (at the builder or at broadcast). */
export interface Refusal {
  /**
   * The broadcast's response code (`CONTRACT_VALIDATE_ERROR`, `SIGERROR`, …); a builder's
   * validation refusal is `CONTRACT_VALIDATE_ERROR` too, any other builder error `BUILDER`.
   */
  readonly code: string;
  /** java-tron's text, as its clients print it. */
  readonly message: string;
}

/** A log a transaction emitted: the contract (hex, 41…), its topics and data (hex). */
export interface ReceiptLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
}

/**
 * A transaction's outcome, from gettransactioninfobyid and the block's `ret`: java-tron's result,
 * what it cost and where each resource came from, its logs, internal transactions and revert reason.
 */
export interface Receipt {
  /** The txID (hex); undefined when a builder refused before there was a transaction. */
  readonly txId: string | undefined;
  /** Set when java-tron refused the transaction; nothing else is then. */
  readonly refused?: Refusal;
  /** The block it is in. */
  readonly blockNumber?: bigint;
  /** The contract result of its block's `ret` (`SUCCESS`, `REVERT`, `OUT_OF_ENERGY`, …). */
  readonly result?: string;
  /** Everything it burned, in sun (fee). */
  readonly fee?: bigint;
  /** Bandwidth: bytes paid from free or staked bandwidth, and the TRX burned for the rest. */
  readonly bandwidth?: { readonly used: bigint; readonly burnedSun: bigint };
  /** Energy: used in all, from the caller's stake or delegation, from the contract owner's, and the TRX burned. */
  readonly energy?: {
    readonly total: bigint;
    readonly fromStake: bigint;
    readonly fromOrigin: bigint;
    readonly burnedSun: bigint;
  };
  /** The address a deploy created (hex, 41…). */
  readonly contractAddress?: string;
  /** What the contract returned (hex). */
  readonly returnData?: string;
  readonly logs?: readonly ReceiptLog[];
  /** Internal transactions, as gettransactioninfobyid prints them. */
  readonly internalTransactions?: readonly Json[];
  /** A revert's reason as the node prints it (`Error(string)`'s text, or the raw message). */
  readonly revertReason?: string;
  /** The transaction info as gettransactioninfobyid answered it. */
  readonly info?: Json;
}

/** A receipt from gettransactioninfobyid's and gettransactionbyid's answers. */
export function receiptOf(txId: string, info: Json, stored: Json): Receipt {
  const receipt = info.receipt ?? {};
  const big = (value: unknown) => BigInt((value as bigint | number | string | undefined) ?? 0);
  const energyTotal = big(receipt.energy_usage_total);
  const returned = info.contractResult?.[0];
  const reason = info.resMessage ? utf8Decode(hexToBytes(info.resMessage)) : undefined;
  const decoded = returned ? revertReason(hexToBytes(returned)) : undefined;
  return {
    txId,
    blockNumber: big(info.blockNumber),
    result: stored.ret?.[0]?.contractRet ?? "SUCCESS",
    fee: big(info.fee),
    bandwidth: { used: big(receipt.net_usage), burnedSun: big(receipt.net_fee) },
    energy: {
      total: energyTotal,
      fromStake: big(receipt.energy_usage),
      fromOrigin: big(receipt.origin_energy_usage),
      burnedSun: big(receipt.energy_fee),
    },
    ...(info.contract_address ? { contractAddress: info.contract_address } : {}),
    ...(returned ? { returnData: returned } : {}),
    logs: (info.log ?? []).map((log: Json) => ({
      address: `41${log.address}`,
      topics: log.topics ?? [],
      data: log.data ?? "",
    })),
    internalTransactions: info.internal_transactions ?? [],
    ...(info.result === "FAILED" ? { revertReason: decoded ?? reason ?? "" } : {}),
    info,
  };
}

const CONTRACT_VALIDATE_EXCEPTION = "org.tron.core.exception.ContractValidateException";

/** The refusal in a builder's `{"Error": …}` or a broadcast's `{code, message}` answer. */
export function refusalOf(answer: Json): Refusal {
  if (typeof answer.Error === "string") {
    const text: string = answer.Error;
    const at = text.indexOf(" : ");
    // a builder runs the actuator's validate: its ContractValidateException is the broadcast's code
    const code = text.startsWith(`class ${CONTRACT_VALIDATE_EXCEPTION} `)
      ? "CONTRACT_VALIDATE_ERROR"
      : "BUILDER";
    return { code, message: at >= 0 ? text.slice(at + 3) : text };
  }
  const message = typeof answer.message === "string" ? textOfHex(answer.message) : "";
  return { code: String(answer.code ?? "OTHER_ERROR"), message };
}

/** java-tron prints a broadcast's message as hex unless `visible`: its text. */
function textOfHex(message: string): string {
  return /^([0-9a-fA-F]{2})+$/.test(message) ? utf8Decode(hexToBytes(message)) : message;
}
