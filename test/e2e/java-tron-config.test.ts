/**
 * A drop-in for java-tron operators (issue 27): tronode starts from java-tron's config.conf.
 * test/fixtures/config/private-net.conf is a private-net config in java-tron's layout; java-tron
 * 4.8.0 computes genesis block 0000…19b59068…8dcc4c for it (its genesis is java-tron's own
 * config-localtest genesis: the same assets in the same order, timestamp 0, zero parent hash), and
 * the oracle's network config (oracle/network.ts), read by tronode, must give the genesis java-tron
 * built its recorded chain on.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { genesisOf } from "@tronode/chain";
import {
  addressToBase58,
  BlockSchema,
  bytesToHex,
  chainParameterByName,
  createGenesis,
  decode,
  hexToBytes,
} from "@tronode/engine/internal";
import { baseConfigOf, createNode, type NodeConfig, type TronNode, withConfigFile } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultOracleNetwork, javaTronConfig } from "../../oracle/network.js";
import { readRecording } from "../../oracle/replay.js";
import { startFromConfigConf } from "../support/config-conf-node.js";
import { subscribe } from "../support/zmq-subscriber.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/config/private-net.conf", import.meta.url));
/** Mainnet's genesis block id (java-tron's config.conf genesis). */
const MAINNET_GENESIS_ID = "00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc";
const JAVA_TRON_GENESIS_ID = "000000000000000019b59068c6058ff466ccf59f2c38a0df1c330b9b7e8dcc4c";
const WITNESS = "TEDapYSVvAZ3aYH7w8N9tMEEFKaNKUD5Bp";

let dir: string;
let config: NodeConfig;
let unused: readonly string[];
let node: TronNode | undefined;

// biome-ignore lint/suspicious/noExplicitAny: java-tron's JSON, read loosely
type Json = any;

const post = async (url: string, path: string, body: unknown = {}): Promise<Json> =>
  (await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tronode-conf-"));
  ({ config, unused } = await withConfigFile(baseConfigOf(true), FIXTURE, dir));
});

