/** Chain reads, accounts and transfers: the basics every client calls first. */
import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

const hex = (a: Uint8Array) => bytesToHex(a);

export async function chainAndAccounts(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1, a2] = net.accounts;
  const witness = net.witnesses[0]!;

  await s.ask("getchainparameters", "/wallet/getchainparameters");
  await s.ask("listwitnesses", "/wallet/listwitnesses");
  await s.ask("getnextmaintenancetime", "/wallet/getnextmaintenancetime");
  await s.ask("getbandwidthprices", "/wallet/getbandwidthprices");
  await s.ask("getenergyprices", "/wallet/getenergyprices");
  await s.ask("getmemofee", "/wallet/getmemofee");
  await s.ask("getburntrx", "/wallet/getburntrx");
  await s.ask("getblockbynum", "/wallet/getblockbynum", { num: 0 }, "exact", "the genesis block");
  await s.ask("getnowblock", "/wallet/getnowblock");
  await s.ask("getblockbylatestnum", "/wallet/getblockbylatestnum", { num: 2 });
  await s.ask("getblockbylimitnext", "/wallet/getblockbylimitnext", { startNum: 0, endNum: 3 });
  await s.ask("getblock", "/wallet/getblock", { id_or_num: "1", detail: true });
  await s.ask("getnodeinfo", "/wallet/getnodeinfo", {}, "shape");
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: hex(a0!.address) },
    "exact",
    "a genesis account",
  );
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: addressToBase58(a0!.address), visible: true },
    "exact",
    "visible",
  );
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: hex(witness.address) },
    "exact",
    "the witness account",
  );
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: `41${"00".repeat(20)}` },
    "exact",
    "a missing account",
  );
  await s.ask("getaccountresource", "/wallet/getaccountresource", { address: hex(a0!.address) });
  await s.ask("getaccountnet", "/wallet/getaccountnet", { address: hex(a0!.address) });
  await s.ask("validateaddress", "/wallet/validateaddress", { address: addressToBase58(a0!.address) });
  await s.ask(
    "validateaddress",
    "/wallet/validateaddress",
    { address: "T123" },
    "exact",
    "an invalid address",
  );

  // a transfer to a new account (creates it: bandwidth and the creation fee)
  const fresh = `41${"5a".repeat(20)}`;
  await s.transact(
    "createtransaction",
    { owner_address: hex(a0!.address), to_address: fresh, amount: 1_000_000 },
    [a0!],
    "a transfer that creates the recipient",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: fresh }, "exact", "the created account");
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: hex(a0!.address) },
    "exact",
    "the sender after a transfer",
  );
  await s.ask(
    "getaccountnet",
    "/wallet/getaccountnet",
    { address: hex(a0!.address) },
    "exact",
    "the sender's bandwidth",
  );
  await s.transact(
    "createtransaction",
    { owner_address: hex(a1!.address), to_address: hex(a2!.address), amount: 5_000_000 },
    [a1!],
    "a transfer between accounts",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: hex(a2!.address) });
  // builder refusals
  await s.build(
    "createtransaction",
    { owner_address: hex(a1!.address), to_address: hex(a1!.address), amount: 1 },
    "to itself",
  );
  await s.build(
    "createtransaction",
    { owner_address: hex(a1!.address), to_address: hex(a2!.address), amount: 0 },
    "amount 0",
  );
  await s.build(
    "createtransaction",
    { owner_address: hex(a1!.address), to_address: hex(a2!.address), amount: 1_000_000_000_000_000 },
    "more than the balance",
  );
  await s.build(
    "createtransaction",
    { owner_address: `41${"01".repeat(20)}`, to_address: hex(a2!.address), amount: 1 },
    "no owner account",
  );
  // accounts
  await s.transact(
    "createaccount",
    { owner_address: hex(a1!.address), account_address: `41${"5b".repeat(20)}` },
    [a1!],
  );
  const spare = net.spares[0]!;
  await s.transact(
    "createtransaction",
    { owner_address: hex(a1!.address), to_address: hex(spare.address), amount: 100_000_000 },
    [a1!],
    "funding a new account",
  );
  const name = (n: string) => bytesToHex(new TextEncoder().encode(n));
  await s.transact("updateaccount", { owner_address: hex(spare.address), account_name: name("oracle-one") }, [
    spare,
  ]);
  await s.build(
    "updateaccount",
    { owner_address: hex(spare.address), account_name: name("again") },
    "a second name",
  );
  await s.build(
    "updateaccount",
    { owner_address: hex(a1!.address), account_name: name("another") },
    "a genesis account",
  );
  await s.ask(
    "getaccountbyid",
    "/wallet/getaccountbyid",
    { account_id: name("Oracle1") },
    "exact",
    "a genesis name",
  );
  await s.transact(
    "setaccountid",
    { owner_address: hex(a2!.address), account_id: bytesToHex(new TextEncoder().encode("oracleid2")) },
    [a2!],
  );
  await s.ask("getaccountbyid", "/wallet/getaccountbyid", {
    account_id: bytesToHex(new TextEncoder().encode("oracleid2")),
  });
  await s.ask("getaccount", "/wallet/getaccount", { address: hex(spare.address) }, "exact", "after a name");
}
