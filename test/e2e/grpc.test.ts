/**
 * A started node called as a Java, Go or Python TRON SDK calls it: over gRPC, through stubs
 * generated at test time by @grpc/proto-loader + @grpc/grpc-js (see test/support/grpc-stubs.ts for
 * why the .proto is tronode's own copy of TRON's api.proto). Answers are checked against
 * java-tron's conventions and against the node's HTTP API for the same state.
 */
import { addressToBase58, bytesToHex, signHash } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { createGrpcServer } from "@tronode/transport-grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WALLET_TABLE } from "../../packages/transport-grpc/src/service-tables.js";
import { type GrpcObject, GrpcStatus, type GrpcStub, grpcFailure, grpcStub } from "../support/grpc-stubs.js";

let node: TronNode;
let wallet: GrpcStub;
let solidity: GrpcStub;
let database: GrpcStub;

async function http(path: string, body: object = {}): Promise<GrpcObject> {
  const response = await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as GrpcObject;
}

const hex = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? "" : Buffer.from(bytes).toString("hex");

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 3, grpcPort: 0, grpcSolidityPort: 0 });
  wallet = grpcStub("Wallet", node.grpc.full!);
  solidity = grpcStub("WalletSolidity", node.grpc.solidity!);
  database = grpcStub("Database", node.grpc.full!);
});

afterAll(async () => {
  wallet?.close();
  solidity?.close();
  database?.close();
  await node?.stop();
});

