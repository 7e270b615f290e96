/**
 * The event API (TronGrid v1 and the legacy /event paths) against a started node, through raw HTTP
 * and through TronWeb's own `event` module. Until the TVM writes logs, the logs are placed by hand:
 * real transfer transactions in real blocks get TransactionInfo logs and index rows written the way
 * block production indexes them (`indexContractEvents`), and the contract's ABI is given to the
 * event service — the reads, filters, paging, decoding and shapes are the node's own.
 */
import { create } from "@bufbuild/protobuf";
import { EventService } from "@tronode/chain";
import {
  addressToBase58,
  bytesToHex,
  ChainProperties,
  concatBytes,
  hexToBytes,
  indexContractEvents,
  keccak256,
  SmartContract_ABI_Entry_EntryType,
  SmartContract_ABISchema,
  Tables,
  type TransactionInfo,
  TransactionInfo_LogSchema,
  type TransactionOutcome,
  transactionId,
  utf8Encode,
} from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { createHttpServer } from "@tronode/transport-http";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

const TOKEN = hexToBytes("41a614f803b6fd780986a42c78ec9c7f77e6ded13c"); // TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t
const OTHER = hexToBytes("41eca9bc828a3005b9a3b909f2cc5c2a54794de05f");
const TRANSFER = keccak256(utf8Encode("Transfer(address,address,uint256)"));
const APPROVAL = keccak256(utf8Encode("Approval(address,address,uint256)"));

const ABI = create(SmartContract_ABISchema, {
  entrys: [
    {
      type: SmartContract_ABI_Entry_EntryType.Event,
      name: "Transfer",
      inputs: [
        { indexed: true, name: "from", type: "address" },
        { indexed: true, name: "to", type: "address" },
        { indexed: false, name: "value", type: "uint256" },
      ],
    },
    {
      type: SmartContract_ABI_Entry_EntryType.Event,
      name: "Approval",
      inputs: [
        { indexed: true, name: "owner", type: "address" },
        { indexed: true, name: "spender", type: "address" },
        { indexed: false, name: "value", type: "uint256" },
      ],
    },
  ],
});

const word = (bytes: Uint8Array) => concatBytes(new Uint8Array(32 - bytes.length), bytes);
const uint = (n: bigint) => hexToBytes(n.toString(16).padStart(64, "0"));

let node: TronNode;
let server: ReturnType<typeof createHttpServer>;
let url: string;
/** The blocks and transactions the logs were placed in, oldest first. */
const placed: { block: bigint; txId: string }[] = [];

async function get(path: string): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 2 });
  const [a, b] = node.accounts;
  // six blocks with one transfer each; each gets logs: Transfer of TOKEN, Approval of TOKEN in the
  // 2nd, 4th and 6th, and one log of OTHER (no ABI) in the 4th
  for (let i = 0; i < 6; i++) {
    const tw = new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(a!.privateKey) });
    const tx = await tw.transactionBuilder.sendTrx(
      addressToBase58(b!.address),
      1 + i,
      addressToBase58(a!.address),
    );
    const answer = await tw.trx.sendRawTransaction(await tw.trx.sign(tx));
    expect(answer.result).toBe(true);
  }
  const head = new ChainProperties(node.chain.committedView).headNumber;
  await node.chain.adminWrite((state) => {
    for (let n = head - 5n; n <= head; n++) {
      const block = state.get(Tables.blocks, n)!;
      const tx = block.transactions[0]!;
      const id = transactionId(tx);
      const info = state.get(Tables.transactionInfos, id)!;
      const logs = [
        create(TransactionInfo_LogSchema, {
          address: TOKEN.subarray(1),
          topics: [TRANSFER, word(a!.address.subarray(1)), word(b!.address.subarray(1))],
          data: uint(1000n * n),
        }),
        ...((n - head) % 2n === 0n
          ? [
              create(TransactionInfo_LogSchema, {
                address: TOKEN.subarray(1),
                topics: [APPROVAL, word(a!.address.subarray(1)), word(OTHER.subarray(1))],
                data: uint(7n),
              }),
            ]
          : []),
        ...(n === head - 2n
          ? [
              create(TransactionInfo_LogSchema, {
                address: OTHER.subarray(1),
                topics: [TRANSFER],
                data: uint(1n),
              }),
            ]
          : []),
      ];
      const withLogs: TransactionInfo = { ...info, log: logs, contractAddress: TOKEN };
      state.put(Tables.transactionInfos, id, withLogs);
      indexContractEvents(state, n, [{ txId: id, info: withLogs } as TransactionOutcome]);
      placed.push({ block: n, txId: bytesToHex(id) });
    }
    // make the last two blocks unconfirmed
    state.put(Tables.properties, "LATEST_SOLIDIFIED_BLOCK_NUM", head - 2n);
  });
  const events = new EventService({
    chain: node.chain,
    abiOf: (contract) => (bytesToHex(contract) === bytesToHex(TOKEN) ? ABI : undefined),
  });
  server = createHttpServer({ wallet: node.wallet, events, host: "127.0.0.1", port: 0 });
  const listening = await server.listen();
  url = `http://127.0.0.1:${listening.port}`;
});

