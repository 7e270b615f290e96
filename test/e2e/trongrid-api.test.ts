/**
 * TronGrid's v1 account and asset API against a started node with a data directory, through the
 * `trongrid` npm SDK (TronGridJS, the TG3 client) and raw HTTP: a TRC-20 deployed and moved with
 * TronWeb, a busy address paged by fingerprint (every transaction exactly once, both orders), the
 * account's `trc20` balances, TRC-20 transfers with token info, the token's holders, TRC-10 tokens,
 * error answers; then a snapshot revert, a restart, and a restart after the index was wiped (a data
 * directory from before the index), each answering the same.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accountIndexLag } from "@tronode/chain";
import { bytesToHex, type Table, Tables } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { type ChainStore, createChainStore, createLevelStorage } from "@tronode/storage";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: SDK answers and TronWeb contracts are read loosely
type Any = any;

// the SDK is CommonJS (webpack's node build) with a default export
const TronGrid = createRequire(import.meta.url)("trongrid") as new (tronWeb: TronWeb) => Any;

const BUSY_TRANSFERS = 45;
const TOKEN_UNIT = 10n ** 18n;

let dataDir: string;
let node: TronNode;
let keys: string[];
let addresses: string[];
let token: Any;
let tokenAddress: string; // base58
let tokenId: string;
/** The txIDs of the transfers account 0 → account 3, oldest first. */
const busy: string[] = [];

const options = () => ({ port: 0, blockTime: 0, accounts: 4, dataDir });
const client = (i = 0) => new TronWeb({ fullHost: node.url!, privateKey: keys[i]! });
const tronGrid = () => new TronGrid(client());

async function get(path: string): Promise<{ status: number; json: Any }> {
  const response = await fetch(`${node.url}${path}`);
  return { status: response.status, json: await response.json() };
}

/** Every page of a listing through the SDK's nextPage, as txIDs in the order received. */
async function allPages(first: Any): Promise<string[]> {
  const ids: string[] = [];
  let page = first;
  for (;;) {
    expect(page.success).toBe(true);
    ids.push(...page.data.map((t: Any) => t.txID));
    if (!page.meta.fingerprint) return ids;
    expect(page.meta.links.next).toContain(`fingerprint=${page.meta.fingerprint}`);
    page = await tronGrid().nextPage(page);
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tronode-trongrid-"));
  const artefacts = await compiledContracts();
  node = await createNode(options());
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = node.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
  const tw = client();
  token = await tw.contract().new({
    abi: artefacts.TestToken!.abi,
    bytecode: artefacts.TestToken!.bytecode,
    feeLimit: 1_000_000_000,
    parameters: [(1_000_000n * TOKEN_UNIT).toString()],
  });
  tokenAddress = TronWeb.address.fromHex(token.address);
  await token.transfer(addresses[1], 100n * TOKEN_UNIT).send();
  await token.transfer(addresses[1], 50n * TOKEN_UNIT).send();
  const asOne = await client(1).contract().at(token.address);
  await asOne.transfer(addresses[2], 30n * TOKEN_UNIT).send();
  for (let i = 0; i < BUSY_TRANSFERS; i++) {
    const answer = await tw.trx.sendTransaction(addresses[3], 1_000 + i);
    expect(answer.result).toBe(true);
    busy.push(answer.transaction.txID);
  }
  const saleStart = Date.now() + 60_000;
  const issue = await tw.trx.sendRawTransaction(
    await tw.trx.sign(
      await tw.transactionBuilder.createToken(
        {
          name: "Explorer",
          abbreviation: "EXP",
          description: "a v1 test token",
          url: "https://tronode.example",
          totalSupply: 5_000_000,
          trxRatio: 1,
          tokenRatio: 1,
          saleStart,
          saleEnd: saleStart + 86_400_000,
          freeBandwidth: 0,
          freeBandwidthLimit: 0,
          frozenAmount: 0,
          frozenDuration: 0,
          precision: 0,
        },
        addresses[0],
      ),
    ),
  );
  expect(issue.result).toBe(true);
  tokenId = (await tw.trx.getTransactionInfo(issue.transaction.txID)).assetIssueID!;
}, 120_000);