describe("protocol.Wallet over gRPC", () => {
  it("GetNowBlock2 and GetBlockByNum2 answer BlockExtention with java-tron's blockid", async () => {
    const now = await wallet.call("GetNowBlock2");
    const number = BigInt(now.block_header.raw_data.number);
    expect(number).toBeGreaterThan(0n);
    // blockid = 8-byte big-endian number ‖ 24 bytes of the header hash, the id HTTP prints too
    expect(Buffer.from(now.blockid).readBigInt64BE(0)).toBe(number);
    const printed = await http("/wallet/getnowblock");
    expect(hex(now.blockid)).toBe(printed.blockID);

    const byNum = await wallet.call("GetBlockByNum2", { num: "1" });
    expect(byNum.block_header.raw_data.number).toBe("1");
    expect(hex(byNum.blockid)).toBe((await http("/wallet/getblockbynum", { num: 1 })).blockID);
    // beyond the head: the empty message with status OK (java-tron's onNext(null))
    expect(await wallet.call("GetBlockByNum2", { num: "999999" })).toEqual({});
    expect(await wallet.call("GetBlockByNum", { num: "999999" })).toEqual({});
  });

  it("GetAccount answers the account, and the empty message for an unknown address", async () => {
    const [first] = node.accounts;
    const account = await wallet.call("GetAccount", { address: first!.address });
    expect(hex(account.address)).toBe(bytesToHex(first!.address));
    expect(account.balance).toBe("100000000000");
    expect(await wallet.call("GetAccount", { address: Buffer.alloc(21, 7) })).toEqual({});
  });

  it("GetAccountResource and GetChainParameters answer what HTTP answers", async () => {
    const address = node.accounts[0]!.address;
    const resource = await wallet.call("GetAccountResource", { address });
    const printed = await http("/wallet/getaccountresource", { address: bytesToHex(address) });
    expect(resource.freeNetLimit).toBe(String(printed.freeNetLimit));
    expect(resource.TotalNetLimit).toBe(String(printed.TotalNetLimit));
    expect(resource.TotalEnergyLimit).toBe(String(printed.TotalEnergyLimit));

    const parameters = await wallet.call("GetChainParameters");
    const httpParameters = (await http("/wallet/getchainparameters")).chainParameter as GrpcObject[];
    expect(parameters.chainParameter).toHaveLength(httpParameters.length);
    expect(parameters.chainParameter).toEqual(
      httpParameters.map((p) =>
        p.value === undefined ? { key: p.key } : { key: p.key, value: String(p.value) },
      ),
    );
  });

  it("CreateTransaction2 → sign → BroadcastTransaction → GetTransactionById / GetTransactionInfoById", async () => {
    const [from, to] = node.accounts;
    const built = await wallet.call("CreateTransaction2", {
      owner_address: from!.address,
      to_address: to!.address,
      amount: "1500000",
    });
    expect(built.result).toEqual({ result: true });
    expect(built.txid).toHaveLength(32);
    const signature = signHash(new Uint8Array(built.txid), from!.privateKey);
    const reply = await wallet.call("BroadcastTransaction", { ...built.transaction, signature: [signature] });
    // Return{result:true, code:SUCCESS}: no txid (clients compute it), SUCCESS is not on the wire
    expect(reply).toEqual({ result: true });

    const stored = await wallet.call("GetTransactionById", { value: built.txid });
    expect(hex(stored.raw_data.contract[0].parameter.value)).toBe(
      hex(built.transaction.raw_data.contract[0].parameter.value),
    );
    expect(stored.ret[0].contractRet).toBe("SUCCESS");
    const info = await wallet.call("GetTransactionInfoById", { value: built.txid });
    expect(hex(info.id)).toBe(hex(built.txid));
    expect(BigInt(info.blockNumber)).toBeGreaterThan(0n);
    const printed = await http("/wallet/gettransactioninfobyid", { value: hex(built.txid) });
    expect(info.blockNumber).toBe(String(printed.blockNumber));

    expect(await wallet.call("GetTransactionById", { value: Buffer.alloc(32, 9) })).toEqual({});
    expect(await wallet.call("GetTransactionInfoById", { value: Buffer.alloc(32, 9) })).toEqual({});
  });

  it("a failing builder reports java-tron's Return; the old builder answers the empty message", async () => {
    const [from, to] = node.accounts;
    const contract = { owner_address: from!.address, to_address: to!.address, amount: "99000000000000000" };
    const built = await wallet.call("CreateTransaction2", contract);
    expect(built.transaction).toBeUndefined();
    expect(built.result.result).toBeUndefined();
    expect(built.result.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(Buffer.from(built.result.message).toString("utf8")).toBe(
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    );
    expect(await wallet.call("CreateTransaction", contract)).toEqual({});
  });

  it("builders of other domains share the HTTP builders' checks (CreateAssetIssue2 vs /wallet/createassetissue)", async () => {
    const owner = node.accounts[0]!.address;
    const contract = {
      owner_address: owner,
      name: Buffer.from("tok"),
      abbr: Buffer.from("t"),
      total_supply: "0",
    };
    const built = await wallet.call("CreateAssetIssue2", contract);
    expect(built.result.code).toBe("CONTRACT_VALIDATE_ERROR");
    const printed = await http("/wallet/createassetissue", {
      owner_address: bytesToHex(owner),
      name: hex(Buffer.from("tok")),
      abbr: hex(Buffer.from("t")),
      total_supply: 0,
    });
    const httpMessage = /^class org\.tron\.core\.exception\.ContractValidateException : (.*)$/.exec(
      printed.Error,
    )?.[1];
    expect(httpMessage).toBeDefined();
    expect(Buffer.from(built.result.message).toString("utf8")).toBe(
      `Contract validate error : ${httpMessage}`,
    );
    expect(await wallet.call("GetAssetIssueList")).toEqual({});
    expect(await wallet.call("GetAssetIssueById", { value: Buffer.from("1000001") })).toEqual({});
  });

  it("proposals and the market: builders refuse as HTTP does, reads answer java-tron's empty messages", async () => {
    const owner = node.accounts[0]!.address;
    // a development account is no witness: ProposalCreate is refused in Return, as /wallet/proposalcreate refuses it
    const built = await wallet.call("ProposalCreate", { owner_address: owner, parameters: { "0": "1000" } });
    expect(built.result.code).toBe("CONTRACT_VALIDATE_ERROR");
    const printed = await http("/wallet/proposalcreate", {
      owner_address: bytesToHex(owner),
      parameters: [{ key: 0, value: 1000 }],
    });
    expect(Buffer.from(built.result.message).toString("utf8")).toBe(
      `Contract validate error : ${/ : (.*)$/.exec(printed.Error)?.[1]}`,
    );
    expect(await wallet.call("ListProposals")).toEqual({});
    expect(await wallet.call("GetProposalById", { value: Buffer.alloc(8) })).toEqual({});
    expect(await wallet.call("GetMarketPairList")).toEqual({});
    expect(await solidity.call("GetMarketOrderByAccount", { value: owner })).toEqual({});
    const sell = await wallet.call("MarketSellAsset", {
      owner_address: owner,
      sell_token_id: Buffer.from("_"),
      sell_token_quantity: "1",
      buy_token_id: Buffer.from("1000001"),
      buy_token_quantity: "1",
    });
    expect(sell.result.code).toBe("CONTRACT_VALIDATE_ERROR");
  });

  it("BroadcastTransaction answers SIGERROR for a signature by the wrong key", async () => {
    const [from, to, other] = node.accounts;
    const built = await wallet.call("CreateTransaction2", {
      owner_address: from!.address,
      to_address: to!.address,
      amount: "1000000",
    });
    const signature = signHash(new Uint8Array(built.txid), other!.privateKey);
    const reply = await wallet.call("BroadcastTransaction", { ...built.transaction, signature: [signature] });
    expect(reply.result).toBeUndefined();
    expect(reply.code).toBe("SIGERROR");
    expect(Buffer.from(reply.message).toString("utf8")).toMatch(/^Validate signature error: /);
  });

  it("GetBlock reports java-tron's IllegalArgumentException as INVALID_ARGUMENT", async () => {
    const failure = await grpcFailure(wallet.call("GetBlock", { id_or_num: "-1" }));
    expect(failure).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: "num must be non-positive number.",
    });
    const head = await wallet.call("GetBlock", { id_or_num: "" });
    expect(BigInt(head.block_header.raw_data.number)).toBeGreaterThan(0n);
  });

  it("answers UNIMPLEMENTED for what java-tron does not implement, what tronode does not serve yet, and unknown methods", async () => {
    expect(await grpcFailure(wallet.call("BuyStorage", {}))).toEqual({
      code: GrpcStatus.UNIMPLEMENTED,
      details: "Method protocol.Wallet/BuyStorage is unimplemented",
    });
    // whichever rpc is still waiting for its operation (the list shrinks as domains land)
    const notYet = WALLET_TABLE.unimplemented.find((entry) => entry.reason === "not-yet");
    if (notYet !== undefined) {
      expect(await grpcFailure(wallet.call(notYet.rpc, {}))).toEqual({
        code: GrpcStatus.UNIMPLEMENTED,
        details: `protocol.Wallet/${notYet.rpc} is not supported by tronode yet`,
      });
    }
    // WalletSolidity is not on the full node's port, as in java-tron
    const wrongPort = grpcStub("WalletSolidity", node.grpc.full!);
    expect(await grpcFailure(wrongPort.call("GetNowBlock2"))).toEqual({
      code: GrpcStatus.UNIMPLEMENTED,
      details: "Method not found: protocol.WalletSolidity/GetNowBlock2",
    });
    wrongPort.close();
  });

  it("refuses a message over 4 MiB with RESOURCE_EXHAUSTED", async () => {
    const failure = await grpcFailure(
      wallet.call("GetTransactionById", { value: Buffer.alloc(5 * 1024 * 1024) }),
    );
    expect(failure.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
  });
});

