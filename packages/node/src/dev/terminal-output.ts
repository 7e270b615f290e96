/**
 * The node's output for a person at a terminal, as Anvil and Hardhat's node print theirs: a line per
 * block that holds transactions (with a short summary of the empty blocks before it), a line per
 * transaction (its kind, sender, recipient or contract and method when the stored ABI names it,
 * txID, energy, bandwidth, fee, result), revert reasons decoded (`Error(string)`, `Panic(uint256)`
 * with its meaning, custom errors by the stored ABI), and console.log lines under the transaction
 * or constant call that made them. Everything else the node logs prints as `message key=value`.
 * The JSON lines (pino) stay the output when stdout is not a terminal or with `--log-format json`;
 * nothing here changes an API answer.
 */

import type { ConsoleLogSource } from "@tronode/chain";
import {
  addressToBase58,
  type Block,
  bytesToHex,
  ContractTables,
  ContractType,
  contractOwner,
  contractTypeName,
  keccak256,
  type Logger,
  revertReason,
  type SmartContract_ABI,
  SmartContract_ABI_Entry_EntryType,
  type StateView,
  Transaction_Result_contractResult,
  type TransactionInfo,
  type TransactionOutcome,
  unpackContract,
  utf8Encode,
} from "@tronode/engine/internal";
import { AbiCoder, ParamType } from "ethers/abi";

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, silent: 100 };
/** console.log lines of transactions not yet in a block are kept for at most this many transactions. */
const MAX_WAITING = 1000;
const SUN_PER_TRX = 1_000_000n;

export interface TerminalOutputOptions {
  /** Where the text goes (process.stdout.write). */
  readonly write: (text: string) => void;
  /** pino's level names; lines below it are not printed. */
  readonly level: string;
  /** ANSI colours (a terminal). */
  readonly color: boolean;
}

/** What the output reads from the chain to name contracts and methods. */
export interface ChainNames {
  headView(): StateView;
}

function trx(sun: bigint): string {
  const whole = sun / SUN_PER_TRX;
  const fraction = (sun < 0n ? -sun : sun) % SUN_PER_TRX;
  return fraction === 0n
    ? `${whole} TRX`
    : `${whole}.${fraction.toString().padStart(6, "0").replace(/0+$/, "")} TRX`;
}

function canonical(name: string, inputs: readonly { type: string }[]): string {
  return `${name}(${inputs.map((p) => ParamType.from(p.type.replace(/\btrcToken\b/g, "uint256")).format("sighash")).join(",")})`;
}

function selectorOf(signature: string): string {
  return bytesToHex(keccak256(utf8Encode(signature)).subarray(0, 4));
}

function valueText(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string")
    return /^0x[0-9a-fA-F]{40}$/.test(value)
      ? addressToBase58(Uint8Array.from(Buffer.from(`41${value.slice(2)}`, "hex")))
      : JSON.stringify(value);
  if (value instanceof Uint8Array) return `0x${bytesToHex(value)}`;
  if (Array.isArray(value)) return `[${value.map(valueText).join(", ")}]`;
  return String(value);
}

const coder = AbiCoder.defaultAbiCoder();

/** A custom error's `Name(arg, …)` from revert data, by the contract's stored ABI. */
export function customErrorText(abi: SmartContract_ABI | undefined, data: Uint8Array): string | undefined {
  if (abi === undefined || data.length < 4) return undefined;
  const selector = bytesToHex(data.subarray(0, 4));
  for (const entry of abi.entrys) {
    if (entry.type !== SmartContract_ABI_Entry_EntryType.Error) continue;
    if (selectorOf(canonical(entry.name, entry.inputs)) !== selector) continue;
    try {
      const values = coder.decode(
        entry.inputs.map((p) => p.type.replace(/\btrcToken\b/g, "uint256")),
        data.subarray(4),
      );
      return `${entry.name}(${[...values].map(valueText).join(", ")})`;
    } catch {
      return `${entry.name}(…)`;
    }
  }
  return undefined;
}

