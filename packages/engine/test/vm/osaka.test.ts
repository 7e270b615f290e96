/**
 * #96 ALLOW_TVM_OSAKA (java-tron v4.8.2) as the TIPs specify it: CLZ (TIP-7939, its test cases),
 * P256VERIFY at 0x100 (TIP-7951, go-ethereum's vectors), MODEXP bounds, repricing and zero-modulus
 * output (TIP-7823/7883/871, the TIP's gas table on go-ethereum's nagydani inputs), canonical call
 * data for 0x09/0x0a (TIP-854), and CREATE2 clearing the return data. Each is off without the flag.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_VM_CONFIG, executeCode, hexToBytes, MemoryState, type VmConfig } from "../../src/internal.js";

const BASE: VmConfig = {
  ...BASE_VM_CONFIG,
  allowMultiSign: true,
  allowTvmConstantinople: true,
  allowTvmSolidity059: true,
  allowTvmIstanbul: true,
  allowTvmCompatibleEvm: true,
};
const OSAKA: VmConfig = { ...BASE, allowTvmOsaka: true };
const ADDRESS = hexToBytes(`41${"11".repeat(20)}`);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function exec(code: string, config: VmConfig, data = "") {
  return executeCode(new MemoryState(), {
    txId: new Uint8Array(32),
    origin: ADDRESS,
    caller: ADDRESS,
    address: ADDRESS,
    code: hexToBytes(code),
    data: hexToBytes(data),
    callValue: 0n,
    tokenValue: 0n,
    tokenId: 0n,
    energyLimit: 100_000_000n,
    block: { number: 1n, timestamp: 1n, coinbase: new Uint8Array(0) },
    config,
  });
}

/** calldata = energy word ‖ input → success word ‖ return data (the STATICCALL of precompiles.test.ts). */
function callPrecompile(precompile: number, input: string, energy: number, config: VmConfig) {
  const addr = precompile.toString(16).padStart(6, "0");
  const code = [
    "60203603",
    "806020600037",
    `6000600082600062${addr}600035fa`,
    "600052",
    "3d600060203e",
    "3d6020016000f3",
  ].join("");
  const r = exec(code, config, energy.toString(16).padStart(64, "0") + input);
  const out = hex(r.returnData);
  return { success: out.slice(0, 64).endsWith("1"), output: out.slice(64) };
}

