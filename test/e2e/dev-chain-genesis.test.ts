/**
 * The dev chain is TRE's chain (issue 38): every switch it turns on is on as if its proposal had
 * passed, so the contract types those proposals add (48, 49, 54–59) are available and in every
 * account's default active permission. Checked as a TronWeb user on `npm start` would: a permission
 * update naming them, 3-of-3 owner and active multi-signs of freezeBalanceV2, cancelUnfreezeBalanceV2
 * and a locked delegateResource under the default active permission, and a TRC-10 exchange between
 * two fresh issuers within TronWeb's 5 s waits, on the default 3 s block time.
 */
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.js";

const TRX = 1_000_000;
/** The operations TronWeb users paste for an active permission: the stock mask plus 48 and 54–58. */
const ACTIVE0_OPERATIONS = "7fff1fc0033ec107000000000000000000000000000000000000000000000000";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's JSON answers are walked freely
type Json = any;

let node: TronNode;
let keys: string[];
let addresses: string[];

function client(privateKey: string): TronWeb {
  return new TronWeb({ fullHost: node.url!, privateKey });
}

/** Signs, broadcasts and, when accepted, waits for the block that holds the transaction. */
async function sendSigned(tw: TronWeb, tx: Json, signer?: string): Promise<Json> {
  return confirmed(tw, await tw.trx.sendRawTransaction(await tw.trx.sign(tx, signer)));
}

async function confirmed(tw: TronWeb, answer: Json): Promise<Json> {
  if (answer.result !== true) return answer;
  const txID = answer.txid ?? answer.transaction?.txID;
  await within5s(async () => {
    const info: Json = await tw.trx.getTransactionInfo(txID);
    return info.id === undefined ? undefined : info;
  });
  return answer;
}

/** `read`'s value once it gives one, within TronWeb users' usual 5 s. */
const within5s = <T>(read: () => Promise<T | undefined>): Promise<T> => until("5 s wait", read, 5_000);

beforeAll(async () => {
  // npm start's dev chain: TRE's genesis, 3 s blocks
  node = await createNode({ port: 0, accounts: 6 });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = keys.map((k) => TronWeb.address.fromPrivateKey(k) as string);
});

afterAll(async () => {
  await node?.stop();
});

describe("the dev chain's default permissions carry the proposal-enabled contract types", () => {
  it("every dev account's default active permission is mainnet's mask", async () => {
    const account: Json = await client(keys[5]!).trx.getAccount(addresses[5]!);
    expect(account.active_permission[0].operations).toBe(
      "7fff1fc0033ec30f000000000000000000000000000000000000000000000000",
    );
  });

  it("a 3-of-3 owner and an active0 naming types 48 and 54–58: accepted, and both multi-signs work", async () => {
    const owner = client(keys[0]!);
    const signers = [keys[1]!, keys[2]!, keys[3]!];
    const signerAddresses = [addresses[1]!, addresses[2]!, addresses[3]!];
    const update = await owner.transactionBuilder.updateAccountPermissions(
      addresses[0],
      {
        type: 0,
        permission_name: "owner",
        threshold: 3,
        keys: signerAddresses.map((address) => ({ address, weight: 1 })),
      } as Json,
      undefined,
      [
        {
          type: 2,
          permission_name: "active0",
          threshold: 3,
          operations: ACTIVE0_OPERATIONS,
          keys: signerAddresses.map((address) => ({ address, weight: 1 })),
        },
      ] as Json,
    );
    const sent = await sendSigned(owner, update);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    const account: Json = await owner.trx.getAccount(addresses[0]!);
    expect(account.owner_permission.threshold).toBe(3);
    expect(account.active_permission[0].operations).toBe(ACTIVE0_OPERATIONS);

    for (const permissionId of [0, 2]) {
      let tx: Json = await owner.transactionBuilder.freezeBalanceV2(10 * TRX, "BANDWIDTH", addresses[0], {
        permissionId,
      });
      tx = await owner.trx.multiSign(tx, signers[0], permissionId);
      tx = await owner.trx.multiSign(tx, signers[1], permissionId);
      const weight: Json = await owner.trx.getSignWeight(tx, permissionId);
      expect(weight.result.code).toBe("NOT_ENOUGH_PERMISSION");
      expect(weight.current_weight).toBe(2);
      tx = await owner.trx.multiSign(tx, signers[2], permissionId);
      const answer: Json = await confirmed(owner, await owner.trx.sendRawTransaction(tx));
      expect(answer.result, `permission ${permissionId}: ${JSON.stringify(answer)}`).toBe(true);
    }
    const frozen: Json = await owner.trx.getAccount(addresses[0]!);
    expect(frozen.frozenV2[0]).toEqual({ amount: 20 * TRX });
  });

  it("cancelUnfreezeBalanceV2 and a locked delegateResource under permission 2, signed by the owner's own key", async () => {
    const tw = client(keys[4]!);
    const me = addresses[4]!;
    expect(
      (await sendSigned(tw, await tw.transactionBuilder.freezeBalanceV2(300 * TRX, "BANDWIDTH", me))).result,
    ).toBe(true);
    expect(
      (await sendSigned(tw, await tw.transactionBuilder.unfreezeBalanceV2(50 * TRX, "BANDWIDTH", me))).result,
    ).toBe(true);
    const cancel = await sendSigned(
      tw,
      await tw.transactionBuilder.cancelUnfreezeBalanceV2(me, { permissionId: 2 }),
    );
    expect(cancel.result, JSON.stringify(cancel)).toBe(true);
    const delegate = await sendSigned(
      tw,
      await tw.transactionBuilder.delegateResource(100 * TRX, addresses[5]!, "BANDWIDTH", me, true, 10, {
        permissionId: 2,
      }),
    );
    expect(delegate.result, JSON.stringify(delegate)).toBe(true);
    const index: Json = await tw.trx.getDelegatedResourceAccountIndexV2(me);
    expect(index.toAccounts).toEqual([TronWeb.address.toHex(addresses[5]!).toLowerCase()]);
  });
});

