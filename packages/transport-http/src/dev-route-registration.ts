/**
 * TRE's development surface on the wallet port (tronweb-and-tre.md §5.3), served when the node
 * gives a DevApi:
 * - `GET /admin/accounts` — the funded accounts and their keys, as text for humans;
 * - `GET /admin/accounts-json` — `{privateKeys:[hex…], more:[{privateKeys:[…]}…], mnemonic?, hdPath}`
 *   (the newest generated batch is the last element of `more`);
 * - `GET|POST /admin/temporary-accounts-generation?accounts=N` — creates and funds N accounts
 *   (default 10, at most 100) and answers them as text;
 * - `POST /tre` — JSON-RPC 2.0 (`tre_mine`, `tre_blockTime`).
 * These return private keys of development accounts by design; the node only passes a DevApi in
 * development mode.
 */
import {
  addressToBase58,
  bytesToHex,
  type DevAccount,
  type DevApi,
  type Logger,
} from "@tronode/engine/internal";
import type { JsonRpcMethodLookup } from "@tronode/operations";
import type { JsonObject } from "./engine-protocol.js";
import { jsonReply, jsonTextReply, textReply } from "./http-exchange.js";
import type { HttpRouter } from "./http-router.js";
import { answerTreJsonRpc } from "./tre-json-rpc.js";

const DEFAULT_GENERATED_ACCOUNTS = 10;
const MAX_GENERATED_ACCOUNTS = 100;

function accountsText(title: string, accounts: readonly DevAccount[], dev: DevApi): string {
  const lines = [title, "=".repeat(title.length), ""];
  lines.push(...accounts.map((account, index) => `(${index}) ${addressToBase58(account.address)}`));
  lines.push("", "Private Keys", "==================", "");
  lines.push(...accounts.map((account, index) => `(${index}) ${bytesToHex(account.privateKey)}`));
  if (dev.mnemonic !== undefined) {
    lines.push(
      "",
      "HD Wallet",
      "==================",
      `Mnemonic:      ${dev.mnemonic}`,
      `Base HD Path:  ${dev.hdPath}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function accountsJson(dev: DevApi): JsonObject {
  const keysOf = (accounts: readonly DevAccount[]) =>
    accounts.map((account) => bytesToHex(account.privateKey));
  const body: JsonObject = {
    privateKeys: keysOf(dev.genesisAccounts()),
    more: dev.generatedAccountBatches().map((batch) => ({ privateKeys: keysOf(batch) })),
  };
  if (dev.mnemonic !== undefined) body.mnemonic = dev.mnemonic;
  body.hdPath = dev.hdPath;
  return body;
}

function readAccountCount(raw: unknown): number | undefined {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || text === "") return DEFAULT_GENERATED_ACCOUNTS;
  if (typeof text !== "string" || !/^[0-9]+$/.test(text)) return undefined;
  const count = Number(text);
  return count >= 1 && count <= MAX_GENERATED_ACCOUNTS ? count : undefined;
}

export function registerDevRoutes(
  router: HttpRouter,
  dev: DevApi,
  logger: Logger,
  /** Methods beside the dev ones (debug_traceTransaction). */
  extra?: JsonRpcMethodLookup,
): void {
  router.get("/admin/accounts", () =>
    textReply(200, accountsText("Available Accounts", dev.genesisAccounts(), dev)),
  );

  router.get("/admin/accounts-json", () => jsonReply(200, accountsJson(dev)));

  router.add(["GET", "POST"], "/admin/temporary-accounts-generation", async (request) => {
    const count = readAccountCount(request.query.accounts);
    if (count === undefined) {
      return textReply(400, `accounts must be an integer between 1 and ${MAX_GENERATED_ACCOUNTS}\n`);
    }
    try {
      const accounts = await dev.generateAccounts(count);
      return textReply(200, accountsText("Generated Accounts", accounts, dev));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ error: message }, "temporary account generation failed");
      return textReply(500, `account generation failed: ${message}\n`);
    }
  });

  router.post("/tre", async (request) =>
    jsonTextReply(await answerTreJsonRpc(await request.text(), dev, logger, extra)),
  );
}