describe("CLZ (TIP-7939)", () => {
  const cases: [string, number][] = [
    ["0000000000000000000000000000000000000000000000000000000000000000", 256],
    ["8000000000000000000000000000000000000000000000000000000000000000", 0],
    ["ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 0],
    ["4000000000000000000000000000000000000000000000000000000000000000", 1],
    ["7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 1],
    ["0000000000000000000000000000000000000000000000000000000000000001", 255],
  ];
  it.each(cases)("CLZ(%s) = %i, 5 energy", (x, n) => {
    const r = exec(`7f${x}1e60005260206000f3`, OSAKA);
    expect(BigInt(`0x${hex(r.returnData)}`)).toBe(BigInt(n));
    // PUSH32 3, CLZ 5, PUSH1 3, MSTORE 0 + one memory word 3, PUSH1 3, PUSH1 3, RETURN 0
    expect(r.energyUsed).toBe(3n + 5n + 3n + 3n + 3n + 3n);
  });
  it("is an invalid opcode without Osaka", () => {
    expect(exec(`6001${"1e"}00`, BASE).runtimeError).toBe("Invalid operation code: opCode[1e];");
  });
});

describe("P256VERIFY at 0x100 (TIP-7951)", () => {
  const fixture = JSON.parse(readFileSync(join(__dirname, "fixtures", "geth-p256verify.json"), "utf8")) as {
    vectors: { name: string; input: string; expected: string; energy: number }[];
  };
  it.each(fixture.vectors.map((v) => [v.name, v] as const))("%s", (_n, v) => {
    const ok = callPrecompile(0x100, v.input, v.energy, OSAKA);
    expect(ok.success).toBe(true);
    expect(ok.output).toBe(v.expected);
    expect(callPrecompile(0x100, v.input, v.energy - 1, OSAKA).success).toBe(false);
  });
  it("answers empty output for a wrong length, a key off the curve or at infinity", () => {
    const valid = fixture.vectors[0]!.input;
    expect(callPrecompile(0x100, valid.slice(0, -2), 6900, OSAKA)).toEqual({ success: true, output: "" });
    const offCurve = valid.slice(0, 256) + "00".repeat(31) + "01" + valid.slice(320);
    expect(callPrecompile(0x100, offCurve, 6900, OSAKA)).toEqual({ success: true, output: "" });
    const infinity = valid.slice(0, 192) + "00".repeat(64);
    expect(callPrecompile(0x100, infinity, 6900, OSAKA)).toEqual({ success: true, output: "" });
  });
  it("is no precompile without Osaka (a call to an empty account)", () => {
    expect(callPrecompile(0x100, fixture.vectors[0]!.input, 6900, BASE)).toEqual({
      success: true,
      output: "",
    });
  });
});

describe("MODEXP under Osaka (TIP-7823, TIP-7883, TIP-871)", () => {
  const geth = JSON.parse(readFileSync(join(__dirname, "fixtures", "geth-precompiles.json"), "utf8")) as {
    modexp: { name: string; input: string; expected: string; energy: number }[];
  };
  // TIP-7883's table: the energy of go-ethereum's nagydani vectors once repriced
  const TIP_7883: Record<string, number> = {
    "nagydani-1-square": 500,
    "nagydani-1-qube": 500,
    "nagydani-1-pow0x10001": 2048,
    "nagydani-2-square": 512,
    "nagydani-2-qube": 512,
    "nagydani-2-pow0x10001": 8192,
    "nagydani-3-square": 2048,
    "nagydani-3-qube": 2048,
    "nagydani-3-pow0x10001": 32768,
    "nagydani-4-square": 8192,
    "nagydani-4-qube": 8192,
    "nagydani-4-pow0x10001": 131072,
    "nagydani-5-square": 32768,
    "nagydani-5-qube": 32768,
    "nagydani-5-pow0x10001": 524288,
  };
  const repriced = geth.modexp.filter((v) => TIP_7883[v.name] !== undefined);
  it.each(repriced.map((v) => [v.name, v] as const))("%s costs the TIP's energy", (_n, v) => {
    const energy = TIP_7883[v.name]!;
    const ok = callPrecompile(5, v.input, energy, OSAKA);
    expect(ok).toEqual({ success: true, output: v.expected });
    expect(callPrecompile(5, v.input, energy - 1, OSAKA).success).toBe(false);
  });
  const lengths = (b: number, e: number, m: number) =>
    [b, e, m].map((x) => x.toString(16).padStart(64, "0")).join("");
  it("refuses a length field above 1024 bytes (TIP-7823); 1024 is allowed", () => {
    const at = (n: number) => lengths(n, 1, 1) + "00".repeat(n) + "02" + "03";
    expect(callPrecompile(5, at(1024), 1_000_000, OSAKA).success).toBe(true);
    expect(callPrecompile(5, at(1025), 1_000_000, OSAKA).success).toBe(false);
    expect(callPrecompile(5, at(1025), 1_000_000, BASE).success).toBe(true);
  });
  it("a zero modulus answers modLen zero bytes (TIP-871), empty before Osaka", () => {
    const input = lengths(1, 1, 4) + "02" + "03" + "00000000";
    expect(callPrecompile(5, input, 1_000_000, OSAKA)).toEqual({ success: true, output: "00".repeat(4) });
    expect(callPrecompile(5, input, 1_000_000, BASE)).toEqual({ success: true, output: "" });
  });
});

describe("BatchValidateSign / ValidateMultiSign call data (TIP-854)", () => {
  const word = (n: number) => n.toString(16).padStart(64, "0");
  // BatchValidateSign with empty arrays: head only (5 words), priced as 0 items
  const headOnly = word(0) + word(96) + word(128) + word(0) + word(0);
  it("a head without any priced item fails under Osaka, answers a zero word before", () => {
    expect(callPrecompile(9, headOnly, 100_000, OSAKA)).toEqual({ success: false, output: "" });
    expect(callPrecompile(9, headOnly, 100_000, BASE)).toEqual({ success: true, output: word(0) });
  });
  it("a length that is not whole words fails under Osaka", () => {
    const misaligned = `${headOnly}${word(0).repeat(6)}00`;
    expect(callPrecompile(9, misaligned, 100_000, OSAKA).success).toBe(false);
    expect(callPrecompile(10, `${word(0).repeat(10)}00`, 100_000, OSAKA).success).toBe(false);
  });
});

describe("CREATE2 clears the return data under Osaka", () => {
  // CALL identity with 32 bytes (return data 32), CREATE2 of empty init code, RETURNDATASIZE
  const code = [
    "6020600060206000600060045af150", // CALL(gas, 4, 0, 0, 32, 0, 32); POP
    "6000600060006000f550", // CREATE2(0, 0, 0, salt 0); POP
    "3d60005260206000f3", // return RETURNDATASIZE
  ].join("");
  it("RETURNDATASIZE after CREATE2 is 0 with Osaka, the earlier call's 32 before", () => {
    expect(BigInt(`0x${hex(exec(code, OSAKA).returnData)}`)).toBe(0n);
    expect(BigInt(`0x${hex(exec(code, BASE).returnData)}`)).toBe(32n);
  });
});
