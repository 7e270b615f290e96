/**
 * java-tron's Ethereum-compatible JSON-RPC on a started node's `POST /jsonrpc`: ethers v6's
 * JsonRpcProvider reading it, every java-tron method answered as java-tron answers it (a table over
 * the method list, the unsupported ones and their texts included), blocks, transactions, receipts,
 * eth_getLogs and filters, and jsonrpc4j's framing. Until the TVM writes logs through transactions,
 * logs are placed by hand in real blocks the way block production indexes them (as the event API
 * test does); everything read back is the node's own.
 */
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  type Block,
  bytesToHex,
  concatBytes,
  hexToBytes,
  indexContractEvents,
  keccak256,
  Tables,
  type TransactionInfo,
  TransactionInfo_LogSchema,
  type TransactionOutcome,
  transactionId,
  utf8Encode,
} from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { ETH_METHODS } from "@tronode/operations";
import { Contract, JsonRpcProvider } from "ethers";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

const TOKEN = hexToBytes("41a614f803b6fd780986a42c78ec9c7f77e6ded13c");
const OTHER = hexToBytes("41eca9bc828a3005b9a3b909f2cc5c2a54794de05f");
const TRANSFER = keccak256(utf8Encode("Transfer(address,address,uint256)"));
const APPROVAL = keccak256(utf8Encode("Approval(address,address,uint256)"));
const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;
const evm = (address: Uint8Array) => hex(address.subarray(1));
const word = (bytes: Uint8Array) => concatBytes(new Uint8Array(32 - bytes.length), bytes);
const uint = (n: bigint) => hexToBytes(n.toString(16).padStart(64, "0"));
const quantity = (n: bigint | number) => `0x${n.toString(16)}`;

let node: TronNode;
let url: string;
/** Block holding two transactions (logs 0; 1, 2) and the blocks after it (one log each). */
let multiBlock: bigint;
let singleBlocks: bigint[];
let txIds: string[];