afterAll(async () => {
  await node?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the trongrid SDK against the node", () => {
  it("account.get answers getaccount's account with the TRC-20 balances the index saw", async () => {
    const answer = await tronGrid().account.get(addresses[1]);
    expect(answer.success).toBe(true);
    expect(answer.meta.page_size).toBe(1);
    const [account] = answer.data;
    expect(account.address).toBe(bytesToHex(node.accounts[1]!.address));
    expect(typeof account.balance).toBe("number");
    expect(account.trc20).toEqual([{ [tokenAddress]: (120n * TOKEN_UNIT).toString() }]);
    const unknown = await tronGrid().account.get(TronWeb.address.fromHex(`41${"12".repeat(20)}`));
    expect(unknown).toMatchObject({ data: [], success: true, meta: { page_size: 0 } });
  });

  it("account.getTransactions pages a busy address by fingerprint, every transaction exactly once", async () => {
    const newestFirst = await allPages(await tronGrid().account.getTransactions(addresses[3], { limit: 7 }));
    expect(newestFirst).toEqual([...busy].reverse());
    const oldestFirst = await allPages(
      await tronGrid().account.getTransactions(addresses[3], { limit: 10, order_by: "block_timestamp,asc" }),
    );
    expect(oldestFirst).toEqual(busy);
    // the sender's view of the same transfers, through raw fingerprints
    const fromSender: string[] = [];
    let fingerprint: string | undefined;
    do {
      const { json } = await get(
        `/v1/accounts/${addresses[0]}/transactions?only_to=true&limit=13${fingerprint ? `&fingerprint=${fingerprint}` : ""}`,
      );
      fromSender.push(...json.data.map((t: Any) => t.txID));
      fingerprint = json.meta.fingerprint;
    } while (fingerprint);
    expect(fromSender).toEqual([]); // account 0 only sends: nothing is "to" it
    const owned = await allPages(
      await tronGrid().account.getTransactions(addresses[0], { limit: 200, only_from: true }),
    );
    expect(owned.slice(1, 1 + BUSY_TRANSFERS)).toEqual([...busy].reverse());
  });

  it("answers TronGrid's transaction item: the stored JSON with the receipt's figures", async () => {
    const { json } = await get(`/v1/accounts/${addresses[3]}/transactions?limit=1`);
    const [item] = json.data;
    expect(Object.keys(item)).toEqual(
      [
        "ret",
        "signature",
        "txID",
        "net_usage",
        "raw_data_hex",
        "net_fee",
        "energy_usage",
        "blockNumber",
        "block_timestamp",
        "energy_fee",
        "energy_usage_total",
        "raw_data",
        "internal_transactions",
        "_unconfirmed",
      ].filter((k) => k !== "_unconfirmed" || k in item),
    );
    expect(item.txID).toBe(busy.at(-1));
    // the fee prints even when 0; these transfers burn TRX for bandwidth once the free allowance is spent
    expect(item.ret).toEqual([{ contractRet: "SUCCESS", fee: item.net_fee }]);
    expect(item.raw_data.contract[0].parameter.value.to_address).toBe(bytesToHex(node.accounts[3]!.address));
    const info = await client().trx.getTransactionInfo(item.txID);
    expect([item.net_usage, item.net_fee]).toEqual([info.receipt.net_usage ?? 0, info.receipt.net_fee ?? 0]);
    expect(item.net_usage + item.net_fee).toBeGreaterThan(0);
    const stored = await client().trx.getTransaction(item.txID);
    expect(item.raw_data_hex).toBe(stored.raw_data_hex);
  });

  it("filters by time and confirmation, and refuses a fingerprint of another address", async () => {
    const page = await tronGrid().account.getTransactions(addresses[3], {
      limit: 5,
      order_by: "block_timestamp,asc",
    });
    const third = page.data[2];
    const since = await tronGrid().account.getTransactions(addresses[3], {
      min_timestamp: third.block_timestamp,
      max_timestamp: page.data[4].block_timestamp,
      order_by: "block_timestamp,asc",
    });
    expect(since.data.map((t: Any) => t.txID)).toEqual(busy.slice(2, 5));
    // one witness: every block is solidified at once
    const confirmed = await tronGrid().account.getTransactions(addresses[3], {
      only_confirmed: true,
      limit: 200,
    });
    expect(confirmed.data).toHaveLength(BUSY_TRANSFERS);
    const unconfirmed = await tronGrid().account.getTransactions(addresses[3], { only_unconfirmed: true });
    expect(unconfirmed.data).toHaveLength(0);
    const { status, json } = await get(
      `/v1/accounts/${addresses[0]}/transactions?fingerprint=${page.meta.fingerprint}`,
    );
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, error: "invalid fingerprint", statusCode: 400 });
  });

  it("account.getTrc20Transactions lists Transfer logs on either side with token_info", async () => {
    const answer = await tronGrid().account.getTrc20Transactions(addresses[1]);
    expect(answer.data.map((t: Any) => [t.from, t.to, t.value])).toEqual([
      [addresses[1], addresses[2], (30n * TOKEN_UNIT).toString()],
      [addresses[0], addresses[1], (50n * TOKEN_UNIT).toString()],
      [addresses[0], addresses[1], (100n * TOKEN_UNIT).toString()],
    ]);
    expect(answer.data[0]).toMatchObject({
      token_info: { symbol: "TST", address: tokenAddress, decimals: 18, name: "Test Token" },
      type: "Transfer",
    });
    expect(Object.keys(answer.data[0])).toEqual([
      "transaction_id",
      "token_info",
      "block_timestamp",
      "from",
      "to",
      "type",
      "value",
    ]);
    const received = await tronGrid().account.getTrc20Transactions(addresses[1], { only_to: true });
    expect(received.data).toHaveLength(2);
    const other = await get(
      `/v1/accounts/${addresses[1]}/transactions/trc20?contract_address=${addresses[3]}`,
    );
    expect(other.json.data).toEqual([]);
  });

  it("contract.getTrc20Tokens lists the token's holders with their balances", async () => {
    const answer = await tronGrid().contract.getTrc20Tokens(tokenAddress);
    const holders = Object.assign({}, ...answer.data);
    expect(holders).toEqual({
      [addresses[0]]: (999_850n * TOKEN_UNIT).toString(),
      [addresses[1]]: (120n * TOKEN_UNIT).toString(),
      [addresses[2]]: (30n * TOKEN_UNIT).toString(),
    });
    const firstTwo = await get(`/v1/contracts/${tokenAddress}/tokens?limit=2`);
    const rest = await get(
      `/v1/contracts/${tokenAddress}/tokens?limit=2&fingerprint=${firstTwo.json.meta.fingerprint}`,
    );
    expect([...firstTwo.json.data, ...rest.json.data]).toEqual(answer.data);
    expect(rest.json.meta.fingerprint).toBeUndefined();
  });

  it("asset.getAll, asset.get and asset.getList answer the TRC-10 token", async () => {
    const all = await tronGrid().asset.getAll();
    expect(all.data.map((a: Any) => a.id)).toEqual([tokenId]);
    expect(all.data[0]).toMatchObject({
      id: tokenId,
      name: "Explorer",
      abbr: "EXP",
      total_supply: 5_000_000,
      owner_address: bytesToHex(node.accounts[0]!.address),
    });
    expect((await tronGrid().asset.get(tokenId)).data).toEqual(all.data);
    expect((await tronGrid().asset.get(addresses[0])).data).toEqual(all.data);
    expect((await tronGrid().asset.getList("Explorer")).data).toEqual(all.data);
    expect((await tronGrid().asset.getList("Nothing")).data).toEqual([]);
  });

  it("contract.getEvents and transaction.getEvents answer the token's decoded events", async () => {
    const events = await tronGrid().contract.getEvents(tokenAddress, { eventName: "Transfer" });
    expect(events.data).toHaveLength(4);
    expect(events.data[0].result.value).toBe((30n * TOKEN_UNIT).toString());
  });

  it("answers a bad address with TronGrid's error body", async () => {
    const { status, json } = await get("/v1/accounts/nonsense/transactions");
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, error: "invalid address: nonsense", statusCode: 400 });
    expect((await get("/v1/assets?order_by=colour")).status).toBe(400);
  });
});

