/**
 * What a scenario can do against the two nodes: ask both the same question, build a transaction on
 * both (and compare the builds), sign java-tron's build and send it through tronode (java-tron hears
 * it over P2P and puts it in its block), or send the same bad transaction to both and compare the
 * refusals.
 */

import type { Json } from "./compare.js";
import type { OracleKey } from "./network.js";
import type { Compare } from "./session.js";
import { type LiveSession, type StepResult, signBuilt } from "./session.js";

export class Scenario {
  constructor(readonly session: LiveSession) {}

  ask(
    operation: string,
    path: string,
    body: Json = {},
    compare: Compare = "exact",
    label = "",
  ): Promise<StepResult> {
    // a constant call answers the transaction it ran, stamped by the node's clock and head
    const how =
      compare === "exact" && operation === "triggerconstantcontract" ? "built-transaction" : compare;
    return this.session.step({ operation, label: label || operation, path, body, compare: how });
  }

  /** Builds on both nodes (compared with the builder's clock and head normalized); java-tron's build. */
  async build(operation: string, body: Json, label = ""): Promise<Json> {
    const result = await this.ask(operation, `/wallet/${operation}`, body, "built-transaction", label);
    // the contract builders answer a TransactionExtention: {result, transaction}
    const answer = result.javaTron as { transaction?: Json } | null;
    return answer !== null && typeof answer === "object" && "transaction" in answer && answer.transaction
      ? answer.transaction
      : result.javaTron;
  }

  /**
   * Builds, signs and sends through tronode; waits until both nodes hold it in a block, then
   * compares the transaction and its info. Returns the txID; a build java-tron refuses stops the run.
   */
  async transact(operation: string, body: Json, keys: readonly OracleKey[], label = ""): Promise<string> {
    const built = await this.build(operation, body, label);
    if (!isTransaction(built))
      throw new Error(`${operation} (${label}): java-tron built no transaction: ${JSON.stringify(built)}`);
    const signed = signBuilt(built, keys);
    const answer = (await this.session.broadcast(operation, signed, this.session.tronode)) as {
      result?: boolean;
      message?: string;
    };
    if (answer.result !== true) throw new Error(`${operation}: tronode refused ${JSON.stringify(answer)}`);
    const txId = (built as { txID: string }).txID;
    await this.session.confirmed(txId);
    await this.ask(
      "gettransactionbyid",
      "/wallet/gettransactionbyid",
      { value: txId },
      "exact",
      `${operation}: the transaction`,
    );
    await this.ask(
      "gettransactioninfobyid",
      "/wallet/gettransactioninfobyid",
      { value: txId },
      "exact",
      `${operation}: its info`,
    );
    return txId;
  }

  /** Sends one signed transaction to both nodes and compares their answers (refusals). */
  async reject(operation: string, tx: Json, label: string): Promise<StepResult> {
    return this.ask(operation, "/wallet/broadcasttransaction", tx, "exact", label);
  }
}

export function isTransaction(value: Json): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && "txID" in value;
}
