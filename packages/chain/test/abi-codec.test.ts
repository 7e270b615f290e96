/**
 * The event API's ABI decoder against ethers' AbiCoder (what it replaced): the same values for
 * encoded data of every type shape, and refusals where ethers refuses.
 */
import { AbiCoder } from "ethers/abi";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalType, decodeAbi, encodeAbi } from "../src/events/abi-codec.js";

const coder = AbiCoder.defaultAbiCoder();

/** ethers' values in the decoder's shapes: bigint, boolean, lowercase hex, arrays. */
function plain(value: unknown): unknown {
  if (typeof value === "string") return /^0x[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return [...value].map(plain);
  return value;
}

const hex = (n: number) =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((b) => `0x${Buffer.from(b).toString("hex")}`);

const cases: readonly { type: string; value: fc.Arbitrary<unknown> }[] = [
  { type: "uint256", value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }) },
  { type: "uint8", value: fc.bigInt({ min: 0n, max: 255n }) },
  { type: "int64", value: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }) },
  { type: "int256", value: fc.bigInt({ min: -(2n ** 255n), max: 2n ** 255n - 1n }) },
  { type: "address", value: hex(20) },
  { type: "bool", value: fc.boolean() },
  { type: "bytes4", value: hex(4) },
  { type: "bytes32", value: hex(32) },
  {
    type: "bytes",
    value: fc.uint8Array({ maxLength: 80 }).map((b) => `0x${Buffer.from(b).toString("hex")}`),
  },
  { type: "string", value: fc.string({ maxLength: 40 }) },
  { type: "uint256[]", value: fc.array(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), { maxLength: 5 }) },
  { type: "string[2]", value: fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })) },
  {
    type: "(uint256,string)",
    value: fc.tuple(fc.bigInt({ min: 0n, max: 1000n }), fc.string({ maxLength: 10 })),
  },
  { type: "(address,bool)[]", value: fc.array(fc.tuple(hex(20), fc.boolean()), { maxLength: 3 }) },
  { type: "bytes[]", value: fc.array(hex(3), { maxLength: 3 }) },
];

/** Some of the cases' types, each with a value of it. */
const typedValues = fc
  .subarray([...cases], { minLength: 1 })
  .chain((picked) => fc.tuple(...picked.map((c) => c.value)).map((values) => ({ picked, values })));

describe("decodeAbi", () => {
  it("decodes what ethers encodes, as ethers decodes it", () => {
    fc.assert(
      fc.property(typedValues, ({ picked, values }) => {
        const types = picked.map((c) => c.type);
        const data = Buffer.from(coder.encode(types, values).slice(2), "hex");
        expect(decodeAbi(types, data)).toEqual(plain(coder.decode(types, data)));
      }),
      { numRuns: 200 },
    );
  });

  it("encodes what ethers encodes", () => {
    fc.assert(
      fc.property(typedValues, ({ picked, values }) => {
        const types = picked.map((c) => c.type);
        const ours = Buffer.from(encodeAbi(types, values as never)).toString("hex");
        expect(ours).toBe(coder.encode(types, values).slice(2));
      }),
      { numRuns: 200 },
    );
  });

  it("masks wide words as ethers does, and refuses data too short or a length past the end", () => {
    expect(() => decodeAbi(["uint256"], new Uint8Array(31))).toThrow();
    const wide = new Uint8Array(32).fill(0xff);
    for (const type of ["uint8", "int16", "bool", "bytes4"])
      expect(decodeAbi([type], wide)).toEqual(plain(coder.decode([type], wide)));
    expect(() => decodeAbi(["address"], wide)).toThrow();
    expect(() => coder.decode(["address"], wide)[0]).toThrow();
    const string = Buffer.from(coder.encode(["string"], ["hello"]).slice(2), "hex");
    string[63] = 40; // length 40 with one word of text
    expect(() => decodeAbi(["string"], string)).toThrow();
    expect(() => coder.decode(["string"], string)).toThrow();
  });

  it("writes canonical types for signatures", () => {
    expect(canonicalType("uint")).toBe("uint256");
    expect(canonicalType("trcToken")).toBe("uint256");
    expect(canonicalType("(uint, address)[]")).toBe("(uint256,address)[]");
  });
});
