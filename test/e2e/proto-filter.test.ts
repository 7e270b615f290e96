/**
 * ALLOW_PROTO_FILTER_NUM (proposal 24) as java-tron applies it (issue 38): with the switch on, a
 * TriggerSmartContract whose parameter carries fields the schema does not know (numbers 7–12) is
 * refused at broadcast — over HTTP's broadcasthex and gRPC's BroadcastTransaction — with java-tron's
 * OTHER_ERROR "Error: protobuf inconsistent"; with it off the same bytes are accepted. (Peers: the
 * P2P layer's own test, packages/transport-p2p/test/protocol.test.ts.)
 */
import { readFileSync } from "node:fs";
import {
  bytesToHex,
  decode,
  encode,
  hexToBytes,
  signHash,
  type Transaction,
  Transaction_rawSchema,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { createNode, defaultNodeConfig, TRE_CHAIN_PARAMETERS, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GrpcStub, grpcStub } from "../support/grpc-stubs.js";

// biome-ignore lint/suspicious/noExplicitAny: java-tron's JSON answers are walked freely
type Json = any;

/** A contract whose runtime code returns 42 (initcode copies 10 bytes of runtime and returns them). */
const BYTECODE = "600a600c600039600a6000f3602a60005260206000f3";
/** Fields 7 (varint 5) and 12 (bytes "ab"): numbers TriggerSmartContract does not have. */
const UNKNOWN_FIELDS = [0x38, 0x05, 0x62, 0x02, 0x61, 0x62];

interface Chain {
  node: TronNode;
  wallet: GrpcStub;
  contract: string;
}

async function post(node: TronNode, path: string, body: unknown): Promise<Json> {
  return (await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

async function start(filter: bigint): Promise<Chain> {
  const base = defaultNodeConfig();
  const node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 1,
    grpcPort: 0,
    genesis: { ...base.genesis, parameters: { ...TRE_CHAIN_PARAMETERS, ALLOW_PROTO_FILTER_NUM: filter } },
  });
  const owner = node.accounts[0]!;
  const deploy = await post(node, "/wallet/deploycontract", {
    owner_address: bytesToHex(owner.address),
    abi: "[]",
    bytecode: BYTECODE,
    fee_limit: 100_000_000,
    name: "FortyTwo",
    origin_energy_limit: 10_000_000,
    consume_user_resource_percent: 100,
  });
  const signed = { ...deploy, signature: [bytesToHex(signHash(hexToBytes(deploy.txID), owner.privateKey))] };
  expect((await post(node, "/wallet/broadcasttransaction", signed)).result).toBe(true);
  const info = await post(node, "/wallet/gettransactioninfobyid", { value: deploy.txID });
  return { node, wallet: grpcStub("Wallet", node.grpc.full!), contract: info.contract_address };
}

/** A trigger of the contract, its parameter extended by `extra` bytes, signed: the transaction's bytes. */
async function trigger(chain: Chain, extra: number[], nonce: number): Promise<Uint8Array> {
  const owner = chain.node.accounts[0]!;
  const built = await post(chain.node, "/wallet/triggersmartcontract", {
    owner_address: bytesToHex(owner.address),
    contract_address: chain.contract,
    data: nonce.toString(16).padStart(8, "0"),
    fee_limit: 10_000_000,
  });
  const raw = decode(Transaction_rawSchema, hexToBytes(built.transaction.raw_data_hex));
  const any = raw.contract[0]!.parameter!;
  any.value = Uint8Array.of(...any.value, ...extra);
  const tx = decode(TransactionSchema, new Uint8Array(0));
  tx.rawData = raw;
  tx.signature = [signHash(transactionId(tx), owner.privateKey)];
  return encode(TransactionSchema, tx);
}

let on: Chain;
let off: Chain;

beforeAll(async () => {
  [on, off] = await Promise.all([start(1n), start(0n)]);
});

afterAll(async () => {
  for (const chain of [on, off]) {
    chain?.wallet.close();
    await chain?.node.stop();
  }
});

describe("ALLOW_PROTO_FILTER_NUM = 1", () => {
  it("broadcasthex refuses a TriggerSmartContract carrying unknown fields with java-tron's answer", async () => {
    const bytes = await trigger(on, UNKNOWN_FIELDS, 1);
    const answer = await post(on.node, "/wallet/broadcasthex", { transaction: bytesToHex(bytes) });
    expect(answer).toMatchObject({
      result: false,
      code: "OTHER_ERROR",
      message: "Error: protobuf inconsistent",
    });
    expect(answer.txid).toBe(bytesToHex(transactionId(decode(TransactionSchema, bytes))));
    // the same call without the extra fields goes through
    const plain = await trigger(on, [], 2);
    expect((await post(on.node, "/wallet/broadcasthex", { transaction: bytesToHex(plain) })).result).toBe(
      true,
    );
  });

  it("gRPC BroadcastTransaction refuses it the same way", async () => {
    const bytes = await trigger(on, UNKNOWN_FIELDS, 3);
    const tx = decode(TransactionSchema, bytes);
    const answer = await on.wallet.call("BroadcastTransaction", {
      raw_data: rawForStub(tx),
      signature: tx.signature.map((s) => Buffer.from(s)),
    });
    expect(answer.code).toBe("OTHER_ERROR");
    expect(Buffer.from(answer.message).toString()).toBe("Error: protobuf inconsistent");
  });
});

describe("java-tron's recorded answers (npm run oracle:genesis, java-tron 4.8.0 with allowProtoFilterNum = 1)", () => {
  const recorded = JSON.parse(
    readFileSync(new URL("../fixtures/oracle/genesis.json", import.meta.url), "utf8"),
  ).protoFilter as Json;

  it("the transaction java-tron refused on broadcasthex gets java-tron's answer here", async () => {
    const { transaction, answer } = recorded.broadcasthex;
    const ours = await post(on.node, "/wallet/broadcasthex", { transaction });
    const pick = (a: Json) => ({ result: a.result, code: a.code, message: a.message, txid: a.txid });
    expect(pick(ours)).toEqual(pick(answer));
  });

  it("the transaction java-tron refused on gRPC BroadcastTransaction gets java-tron's answer here", async () => {
    const { transaction, answer } = recorded.grpcBroadcastTransaction;
    const tx = decode(TransactionSchema, hexToBytes(transaction));
    const ours = await on.wallet.call("BroadcastTransaction", {
      raw_data: rawForStub(tx),
      signature: tx.signature.map((s) => Buffer.from(s)),
    });
    expect({
      result: ours.result ?? false,
      code: ours.code,
      message: Buffer.from(ours.message).toString("hex"),
    }).toEqual(answer);
  });
});

describe("ALLOW_PROTO_FILTER_NUM = 0", () => {
  it("accepts the same transaction, as today", async () => {
    const bytes = await trigger(off, UNKNOWN_FIELDS, 1);
    const answer = await post(off.node, "/wallet/broadcasthex", { transaction: bytesToHex(bytes) });
    expect(answer.result, JSON.stringify(answer)).toBe(true);
    const info = await post(off.node, "/wallet/gettransactioninfobyid", { value: answer.txid });
    expect(info.receipt.result).toBe("SUCCESS");
  });
});

/** The raw_data of a transaction as proto-loader's stubs take it (bytes as Buffers). */
function rawForStub(tx: Transaction): Json {
  const raw = tx.rawData!;
  return {
    ref_block_bytes: Buffer.from(raw.refBlockBytes),
    ref_block_hash: Buffer.from(raw.refBlockHash),
    expiration: raw.expiration.toString(),
    timestamp: raw.timestamp.toString(),
    fee_limit: raw.feeLimit.toString(),
    contract: raw.contract.map((c) => ({
      type: c.type,
      parameter: { type_url: c.parameter!.typeUrl, value: Buffer.from(c.parameter!.value) },
    })),
  };
}
