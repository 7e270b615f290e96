/**
 * Market orders end to end with npm `tronweb`: the committee switches the market on (a proposal
 * on a single-witness chain passes at the maintenance that reaches it), a token is issued with
 * `createToken` and sent with `sendToken`, a sell order rests, an opposite order fills it, a
 * third order is cancelled and refunded; the book reads follow. TronWeb has no market builder and
 * its `trx.sign` refuses market contracts, so orders are built by `/wallet/marketsellasset` and
 * signed with TronWeb's `utils.crypto.signTransaction` — what a TronWeb user would do.
 */
import { bytesToHex, type Clock } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb, utils } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's and java-tron's JSON, read loosely
type Json = any;

let node: TronNode;
let offset = 0n;
const clock: Clock = { now: () => BigInt(Date.now()) + offset };
let keys: string[];
let hex: string[];
let base58: string[];
let witnessKey: string;
let tokenId: string;

const tw = (key: string) => new TronWeb({ fullHost: node.url!, privateKey: key });
const post = async (path: string, body: unknown): Promise<Json> =>
  (await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

async function send(key: string, build: (t: TronWeb) => Promise<Json>): Promise<Json> {
  const t = tw(key);
  return t.trx.sendRawTransaction(await t.trx.sign(await build(t)));
}

/** Builds a market transaction over HTTP, signs its txID with TronWeb's signer, broadcasts it. */
async function market(path: string, key: string, body: Record<string, unknown>): Promise<Json> {
  const built = await post(`/wallet/${path}`, body);
  if (built.Error) return built;
  const signed = utils.crypto.signTransaction(key, built);
  return { ...(await tw(key).trx.sendRawTransaction(signed as never)), txID: built.txID };
}

const ascii = (text: string) => Buffer.from(text).toString("hex");
const balance = (i: number) => tw(keys[0]!).trx.getBalance(base58[i]!);
async function tokens(i: number): Promise<number> {
  const account: Json = await tw(keys[0]!).trx.getAccount(base58[i]!);
  return (account.assetV2 ?? []).find((e: Json) => e.key === tokenId)?.value ?? 0;
}

beforeAll(async () => {
  node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 3,
    clock,
    maintenanceInterval: 30,
    proposalExpireTime: 0,
  });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  hex = node.accounts.map((a) => bytesToHex(a.address));
  base58 = hex.map((h) => TronWeb.address.fromHex(h));
  witnessKey = bytesToHex(node.witnesses[0]!.privateKey);
});

afterAll(async () => {
  await node?.stop();
});

