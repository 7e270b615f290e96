/**
 * The broadcast pipeline's refusals, in java-tron's order and words: a bad signature, a signature
 * by the wrong key, an expired transaction, a foreign reference block, a duplicate, a contract that
 * fails validation, and malformed bodies. Each transaction goes to both nodes.
 */
import {
  bytesToHex,
  parseTransaction,
  printTransaction,
  signHash,
  transactionId,
} from "@tronode/engine/internal";
import type { Json } from "../compare.js";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";
import { post, signBuilt } from "../session.js";

const hex = (a: Uint8Array) => bytesToHex(a);

export async function refusals(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1, a2] = net.accounts;
  const transfer = { owner_address: hex(a1!.address), to_address: hex(a2!.address), amount: 1000 };
  const built = (await post(s.session.javaTron.http, "/wallet/createtransaction", transfer)) as Record<
    string,
    Json
  >;

  await s.reject("broadcasttransaction", signBuilt(built, [a0!]), "signed by another key");
  await s.reject("broadcasttransaction", { ...built, signature: ["00".repeat(65)] }, "a signature of zeros");
  await s.reject("broadcasttransaction", { ...built, signature: ["1234"] }, "a short signature");
  await s.reject("broadcasttransaction", built, "no signature");
  await s.reject(
    "broadcasttransaction",
    {
      ...built,
      signature: [
        ...(signBuilt(built, [a1!]) as { signature: string[] }).signature,
        ...(signBuilt(built, [a1!]) as { signature: string[] }).signature,
      ],
    },
    "the same signature twice",
  );

  // the same transfer re-stamped: expired, and on a reference block of another chain (signed anew)
  const restamp = async (patch: Record<string, Json>, label: string) => {
    const data = { ...(built.raw_data as Record<string, Json>), ...patch };
    const tx = parseTransaction({ raw_data: data }, { visible: false });
    tx.signature = [signHash(transactionId(tx), a1!.privateKey)];
    await s.reject("broadcasttransaction", printTransaction(tx, { visible: false }) as Json, label);
  };
  await restamp({ expiration: 1000 }, "expired");
  await restamp({ ref_block_hash: "0000000000000000" }, "a reference block of another chain");
  await restamp(
    { expiration: Number((built.raw_data as { expiration: number }).expiration) + 86_400_000 * 2 },
    "expiring beyond the window",
  );

  // a duplicate: a confirmed transaction sent again
  const txId = await s.transact("createtransaction", transfer, [a1!], "a transfer to send twice");
  const again = (await post(s.session.javaTron.http, "/wallet/gettransactionbyid", { value: txId })) as Json;
  await s.reject("broadcasttransaction", again, "already in a block");

  // malformed requests
  await s.ask("broadcasttransaction", "/wallet/broadcasttransaction", {}, "exact", "an empty body");
  await s.ask("broadcasthex", "/wallet/broadcasthex", { transaction: "zz" }, "exact", "not hex");
  await s.ask("broadcasthex", "/wallet/broadcasthex", { transaction: "0a02" }, "exact", "truncated protobuf");
  await s.ask("getaccount", "/wallet/getaccount", { address: "zz" }, "exact", "an address that is not hex");
  await s.ask("getblockbynum", "/wallet/getblockbynum", { num: -1 }, "exact", "a negative number");
  await s.ask(
    "getblockbynum",
    "/wallet/getblockbynum",
    { num: 10_000_000 },
    "exact",
    "a block not yet produced",
  );
  await s.ask(
    "gettransactionbyid",
    "/wallet/gettransactionbyid",
    { value: "00".repeat(32) },
    "exact",
    "an unknown transaction",
  );
  await s.ask(
    "gettransactioninfobyid",
    "/wallet/gettransactioninfobyid",
    { value: "00".repeat(32) },
    "exact",
    "an unknown transaction",
  );
  await s.ask(
    "getcontract",
    "/wallet/getcontract",
    { value: hex(a0!.address) },
    "exact",
    "an account that is no contract",
  );
}
