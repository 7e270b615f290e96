/**
 * TRC-10 tokens and Bancor exchanges end to end through npm `tronweb` against an in-process node
 * (a block per transaction, tokens named by id as on TRE): issue a token, buy it in its sale
 * window, send it, update it, list it; open a TRX/token exchange, inject, trade, withdraw, list.
 * The node's clock is injected so the sale window can open without waiting.
 */
import { bancorExchange, bytesToHex, type Clock } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TRX = 1_000_000;

let node: TronNode;
let offset = 0n;
const clock: Clock = { now: () => BigInt(Date.now()) + offset };
let keys: string[];
let addresses: string[];
let tokenId: string;

function client(index: number): TronWeb {
  return new TronWeb({ fullHost: node.url!, privateKey: keys[index]! });
}

async function send(index: number, build: (tw: TronWeb) => Promise<unknown>) {
  const tw = client(index);
  const tx = await build(tw);
  // biome-ignore lint/suspicious/noExplicitAny: TronWeb's broadcast answer, read loosely
  return (await tw.trx.sendRawTransaction(await tw.trx.sign(tx as never))) as any;
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 3, clock });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = node.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
});

afterAll(async () => {
  await node?.stop();
});

describe("TRC-10 tokens through TronWeb", () => {
  it("createToken issues token 1000001 and burns the 1024 TRX fee", async () => {
    const before = await client(0).trx.getBalance(addresses[0]);
    const saleStart = Date.now() + 60_000;
    const answer = await send(0, (tw) =>
      tw.transactionBuilder.createToken(
        {
          name: "Tronode",
          abbreviation: "TND",
          description: "a test token",
          url: "https://tronode.example",
          totalSupply: 1_000_000_000,
          trxRatio: 1,
          tokenRatio: 10,
          saleStart,
          saleEnd: saleStart + 86_400_000,
          freeBandwidth: 0,
          freeBandwidthLimit: 0,
          frozenAmount: 0,
          frozenDuration: 0,
          precision: 2,
        },
        addresses[0],
      ),
    );
    expect(answer.result).toBe(true);
    const info = await client(0).trx.getTransactionInfo(answer.transaction.txID);
    tokenId = info.assetIssueID ?? (info as unknown as Record<string, string>).assetIssueID!;
    expect(tokenId).toBe("1000001");
    expect(await client(0).trx.getBalance(addresses[0])).toBe(before - 1024 * TRX);
  });

  it("getTokenFromID, getTokensIssuedByAddress and listTokens find it", async () => {
    const tw = client(1);
    const token = await tw.trx.getTokenFromID(tokenId);
    expect(token.name).toBe("Tronode");
    expect(token.abbr).toBe("TND");
    expect(token.total_supply).toBe(1_000_000_000);
    expect(token.precision).toBe(2);
    const issued = await tw.trx.getTokensIssuedByAddress(addresses[0]);
    expect(Object.keys(issued)).toEqual(["Tronode"]);
    expect(issued.Tronode.id).toBe(tokenId);
    const all = await tw.trx.listTokens();
    expect(all.map((t: { id: string }) => t.id)).toEqual([tokenId]);
    const page = await tw.trx.listTokens(10, 0);
    expect(page.map((t: { id: string }) => t.id)).toEqual([tokenId]);
    expect(await tw.trx.listTokens(10, 1)).toEqual([]);
  });

  it("purchaseToken buys during the sale window only", async () => {
    const early = await send(1, (tw) =>
      tw.transactionBuilder.purchaseToken(addresses[0], tokenId, 5 * TRX, addresses[1]),
    );
    expect(early.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(Buffer.from(early.message, "hex").toString()).toBe(
      "Contract validate error : No longer valid period!",
    );

    offset = 120_000n; // the next block is past the sale start
    await node.dev.mine(1);
    const bought = await send(1, (tw) =>
      tw.transactionBuilder.purchaseToken(addresses[0], tokenId, 5 * TRX, addresses[1]),
    );
    expect(bought.result).toBe(true);
    const account = await client(1).trx.getAccount(addresses[1]);
    expect(account.assetV2).toEqual([{ key: tokenId, value: 50 * TRX }]);
  });

  it("sendToken moves tokens and creates the recipient", async () => {
    const fresh = TronWeb.address.fromPrivateKey("11".repeat(32)) as string;
    const answer = await client(1).trx.sendToken(fresh, 1234, tokenId);
    expect(answer.result).toBe(true);
    const account = await client(2).trx.getAccount(fresh);
    expect(account.assetV2).toEqual([{ key: tokenId, value: 1234 }]);
  });

  it("updateToken changes url, description and the free bandwidth limits", async () => {
    const answer = await send(0, (tw) =>
      tw.transactionBuilder.updateToken(
        {
          description: "updated",
          url: "https://new.tronode.example",
          freeBandwidth: 1000,
          freeBandwidthLimit: 100,
        },
        addresses[0],
      ),
    );
    expect(answer.result).toBe(true);
    const token = await client(0).trx.getTokenFromID(tokenId);
    expect(token.url).toBe("https://new.tronode.example");
    expect(token.description).toBe("updated");
    // TronWeb: freeBandwidth → new_limit (per holder), freeBandwidthLimit → new_public_limit (all holders)
    expect(token.free_asset_net_limit).toBe(1000);
    expect(token.public_free_asset_net_limit).toBe(100);
  });
});

describe("a TRX/token Bancor exchange through TronWeb", () => {
  it("createTRXExchange, injectExchangeTokens, tradeExchangesTokens, withdrawExchangeTokens, listExchanges", async () => {
    const created = await send(0, (tw) =>
      tw.transactionBuilder.createTRXExchange(tokenId, 10_000_000, 1000 * TRX, addresses[0]),
    );
    expect(created.result).toBe(true);
    const tw = client(2);
    let exchange = await tw.trx.getExchangeByID(1);
    expect(exchange.first_token_balance).toBe(10_000_000);
    expect(exchange.second_token_balance).toBe(1000 * TRX);
    expect(TronWeb.toUtf8(exchange.second_token_id)).toBe("_");

    const injected = await send(0, (t) =>
      t.transactionBuilder.injectExchangeTokens(1, "_", 100 * TRX, addresses[0]),
    );
    expect(injected.result).toBe(true);
    exchange = await tw.trx.getExchangeByID(1);
    expect([exchange.first_token_balance, exchange.second_token_balance]).toEqual([11_000_000, 1100 * TRX]);

    // Account 2 sells 10 TRX for at least 1 token unit; it receives exactly the Bancor amount.
    const expected = Number(bancorExchange(1100n * 1_000_000n, 11_000_000n, 10n * 1_000_000n, false));
    const traded = await send(2, (t) =>
      t.transactionBuilder.tradeExchangeTokens(1, "_", 10 * TRX, 1, addresses[2]),
    );
    expect(traded.result).toBe(true);
    const info = await tw.trx.getTransactionInfo(traded.transaction.txID);
    expect(info.exchange_received_amount).toBe(expected);
    const buyer = await tw.trx.getAccount(addresses[2]);
    expect(buyer.assetV2).toEqual([{ key: tokenId, value: expected }]);

    const withdrawn = await send(0, (t) =>
      t.transactionBuilder.withdrawExchangeTokens(1, "_", 110 * TRX, addresses[0]),
    );
    expect(withdrawn.result).toBe(true);
    exchange = await tw.trx.getExchangeByID(1);
    expect(exchange.second_token_balance).toBe(1000 * TRX);

    const list = await tw.trx.listExchanges();
    expect(list.map((e: { exchange_id: number }) => e.exchange_id)).toEqual([1]);
    const page = await tw.trx.listExchangesPaginated(10, 0);
    expect(page.map((e: { exchange_id: number }) => e.exchange_id)).toEqual([1]);
  });
});
