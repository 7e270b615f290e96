/**
 * The Solidity part of the campaign generator (oracle/fuzz/solidity.ts): the OpenZeppelin contracts
 * compile and their ABIs are the generator's tables; a seed gives the same calls; well-formed
 * calldata decodes back to the drawn arguments; and on the in-memory kit, the deployed kinds answer a
 * hundred generated calls with successes and reverts, never an exception.
 */
import { type AbiValue, decodeAbi } from "@tronode/chain";
import { bytesToHex, hexToBytes, keccak256, utf8Encode } from "@tronode/engine/internal";
import { createTestClient, memory } from "@tronode/testkit";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  encodeSolidityCall,
  encodeSolidityDeploy,
  loadSolidity,
  parameterTypes,
  SOLIDITY_CONSTRUCTORS,
  SOLIDITY_KINDS,
  type SolidityAddress,
  type SolidityArg,
  type SolidityArtefacts,
  type SolidityCall,
  type SolidityDeploy,
  type SolidityKind,
  type SolidityResolver,
  solidityAbiSignature,
  solidityCallArbitrary,
  solidityCallTarget,
  solidityDeployArbitrary,
  solidityFunctions,
} from "../../oracle/fuzz/solidity.js";

let artefacts: SolidityArtefacts;
beforeAll(async () => {
  artefacts = await loadSolidity();
});

/** Fourteen made-up parties and one contract of each kind but the NFT (which falls back to a party). */
const fakeResolver: SolidityResolver = {
  address: (i) => new Uint8Array(20).fill((i % 14) + 1),
  contractOf: (kind, i) => (kind === "FuzzNft" ? undefined : new Uint8Array(20).fill(0xa0 + (i % 2))),
};

const isCall = (arg: SolidityArg): arg is SolidityCall => typeof arg === "object" && "fn" in arg;

function addressOf(a: SolidityAddress, resolve: SolidityResolver): string {
  if (typeof a === "number") return `0x${bytesToHex(resolve.address(a))}`;
  if (typeof a === "string") return a.toLowerCase();
  return `0x${bytesToHex(resolve.contractOf(a.contract, a.index) ?? resolve.address(a.index))}`;
}

/** What decodeAbi gives for an abstract argument of `type` (nested calls as their own calldata). */
function expected(type: string, arg: SolidityArg): AbiValue {
  if (type.endsWith("[]")) return (arg as SolidityArg[]).map((item) => expected(type.slice(0, -2), item));
  if (type === "(address,bytes)") {
    if (isCall(arg))
      return [
        `0x${bytesToHex(solidityCallTarget(arg, fakeResolver))}`,
        `0x${bytesToHex(encodeSolidityCall(arg, artefacts, fakeResolver))}`,
      ];
    const [to, data] = arg as [SolidityAddress, string];
    return [addressOf(to, fakeResolver), data];
  }
  if (type === "address") return addressOf(arg as SolidityAddress, fakeResolver);
  if (type === "uint256") return BigInt(arg as string);
  if (type === "bytes" && isCall(arg))
    return `0x${bytesToHex(encodeSolidityCall(arg, artefacts, fakeResolver))}`;
  return arg as AbiValue;
}

/** Every call inside `call` (multicall items, aggregated calls, at any depth), and itself. */
function allCalls(call: SolidityCall): SolidityCall[] {
  const inner = (arg: SolidityArg): SolidityCall[] =>
    isCall(arg) ? allCalls(arg) : Array.isArray(arg) ? arg.flatMap(inner) : [];
  return [call, ...call.args.flatMap(inner)];
}