async function rpcRaw(body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/jsonrpc`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function rpc(method: string, params?: unknown, id: unknown = 1): Promise<Json> {
  const { text } = await rpcRaw({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
  return JSON.parse(text);
}

async function send(from: number, to: number, amount: number): Promise<string> {
  const a = node.accounts[from]!;
  const b = node.accounts[to]!;
  const tw = new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(a.privateKey) });
  const tx = await tw.transactionBuilder.sendTrx(
    addressToBase58(b.address),
    amount,
    addressToBase58(a.address),
  );
  const answer = await tw.trx.sendRawTransaction(await tw.trx.sign(tx));
  expect(answer.result).toBe(true);
  return tx.txID;
}

async function blockAt(n: bigint): Promise<Block> {
  return (await node.wallet.getBlockByNum(n, "head"))!;
}

/** Writes logs into the infos of a committed block's transactions and indexes them. */
async function placeLogs(n: bigint, logsPerTx: TransactionInfo["log"][]): Promise<void> {
  await node.chain.adminWrite((state) => {
    const block = state.get(Tables.blocks, n)!;
    const outcomes = block.transactions.map((tx, i) => {
      const id = transactionId(tx);
      const info = { ...state.get(Tables.transactionInfos, id)!, log: logsPerTx[i] ?? [] };
      state.put(Tables.transactionInfos, id, info);
      return { txId: id, info } as TransactionOutcome;
    });
    indexContractEvents(state, n, outcomes);
  });
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 3 });
  url = node.url!;

  const [a, b] = node.accounts;
  // two transfers in one block
  await node.dev.setBlockTime(60);
  txIds = [await send(0, 1, 1000), await send(1, 2, 2000)];
  await node.dev.mine(1);
  multiBlock = node.chain.properties.headNumber;
  await node.dev.setBlockTime(0);
  singleBlocks = [];
  for (let i = 0; i < 3; i++) {
    txIds.push(await send(0, 2, 10 + i));
    singleBlocks.push(node.chain.properties.headNumber);
  }
  const transferLog = (n: bigint) =>
    create(TransactionInfo_LogSchema, {
      address: TOKEN.subarray(1),
      topics: [TRANSFER, word(a!.address.subarray(1)), word(b!.address.subarray(1))],
      data: uint(n),
    });
  await placeLogs(multiBlock, [
    [transferLog(1n)],
    [
      create(TransactionInfo_LogSchema, {
        address: TOKEN.subarray(1),
        topics: [APPROVAL, word(a!.address.subarray(1)), word(OTHER.subarray(1))],
        data: uint(7n),
      }),
      create(TransactionInfo_LogSchema, { address: OTHER.subarray(1), topics: [TRANSFER], data: uint(2n) }),
    ],
  ]);
  for (const [i, n] of singleBlocks.entries()) await placeLogs(n, [[transferLog(BigInt(10 + i))]]);
});

afterAll(async () => {
  await node?.stop();
});

describe("ethers v6 JsonRpcProvider on /jsonrpc", () => {
  it("reads the chain id, the head, balances, logs, transactions and receipts", async () => {
    const provider = new JsonRpcProvider(`${url}/jsonrpc`, undefined, { staticNetwork: false });
    try {
      const genesisId = node.wallet.blockIdOf(await blockAt(0n));
      const network = await provider.getNetwork();
      expect(network.chainId).toBe(BigInt(hex(genesisId.subarray(28))));
      expect(BigInt(await provider.getBlockNumber())).toBe(node.chain.properties.headNumber);
      for (const account of node.accounts) {
        const balance = (await node.wallet.getAccount(account.address, "head"))!.balance;
        expect(await provider.getBalance(evm(account.address))).toBe(balance);
      }
      expect(await provider.getBalance("0x0000000000000000000000000000000000000abc")).toBe(0n);

      const logs = await provider.getLogs({
        address: evm(TOKEN),
        fromBlock: Number(multiBlock),
        toBlock: "latest",
      });
      expect(logs.map((l) => [l.blockNumber, l.index, l.transactionIndex])).toEqual([
        [Number(multiBlock), 0, 0],
        [Number(multiBlock), 1, 1],
        ...singleBlocks.map((n) => [Number(n), 0, 0]),
      ]);
      expect(logs[1]!.topics[0]).toBe(hex(APPROVAL));
      expect(logs[1]!.transactionHash).toBe(`0x${txIds[1]}`);
      expect(logs[1]!.blockHash).toBe(hex(node.wallet.blockIdOf(await blockAt(multiBlock))));
      expect(BigInt(logs[0]!.data)).toBe(1n);
      // by topic only: the OTHER contract's Transfer too (log 2 of the block)
      const transfers = await provider.getLogs({ topics: [hex(TRANSFER)], fromBlock: Number(multiBlock) });
      expect(transfers.map((l) => [l.address.toLowerCase(), l.index])).toEqual([
        [evm(TOKEN), 0],
        [evm(OTHER), 2],
        ...singleBlocks.map(() => [evm(TOKEN), 0]),
      ]);

      const tx = await provider.getTransaction(`0x${txIds[1]}`);
      expect(tx).not.toBeNull();
      expect(tx!.from.toLowerCase()).toBe(evm(node.accounts[1]!.address));
      expect(tx!.to!.toLowerCase()).toBe(evm(node.accounts[2]!.address));
      expect(tx!.value).toBe(2000n);
      expect(tx!.blockNumber).toBe(Number(multiBlock));
      expect(tx!.index).toBe(1);
      const receipt = await provider.getTransactionReceipt(`0x${txIds[1]}`);
      expect(receipt!.status).toBe(1);
      expect(receipt!.logs.map((l) => l.index)).toEqual([1, 2]);
      expect(receipt!.logs[1]!.address.toLowerCase()).toBe(evm(OTHER));
    } finally {
      provider.destroy();
    }
  });
});

describe("java-tron's method list", () => {
  it("covers every @JsonRpcMethod of TronJsonRpc (49 at the mirror commit)", () => {
    expect(ETH_METHODS.map((m) => m.name)).toEqual([
      "web3_clientVersion",
      "web3_sha3",
      "eth_getBlockTransactionCountByHash",
      "eth_getBlockTransactionCountByNumber",
      "eth_getBlockByHash",
      "eth_getBlockByNumber",
      "net_version",
      "eth_chainId",
      "net_listening",
      "eth_protocolVersion",
      "eth_blockNumber",
      "eth_getBalance",
      "eth_getStorageAt",
      "eth_getCode",
      "eth_coinbase",
      "eth_gasPrice",
      "eth_estimateGas",
      "eth_getTransactionByHash",
      "eth_getTransactionByBlockHashAndIndex",
      "eth_getTransactionByBlockNumberAndIndex",
      "eth_getTransactionReceipt",
      "eth_call",
      "net_peerCount",
      "eth_syncing",
      "eth_getUncleByBlockHashAndIndex",
      "eth_getUncleByBlockNumberAndIndex",
      "eth_getUncleCountByBlockHash",
      "eth_getUncleCountByBlockNumber",
      "eth_getWork",
      "eth_hashrate",
      "eth_mining",
      "eth_accounts",
      "buildTransaction",
      "eth_submitWork",
      "eth_sendRawTransaction",
      "eth_sendTransaction",
      "eth_sign",
      "eth_signTransaction",
      "parity_nextNonce",
      "eth_getTransactionCount",
      "eth_getCompilers",
      "eth_compileSolidity",
      "eth_compileLLL",
      "eth_compileSerpent",
      "eth_submitHashrate",
      "eth_newFilter",
      "eth_newBlockFilter",
      "eth_uninstallFilter",
      "eth_getFilterChanges",
      "eth_getLogs",
      "eth_getFilterLogs",
    ]);
  });

  it("answers each method as java-tron does", async () => {
    const head = node.chain.properties.headNumber;
    const headBlock = await blockAt(head);
    const headHash = hex(node.wallet.blockIdOf(headBlock));
    const multi = await blockAt(multiBlock);
    const multiHash = hex(node.wallet.blockIdOf(multi));
    const genesis = await blockAt(0n);
    const genesisId = node.wallet.blockIdOf(genesis);
    const chainId = hex(genesisId.subarray(28));
    const genesisTx = hex(transactionId(genesis.transactions[0]!));
    const witness = node.witnesses[0]!.address;
    const a = node.accounts[0]!;
    const balanceOf = async (address: Uint8Array) =>
      quantity((await node.wallet.getAccount(address, "head"))!.balance);
    const invalidParams = (message: string) => ({ code: -32602, message, data: "{}" });
    const invalidRequest = (message: string) => ({ code: -32600, message, data: "{}" });
    const notAvailable = (name: string) => ({
      code: -32601,
      message: `the method ${name} does not exist/is not available`,
      data: "{}",
    });
    const wrongCount = { code: -32602, message: "method parameters invalid" };
    const zero32 = hex(new Uint8Array(32));
    type Row = [method: string, params: unknown, expected: { result: unknown } | { error: unknown }];
    const rows: Row[] = [
      ["web3_clientVersion", [], { result: expect.stringMatching(/^TRON\/v4\.8\.1\/\w+/) }],
      ["web3_sha3", ["0x68656c6c6f"], { result: hex(keccak256(utf8Encode("hello"))) }],
      ["web3_sha3", ["0xzz"], { error: invalidParams("invalid input value") }],
      ["web3_sha3", [], { error: wrongCount }],
      ["eth_getBlockTransactionCountByHash", [multiHash], { result: "0x2" }],
      ["eth_getBlockTransactionCountByHash", [zero32], { result: null }],
      ["eth_getBlockTransactionCountByHash", ["0x1234"], { error: invalidParams("invalid hash value") }],
      ["eth_getBlockTransactionCountByNumber", [quantity(multiBlock)], { result: "0x2" }],
      [
        "eth_getBlockTransactionCountByNumber",
        ["earliest"],
        { result: quantity(genesis.transactions.length) },
      ],
      [
        "eth_getBlockTransactionCountByNumber",
        ["pending"],
        { error: invalidParams("TAG pending not supported") },
      ],
      ["eth_getBlockTransactionCountByNumber", ["0xzz"], { error: invalidParams("invalid block number") }],
      ["eth_getBlockTransactionCountByNumber", [quantity(head + 100n)], { result: null }],
      ["eth_getBlockByHash", [multiHash, false], { result: expect.objectContaining({ hash: multiHash }) }],
      ["eth_getBlockByHash", [zero32, false], { result: null }],
      ["eth_getBlockByNumber", ["latest", false], { result: expect.objectContaining({ hash: headHash }) }],
      ["eth_getBlockByNumber", ["finalized", false], { result: expect.objectContaining({ hash: headHash }) }],
      ["eth_getBlockByNumber", [quantity(head + 1n), true], { result: null }],
      ["eth_getBlockByNumber", ["latest"], { error: wrongCount }],
      ["net_version", [], { result: chainId }],
      ["eth_chainId", [], { result: chainId }],
      ["net_listening", [], { result: false }],
      ["eth_protocolVersion", [], { result: quantity(headBlock.blockHeader!.rawData!.version) }],
      ["eth_blockNumber", [], { result: quantity(head) }],
      ["eth_blockNumber", undefined, { result: quantity(head) }],
      ["eth_getBalance", [evm(a.address), "latest"], { result: await balanceOf(a.address) }],
      ["eth_getBalance", [hex(a.address), "latest"], { result: await balanceOf(a.address) }],
      [
        "eth_getBalance",
        [evm(a.address), "earliest"],
        { error: invalidParams("TAG [earliest | pending | finalized] not supported") },
      ],
      [
        "eth_getBalance",
        [evm(a.address), "0x1"],
        { error: invalidParams("QUANTITY not supported, just support TAG as latest") },
      ],
      ["eth_getBalance", [evm(a.address), "zz"], { error: invalidParams("invalid block number") }],
      [
        "eth_getBalance",
        [addressToBase58(a.address), "latest"],
        {
          error: invalidParams("exception decoding Hex string: invalid characters encountered in Hex string"),
        },
      ],
      ["eth_getBalance", ["0x1234", "latest"], { error: invalidParams("invalid address hash value") }],
      [
        "eth_getBalance",
        [evm(a.address), { blockNumber: "0x1" }],
        { error: { code: -32700, message: "JSON parse error" } },
      ],
      ["eth_getStorageAt", [evm(TOKEN), "0x0", "latest"], { result: zero32 }],
      [
        "eth_getStorageAt",
        [evm(TOKEN), "0x0", "pending"],
        { error: invalidParams("TAG [earliest | pending | finalized] not supported") },
      ],
      ["eth_getCode", [evm(a.address), "latest"], { result: "0x" }],
      [
        "eth_getCode",
        [evm(a.address), "0x10"],
        { error: invalidParams("QUANTITY not supported, just support TAG as latest") },
      ],
      ["eth_coinbase", [], { result: hex(witness) }],
      ["eth_gasPrice", [], { result: "0x64" }],
      [
        "eth_estimateGas",
        [{ from: evm(a.address), to: evm(node.accounts[1]!.address), value: "0x1" }],
        { result: "0x0" },
      ],
      [
        "eth_estimateGas",
        [{ from: evm(a.address), to: evm(node.accounts[1]!.address) }],
        { error: invalidRequest("invalid json request: invalid value") },
      ],
      ["eth_estimateGas", [{ from: evm(a.address) }], { error: invalidRequest("invalid json request") }],
      [
        "eth_estimateGas",
        [{ from: evm(a.address), to: evm(node.accounts[1]!.address), value: "0x1", accessList: [] }],
        { error: { code: -32700, message: "JSON parse error" } },
      ],
      [
        "eth_getTransactionByHash",
        [`0x${txIds[0]}`],
        {
          result: expect.objectContaining({
            hash: `0x${txIds[0]}`,
            blockHash: multiHash,
            transactionIndex: "0x0",
            value: "0x3e8",
            nonce: "0x0000000000000000",
            type: "0x0",
            gas: "0x0",
            gasPrice: "0x64",
            input: "0x",
          }),
        },
      ],
      ["eth_getTransactionByHash", [zero32], { result: null }],
      // a genesis transaction has no info: found in block 0, from the zero address, gas 0
      [
        "eth_getTransactionByHash",
        [genesisTx],
        {
          result: expect.objectContaining({
            hash: genesisTx,
            blockNumber: "0x0",
            from: hex(new Uint8Array(20)),
            gas: "0x0",
          }),
        },
      ],
      [
        "eth_getTransactionByBlockHashAndIndex",
        [multiHash, "0x1"],
        { result: expect.objectContaining({ hash: `0x${txIds[1]}` }) },
      ],
      ["eth_getTransactionByBlockHashAndIndex", [multiHash, "0x2"], { result: null }],
      [
        "eth_getTransactionByBlockHashAndIndex",
        [multiHash, "1"],
        { error: invalidParams("invalid index value") },
      ],
      [
        "eth_getTransactionByBlockNumberAndIndex",
        [quantity(multiBlock), "0x0"],
        { result: expect.objectContaining({ hash: `0x${txIds[0]}` }) },
      ],
      [
        "eth_getTransactionReceipt",
        [`0x${txIds[0]}`],
        {
          result: expect.objectContaining({
            transactionHash: `0x${txIds[0]}`,
            status: "0x1",
            contractAddress: null,
            type: "0x0",
          }),
        },
      ],
      ["eth_getTransactionReceipt", [zero32], { result: null }],
      [
        "eth_call",
        [{ to: evm(TOKEN), data: "0x" }, "earliest"],
        { error: invalidParams("TAG [earliest | pending | finalized] not supported") },
      ],
      [
        "eth_call",
        [{ to: evm(TOKEN), data: "0x" }, { blockNumber: quantity(head + 5n) }],
        { error: { code: -32000, message: "header not found", data: "{}" } },
      ],
      [
        "eth_call",
        [{ to: evm(TOKEN), data: "0x" }, { blockHash: zero32 }],
        { error: { code: -32000, message: "header for hash not found", data: "{}" } },
      ],
      [
        "eth_call",
        [{ to: evm(TOKEN), data: "0x" }, { foo: 1 }],
        { error: invalidRequest("invalid json request") },
      ],
      ["eth_call", [{ to: evm(TOKEN), data: "0x" }, 5], { error: invalidRequest("invalid json request") }],
      ["net_peerCount", [], { result: "0x0" }],
      ["eth_syncing", [], { result: false }],
      ["eth_getUncleByBlockHashAndIndex", [headHash, "0x0"], { result: null }],
      ["eth_getUncleByBlockNumberAndIndex", ["latest", "0x0"], { result: null }],
      ["eth_getUncleCountByBlockHash", [headHash], { result: "0x0" }],
      ["eth_getUncleCountByBlockNumber", ["latest"], { result: "0x0" }],
      ["eth_getWork", [], { result: [headHash, null, null] }],
      ["eth_hashrate", [], { result: "0x0" }],
      ["eth_mining", [], { result: true }],
      ["eth_accounts", [], { result: [] }],
      [
        "buildTransaction",
        [{ from: evm(a.address), to: evm(node.accounts[1]!.address), value: "0x10" }],
        {
          result: {
            transaction: expect.objectContaining({
              visible: false,
              txID: expect.any(String),
              raw_data_hex: expect.any(String),
            }),
          },
        },
      ],
      [
        "buildTransaction",
        [{ from: "0x12", to: evm(node.accounts[1]!.address), value: "0x10" }],
        { error: invalidRequest("invalid json request") },
      ],
      [
        "buildTransaction",
        [{ from: evm(a.address), to: evm(node.accounts[1]!.address), value: "0x10000000000000000" }],
        { error: invalidParams("invalid param value: invalid hex number") },
      ],
      [
        "buildTransaction",
        [{ from: evm(a.address), to: evm(a.address), value: "0x10" }],
        { error: invalidRequest("Cannot transfer TRX to yourself.") },
      ],
      ["eth_submitWork", ["0x0", "0x0", "0x0"], { error: notAvailable("eth_submitWork") }],
      ["eth_sendRawTransaction", ["0x00"], { error: notAvailable("eth_sendRawTransaction") }],
      ["eth_sendTransaction", [{}], { error: notAvailable("eth_sendTransaction") }],
      ["eth_sign", ["0x00", "0x00"], { error: notAvailable("eth_sign") }],
      ["eth_signTransaction", [{}], { error: notAvailable("eth_signTransaction") }],
      ["parity_nextNonce", ["0x00"], { error: notAvailable("parity_nextNonce") }],
      [
        "eth_getTransactionCount",
        [evm(a.address), "latest"],
        { error: notAvailable("eth_getTransactionCount") },
      ],
      ["eth_getCompilers", [], { error: notAvailable("eth_getCompilers") }],
      ["eth_compileSolidity", ["contract A {}"], { error: notAvailable("eth_compileSolidity") }],
      ["eth_compileLLL", ["x"], { error: notAvailable("eth_compileLLL") }],
      ["eth_compileSerpent", ["x"], { error: notAvailable("eth_compileSerpent") }],
      ["eth_submitHashrate", ["0x0", "0x0"], { error: notAvailable("eth_submitHashrate") }],
      ["eth_newFilter", [{ fromBlock: "finalized" }], { error: invalidParams("invalid block range params") }],
      ["eth_newFilter", [{ address: "0x12" }], { error: invalidParams("invalid address: 0x12") }],
      [
        "eth_newFilter",
        [{ address: ["0x12"] }],
        { error: invalidParams("invalid address at index 0: 0x12") },
      ],
      ["eth_newFilter", [{ address: 5 }], { error: invalidParams("invalid addresses in query") }],
      [
        "eth_newFilter",
        [{ topics: [null, null, null, null, null] }],
        { error: invalidParams("topics size should be <= 4") },
      ],
      ["eth_newFilter", [{ topics: ["0x12"] }], { error: invalidParams("invalid topic(s): 0x12") }],
      ["eth_newFilter", [{ topics: [5] }], { error: invalidParams("invalid topic(s)") }],
      [
        "eth_newFilter",
        [{ fromBlock: "0x5", toBlock: "0x4" }],
        { error: invalidParams("please verify: fromBlock <= toBlock") },
      ],
      ["eth_newFilter", [{ fromBlock: "5" }], { error: invalidParams("Incorrect hex syntax") }],
      [
        "eth_newFilter",
        [{ blockHash: multiHash, fromBlock: "0x1" }],
        {
          error: invalidParams(
            "cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other",
          ),
        },
      ],
      ["eth_newFilter", [{ blockHash: zero32 }], { error: invalidParams("invalid blockHash") }],
      ["eth_newFilter", [{ address: evm(TOKEN) }], { result: expect.stringMatching(/^0x[0-9a-f]{32}$/) }],
      ["eth_newBlockFilter", [], { result: expect.stringMatching(/^0x[0-9a-f]{32}$/) }],
      ["eth_uninstallFilter", ["0x00"], { error: { code: -32000, message: "filter not found", data: "{}" } }],
      [
        "eth_getFilterChanges",
        ["0x00"],
        { error: { code: -32000, message: "filter not found", data: "{}" } },
      ],
      [
        "eth_getLogs",
        [{ fromBlock: "0x0", toBlock: "pending" }],
        { error: invalidParams("TAG pending not supported") },
      ],
      [
        "eth_getLogs",
        [{ blockHash: multiHash, address: evm(OTHER) }],
        {
          result: [
            expect.objectContaining({
              address: evm(OTHER),
              logIndex: "0x2",
              transactionIndex: "0x1",
              removed: false,
            }),
          ],
        },
      ],
      [
        "eth_getLogs",
        [{ fromBlock: quantity(multiBlock), topics: [hex(APPROVAL), null, null, null] }],
        { result: [] },
      ],
      [
        "eth_getLogs",
        [{ fromBlock: quantity(multiBlock), topics: [[hex(APPROVAL), hex(TRANSFER)], []] }],
        { result: expect.arrayContaining([expect.objectContaining({ logIndex: "0x1" })]) },
      ],
      ["eth_getFilterLogs", ["0x00"], { error: { code: -32000, message: "filter not found", data: "{}" } }],
      ["eth_nope", [], { error: { code: -32601, message: "method not found" } }],
    ];
    const failures: string[] = [];
    for (const [method, params, expected] of rows) {
      const answer = await rpc(method, params);
      const { jsonrpc, id, ...rest } = answer;
      try {
        expect(jsonrpc).toBe("2.0");
        expect(rest).toEqual(expected);
        expect(id).toBe("error" in expected && (expected.error as Json).code === -32700 ? null : 1);
      } catch {
        failures.push(`${method} ${JSON.stringify(params)} → ${JSON.stringify(answer)}`);
      }
    }
    expect(failures).toEqual([]);
    const tested = new Set(rows.map(([m]) => m));
    expect(ETH_METHODS.filter((m) => !tested.has(m.name)).map((m) => m.name)).toEqual([]);
  });
});

describe("jsonrpc4j's framing as java-tron runs it", () => {
  it("answers batches, notifications, bad bodies and the batch limit", async () => {
    const batch = JSON.parse(
      (
        await rpcRaw([
          { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" },
          { jsonrpc: "2.0", method: "eth_blockNumber" }, // a notification: null in a batch
          { id: "x", method: "eth_chainId" }, // jsonrpc is optional, and echoed when given
          5,
        ])
      ).text,
    );
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: 1, result: quantity(node.chain.properties.headNumber) },
      null,
      { jsonrpc: "2.0", id: "x", result: expect.stringMatching(/^0x[0-9a-f]{8}$/) },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "invalid request" } },
    ]);
    const notification = await rpcRaw({ jsonrpc: "2.0", method: "eth_blockNumber" });
    expect(notification).toEqual({ status: 200, text: "" });
    expect(JSON.parse((await rpcRaw("{nope")).text)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "JSON parse error" },
    });
    expect(JSON.parse((await rpcRaw("[]")).text)).toEqual([]);
    expect(JSON.parse((await rpcRaw("7")).text).error).toEqual({ code: -32600, message: "invalid request" });
    expect((await rpc("eth_getBalance", undefined, 3)).error).toEqual({
      code: -32602,
      message: "method parameters invalid",
    });
    const tooMany = Array.from({ length: 101 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i,
      method: "eth_blockNumber",
    }));
    expect(JSON.parse((await rpcRaw(tooMany)).text)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32005, message: "Batch size 101 exceeds the limit of 100" },
    });
    expect(JSON.parse((await rpcRaw(tooMany.slice(0, 100))).text)).toHaveLength(100);
    // bad bodies: an error, never a crash, and the node still answers
    for (const body of [
      "",
      "[".repeat(50_000),
      "\u0000\u00ff",
      '{"id":1,"method":5}',
      '{"id":1,"method":{}}',
    ]) {
      const answer = await rpcRaw(body);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).error.code, JSON.stringify(body.slice(0, 20))).toBeLessThan(-32000);
    }
    expect((await rpc("eth_getBalance", [{}, "latest"])).error).toEqual({
      code: -32700,
      message: "JSON parse error",
    });
    expect((await rpc("eth_blockNumber", [])).result).toBe(quantity(node.chain.properties.headNumber));
  });

  it("answers the dev methods on /jsonrpc too (hardhat-tron sends evm_* there)", async () => {
    const before = node.chain.properties.headNumber;
    const snapshot = (await rpc("evm_snapshot", [])).result;
    expect(snapshot).toMatch(/^0x[0-9a-f]+$/);
    expect((await rpc("evm_mine", [])).result).toBe("0x0");
    expect(BigInt((await rpc("eth_blockNumber", [])).result)).toBe(before + 1n);
    expect((await rpc("evm_revert", [snapshot])).result).toBe(true);
    expect(BigInt((await rpc("eth_blockNumber", [])).result)).toBe(before);
    expect((await rpc("tre_mine", [{ blocks: 0 }])).error).toEqual({
      code: -32001,
      message: "blocks should between (0, 100]",
    });
  });
});

describe("filters", () => {
  it("reports new blocks and new matching logs once, and follows a reverted chain", async () => {
    const blockFilter = (await rpc("eth_newBlockFilter", [])).result;
    const logFilter = (await rpc("eth_newFilter", [{ address: evm(TOKEN), topics: [hex(TRANSFER)] }])).result;
    const openFilter = (await rpc("eth_newFilter", [{ fromBlock: quantity(multiBlock) }])).result;
    expect((await rpc("eth_getFilterChanges", [blockFilter])).result).toEqual([]);
    const snapshot = (await rpc("evm_snapshot", [])).result;
    await send(2, 0, 5);
    const n1 = node.chain.properties.headNumber;
    await send(2, 0, 6);
    const n2 = node.chain.properties.headNumber;
    const [a, b] = node.accounts;
    const log = create(TransactionInfo_LogSchema, {
      address: TOKEN.subarray(1),
      topics: [TRANSFER, word(a!.address.subarray(1)), word(b!.address.subarray(1))],
      data: uint(99n),
    });
    await placeLogs(n2, [[log]]);
    const hashOf = async (n: bigint) => hex(node.wallet.blockIdOf(await blockAt(n)));
    expect((await rpc("eth_getFilterChanges", [blockFilter])).result).toEqual([
      await hashOf(n1),
      await hashOf(n2),
    ]);
    expect((await rpc("eth_getFilterChanges", [blockFilter])).result).toEqual([]);
    const changes = (await rpc("eth_getFilterChanges", [logFilter])).result;
    expect(changes).toEqual([
      expect.objectContaining({
        blockNumber: quantity(n2),
        data: hex(uint(99n)),
        logIndex: "0x0",
        removed: false,
      }),
    ]);
    expect((await rpc("eth_getFilterChanges", [logFilter])).result).toEqual([]);
    // eth_getFilterLogs: the whole range again (from the head at creation — which holds a log — on)
    expect((await rpc("eth_getFilterLogs", [logFilter])).result).toHaveLength(2);
    expect((await rpc("eth_getFilterLogs", [openFilter])).result).toHaveLength(3 + singleBlocks.length + 1);
    expect((await rpc("eth_getFilterLogs", [blockFilter])).error.message).toBe("filter not found");

    // revert below the reported blocks: the filter continues from the chain's new head
    expect((await rpc("evm_revert", [snapshot])).result).toBe(true);
    await send(1, 0, 7);
    const m1 = node.chain.properties.headNumber;
    expect(m1).toBe(n1);
    expect((await rpc("eth_getFilterChanges", [blockFilter])).result).toEqual([await hashOf(m1)]);
    expect((await rpc("eth_uninstallFilter", [blockFilter])).result).toBe(true);
    expect((await rpc("eth_uninstallFilter", [blockFilter])).error.message).toBe("filter not found");
  });
});

describe("smart contracts through /jsonrpc", () => {
  it("ethers calls, estimates and reads logs of a TRC-20 the TVM runs; code, storage and reverts as java-tron answers them", async () => {
    const artefacts = await compiledContracts();
    const a = node.accounts[0]!;
    const b = node.accounts[1]!;
    const tw = new TronWeb({ fullHost: url, privateKey: bytesToHex(a.privateKey) });
    const supply = 10n ** 24n;
    const token = await tw.contract().new({
      abi: artefacts.TestToken!.abi,
      bytecode: artefacts.TestToken!.bytecode,
      feeLimit: 1_000_000_000,
      parameters: [supply.toString()],
    });
    const reverter = await tw.contract().new({
      abi: artefacts.Reverter!.abi,
      bytecode: artefacts.Reverter!.bytecode,
      feeLimit: 1_000_000_000,
    });
    const tokenEvm = `0x${TronWeb.address.toHex(token.address).slice(2)}`;
    const reverterEvm = `0x${TronWeb.address.toHex(reverter.address).slice(2)}`;
    const from = node.chain.properties.headNumber;
    await token.transfer(TronWeb.address.fromHex(bytesToHex(b.address)), 1234n).send();

    const provider = new JsonRpcProvider(`${url}/jsonrpc`);
    try {
      const erc20 = new Contract(tokenEvm, artefacts.TestToken!.abi, provider);
      expect(await erc20.balanceOf!(evm(b.address))).toBe(1234n);
      expect(await erc20.totalSupply!()).toBe(supply);
      expect(await erc20.symbol!()).toBe(await token.symbol().call());
      // estimateenergy's answer (the node serves it)
      const estimate = await provider.estimateGas({
        from: evm(a.address),
        to: tokenEvm,
        data: erc20.interface.encodeFunctionData("transfer", [evm(b.address), 1n]),
      });
      expect(estimate).toBeGreaterThan(0n);
      // the TVM's own Transfer log
      const logs = await provider.getLogs({ address: tokenEvm, fromBlock: Number(from), toBlock: "latest" });
      expect(logs).toHaveLength(1);
      const parsed = erc20.interface.parseLog(logs[0]!)!;
      expect(parsed.name).toBe("Transfer");
      expect(parsed.args[2]).toBe(1234n);
      expect(String(parsed.args[1]).toLowerCase()).toBe(evm(b.address));
    } finally {
      provider.destroy();
    }

    const runtime = `0x${artefacts.TestToken!.deployedBytecode}`;
    expect((await rpc("eth_getCode", [tokenEvm, "latest"])).result).toBe(runtime);
    // slot 2 holds _totalSupply (after the _balances and _allowances mappings)
    expect((await rpc("eth_getStorageAt", [tokenEvm, "0x2", "latest"])).result).toBe(hex(uint(supply)));
    expect((await rpc("eth_getStorageAt", [evm(a.address), "0x2", "latest"])).result).toBe(
      hex(new Uint8Array(32)),
    );
    const check = (value: bigint) =>
      `0x${keccakSelector("check(uint256)")}${value.toString(16).padStart(64, "0")}`;
    expect((await rpc("eth_call", [{ to: reverterEvm, data: check(11n) }, "latest"])).result).toBe(
      hex(uint(11n)),
    );
    expect((await rpc("eth_call", [{ to: reverterEvm, data: check(5n) }, "latest"])).error).toEqual({
      code: -32000,
      message: "REVERT opcode executed: value must be above 10",
      data: "{}",
    });
    expect(
      (await rpc("eth_estimateGas", [{ from: evm(a.address), to: reverterEvm, data: check(5n) }])).error,
    ).toEqual({ code: -32000, message: "REVERT opcode executed: value must be above 10", data: "{}" });
    expect(
      (await rpc("eth_call", [{ to: reverterEvm, data: `0x${keccakSelector("invalid()")}` }, "latest"]))
        .error,
    ).toMatchObject({
      code: -32000,
      data: "{}",
    });
    // eth_call on a named block runs on the latest state once the block exists
    expect(
      (await rpc("eth_call", [{ to: reverterEvm, data: check(12n) }, { blockNumber: quantity(from) }]))
        .result,
    ).toBe(hex(uint(12n)));

    // buildTransaction: a trigger and a deploy, unsigned, as /wallet/triggersmartcontract and deploycontract build them
    const trigger = (
      await rpc("buildTransaction", [
        { from: evm(a.address), to: tokenEvm, data: `0x${keccakSelector("totalSupply()")}`, gas: "0x2710" },
      ])
    ).result.transaction;
    expect(trigger.raw_data.contract[0].type).toBe("TriggerSmartContract");
    expect(trigger.raw_data.fee_limit).toBe(10_000 * 100);
    expect(trigger.visible).toBeUndefined();
    const deploy = (
      await rpc("buildTransaction", [
        {
          from: evm(a.address),
          data: `0x${artefacts.Reverter!.bytecode}`,
          abi: JSON.stringify(artefacts.Reverter!.abi),
          name: "Reverter",
          consumeUserResourcePercent: 100,
          originEnergyLimit: 1_000_000,
          gas: "0x3e8",
        },
      ])
    ).result.transaction;
    expect(deploy.raw_data.contract[0].type).toBe("CreateSmartContract");
    expect(deploy.visible).toBe(false);
    expect(deploy.raw_data.contract[0].parameter.value.new_contract.name).toBe("Reverter");
    const signed = await tw.trx.sign(deploy);
    expect((await tw.trx.sendRawTransaction(signed)).result).toBe(true);
    expect(
      (
        await rpc("buildTransaction", [
          { from: evm(a.address), data: "0x00", consumeUserResourcePercent: 101 },
        ])
      ).error,
    ).toEqual({
      code: -32600,
      message: "percent must be >= 0 and <= 100",
      data: "{}",
    });
  });
});

function keccakSelector(signature: string): string {
  return bytesToHex(keccak256(utf8Encode(signature)).subarray(0, 4));
}
