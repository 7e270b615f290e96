/**
 * `npm run oracle:genesis`: what java-tron answers on the chains of issue 38, recorded to
 * test/fixtures/oracle/genesis.json for `npm test` to hold tronode to.
 *
 * 1. java-tron started from test/fixtures/config/genesis-only.conf (genesis accounts, witness and
 *    ports only): its getchainparameters at block 1 — java-tron 4.8.0's own defaults.
 * 2. java-tron on the oracle's network with `committee.allowProtoFilterNum = 1`: a TriggerSmartContract
 *    whose parameter carries fields 7 and 12 (which TriggerSmartContract does not have), broadcast
 *    over HTTP (broadcasthex) and gRPC (BroadcastTransaction): java-tron's two answers.
 *
 * Run it isolated (oracle/isolated.sh): java-tron asks public services for its IP at start.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  blockReference,
  bytesToHex,
  ContractType,
  decode,
  encode,
  hexToBytes,
  packContract,
  signHash,
  Transaction_rawSchema,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { until } from "../test/support/until.js";
import { closeGrpcStubs, grpcCall } from "./grpc.js";
import { findOracle, startJavaTron } from "./java-tron.js";
import { defaultOracleNetwork, javaTronConfig, javaTronPorts } from "./network.js";

export const GENESIS_RECORDING_PATH = new URL("../test/fixtures/oracle/genesis.json", import.meta.url);
const GENESIS_ONLY = new URL("../test/fixtures/config/genesis-only.conf", import.meta.url);

/** Fields 7 (varint 5) and 12 (bytes "ab"): numbers TriggerSmartContract does not have. */
export const UNKNOWN_FIELDS = [0x38, 0x05, 0x62, 0x02, 0x61, 0x62];

// biome-ignore lint/suspicious/noExplicitAny: java-tron's JSON, read loosely
type Json = any;

async function post(url: string, path: string, body: unknown = {}): Promise<Json> {
  return (await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

/** Waits for java-tron's head to reach `number`. */
function untilBlock(url: string, number: number): Promise<unknown> {
  return until(
    `java-tron at block ${number}`,
    async () => {
      const head = await post(url, "/wallet/getnowblock");
      return (head.block_header?.raw_data?.number ?? 0) >= number ? head : undefined;
    },
    60_000,
  );
}

/**
 * A signed TriggerSmartContract of `owner` on `head`, its parameter extended by `extra`: the
 * transaction's protobuf bytes. The filter refuses before any validation, so no contract is needed.
 */
export function extendedTrigger(
  head: { number: bigint; id: Uint8Array; timestamp: bigint },
  owner: { address: Uint8Array; privateKey: Uint8Array },
  extra: readonly number[],
): Uint8Array {
  const contract = packContract(ContractType.TriggerSmartContract, {
    ownerAddress: owner.address,
    contractAddress: hexToBytes("41" + "5a".repeat(20)),
    data: hexToBytes("c2985578"),
  });
  contract.parameter!.value = Uint8Array.of(...contract.parameter!.value, ...extra);
  const raw = decode(Transaction_rawSchema, new Uint8Array(0));
  const ref = blockReference(head.number, head.id);
  raw.refBlockBytes = ref.refBlockBytes;
  raw.refBlockHash = ref.refBlockHash;
  raw.expiration = head.timestamp + 60_000n;
  raw.timestamp = head.timestamp;
  raw.feeLimit = 10_000_000n;
  raw.contract = [contract];
  const tx = decode(TransactionSchema, new Uint8Array(0));
  tx.rawData = raw;
  tx.signature = [signHash(transactionId(tx), owner.privateKey)];
  return encode(TransactionSchema, tx);
}

async function defaultsRun(jar: string, dir: string): Promise<Json> {
  const javaTron = await startJavaTron({
    jar,
    dataDir: join(dir, "genesis-only"),
    config: await readFile(GENESIS_ONLY, "utf8"),
    httpPort: 38090,
    witness: true,
  });
  try {
    await untilBlock(javaTron.http, 1);
    return (await post(javaTron.http, "/wallet/getchainparameters")).chainParameter;
  } finally {
    await javaTron.stop();
  }
}

const PORTS = javaTronPorts(18290);

async function protoFilterRun(jar: string, dir: string): Promise<Json> {
  const network = defaultOracleNetwork();
  const config = javaTronConfig(network, PORTS, { witnessKeys: [network.witnesses[0]!] }).replace(
    "committee = {\n",
    "committee = {\n  allowProtoFilterNum = 1\n",
  );
  const javaTron = await startJavaTron({
    jar,
    dataDir: join(dir, "proto-filter"),
    config,
    httpPort: PORTS.http,
    witness: true,
  });
  try {
    await untilBlock(javaTron.http, 1);
    const params = (await post(javaTron.http, "/wallet/getchainparameters")).chainParameter as Json[];
    const now = await post(javaTron.http, "/wallet/getnowblock");
    const head = {
      number: BigInt(now.block_header.raw_data.number),
      id: hexToBytes(now.blockID),
      timestamp: BigInt(now.block_header.raw_data.timestamp),
    };
    const owner = network.accounts[0]!;
    const overHttp = extendedTrigger(head, owner, UNKNOWN_FIELDS);
    const http = await post(javaTron.http, "/wallet/broadcasthex", { transaction: bytesToHex(overHttp) });
    const overGrpc = extendedTrigger({ ...head, timestamp: head.timestamp + 1n }, owner, UNKNOWN_FIELDS);
    const tx = decode(TransactionSchema, overGrpc);
    const grpc = await grpcCall(`127.0.0.1:${PORTS.grpc}`, "Wallet", "BroadcastTransaction", {
      raw_data: {
        ref_block_bytes: `hex:${bytesToHex(tx.rawData!.refBlockBytes)}`,
        ref_block_hash: `hex:${bytesToHex(tx.rawData!.refBlockHash)}`,
        expiration: tx.rawData!.expiration.toString(),
        timestamp: tx.rawData!.timestamp.toString(),
        fee_limit: tx.rawData!.feeLimit.toString(),
        contract: [
          {
            type: "TriggerSmartContract",
            parameter: {
              type_url: tx.rawData!.contract[0]!.parameter!.typeUrl,
              value: `hex:${bytesToHex(tx.rawData!.contract[0]!.parameter!.value)}`,
            },
          },
        ],
      },
      signature: tx.signature.map((s) => `hex:${bytesToHex(s)}`),
    });
    return {
      allowProtoFilterNum: params.find((p) => p.key === "getAllowProtoFilterNum")?.value ?? 0,
      broadcasthex: { transaction: bytesToHex(overHttp), answer: http },
      grpcBroadcastTransaction: { transaction: bytesToHex(overGrpc), answer: grpc },
    };
  } finally {
    closeGrpcStubs();
    await javaTron.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = findOracle();
  if ("missing" in found) {
    console.error(`npm run oracle:genesis needs java-tron's FullNode jar and java: ${found.missing}`);
    process.exit(2);
  }
  const dir = await mkdtemp(join(tmpdir(), "tronode-oracle-genesis-"));
  try {
    const defaults = await defaultsRun(found.jar, dir);
    const protoFilter = await protoFilterRun(found.jar, dir);
    await writeFile(
      fileURLToPath(GENESIS_RECORDING_PATH),
      `${JSON.stringify({ javaTron: "4.8.0", recordedAt: new Date().toISOString().slice(0, 10), defaults, protoFilter }, null, 1)}\n`,
    );
    console.log(JSON.stringify({ defaults: defaults.length, protoFilter }, null, 1));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
