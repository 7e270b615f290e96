/** The same reads and refusals through TRON's gRPC services, with stubs built from the protos. */
import { bytesToHex } from "@tronode/engine/internal";
import type { Json } from "../compare.js";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";
import { post } from "../session.js";

const bytes = (a: Uint8Array | string) => `hex:${typeof a === "string" ? a : bytesToHex(a)}`;

export async function grpc(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1, , a3] = net.accounts;
  const call = (
    rpc: string,
    body: Json = {},
    compare: "exact" | "shape" | "built-transaction" = "exact",
    label = "",
  ) => s.ask(`grpc ${rpc.split("/")[1]}`, `grpc:${rpc}`, body, compare, label || rpc);

  await call("Wallet/GetNowBlock");
  await call("Wallet/GetNowBlock2");
  await call("Wallet/GetBlockByNum", { num: "1" });
  await call("Wallet/GetBlockByNum2", { num: "1" });
  await call("Wallet/GetBlockByLatestNum2", { num: "2" });
  await call("Wallet/GetAccount", { address: bytes(a0!.address) });
  await call("Wallet/GetAccount", { address: bytes(`41${"00".repeat(20)}`) }, "exact", "a missing account");
  await call("Wallet/GetAccountResource", { address: bytes(a3!.address) });
  await call("Wallet/GetAccountNet", { address: bytes(a0!.address) });
  await call("Wallet/ListWitnesses");
  await call("Wallet/GetChainParameters");
  await call("Wallet/GetNextMaintenanceTime");
  await call("Wallet/GetAssetIssueList");
  await call("Wallet/GetAssetIssueById", { value: bytes(new TextEncoder().encode("1000001")) });
  await call("Wallet/ListProposals");
  await call("Wallet/ListExchanges");
  await call("Wallet/GetDelegatedResourceAccountIndexV2", { value: bytes(a3!.address) });
  await call("Wallet/GetCanDelegatedMaxSize", { owner_address: bytes(a3!.address), type: 1 });
  await call("Wallet/GetBandwidthPrices");
  await call("Wallet/GetEnergyPrices");
  await call("Wallet/GetBurnTrx");
  await call("Wallet/GetNodeInfo", {}, "shape");
  await call(
    "Wallet/CreateTransaction2",
    { owner_address: bytes(a0!.address), to_address: bytes(a1!.address), amount: "1" },
    "built-transaction",
  );
  await call(
    "Wallet/CreateTransaction2",
    { owner_address: bytes(a0!.address), to_address: bytes(a0!.address), amount: "1" },
    "built-transaction",
    "to itself",
  );
  await call(
    "Wallet/CreateTransaction",
    { owner_address: bytes(a0!.address), to_address: bytes(a0!.address), amount: "1" },
    "built-transaction",
    "to itself (the old rpc)",
  );
  // a transaction id of the shared chain
  const head = (await post(s.session.javaTron.http, "/wallet/getblockbylatestnum", { num: 30 })) as {
    block?: { transactions?: { txID: string }[] }[];
  };
  const txId = head.block?.flatMap((b) => b.transactions ?? [])[0]?.txID;
  if (txId) {
    await call("Wallet/GetTransactionById", { value: bytes(txId) });
    await call("Wallet/GetTransactionInfoById", { value: bytes(txId) });
  }
  await call(
    "Wallet/GetTransactionById",
    { value: bytes("00".repeat(32)) },
    "exact",
    "an unknown transaction",
  );
  await call("WalletSolidity/GetAccount", { address: bytes(a0!.address) }, "exact", "solidity");
  await call("WalletSolidity/GetNowBlock", {}, "exact", "solidity");
  await call("Database/GetDynamicProperties");
  await call(
    "Wallet/BroadcastTransaction",
    { raw_data: { contract: [] }, signature: [bytes("00")] },
    "exact",
    "no contract",
  );
}