describe("random calls into OpenZeppelin contracts", () => {
  it("compiles each kind, whose ABI is the generator's functions and constructor", () => {
    for (const kind of SOLIDITY_KINDS) {
      const { abi, bytecode } = artefacts[kind];
      expect(bytecode.length, kind).toBeGreaterThan(500);
      const functions = abi.filter((e: { type: string }) => e.type === "function").map(solidityAbiSignature);
      // the proxy has no functions of its own: the generator calls FuzzToken's through it
      expect(functions.sort(), kind).toEqual(
        kind === "ERC1967Proxy" ? [] : [...solidityFunctions(kind)].sort(),
      );
      const ctor = abi.find((e: { type: string }) => e.type === "constructor");
      expect(
        (ctor?.inputs ?? []).map((p: { type: string }) => p.type),
        kind,
      ).toEqual(SOLIDITY_CONSTRUCTORS[kind]);
    }
  });

  it("draws the same calls and deploys for the same seed, others for another", () => {
    const calls = (seed: number) => fc.sample(solidityCallArbitrary, { seed, numRuns: 200 });
    const deploys = (seed: number) => fc.sample(solidityDeployArbitrary, { seed, numRuns: 50 });
    expect(calls(7)).toEqual(calls(7));
    expect(calls(7)).not.toEqual(calls(8));
    expect(deploys(7)).toEqual(deploys(7));
    // plain data: a JSON round trip keeps every value
    expect(JSON.parse(JSON.stringify(calls(7)))).toEqual(calls(7));
    const drawn = calls(1);
    expect(new Set(drawn.map((c) => c.kind))).toEqual(new Set(SOLIDITY_KINDS));
    const malformed = drawn.filter((c) => c.malformed !== null).length;
    expect(malformed).toBeGreaterThan(5);
    expect(malformed).toBeLessThan(40);
  });

  it("encodes calldata that decodes back to the drawn arguments, and bends the malformed", () => {
    let checked = 0;
    for (const top of fc.sample(solidityCallArbitrary, { seed: 11, numRuns: 300 })) {
      for (const call of allCalls(top)) {
        const data = encodeSolidityCall(call, artefacts, fakeResolver);
        const m = call.malformed;
        if (m === null) {
          expect(bytesToHex(data.subarray(0, 4))).toBe(
            bytesToHex(keccak256(utf8Encode(call.fn)).subarray(0, 4)),
          );
          const types = parameterTypes(call.fn);
          expect(decodeAbi(types, data.subarray(4))).toEqual(types.map((t, i) => expected(t, call.args[i]!)));
          checked++;
          continue;
        }
        const whole = encodeSolidityCall({ ...call, malformed: null }, artefacts, fakeResolver);
        if ("truncate" in m) expect(data.length).toBe(Math.max(0, whole.length - m.truncate));
        else if ("selector" in m) expect(bytesToHex(data)).toBe(m.selector + bytesToHex(whole.subarray(4)));
        else expect(bytesToHex(data)).toBe(bytesToHex(whole) + m.trailing);
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("deploys each kind on the kit and answers generated calls with successes and reverts", async () => {
    const client = createTestClient(await memory());
    try {
      const accounts = await client.accounts();
      const owner = accounts[0]!;
      const deployed = new Map<SolidityKind, Uint8Array[]>();
      const resolve: SolidityResolver = {
        address(i) {
          const all = [
            ...accounts.map((a) => hexToBytes(a.hex).subarray(1)),
            ...[...deployed.values()].flat(),
          ];
          return all[i % all.length]!;
        },
        contractOf: (kind, i) => {
          const list = deployed.get(kind);
          return list?.length ? list[i % list.length] : undefined;
        },
      };
      const deploys: SolidityDeploy[] = [
        { kind: "FuzzToken", args: [String(10n ** 24n)] },
        { kind: "FuzzNft", args: [] },
        {
          kind: "ERC1967Proxy",
          args: [
            { contract: "FuzzToken", index: 0 },
            // the owner (party 0) gets a supply in the proxy's own storage
            {
              kind: "FuzzToken",
              target: 0,
              fn: "initialize(address,uint256)",
              args: [0, String(10n ** 24n)],
              malformed: null,
            },
          ],
        },
        { kind: "FuzzMulticall", args: [] },
      ];
      for (const d of deploys) {
        const receipt = await client.send("deploycontract", {
          owner_address: owner.hex,
          abi: JSON.stringify(artefacts[d.kind].abi),
          bytecode: bytesToHex(encodeSolidityDeploy(d, artefacts, resolve)),
          fee_limit: 1_000_000_000,
          call_value: 0,
          consume_user_resource_percent: 100,
          origin_energy_limit: 10_000_000,
          name: d.kind,
        });
        expect(receipt.result, d.kind).toBe("SUCCESS");
        deployed.set(d.kind, [hexToBytes(receipt.contractAddress!).subarray(1)]);
      }

      const results = new Map<string, number>();
      for (const call of fc.sample(solidityCallArbitrary, { seed: 5, numRuns: 100 })) {
        const receipt = await client.send("triggersmartcontract", {
          owner_address: owner.hex,
          contract_address: `41${bytesToHex(solidityCallTarget(call, resolve))}`,
          data: bytesToHex(encodeSolidityCall(call, artefacts, resolve)),
          fee_limit: 1_000_000_000,
          call_value: 0,
        });
        const result = receipt.refused ? `refused ${receipt.refused.code}` : receipt.result!;
        results.set(result, (results.get(result) ?? 0) + 1);
      }
      expect(results.get("SUCCESS") ?? 0, JSON.stringify([...results])).toBeGreaterThan(10);
      expect(results.get("REVERT") ?? 0, JSON.stringify([...results])).toBeGreaterThan(10);
    } finally {
      await client.close();
    }
  });
});
