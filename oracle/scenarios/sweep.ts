/**
 * Every operation the product spec lists, asked once with an empty body on /wallet and, for the
 * ones the solidity node serves, on /walletsolidity: java-tron's answer to a request without its
 * fields (an error text, a default, `{}`) must be tronode's too. Operations java-tron no longer
 * registers answer its 404; the spec keeps some of them (oracle/deliberate.ts says which).
 */
import { readSpecOperations } from "../../test/support/spec-operations.js";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

/** Answers that change with every call (fresh keys, random diversifiers) compare by shape. */
const RANDOM = new Set([
  "generateaddress",
  "getnewshieldedaddress",
  "getspendingkey",
  "getdiversifier",
  "getrcm",
  "createaddress",
]);

/** Operations answering the node itself rather than the chain, compared by shape. */
const NODE = new Set(["getnodeinfo", "listnodes", "getstatsinfo"]);

export async function sweep(s: Scenario, _net: OracleNetwork): Promise<void> {
  const { all, solidity } = readSpecOperations();
  for (const op of [...all].sort()) {
    const how = RANDOM.has(op) || NODE.has(op) ? "shape" : "built-transaction";
    await s.ask(op, `/wallet/${op}`, {}, how, "an empty body");
  }
  for (const op of [...solidity].sort()) {
    const how = RANDOM.has(op) || NODE.has(op) ? "shape" : "built-transaction";
    await s.ask(op, `/walletsolidity/${op}`, {}, how, "an empty body, solidity");
  }
}