describe("key-handling rpcs (shielded keys)", () => {
  it("are served on a loopback listener, with HTTP's answers", async () => {
    const sk = await wallet.call("GetSpendingKey");
    expect(sk.value).toHaveLength(32);
    const expanded = await wallet.call("GetExpandedSpendingKey", { value: sk.value });
    const printed = await http("/wallet/getexpandedspendingkey", { value: hex(sk.value) });
    expect({ ask: hex(expanded.ask), nsk: hex(expanded.nsk), ovk: hex(expanded.ovk) }).toEqual(printed);
  });

  it("are refused on a listener that is not loopback, like their HTTP rows", async () => {
    const exposed = createGrpcServer({ wallet: node.wallet, host: "0.0.0.0", port: 0 });
    const { full } = await exposed.listen();
    const stub = grpcStub("Wallet", `127.0.0.1:${full!.port}`);
    try {
      expect(await grpcFailure(stub.call("GetSpendingKey"))).toEqual({
        code: GrpcStatus.UNAVAILABLE,
        details:
          "this API is unavailable due to config: GetSpendingKey handles private keys and is served only on a " +
          "loopback listener or with allowKeyOperations: true",
      });
      // reads stay served there
      expect((await stub.call("GetNowBlock2")).blockid).toHaveLength(32);
    } finally {
      stub.close();
      await exposed.close();
    }
  });
});

