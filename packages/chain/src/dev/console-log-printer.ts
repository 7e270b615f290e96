/**
 * Prints the console.log lines of contracts (Hardhat's and TronBox's console.sol) in the node's
 * output, under the transaction or constant call that made them, as Anvil prints them under
 * `node::console` and Hardhat's node under the call. The call data is decoded by the engine
 * (`decodeConsoleLog`); the line is formatted as Hardhat formats it: a first string argument is a
 * printf-like format (`%s`, `%d`, `%i`, `%o`; integers print in full), the rest joined by spaces.
 */
import { format } from "node:util";
import {
  addressToBase58,
  bytesToHex,
  type ConsoleCall,
  decodeConsoleLog,
  type Logger,
} from "@tronode/engine/internal";

/** What made the calls: a transaction (its id) or a constant call (the contract called). */
export type ConsoleLogSource =
  | { readonly kind: "transaction"; readonly txId: Uint8Array }
  | { readonly kind: "call"; readonly contract: Uint8Array };

/** The printed line of one console.log call; undefined for data console.sol never sends. */
export function consoleLogLine(data: Uint8Array): string | undefined {
  const values = decodeConsoleLog(data);
  if (values === undefined) return undefined;
  const texts = values.map((v) => v.text);
  if (values[0]?.type === "string") {
    // %d and %i would print a number through Number(); the decoded integers are exact decimal text
    texts[0] = texts[0]!.replace(/((?:^|[^%])(?:%%)*)%[di]/g, "$1%s");
    return format(...(texts as [string, ...string[]]));
  }
  return texts.join(" ");
}

export class ConsoleLogPrinter {
  constructor(
    private readonly logger: Logger,
    private readonly enabled: boolean,
    /** Takes the lines instead of the logger (the terminal output prints them its own way). */
    private readonly sink?: (source: ConsoleLogSource, lines: readonly string[]) => void,
  ) {}

  /** Logs one line per decodable call (msg `console.log`, the line under `console`). */
  print(source: ConsoleLogSource, calls: readonly ConsoleCall[]): void {
    if (!this.enabled || calls.length === 0) return;
    if (this.sink !== undefined) {
      const lines = calls.flatMap((call) => consoleLogLine(call.data) ?? []);
      if (lines.length > 0) this.sink(source, lines);
      return;
    }
    const where =
      source.kind === "transaction"
        ? { txID: bytesToHex(source.txId) }
        : { call: addressToBase58(source.contract) };
    for (const call of calls) {
      const line = consoleLogLine(call.data);
      if (line !== undefined) this.logger.info({ ...where, console: line }, "console.log");
    }
  }
}
