/**
 * Reads over the chain the other scenarios left: balance history, the solidity and PBFT views,
 * blocks and their transaction infos, paginated lists, and java-tron's Ethereum-style JSON-RPC.
 */
import { bytesToHex } from "@tronode/engine/internal";
import type { Json } from "../compare.js";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";
import { post } from "../session.js";

const hex = (a: Uint8Array) => bytesToHex(a);

interface JsonBlock {
  blockID: string;
  block_header: { raw_data: { number?: number } };
  transactions?: unknown[];
}

export async function reads(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1] = net.accounts;
  // a block that holds transactions: the newest one with some, found on java-tron
  const head = (await post(s.session.javaTron.http, "/wallet/getnowblock", {})) as unknown as JsonBlock;
  let busy: JsonBlock | undefined;
  for (let n = Number(head.block_header.raw_data.number ?? 0); n > 0 && !busy; n--) {
    const block = (await post(s.session.javaTron.http, "/wallet/getblockbynum", {
      num: n,
    })) as unknown as JsonBlock;
    if ((block.transactions?.length ?? 0) > 0) busy = block;
  }
  if (busy) {
    const number = Number(busy.block_header.raw_data.number);
    await s.ask("getblockbyid", "/wallet/getblockbyid", { value: busy.blockID });
    await s.ask("gettransactioninfobyblocknum", "/wallet/gettransactioninfobyblocknum", { num: number });
    await s.ask("gettransactioncountbyblocknum", "/wallet/gettransactioncountbyblocknum", { num: number });
    await s.ask(
      "getblock",
      "/wallet/getblock",
      { id_or_num: String(number), detail: false },
      "exact",
      "without detail",
    );
    await s.ask(
      "getblockbalance",
      "/wallet/getblockbalance",
      { hash: busy.blockID, number },
      "exact",
      "a block with transfers",
    );
    await s.ask(
      "getaccountbalance",
      "/wallet/getaccountbalance",
      { account_identifier: { address: hex(a0!.address) }, block_identifier: { hash: busy.blockID, number } },
      "exact",
      "at a past block",
    );
    await s.ask("getblockbynum", "/walletsolidity/getblockbynum", { num: number }, "exact", "solidity view");
    await s.ask(
      "gettransactioninfobyblocknum",
      "/walletsolidity/gettransactioninfobyblocknum",
      { num: number },
      "exact",
      "solidity view",
    );
  }
  await s.ask(
    "getblockbalance",
    "/wallet/getblockbalance",
    { hash: "00".repeat(32), number: 1 },
    "exact",
    "an unknown block",
  );
  await s.ask(
    "getaccount",
    "/walletsolidity/getaccount",
    { address: hex(a1!.address) },
    "exact",
    "solidity view",
  );
  await s.ask("getnowblock", "/walletsolidity/getnowblock", {}, "exact", "solidity view");
  await s.ask("getaccount", "/walletpbft/getaccount", { address: hex(a1!.address) }, "exact", "PBFT view");
  await s.ask(
    "getpaginatedassetissuelist",
    "/wallet/getpaginatedassetissuelist",
    { offset: 1, limit: 10 },
    "exact",
    "past the end",
  );
  await s.ask("listwitnesses", "/walletsolidity/listwitnesses", {}, "exact", "solidity view");
  await s.ask("getpendingsize", "/wallet/getpendingsize");
  await s.ask("gettransactionlistfrompending", "/wallet/gettransactionlistfrompending");

  // java-tron's JSON-RPC on its own port (tronode serves it at /jsonrpc on its HTTP port)
  const rpc = async (method: string, params: Json[], label = method) =>
    s.session.step({
      operation: method,
      label,
      path: "/jsonrpc",
      body: { jsonrpc: "2.0", id: 1, method, params },
      compare: "exact",
    });
  await rpc("eth_chainId", []);
  await rpc("net_version", []);
  await rpc("eth_getBalance", [`0x${hex(a0!.address).slice(2)}`, "latest"]);
  await rpc("eth_getBalance", [`0x${hex(a0!.address).slice(2)}`, "0x1"], "eth_getBalance at a number");
  await rpc("eth_gasPrice", []);
  await rpc("eth_getBlockByNumber", ["0x1", false]);
  await rpc("eth_getBlockByNumber", ["0x1", true], "eth_getBlockByNumber with transactions");
  if (busy) {
    const number = `0x${Number(busy.block_header.raw_data.number).toString(16)}`;
    await rpc("eth_getBlockByNumber", [number, true], "a block with transactions");
    await rpc("eth_getBlockTransactionCountByNumber", [number]);
    await rpc("eth_getBlockByHash", [`0x${busy.blockID}`, false]);
  }
  await rpc("eth_getTransactionByHash", [`0x${"00".repeat(32)}`], "an unknown transaction");
  await rpc("eth_accounts", []);
  await rpc("eth_protocolVersion", []);
  await rpc("eth_getCode", [`0x${hex(a0!.address).slice(2)}`, "latest"], "an account without code");
  await rpc("eth_notAMethod", [], "an unknown method");
}