describe("a TRC-10 exchange between two fresh issuers, as TronWeb users script it", () => {
  it("issues two tokens, sees them within 5 s, pools them, and trades", async () => {
    // the default address of this flow: an account whose permissions no earlier test changed
    const main = client(keys[5]!);
    const issuers = [await main.createAccount(), await main.createAccount()];
    const ids: string[] = [];
    for (const [i, issuer] of issuers.entries()) {
      const funded = await confirmed(main, await main.trx.sendTrx(issuer.address.base58, 2_000 * TRX));
      expect(funded.result, JSON.stringify(funded)).toBe(true);
      const tw = client(issuer.privateKey);
      const saleStart = Date.now() + 10_000;
      const token = await tw.transactionBuilder.createToken(
        {
          name: `Token${i}`,
          abbreviation: `T${i}`,
          description: "exchange test",
          url: "http://127.0.0.1/token",
          totalSupply: 10_000_000,
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
        issuer.address.base58,
      );
      const issued = await sendSigned(tw, token);
      expect(issued.result, JSON.stringify(issued)).toBe(true);
      const listed: Json = await within5s(async () => {
        const byAccount: Json = await tw.trx.getTokensIssuedByAddress(issuer.address.base58);
        return byAccount[`Token${i}`];
      });
      ids.push(String(listed.id));
      const sent = await confirmed(tw, await tw.trx.sendToken(addresses[5]!, 10e4, listed.id));
      expect(sent.result, JSON.stringify(sent)).toBe(true);
    }
    const create = await sendSigned(
      main,
      await main.transactionBuilder.createTokenExchange(ids[0]!, 5e4, ids[1]!, 5e4, addresses[5]),
    );
    expect(create.result, JSON.stringify(create)).toBe(true);
    const exchanges: Json = await within5s(async () => {
      const list: Json = await main.trx.listExchanges();
      return list.length > 0 ? list : undefined;
    });
    const exchange = exchanges[0];
    const trade = await sendSigned(
      main,
      await main.transactionBuilder.tradeExchangeTokens(
        exchange.exchange_id,
        ids[0]!,
        1_000,
        1,
        addresses[5],
      ),
    );
    expect(trade.result, JSON.stringify(trade)).toBe(true);
    const after: Json = await within5s(async () => {
      const e: Json = await main.trx.getExchangeByID(exchange.exchange_id);
      return e.first_token_balance === 51_000 ? e : undefined;
    });
    expect(after.second_token_balance).toBeLessThan(5e4);
  });
});
