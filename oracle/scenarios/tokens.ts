/** TRC-10: issue, sale, transfer, update; Bancor exchanges on it. */
import { bytesToHex } from "@tronode/engine/internal";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";
import { post } from "../session.js";

const hex = (a: Uint8Array) => bytesToHex(a);
const text = (s: string) => bytesToHex(new TextEncoder().encode(s));
const TRX = 1_000_000;

export async function tokens(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1, a2] = net.accounts;
  const issuer = hex(a0!.address);
  const head = (await post(s.session.javaTron.http, "/wallet/getnowblock", {})) as {
    block_header: { raw_data: { timestamp: number } };
  };
  const start = head.block_header.raw_data.timestamp + 9_000;
  await s.transact(
    "createassetissue",
    {
      owner_address: issuer,
      name: text("OracleToken"),
      abbr: text("ORC"),
      total_supply: 1_000_000_000_000,
      trx_num: 1,
      num: 10,
      precision: 6,
      start_time: start,
      end_time: start + 86_400_000,
      description: text("the oracle's token"),
      url: text("https://token.oracle"),
      free_asset_net_limit: 10_000,
      public_free_asset_net_limit: 100_000,
      frozen_supply: [{ frozen_amount: 1_000_000, frozen_days: 1 }],
    },
    [a0!],
  );
  await s.build(
    "createassetissue",
    {
      owner_address: issuer,
      name: text("Again"),
      abbr: text("A"),
      total_supply: 1,
      trx_num: 1,
      num: 1,
      start_time: start,
      end_time: start + 1000,
      url: text("https://a.b"),
    },
    "a second token",
  );
  const id = text("1000001");
  await s.ask("getassetissuebyid", "/wallet/getassetissuebyid", { value: "1000001" });
  await s.ask("getassetissuebyname", "/wallet/getassetissuebyname", { value: text("OracleToken") });
  await s.ask("getassetissuelistbyname", "/wallet/getassetissuelistbyname", { value: text("OracleToken") });
  await s.ask("getassetissuelist", "/wallet/getassetissuelist");
  await s.ask("getpaginatedassetissuelist", "/wallet/getpaginatedassetissuelist", { offset: 0, limit: 10 });
  await s.ask("getassetissuebyaccount", "/wallet/getassetissuebyaccount", { address: issuer });
  await s.ask("getaccount", "/wallet/getaccount", { address: issuer }, "exact", "the issuer");
  await s.build(
    "participateassetissue",
    { owner_address: hex(a1!.address), to_address: issuer, asset_name: id, amount: 10 * TRX },
    "before the sale starts",
  );
  await s.session.untilHeadTime(start + 3_000);
  await s.transact(
    "participateassetissue",
    { owner_address: hex(a1!.address), to_address: issuer, asset_name: id, amount: 10 * TRX },
    [a1!],
  );
  await s.transact(
    "transferasset",
    { owner_address: hex(a1!.address), to_address: hex(a2!.address), asset_name: id, amount: 1000 },
    [a1!],
  );
  await s.build(
    "transferasset",
    { owner_address: hex(a1!.address), to_address: hex(a2!.address), asset_name: id, amount: 10 ** 15 },
    "more than held",
  );
  await s.transact(
    "updateasset",
    {
      owner_address: issuer,
      description: text("updated"),
      url: text("https://updated.oracle"),
      new_limit: 2000,
      new_public_limit: 20_000,
    },
    [a0!],
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: hex(a2!.address) }, "exact", "a holder");
  await s.ask("getaccountnet", "/wallet/getaccountnet", { address: hex(a2!.address) }, "exact", "a holder");
  await s.build("unfreezeasset", { owner_address: issuer }, "frozen supply not yet expired");

  // Bancor exchange TRX/token
  await s.transact(
    "exchangecreate",
    {
      owner_address: issuer,
      first_token_id: text("_"),
      first_token_balance: 1000 * TRX,
      second_token_id: id,
      second_token_balance: 10_000_000,
    },
    [a0!],
  );
  await s.ask("getexchangebyid", "/wallet/getexchangebyid", { id: 1 });
  await s.ask("listexchanges", "/wallet/listexchanges");
  await s.ask("getpaginatedexchangelist", "/wallet/getpaginatedexchangelist", { offset: 0, limit: 10 });
  await s.transact(
    "exchangeinject",
    { owner_address: issuer, exchange_id: 1, token_id: text("_"), quant: 100 * TRX },
    [a0!],
  );
  await s.transact(
    "exchangetransaction",
    { owner_address: hex(a1!.address), exchange_id: 1, token_id: text("_"), quant: 10 * TRX, expected: 1 },
    [a1!],
  );
  await s.build(
    "exchangetransaction",
    {
      owner_address: hex(a1!.address),
      exchange_id: 1,
      token_id: text("_"),
      quant: 10 * TRX,
      expected: 10 ** 12,
    },
    "expecting too much",
  );
  await s.transact("exchangewithdraw", { owner_address: issuer, exchange_id: 1, token_id: id, quant: 1000 }, [
    a0!,
  ]);
  await s.ask("getexchangebyid", "/wallet/getexchangebyid", { id: 1 }, "exact", "after trading");
  await s.ask("getaccount", "/wallet/getaccount", { address: hex(a1!.address) }, "exact", "the trader");
}