export class TerminalOutput implements Logger {
  readonly #level: number;
  readonly #waiting = new Map<string, string[]>();
  #chain: ChainNames | undefined;
  #idleFrom: bigint | undefined;
  #idleTo: bigint | undefined;
  #idleCount = 0;

  constructor(private readonly options: TerminalOutputOptions) {
    this.#level = LEVELS[options.level] ?? LEVELS.info!;
  }

  /** Lets the output read contract names and ABIs once the chain exists. */
  attach(chain: ChainNames): void {
    this.#chain = chain;
  }

  debug(fields: Record<string, unknown>, message?: string): void {
    this.#log(20, "debug", fields, message);
  }

  info(fields: Record<string, unknown>, message?: string): void {
    this.#log(30, "info", fields, message);
  }

  warn(fields: Record<string, unknown>, message?: string): void {
    this.#log(40, "warn", fields, message);
  }

  error(fields: Record<string, unknown>, message?: string): void {
    this.#log(50, "error", fields, message);
  }

  /** console.log lines: a constant call's now, a transaction's under its line when its block comes. */
  consoleLog(source: ConsoleLogSource, lines: readonly string[]): void {
    if (lines.length === 0 || this.#level > 30) return;
    if (source.kind === "transaction") {
      const id = bytesToHex(source.txId);
      this.#waiting.set(id, [...(this.#waiting.get(id) ?? []), ...lines]);
      if (this.#waiting.size > MAX_WAITING) this.#waiting.delete(this.#waiting.keys().next().value!);
      return;
    }
    this.#print(
      [
        `call ${this.#contractLabel(source.contract)}`,
        ...lines.map((line) => `  ${this.#paint("36", "console.log")} ${line}`),
      ].join("\n"),
    );
  }

  /** A produced block: nothing when empty (counted for the summary), else its line and its transactions'. */
  blockProduced(block: Block, outcomes: readonly TransactionOutcome[]): void {
    if (this.#level > 30) return;
    const raw = block.blockHeader?.rawData;
    const number = raw?.number ?? 0n;
    if (outcomes.length === 0) {
      this.#idleFrom ??= number;
      this.#idleTo = number;
      this.#idleCount++;
      return;
    }
    const lines: string[] = [];
    if (this.#idleCount > 0) {
      lines.push(
        this.#paint(
          "2",
          `${this.#idleCount} empty block${this.#idleCount === 1 ? "" : "s"} (#${this.#idleFrom}${this.#idleCount > 1 ? `–#${this.#idleTo}` : ""})`,
        ),
      );
      this.#idleCount = 0;
      this.#idleFrom = undefined;
    }
    const time = new Date(Number(raw?.timestamp ?? 0n)).toISOString();
    lines.push(
      this.#paint("1", `Block #${number}`) +
        `  ${time}  ${outcomes.length} transaction${outcomes.length === 1 ? "" : "s"}`,
    );
    for (const outcome of outcomes) {
      lines.push(`  ${this.#transactionLine(outcome)}`);
      const id = bytesToHex(outcome.txId);
      for (const line of this.#waiting.get(id) ?? [])
        lines.push(`    ${this.#paint("36", "console.log")} ${line}`);
      this.#waiting.delete(id);
    }
    this.#print(lines.join("\n"));
  }

  #transactionLine(outcome: TransactionOutcome): string {
    const contract = outcome.transaction.rawData?.contract[0];
    const info = outcome.info;
    const parts: string[] = [];
    if (contract === undefined) return `transaction ${bytesToHex(outcome.txId)}`;
    const from = addressToBase58(contractOwner(contract));
    let revertAbi: SmartContract_ABI | undefined;
    try {
      const { type, value } = unpackContract(contract);
      if (type === ContractType.TransferContract) {
        parts.push("transfer", `${from} → ${addressToBase58(value.toAddress)}`, trx(value.amount));
      } else if (type === ContractType.TriggerSmartContract) {
        revertAbi = this.#abiOf(value.contractAddress);
        parts.push("call", `${this.#contractLabel(value.contractAddress, value.data)}`, `from ${from}`);
        if (value.callValue > 0n) parts.push(trx(value.callValue));
      } else if (type === ContractType.CreateSmartContract) {
        const name = value.newContract?.name ?? "";
        const at = info.contractAddress.length > 0 ? addressToBase58(info.contractAddress) : "?";
        parts.push("deploy", `${name === "" ? "contract" : name} at ${at}`, `from ${from}`);
        if ((value.newContract?.callValue ?? 0n) > 0n) parts.push(trx(value.newContract.callValue));
      } else {
        parts.push(contractTypeName(type), `from ${from}`);
      }
    } catch {
      parts.push(contractTypeName(contract.type), `from ${from}`);
    }
    parts.push(`txID ${bytesToHex(outcome.txId)}`);
    const receipt = info.receipt;
    if (receipt !== undefined && receipt.energyUsageTotal > 0n)
      parts.push(`energy ${receipt.energyUsageTotal}`);
    if (receipt !== undefined)
      parts.push(`bandwidth ${receipt.netUsage > 0n ? receipt.netUsage : `${trx(receipt.netFee)} burned`}`);
    parts.push(`fee ${trx(info.fee)}`);
    parts.push(this.#result(info, revertAbi));
    return parts.join("  ");
  }

  #result(info: TransactionInfo, abi: SmartContract_ABI | undefined): string {
    const result = info.receipt?.result ?? Transaction_Result_contractResult.DEFAULT;
    const succeeded =
      result === Transaction_Result_contractResult.SUCCESS ||
      result === Transaction_Result_contractResult.DEFAULT;
    // TransactionInfo.code FAILED = 1
    if (succeeded && info.result !== 1) return this.#paint("32", "SUCCESS");
    const name = succeeded ? "FAILED" : (Transaction_Result_contractResult[result] ?? "FAILED");
    if (result === Transaction_Result_contractResult.REVERT) {
      const data = info.contractResult[0] ?? new Uint8Array(0);
      const reason = revertReason(data) ?? customErrorText(abi, data);
      const text =
        reason !== undefined ? reason : data.length > 0 ? `0x${bytesToHex(data)}` : "without a reason";
      return this.#paint("31", `${name} ${text}`);
    }
    const message = Buffer.from(info.resMessage).toString("utf8");
    return this.#paint("31", message === "" ? name : `${name} ${message}`);
  }

  #abiOf(address: Uint8Array): SmartContract_ABI | undefined {
    const abi = this.#chain?.headView().get(ContractTables.contractAbis, address);
    return abi && abi.entrys.length > 0 ? abi : undefined;
  }

