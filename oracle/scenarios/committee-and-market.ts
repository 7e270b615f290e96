/** Proposals through a maintenance, and the market order book on the oracle's token. */
import { bytesToHex } from "@tronode/engine/internal";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

const hex = (a: Uint8Array) => bytesToHex(a);
const text = (s: string) => bytesToHex(new TextEncoder().encode(s));
const TRX = 1_000_000;

export async function committee(s: Scenario, net: OracleNetwork): Promise<void> {
  const witness = net.witnesses[0]!;
  const w = hex(witness.address);
  const [a0] = net.accounts;
  await s.transact(
    "proposalcreate",
    {
      owner_address: w,
      parameters: [
        { key: 11, value: 210 },
        { key: 3, value: 20 },
      ],
    },
    [witness],
    "energy and bandwidth prices",
  );
  await s.build(
    "proposalcreate",
    { owner_address: hex(a0!.address), parameters: [{ key: 11, value: 300 }] },
    "not a witness",
  );
  await s.build(
    "proposalcreate",
    { owner_address: w, parameters: [{ key: 9999, value: 1 }] },
    "an unknown parameter",
  );
  await s.build(
    "proposalcreate",
    { owner_address: w, parameters: [{ key: 9, value: 0 }] },
    "a switch that cannot be turned off",
  );
  await s.transact(
    "proposalcreate",
    { owner_address: w, parameters: [{ key: 45, value: 1_000_000 }] },
    [witness],
    "a proposal to delete",
  );
  await s.ask("listproposals", "/wallet/listproposals");
  await s.ask("getproposalbyid", "/wallet/getproposalbyid", { id: 1 });
  await s.transact("proposalapprove", { owner_address: w, proposal_id: 1, is_add_approval: true }, [witness]);
  await s.build(
    "proposalapprove",
    { owner_address: w, proposal_id: 1, is_add_approval: true },
    "approved twice",
  );
  await s.transact("proposaldelete", { owner_address: w, proposal_id: 2 }, [witness]);
  await s.ask("getproposalbyid", "/wallet/getproposalbyid", { id: 2 }, "exact", "deleted");
  await s.session.afterMaintenance();
  await s.ask("getproposalbyid", "/wallet/getproposalbyid", { id: 1 }, "exact", "decided at the maintenance");
  await s.ask("getchainparameters", "/wallet/getchainparameters", {}, "exact", "after the proposal");
  await s.ask("getenergyprices", "/wallet/getenergyprices", {}, "exact", "after the proposal");
  await s.ask("getbandwidthprices", "/wallet/getbandwidthprices", {}, "exact", "after the proposal");
}

export async function market(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1, a2] = net.accounts;
  const token = text("1000001");
  const trx = text("_");
  await s.transact(
    "marketsellasset",
    {
      owner_address: hex(a0!.address),
      sell_token_id: token,
      sell_token_quantity: 1000,
      buy_token_id: trx,
      buy_token_quantity: 2 * TRX,
    },
    [a0!],
    "a resting order",
  );
  await s.transact(
    "marketsellasset",
    {
      owner_address: hex(a0!.address),
      sell_token_id: token,
      sell_token_quantity: 500,
      buy_token_id: trx,
      buy_token_quantity: 3 * TRX,
    },
    [a0!],
    "a second price level",
  );
  await s.ask("getmarketorderbyaccount", "/wallet/getmarketorderbyaccount", { value: hex(a0!.address) });
  await s.ask("getmarketpairlist", "/wallet/getmarketpairlist");
  await s.ask("getmarketpricebypair", "/wallet/getmarketpricebypair", {
    sell_token_id: token,
    buy_token_id: trx,
  });
  await s.ask("getmarketorderlistbypair", "/wallet/getmarketorderlistbypair", {
    sell_token_id: token,
    buy_token_id: trx,
  });
  await s.transact(
    "marketsellasset",
    {
      owner_address: hex(a1!.address),
      sell_token_id: trx,
      sell_token_quantity: 3 * TRX,
      buy_token_id: token,
      buy_token_quantity: 1200,
    },
    [a1!],
    "a taker that fills",
  );
  await s.build(
    "marketsellasset",
    {
      owner_address: hex(a2!.address),
      sell_token_id: token,
      sell_token_quantity: 10 ** 15,
      buy_token_id: trx,
      buy_token_quantity: 1,
    },
    "more than held",
  );
  await s.ask(
    "getmarketorderbyaccount",
    "/wallet/getmarketorderbyaccount",
    { value: hex(a0!.address) },
    "exact",
    "after the fill",
  );
  await s.ask(
    "getmarketorderbyaccount",
    "/wallet/getmarketorderbyaccount",
    { value: hex(a1!.address) },
    "exact",
    "the taker",
  );
  const orders = (
    await s.ask(
      "getmarketorderbyaccount",
      "/wallet/getmarketorderbyaccount",
      { value: hex(a0!.address) },
      "exact",
      "before cancelling",
    )
  ).javaTron as { orders?: { order_id: string }[] };
  const open = orders.orders?.[orders.orders.length - 1];
  if (open) {
    await s.ask("getmarketorderbyid", "/wallet/getmarketorderbyid", { value: open.order_id });
    await s.transact("marketcancelorder", { owner_address: hex(a0!.address), order_id: open.order_id }, [
      a0!,
    ]);
    await s.build(
      "marketcancelorder",
      { owner_address: hex(a0!.address), order_id: open.order_id },
      "cancelled twice",
    );
  }
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: hex(a0!.address) },
    "exact",
    "the maker after the market",
  );
}