describe("the index across a snapshot revert and restarts", () => {
  const snapshotOf = async () => ({
    busy: await allPages(await tronGrid().account.getTransactions(addresses[3], { limit: 200 })),
    trc20: (await tronGrid().account.getTrc20Transactions(addresses[1])).data,
    account: (await tronGrid().account.get(addresses[1])).data,
    holders: (await tronGrid().contract.getTrc20Tokens(tokenAddress)).data,
  });

  it("a snapshot revert takes the index back with its blocks", async () => {
    const before = await snapshotOf();
    const id = await node.dev.snapshot();
    const extra = await client().trx.sendTransaction(addresses[3], 7);
    await token.transfer(addresses[3], 5n).send();
    const during = await tronGrid().account.getTransactions(addresses[3], { limit: 1 });
    expect(during.data[0].txID).not.toBe(busy.at(-1));
    expect((await tronGrid().account.get(addresses[3])).data[0].trc20).toEqual([{ [tokenAddress]: "5" }]);
    expect(await node.dev.revert(id)).toBe(true);
    expect(extra.result).toBe(true);
    expect(await snapshotOf()).toEqual(before);
    expect((await tronGrid().account.get(addresses[3])).data[0].trc20).toEqual([]);
  });

  it("survives a restart, and is rebuilt from the stored blocks when it is missing", async () => {
    const before = await snapshotOf();
    await node.stop();
    node = await createNode(options());
    expect(await snapshotOf()).toEqual(before);
    await node.stop();

    // a data directory written before the index existed: no index rows, no mark
    const store: ChainStore = await createChainStore({ kv: createLevelStorage({ directory: dataDir }) });
    const wipe = async <K, V>(table: Table<K, V>) => {
      const rows = new Map<string, { key: K; value: undefined }>();
      for await (const { key } of store.iterate(table)) rows.set(table.keyId(key), { key, value: undefined });
      return { table, entries: rows };
    };
    const tables = [
      Tables.accountTransactions,
      Tables.tokenTransfers,
      Tables.accountTokens,
      Tables.tokenHolders,
      Tables.indexMarks,
    ];
    const changes = { tables: new Map() };
    for (const table of tables) changes.tables.set(table.id, await wipe(table as Table<unknown, unknown>));
    await store.commit(changes as never);
    expect(accountIndexLag(store)).toBeGreaterThan(BigInt(BUSY_TRANSFERS));
    await store.close();

    node = await createNode(options());
    expect(accountIndexLag(node.chain.store)).toBe(0n);
    expect(await snapshotOf()).toEqual(before);
  }, 60_000);
});