  /** `Name.method` (or the address) of a contract call, by the contract's record and stored ABI. */
  #contractLabel(address: Uint8Array, data?: Uint8Array): string {
    const view = this.#chain?.headView();
    const name = view?.get(ContractTables.contracts, address)?.name ?? "";
    const who = name === "" ? addressToBase58(address) : `${name}(${addressToBase58(address)})`;
    if (data === undefined || data.length < 4) return who;
    const selector = bytesToHex(data.subarray(0, 4));
    const method = this.#abiOf(address)?.entrys.find(
      (e) =>
        e.type === SmartContract_ABI_Entry_EntryType.Function &&
        selectorOf(canonical(e.name, e.inputs)) === selector,
    );
    return `${who}.${method?.name ?? `0x${selector}`}`;
  }

  #log(level: number, label: string, fields: Record<string, unknown>, message?: string): void {
    if (level < this.#level) return;
    // printed by blockProduced and under the transaction's line instead
    if (message === "block produced" || message === "console.log") return;
    if (typeof fields.reason === "string" && typeof fields.txId === "string") return;
    const pairs = Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(
        ([k, v]) =>
          `${k}=${typeof v === "string" ? v : JSON.stringify(v, (_, x) => (typeof x === "bigint" ? x.toString() : x))}`,
      );
    const head = level >= 40 ? this.#paint(level >= 50 ? "31" : "33", label) : "";
    this.#print([head, message ?? "", ...pairs].filter((p) => p !== "").join("  "));
  }

  #paint(code: string, text: string): string {
    return this.options.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  }

  #print(text: string): void {
    this.options.write(`${text}\n`);
  }
}