afterAll(async () => {
  await server?.close();
  await node?.stop();
});

describe("TronGrid v1 events", () => {
  it("lists a contract's events newest first, decoded as TronGrid prints them", async () => {
    const { status, json } = await get(`/v1/contracts/${addressToBase58(TOKEN)}/events`);
    expect(status).toBe(200);
    expect(Object.keys(json)).toEqual(["data", "success", "meta"]);
    expect(json.success).toBe(true);
    expect(json.meta.page_size).toBe(9); // 6 transfers + 3 approvals
    const newest = json.data[0];
    const last = placed[placed.length - 1]!;
    const a = bytesToHex(node.accounts[0]!.address).slice(2);
    const b = bytesToHex(node.accounts[1]!.address).slice(2);
    expect(Object.keys(newest)).toEqual([
      "block_number",
      "block_timestamp",
      "caller_contract_address",
      "contract_address",
      "event_index",
      "event_name",
      "result",
      "result_type",
      "event",
      "transaction_id",
      "_unconfirmed",
    ]);
    expect(newest).toMatchObject({
      block_number: Number(last.block),
      caller_contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      event_index: 1,
      event_name: "Approval",
      result: {
        0: `0x${a}`,
        1: "0xeca9bc828a3005b9a3b909f2cc5c2a54794de05f",
        2: "7",
        owner: `0x${a}`,
        spender: "0xeca9bc828a3005b9a3b909f2cc5c2a54794de05f",
        value: "7",
      },
      result_type: { owner: "address", spender: "address", value: "uint256" },
      event: "Approval(address indexed owner, address indexed spender, uint256 value)",
      transaction_id: last.txId,
      _unconfirmed: true,
    });
    const transfer = json.data[1];
    expect(transfer.event_name).toBe("Transfer");
    expect(transfer.result).toEqual({
      0: `0x${a}`,
      1: `0x${b}`,
      2: String(1000n * last.block),
      from: `0x${a}`,
      to: `0x${b}`,
      value: String(1000n * last.block),
    });
    // blocks are in order, newest first
    const numbers = json.data.map((e: Json) => e.block_number);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => y - x));
  });

  it("filters by name, block, confirmation and time, orders ascending, and pages by fingerprint", async () => {
    const base = `/v1/contracts/${bytesToHex(TOKEN)}/events`;
    const transfers = (await get(`${base}?event_name=Transfer&order_by=block_timestamp,asc`)).json;
    expect(transfers.data.map((e: Json) => e.block_number)).toEqual(placed.map((p) => Number(p.block)));
    const block = Number(placed[2]!.block);
    expect(
      (await get(`${base}?blockNumber=${block}`)).json.data.every((e: Json) => e.block_number === block),
    ).toBe(true);
    const confirmed = (await get(`${base}?only_confirmed=true`)).json.data;
    expect(confirmed.every((e: Json) => e._unconfirmed === undefined)).toBe(true);
    const unconfirmed = (await get(`${base}?onlyUnconfirmed=true`)).json.data;
    expect(unconfirmed.length).toBeGreaterThan(0);
    expect(unconfirmed.every((e: Json) => e._unconfirmed === true)).toBe(true);
    expect(confirmed.length + unconfirmed.length).toBe(9);
    const ts = transfers.data[3].block_timestamp;
    expect(
      (await get(`${base}?event_name=Transfer&min_block_timestamp=${ts}`)).json.data.every(
        (e: Json) => e.block_timestamp >= ts,
      ),
    ).toBe(true);

    // paging: 4 + 4 + 1, and together exactly the whole list
    const all: Json[] = [];
    let page = await get(`${base}?limit=4`);
    for (;;) {
      all.push(...page.json.data);
      if (!page.json.meta.fingerprint) break;
      expect(page.json.meta.links.next).toContain(`fingerprint=${page.json.meta.fingerprint}`);
      page = await get(`${base}?limit=4&fingerprint=${page.json.meta.fingerprint}`);
    }
    expect(all.length).toBe(9);
    expect(all).toEqual((await get(base)).json.data);
  });

  it("leaves the logs of a contract with no ABI undecoded", async () => {
    const { json } = await get(`/v1/contracts/${addressToBase58(OTHER)}/events`);
    expect(json.data).toHaveLength(1);
    expect(json.data[0].result).toEqual({});
    expect(json.data[0].result_type).toEqual({});
    expect(json.data[0].event).toBeUndefined();
    expect(json.data[0].caller_contract_address).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  });

  it("answers a transaction's and a block's events, latest included", async () => {
    const tx = placed[3]!;
    const byTx = (await get(`/v1/transactions/${tx.txId}/events`)).json.data;
    expect(byTx.map((e: Json) => [e.event_index, e.contract_address])).toEqual([
      [0, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
      [1, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
      [2, addressToBase58(OTHER)],
    ]);
    expect((await get(`/v1/blocks/${tx.block}/events`)).json.data).toEqual(byTx);
    const block = (await get(`/wallet/getblockbynum?num=${tx.block}`)).json;
    expect((await get(`/v1/blocks/${block.blockID}/events`)).json.data).toEqual(byTx);
    const latest = (await get("/v1/blocks/latest/events")).json.data;
    expect(latest[0].transaction_id).toBe(placed[placed.length - 1]!.txId);
    expect((await get("/v1/blocks/99999/events")).json).toMatchObject({ data: [], success: true });
  });

  it("refuses bad requests with TronGrid's error shape", async () => {
    const both = await get(
      `/v1/contracts/${addressToBase58(TOKEN)}/events?only_confirmed=true&only_unconfirmed=true`,
    );
    expect(both.status).toBe(400);
    expect(both.json).toMatchObject({ success: false, statusCode: 400 });
    expect((await get("/v1/contracts/nonsense/events")).json.error).toBe("invalid address: nonsense");
    expect((await get(`/v1/contracts/${addressToBase58(TOKEN)}/events?fingerprint=zz`)).json.error).toBe(
      "invalid fingerprint",
    );
    // TronWeb parses the transaction endpoint's error as JSON with a message
    expect(JSON.parse((await get("/v1/transactions/xyz/events")).json.error).message).toBe(
      "invalid transaction id: xyz",
    );
    expect((await get("/healthcheck")).status).toBe(200);
  });

  it("serves TronWeb's event module and isConnected()", async () => {
    const tw = new TronWeb({ fullHost: url });
    const events = (await tw.event.getEventsByContractAddress(addressToBase58(TOKEN), {
      eventName: "Transfer",
      onlyConfirmed: true,
      orderBy: "block_timestamp,asc",
      limit: 2,
    })) as Json;
    expect(events.success).toBe(true);
    expect(events.data).toHaveLength(2);
    expect(events.data[0].result.value).toBe(String(1000n * placed[0]!.block));
    expect(events.meta.fingerprint).toBeDefined();
    const byTx = (await tw.event.getEventsByTransactionID(placed[0]!.txId)) as Json;
    expect(byTx.data[0].transaction_id).toBe(placed[0]!.txId);
    expect(((await tw.isConnected()) as Json).eventServer).toBe(true);
  });

  it("serves the legacy /event paths as bare arrays", async () => {
    const list = (await get(`/event/contract/${addressToBase58(TOKEN)}/Transfer?size=2`)).json;
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(2);
    expect(list[1]._fingerprint).toBeDefined();
    const byTx = (await get(`/event/transaction/${placed[0]!.txId}`)).json;
    expect(byTx.map((e: Json) => e.event_name)).toEqual(["Transfer"]);
  });
});
