/**
 * The TronGrid response-shape fixtures of test/fixtures/fork/trongrid are self-consistent (block ids
 * recomputed from their headers, messages parse with java-tron's JSON codec, the storage key of the
 * eth_getStorageAt fixture is the whale's balances slot), and the fixture upstream serves them.
 */
import {
  AccountResourceMessageSchema,
  AccountSchema,
  BlockSchema,
  blockId,
  bytesToHex,
  ChainParametersSchema,
  hexToBytes,
  keccak256,
  parseMessage,
  SmartContract_ABISchema,
  SmartContractDataWrapperSchema,
  SmartContractSchema,
  stringifyJson,
  WitnessListSchema,
} from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Fixture,
  type FixtureUpstream,
  loadFixtures,
  startFixtureUpstream,
} from "./support/fixture-upstream.js";

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON, read loosely
type Json = any;

const fixtures = loadFixtures();
const byFile = (file: string): Fixture => {
  const f = fixtures.find((x) => x.file === file);
  if (!f) throw new Error(`no fixture ${file}`);
  return f;
};
const response = (file: string): Json => byFile(file).response;
const HEX = { visible: false };
const USDT = "41a614f803b6fd780986a42c78ec9c7f77e6ded13c";
/** balances mapping slot of the fixture USDT code. */
const BALANCES_SLOT = 2n;

const word = (hex: string) => hex.padStart(64, "0");