describe("protocol.Database and protocol.WalletSolidity", () => {
  it("Database answers the block reference (lower-case getBlockReference) and the solidified number", async () => {
    const reference = await database.call("getBlockReference");
    const now = await wallet.call("GetNowBlock2");
    expect(reference.block_num).toBe(now.block_header.raw_data.number);
    expect(hex(reference.block_hash)).toBe(hex(now.blockid));
    const info = await wallet.call("GetNodeInfo");
    const printedInfo = await http("/wallet/getnodeinfo");
    expect([info.block, info.solidityBlock, info.configNodeInfo.codeVersion]).toEqual([
      printedInfo.block,
      printedInfo.solidityBlock,
      printedInfo.configNodeInfo.codeVersion,
    ]);
    const properties = await database.call("GetDynamicProperties");
    const nodeInfo = await http("/wallet/getnodeinfo");
    expect(`Num:${properties.last_solidity_block_num},`).toBe(/^Num:\d+,/.exec(nodeInfo.solidityBlock)?.[0]);
  });

  it("WalletSolidity on the solidity port answers GetNowBlock2 and GetAccount from the solidified state", async () => {
    const solid = await solidity.call("GetNowBlock2");
    const printed = await http("/walletsolidity/getnowblock");
    expect(hex(solid.blockid)).toBe(printed.blockID);
    const address = node.accounts[2]!.address;
    const account = await solidity.call("GetAccount", { address });
    const printedAccount = await http("/walletsolidity/getaccount", { address: bytesToHex(address) });
    expect(account.balance).toBe(String(printedAccount.balance));
    expect(addressToBase58(new Uint8Array(account.address))).toBe(addressToBase58(address));
    expect(await solidity.call("GetAccount", { address: Buffer.alloc(21, 3) })).toEqual({});
  });
});

describe("protocol.WalletSolidity on the PBFT port (node.rpc.PBFTPort)", () => {
  const text = (s: string) => Buffer.from(s, "utf8").toString("hex");

  it("answers GetNowBlock2, ListExchanges and GetExchangeById from the PBFT view, as /walletpbft does", async () => {
    const pbftNode = await createNode({ port: 0, blockTime: 0, accounts: 1, grpcPbftPort: 0, pbftPort: 0 });
    const pbft = grpcStub("WalletSolidity", pbftNode.grpc.pbft!);
    const post = async (path: string, body: object = {}) =>
      (await (
        await fetch(`${pbftNode.url}${path}`, { method: "POST", body: JSON.stringify(body) })
      ).json()) as GrpcObject;
    const signedBroadcast = (built: GrpcObject, key: Uint8Array) =>
      post("/wallet/broadcasttransaction", {
        ...built,
        signature: [bytesToHex(signHash(Buffer.from(built.txID as string, "hex"), key))],
      });
    try {
      const owner = pbftNode.accounts[0]!;
      const head = (await post("/wallet/getnowblock")) as {
        block_header: { raw_data: { timestamp: number } };
      };
      const start = head.block_header.raw_data.timestamp + 60_000;
      const issue = await post("/wallet/createassetissue", {
        owner_address: bytesToHex(owner.address),
        name: text("PbftToken"),
        abbr: text("PBT"),
        total_supply: 1_000_000,
        trx_num: 1,
        num: 1,
        start_time: start,
        end_time: start + 86_400_000,
        url: text("http://127.0.0.1/pbft-token"),
      });
      expect((await signedBroadcast(issue, owner.privateKey)).result).toBe(true);
      const exchange = await post("/wallet/exchangecreate", {
        owner_address: bytesToHex(owner.address),
        first_token_id: text("1000001"),
        first_token_balance: 10_000,
        second_token_id: text("_"),
        second_token_balance: 10_000_000,
      });
      expect((await signedBroadcast(exchange, owner.privateKey)).result).toBe(true);
      await pbftNode.dev.mine(1);

      const printedNow = await post("/walletpbft/getnowblock");
      const now = await pbft.call("GetNowBlock2");
      expect(hex(now.blockid)).toBe(printedNow.blockID);
      const list = await pbft.call("ListExchanges");
      const printedList = await post("/walletpbft/listexchanges");
      expect(list.exchanges.map((e: GrpcObject) => [e.exchange_id, e.first_token_balance])).toEqual(
        printedList.exchanges.map((e: GrpcObject) => [String(e.exchange_id), String(e.first_token_balance)]),
      );
      expect(list.exchanges).toHaveLength(1);
      const byId = await pbft.call("GetExchangeById", { value: Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]) });
      expect(byId.exchange_id).toBe("1");
      // java-tron's PBFT port serves WalletSolidity + Database only: the full node's Wallet rpcs
      // (GetPaginatedExchangeList among them) answer grpc-java's "Method not found", as there
      const wrong = grpcStub("Wallet", pbftNode.grpc.pbft!);
      try {
        expect(await grpcFailure(wrong.call("GetPaginatedExchangeList", { offset: 0, limit: 10 }))).toEqual({
          code: GrpcStatus.UNIMPLEMENTED,
          details: "Method not found: protocol.Wallet/GetPaginatedExchangeList",
        });
      } finally {
        wrong.close();
      }
    } finally {
      pbft.close();
      await pbftNode.stop();
    }
  });
});