afterAll(async () => {
  await node?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("java-tron's config.conf", () => {
  it("maps genesis, witness key, ports, peers, committee, vm, storage and transaction settings", () => {
    expect(config.genesis.assets?.map((a) => addressToBase58(a.address))).toEqual([
      "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
      "TGehVcNhud84JDCGrNHKVz9jEAVKUpbuiv",
      "THKrowiEfCe8evdbaBzDDvQjM5DGeB3s3F",
    ]);
    expect(config.genesis.witnesses?.map((w) => [addressToBase58(w.address), w.voteCount])).toEqual([
      [WITNESS, 106n],
    ]);
    expect(bytesToHex(config.witnessPrivateKey)).toBe(
      "1234567890123456789012345678901234567890123456789012345678901234",
    );
    expect([config.port, config.solidityPort, config.pbftPort]).toEqual([28090, 28091, 28092]);
    expect([config.grpcPort, config.grpcSolidityPort, config.grpcPbftPort]).toEqual([
      28051,
      28061,
      undefined,
    ]);
    expect(config.p2p?.port).toBe(28888);
    expect(config.p2p?.peers).toEqual([]);
    expect(config.p2p?.discovery).toBe(false);
    expect(config.networkId).toBe(1234);
    expect(config.maxPendingSize).toBe(3000);
    expect(config.minEffectiveConnection).toBe(0);
    expect(config.dataDir).toBe(join(dir, "database"));
    expect(config.historyBalanceLookup).toBe(true);
    expect(config.transactionExpirationMs).toBe(90_000n);
    expect([config.supportConstant, config.estimateEnergy]).toEqual([true, true]);
    expect(config.proposalExpireTime).toBe(259_200);
    expect(config.genesis.parameters).toMatchObject({
      MAINTENANCE_TIME_INTERVAL: 21_600_000n,
      ALLOW_MULTI_SIGN: 1n,
      ALLOW_MARKET_TRANSACTION: 1n,
      UNFREEZE_DELAY_DAYS: 1n,
      MEMO_FEE: 1_000_000n,
    });
  });

  it("lists the keys tronode does not use", () => {
    expect(unused).toEqual(
      expect.arrayContaining(["net.type", "node.backup.port", "log.level.root", "node.connection.timeout"]),
    );
    expect(unused).not.toContain("node.http.fullNodePort");
    // event.subscribe is read (and not reported), but starts nothing without --es, as in java-tron
    expect(unused.some((k) => k.startsWith("event."))).toBe(false);
    expect(config.eventSubscription).toBeUndefined();
  });

  it("starts event.subscribe's triggers with --es (java-tron's flag)", async () => {
    const withEs = await withConfigFile(baseConfigOf(true), FIXTURE, dir, true);
    expect(withEs.config.eventSubscription).toMatchObject({
      useNativeQueue: true,
      bindPort: 28555,
      sendQueueLength: 1000,
      contractParse: true,
      triggers: { block: { enable: true }, transaction: { enable: false }, solidity: { enable: true } },
    });
    config = withEs.config;
    const bare = join(dir, "no-events.conf");
    await writeFile(bare, "node { http { fullNodePort = 28090 } }\n");
    await expect(withConfigFile(baseConfigOf(true), bare, dir, true)).rejects.toThrow(/event\.subscribe/);
  });

  it("computes java-tron's genesis block id for the same config", () => {
    expect(bytesToHex(createGenesis(genesisOf(config, [])).blockId)).toBe(JAVA_TRON_GENESIS_ID);
  });

  it("reads java-tron 4.8.0's own config.conf: mainnet's genesis, java-tron's ports, its public seeds", async () => {
    // fetched as data from java-tron's sources; never started as is: it names public seed nodes
    const stock = fileURLToPath(new URL("../fixtures/config/java-tron-4.8.0-config.conf", import.meta.url));
    const read = await withConfigFile(baseConfigOf(true), stock, dir);
    expect(bytesToHex(createGenesis(genesisOf(read.config, [])).blockId)).toBe(MAINNET_GENESIS_ID);
    expect([read.config.port, read.config.solidityPort, read.config.pbftPort]).toEqual([8090, 8091, 8092]);
    expect([read.config.grpcPort, read.config.grpcSolidityPort, read.config.grpcPbftPort]).toEqual([
      50051, 50061, 50071,
    ]);
    expect(read.config.p2p).toMatchObject({ port: 18888, discovery: true });
    expect(read.config.p2p?.seeds?.length).toBeGreaterThan(10);
    expect(read.config.eventSubscription).toBeUndefined();
  });

  it("computes the genesis java-tron built the oracle's recorded chain on, from the oracle's config.conf", async () => {
    const network = defaultOracleNetwork();
    const text = javaTronConfig(
      network,
      { http: 1, httpSolidity: 2, httpPbft: 3, grpc: 4, grpcSolidity: 5, grpcPbft: 6, p2p: 7, jsonRpc: 8 },
      { witnessKeys: [network.witnesses[0]!] },
    );
    const path = join(dir, "oracle.conf");
    await writeFile(path, text);
    const read = await withConfigFile(baseConfigOf(true), path, dir);
    const first = decode(BlockSchema, hexToBytes(readRecording().blocks[0]!));
    expect(bytesToHex(createGenesis(genesisOf(read.config, [])).blockId)).toBe(
      bytesToHex(first.blockHeader!.rawData!.parentHash),
    );
  });

  it("starts on those ports, on that genesis, and the witness produces", async () => {
    node = await createNode({ ...config, p2p: { ...config.p2p!, host: "127.0.0.1" } });
    expect(node.events?.endpoint).toBe("tcp://127.0.0.1:28555");
    const subscriber = subscribe(node.events!.endpoint, ["blockTrigger"]);
    const url = "http://127.0.0.1:28090";
    const genesis = await post(url, "/wallet/getblockbynum", { num: 0 });
    expect(genesis.blockID).toBe(JAVA_TRON_GENESIS_ID);
    const deadline = Date.now() + 15_000;
    let head: { block_header: { raw_data: { number?: number; witness_address: string } } };
    do {
      head = await post(url, "/wallet/getnowblock");
    } while ((head.block_header.raw_data.number ?? 0) < 1 && Date.now() < deadline);
    expect(head.block_header.raw_data.number).toBeGreaterThanOrEqual(1);
    expect(addressToBase58(hexToBytes(head.block_header.raw_data.witness_address))).toBe(WITNESS);
    const params = (await post(url, "/wallet/getchainparameters")) as {
      chainParameter: { key: string; value?: number }[];
    };
    expect(params.chainParameter.find((p) => p.key === "getMemoFee")?.value).toBe(1_000_000);
    expect((await post("http://127.0.0.1:28091", "/walletsolidity/getnowblock")).blockID).toBeDefined();
    expect((await post("http://127.0.0.1:28092", "/walletpbft/getnowblock")).blockID).toBeDefined();
    expect(node.grpc.full).toBe("127.0.0.1:28051");
    // the witness's blocks reach an event subscriber on the config's bindport
    try {
      const trigger = await subscriber.waitFor((m) => m.json.blockNumber >= 1);
      expect(trigger.json).toMatchObject({ triggerName: "blockTrigger" });
    } finally {
      subscriber.close();
    }
  });

  it("a config.conf naming only genesis, witness and ports starts with java-tron's own parameters", async () => {
    const minimal = fileURLToPath(new URL("../fixtures/config/genesis-only.conf", import.meta.url));
    const read = await withConfigFile(baseConfigOf(true), minimal, dir);
    expect(read.config.genesis.parameters).toEqual({});
    expect(read.config.grpcPbftPort).toBe(38071);
    const started = await startFromConfigConf(minimal, dir);
    try {
      const ours = (await post(started.url!, "/wallet/getchainparameters")).chainParameter as Json[];
      // java-tron 4.8.0 started from this same file (npm run oracle:genesis): its answer, every row
      const recorded = JSON.parse(
        readFileSync(new URL("../fixtures/oracle/genesis.json", import.meta.url), "utf8"),
      ) as { defaults: Json[] };
      expect(ours).toEqual(recorded.defaults);
      // and the oracle's main recording agrees on every key its own config does not name
      const step = readRecording().steps.find((s) => s.operation === "getchainparameters")!;
      const theirs = (step.javaTron as { chainParameter: Json[] }).chainParameter;
      const network = defaultOracleNetwork();
      const named = new Set([
        "getMaintenanceTimeInterval",
        ...network.committee.map((c) => chainParameterByName(c.property)!.key),
      ]);
      const unnamed = (list: Json[]) => list.filter((p) => !named.has(p.key));
      expect(unnamed(ours)).toEqual(unnamed(theirs));
      // the values the issue found filled from the dev chain: java-tron's, each 0 (printed without a value)
      const value = (key: string) => ours.find((p) => p.key === key)?.value;
      expect(value("getMaxCpuTimeOfOneTx")).toBe(50);
      expect(
        [
          "getAllowCancelAllUnfreezeV2",
          "getAllowDynamicEnergy",
          "getDynamicEnergyThreshold",
          "getAllowShieldedTRC20Transaction",
        ].map(value),
      ).toEqual([undefined, undefined, undefined, undefined]);
    } finally {
      await started.stop();
    }
  });

  it("refuses a key of the wrong type, naming it, and a keystore it cannot read", async () => {
    const bad = join(dir, "bad.conf");
    await writeFile(bad, 'node { http { fullNodePort = "eighty" } }\n');
    await expect(withConfigFile(baseConfigOf(true), bad, dir)).rejects.toThrow(/node\.http\.fullNodePort/);
    const keystore = join(dir, "keystore.conf");
    await writeFile(keystore, 'localwitnesskeystore = ["localwitnesskeystore.json"]\n');
    await expect(withConfigFile(baseConfigOf(true), keystore, dir)).rejects.toThrow(/localwitnesskeystore/);
  });
});