describe("TronGrid fixtures", () => {
  it("each has a source, a request path and a response, under 200 KB", () => {
    expect(fixtures.map((f) => f.file)).toEqual([
      "eth_getStorageAt-usdt.json",
      "getaccount-usdt.json",
      "getaccount-whale.json",
      "getaccountresource-whale.json",
      "getbandwidthprices.json",
      "getblockbynum-0.json",
      "getchainparameters.json",
      "getcontract-usdt.json",
      "getcontractinfo-usdt.json",
      "getenergyprices.json",
      "getnextmaintenancetime.json",
      "getnowblock.json",
      "listwitnesses.json",
    ]);
    for (const f of fixtures) {
      expect(f.source.length, f.file).toBeGreaterThan(20);
      expect(f.request.path, f.file).toMatch(/^\/(wallet\/[a-z]+|jsonrpc)$/);
      expect(stringifyJson(f.response).length, f.file).toBeLessThan(200_000);
    }
  });

  it("blocks: blockID is the number ‖ sha256(raw header)[8:32] of their header", () => {
    for (const file of ["getnowblock.json", "getblockbynum-0.json"]) {
      const json = response(file);
      const block = parseMessage(BlockSchema, json, HEX);
      expect(bytesToHex(blockId(block)), file).toBe(json.blockID);
      expect(block.blockHeader?.witnessSignature.length ?? 0, file).toBeGreaterThanOrEqual(0);
    }
    expect(response("getblockbynum-0.json").blockID).toBe(
      "00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc",
    );
    const now = parseMessage(BlockSchema, response("getnowblock.json"), HEX);
    expect(now.blockHeader?.rawData?.number).toBe(23345280n);
    expect(now.blockHeader?.witnessSignature.length).toBe(65);
  });

  it("the USDT contract: the ABI, SmartContract and getcontractinfo parse; code_hash is keccak(runtime)", () => {
    const contract = response("getcontract-usdt.json");
    expect(contract.name).toBe("TetherToken");
    expect(contract.contract_address).toBe(USDT);
    const abi = parseMessage(SmartContract_ABISchema, contract.abi, HEX);
    const names = abi.entrys.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining(["balanceOf", "transfer", "transferFrom", "approve", "decimals"]),
    );
    const sc = parseMessage(SmartContractSchema, contract, HEX);
    expect(bytesToHex(sc.contractAddress)).toBe(USDT);

    const info = response("getcontractinfo-usdt.json");
    const wrapper = parseMessage(SmartContractDataWrapperSchema, info, HEX);
    expect(wrapper.smartContract?.name).toBe("TetherToken");
    expect(wrapper.contractState?.energyFactor).toBeGreaterThan(0n);
    expect(bytesToHex(keccak256(wrapper.runtimecode))).toBe(contract.code_hash);
    // balanceOf(address) and transfer(address,uint256) are dispatched by the runtime code
    expect(info.runtimecode).toContain("70a08231");
    expect(info.runtimecode).toContain("a9059cbb");
  });

  it("the account parses into an Account with Stake 2.0 fields; its resources and the lists parse too", () => {
    const json = response("getaccount-whale.json");
    const account = parseMessage(AccountSchema, json, HEX);
    expect(bytesToHex(account.address)).toBe(json.address);
    expect(account.frozenV2.length).toBe(3);
    expect(account.unfrozenV2.length).toBe(1);
    expect(account.votes.length).toBe(1);
    expect(account.accountResource?.delegatedFrozenV2BalanceForEnergy).toBe(3552150n);
    expect(account.netWindowSize).toBe(28800000n);
    expect(account.activePermission[0]?.keys[0]?.address.length).toBe(21);
    expect(Object.keys(account.assetV2)).toEqual(["1002000"]);

    const resource = parseMessage(
      AccountResourceMessageSchema,
      response("getaccountresource-whale.json"),
      HEX,
    );
    expect(resource.TotalEnergyLimit).toBe(180000000000n);
    expect(resource.TotalEnergyWeight).toBeGreaterThan(0n);
    const params = parseMessage(ChainParametersSchema, response("getchainparameters.json"), HEX);
    expect(params.chainParameter.find((p) => p.key === "getMaintenanceTimeInterval")?.value).toBe(21600000n);
    const witnesses = parseMessage(WitnessListSchema, response("listwitnesses.json"), HEX);
    expect(witnesses.witnesses.length).toBeGreaterThan(0);
  });

  it("eth_getStorageAt asks for keccak256(pad32(whale) ‖ pad32(balances slot)) of USDT", () => {
    const f = byFile("eth_getStorageAt-usdt.json");
    const whale = response("getaccount-whale.json").address as string;
    const [contract, slot, tag] = f.request.body.params as string[];
    expect(contract).toBe(`0x${USDT.slice(2)}`);
    expect(tag).toBe("latest");
    const key = keccak256(hexToBytes(word(whale.slice(2)) + word(BALANCES_SLOT.toString(16))));
    expect(slot).toBe(`0x${bytesToHex(key)}`);
    expect((f.response as Json).result).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe("fixture upstream", () => {
  let upstream: FixtureUpstream;
  const post = async (path: string, body: unknown): Promise<Json> => {
    const res = await fetch(`${upstream.url}${path}`, { method: "POST", body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    upstream = await startFixtureUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });

  it("answers the fixtures, java-tron's {} for unknown accounts and contracts, zero for unknown slots", async () => {
    expect((await post("/wallet/getnowblock", {})).blockID).toBe(response("getnowblock.json").blockID);
    expect(
      (await fetch(`${upstream.url}/wallet/getnowblock`).then((r) => r.json() as Promise<Json>)).blockID,
    ).toBe(response("getnowblock.json").blockID);
    expect((await post("/wallet/getblockbynum", { num: 0 })).blockID).toBe(
      "00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc",
    );
    // the genesis amounts (beyond 2^53) are served exactly
    const genesisText = await (
      await fetch(`${upstream.url}/wallet/getblockbynum`, { method: "POST", body: '{"num":0}' })
    ).text();
    expect(genesisText).toContain('"amount":99000000000000000');
    expect(await post("/wallet/getblockbynum", { num: 5 })).toEqual({});

    const whale = response("getaccount-whale.json").address as string;
    expect((await post("/wallet/getaccount", { address: whale })).balance).toBe(165156556);
    expect(
      await post("/wallet/getaccount", { address: "41000000000000000000000000000000000000dead" }),
    ).toEqual({});
    expect((await post("/wallet/getcontract", { value: USDT, visible: false })).name).toBe("TetherToken");
    expect(await post("/wallet/getcontract", { value: whale })).toEqual({});
    expect(await post("/wallet/nosuchpath", {})).toEqual({});

    const storage = byFile("eth_getStorageAt-usdt.json");
    const rpc = { ...(storage.request.body as object), id: 7 };
    expect(await post("/jsonrpc", rpc)).toEqual({ ...(storage.response as object), id: 7 });
    const params = [`0x${USDT.slice(2)}`, `0x${"11".repeat(32)}`, "latest"];
    expect(await post("/jsonrpc", { jsonrpc: "2.0", id: 8, method: "eth_getStorageAt", params })).toEqual({
      jsonrpc: "2.0",
      id: 8,
      result: `0x${"0".repeat(64)}`,
    });

    expect(upstream.requests.length).toBe(12);
    expect(upstream.requests[2]).toEqual({ path: "/wallet/getblockbynum", body: { num: 0 } });
  });
});

describe("a fork served from the fixtures", () => {
  let upstream: FixtureUpstream;
  let fork: TronNode;
  const USDT = "41a614f803b6fd780986a42c78ec9c7f77e6ded13c";
  const WHALE = "414c2760e7b257029ea6916b693ceba0310ca4a5f1";

  async function wallet(path: string, body: unknown = {}): Promise<Json> {
    const answer = await fetch(`${fork.url}/wallet/${path}`, { method: "POST", body: JSON.stringify(body) });
    return answer.json();
  }

  beforeAll(async () => {
    upstream = await startFixtureUpstream();
    fork = await createNode({
      port: 0,
      blockTime: 0,
      accounts: 1,
      fork: { url: upstream.url, cache: false },
    });
  }, 60_000);
  afterAll(async () => {
    await fork?.stop();
    await upstream?.close();
  });

  it("continues from the fixture's head block under its chain parameters", async () => {
    const head = await wallet("getnowblock");
    expect(head.blockID).toBe(response("getnowblock.json").blockID);
    const parameters = new Map(
      (await wallet("getchainparameters")).chainParameter.map((p: Json) => [p.key, p.value ?? 0]),
    );
    for (const { key, value } of response("getchainparameters.json").chainParameter as Json[]) {
      if (parameters.has(key)) expect(parameters.get(key), key).toBe(value ?? 0);
    }
    expect(parameters.get("getEnergyFee")).toBe(420);
    expect(await wallet("getenergyprices")).toEqual(response("getenergyprices.json"));
  });

  it("reads the whale's account (Stake 2.0, votes, TRC-10) and USDT's contract as TronGrid printed them", async () => {
    const account = await wallet("getaccount", { address: WHALE });
    const printed = response("getaccount-whale.json");
    for (const field of [
      "balance",
      "votes",
      "frozenV2",
      "unfrozenV2",
      "assetV2",
      "owner_permission",
      "active_permission",
    ]) {
      expect(account[field], field).toEqual(printed[field]);
    }
    expect(account.account_resource.delegated_frozenV2_balance_for_energy).toBe(3552150);
    const contract = await wallet("getcontract", { value: USDT });
    // java-tron prints no empty name (a default value); the fixture's ABI spells them out
    const withoutEmptyNames = (value: Json): Json =>
      JSON.parse(JSON.stringify(value, (key, v) => (key === "name" && v === "" ? undefined : v)));
    expect(contract.abi).toEqual(withoutEmptyNames(response("getcontract-usdt.json").abi));
    expect(contract.bytecode).toBe(response("getcontract-usdt.json").bytecode);
    const info = await wallet("getcontractinfo", { value: USDT });
    expect(info.runtimecode).toBe(response("getcontractinfo-usdt.json").runtimecode);
  });

  it("runs USDT's balanceOf on the fetched code and the eth_getStorageAt slot", async () => {
    const call = await wallet("triggerconstantcontract", {
      owner_address: WHALE,
      contract_address: USDT,
      function_selector: "balanceOf(address)",
      parameter: WHALE.slice(2).padStart(64, "0"),
    });
    expect(call.result?.result, JSON.stringify(call)).toBe(true);
    const stored = BigInt(response("eth_getStorageAt-usdt.json").result);
    expect(BigInt(`0x${call.constant_result[0]}`)).toBe(stored);
    expect(upstream.requests.some((r) => r.path === "/jsonrpc")).toBe(true);
  });
});