describe("market orders through TronWeb", () => {
  it("is refused until the committee opens it, then opened by a proposal", async () => {
    const refused = await post("/wallet/marketsellasset", {
      owner_address: hex[1],
      sell_token_id: ascii("_"),
      sell_token_quantity: 10,
      buy_token_id: ascii("1000001"),
      buy_token_quantity: 10,
    });
    expect(refused.Error).toBe(
      "class org.tron.core.exception.ContractValidateException : Not support Market Transaction, need to be opened by the committee",
    );
    const witness = TronWeb.address.fromPrivateKey(witnessKey) as string;
    expect(
      (await send(witnessKey, (t) => t.transactionBuilder.createProposal({ key: 44, value: 1 }, witness)))
        .result,
    ).toBe(true);
    // a single witness: ⌊1·7/10⌋ = 0 approvals suffice; decided at the maintenance reaching its expiration
    for (let i = 0; i < 12 && (await tw(keys[0]!).trx.getProposal(1)).state === undefined; i++) {
      offset += 10_000n;
      await node.dev.mine(1);
    }
    expect((await tw(keys[0]!).trx.getProposal(1)).state).toBe("APPROVED");
    const parameters = (await tw(keys[0]!).trx.getChainParameters()) as Json[];
    expect(parameters.find((p) => p.key === "getAllowMarketTransaction").value).toBe(1);
  });

  it("fills a resting sell order with an opposite one, and cancels and refunds a third", async () => {
    const saleStart = Date.now() + Number(offset) + 60_000;
    const issued = await send(keys[0]!, (t) =>
      t.transactionBuilder.createToken(
        {
          name: "Market",
          abbreviation: "MKT",
          description: "market test token",
          url: "https://tronode.example",
          totalSupply: 10_000_000,
          trxRatio: 1,
          tokenRatio: 1,
          saleStart,
          saleEnd: saleStart + 86_400_000,
          freeBandwidth: 0,
          freeBandwidthLimit: 0,
          frozenAmount: 0,
          frozenDuration: 0,
        },
        base58[0],
      ),
    );
    expect(issued.result).toBe(true);
    tokenId = (await tw(keys[0]!).trx.getTokensIssuedByAddress(base58[0]!)).Market.id;
    expect((await tw(keys[0]!).trx.sendToken(base58[1]!, 5_000, tokenId)).result).toBe(true);

    // account 1 sells 1 000 tokens for at least 2 000 sun; account 2 sells 2 000 sun for 1 000 tokens
    const [trx1, trx2] = [await balance(1), await balance(2)];
    const maker = await market("marketsellasset", keys[1]!, {
      owner_address: hex[1],
      sell_token_id: ascii(tokenId),
      sell_token_quantity: 1_000,
      buy_token_id: ascii("_"),
      buy_token_quantity: 2_000,
    });
    expect(maker.result).toBe(true);
    const makerInfo: Json = await post("/wallet/gettransactioninfobyid", { value: maker.txID });
    const makerOrder = makerInfo.orderId as string;
    expect(makerOrder).toMatch(/^[0-9a-f]{64}$/);
    expect(await tokens(1)).toBe(4_000);
    const book = await post("/wallet/getmarketpricebypair", {
      sell_token_id: ascii(tokenId),
      buy_token_id: ascii("_"),
    });
    expect(book.prices).toEqual([{ sell_token_quantity: 1, buy_token_quantity: 2 }]);
    expect((await post("/wallet/getmarketpairlist", {})).orderPair).toEqual([
      { sell_token_id: ascii(tokenId), buy_token_id: ascii("_") },
    ]);

    const taker = await market("marketsellasset", keys[2]!, {
      owner_address: hex[2],
      sell_token_id: ascii("_"),
      sell_token_quantity: 2_000,
      buy_token_id: ascii(tokenId),
      buy_token_quantity: 1_000,
    });
    expect(taker.result).toBe(true);
    const takerInfo: Json = await post("/wallet/gettransactioninfobyid", { value: taker.txID });
    expect(takerInfo.orderDetails).toEqual([
      {
        makerOrderId: makerOrder,
        takerOrderId: takerInfo.orderId,
        fillSellQuantity: 2_000,
        fillBuyQuantity: 1_000,
      },
    ]);
    expect(await tokens(2)).toBe(1_000);
    // free bandwidth pays for both transactions: the TRX moved is exactly the trade
    expect(await balance(1)).toBe(trx1 + 2_000);
    expect(await balance(2)).toBe(trx2 - 2_000);
    expect((await post("/wallet/getmarketorderbyid", { value: makerOrder })).state).toBe("INACTIVE");
    expect(await post("/wallet/getmarketpairlist", {})).toEqual({});

    // a third order rests, then is cancelled: its tokens come back
    const third = await market("marketsellasset", keys[1]!, {
      owner_address: hex[1],
      sell_token_id: ascii(tokenId),
      sell_token_quantity: 500,
      buy_token_id: ascii("_"),
      buy_token_quantity: 5_000,
    });
    expect(third.result).toBe(true);
    const thirdOrder = (await post("/wallet/gettransactioninfobyid", { value: third.txID }))
      .orderId as string;
    expect(await tokens(1)).toBe(3_500);
    expect((await post("/wallet/getmarketorderbyaccount", { value: hex[1] })).orders).toEqual([
      expect.objectContaining({ order_id: thirdOrder, sell_token_quantity_remain: 500 }),
    ]);
    const cancelled = await market("marketcancelorder", keys[1]!, {
      owner_address: hex[1],
      order_id: thirdOrder,
    });
    expect(cancelled.result).toBe(true);
    expect(await tokens(1)).toBe(4_000);
    expect((await post("/wallet/getmarketorderbyid", { value: thirdOrder })).state).toBe("CANCELED");
    expect(await post("/wallet/getmarketorderbyaccount", { value: hex[1] })).toEqual({});
    expect(
      await post("/wallet/getmarketorderlistbypair", {
        sell_token_id: ascii(tokenId),
        buy_token_id: ascii("_"),
      }),
    ).toEqual({});
    // cancelling again answers java-tron's text
    const again = await market("marketcancelorder", keys[1]!, {
      owner_address: hex[1],
      order_id: thirdOrder,
    });
    expect(again.Error).toBe(
      "class org.tron.core.exception.ContractValidateException : Order is not active!",
    );
    // the confirmed book answers under /walletsolidity too
    const solid = await (
      await fetch(`${node.url}/walletsolidity/getmarketorderbyid?value=${makerOrder}`)
    ).json();
    expect((solid as Json).order_id).toBe(makerOrder);
  });
});
