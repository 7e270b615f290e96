/**
 * Logs decoded as java-tron's event publisher decodes them (ContractEventParserAbi), and trigger
 * JSON written as Jackson writes it — the places where that differs from the event API's decoding
 * and from JSON.stringify.
 */
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  bytesToHex,
  concatBytes,
  hexToBytes,
  keccak256,
  SmartContract_ABI_Entry_EntryType,
  SmartContract_ABISchema,
  utf8Encode,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { parseJavaEvent } from "../src/java-event-parser.js";
import { toJavaJson } from "../src/java-json.js";

type Input = { name: string; type: string; indexed?: boolean };

function abi(name: string, inputs: Input[], anonymous = false) {
  return create(SmartContract_ABISchema, {
    entrys: [
      {
        type: SmartContract_ABI_Entry_EntryType.Event,
        name,
        anonymous,
        inputs: inputs.map((i) => ({ name: i.name, type: i.type, indexed: i.indexed ?? false })),
      },
    ],
  });
}

const sig = (text: string) => keccak256(utf8Encode(text));
const word = (hex: string) => hexToBytes(hex.padStart(64, "0"));
const uint = (n: bigint) => word(BigInt.asUintN(256, n).toString(16));
const ADDRESS = hexToBytes("41e2e1a54926527fbb4e4420de4c6bab82beaee24d");
const entries = (m: ReadonlyMap<string, string> | undefined) => [...(m ?? new Map())];

describe("parseJavaEvent", () => {
  it("keys every parameter by name and by index, in java.util.HashMap order", () => {
    const parsed = parseJavaEvent(
      abi("Transfer", [
        { name: "from", type: "address", indexed: true },
        { name: "to", type: "address", indexed: true },
        { name: "value", type: "uint256" },
      ]),
      [sig("Transfer(address,address,uint256)"), word(bytesToHex(ADDRESS.subarray(1))), uint(5n)],
      uint(1000n),
    );
    const base58 = addressToBase58(ADDRESS);
    expect(parsed?.signature).toBe("Transfer(address,address,uint256)");
    expect(parsed?.signatureFull).toBe("Transfer(address from,address to,uint256 value)");
    // the `to` topic's last 20 bytes are an address too, whatever the word holds
    const toBase58 = addressToBase58(concatBytes(new Uint8Array([0x41]), uint(5n).subarray(12)));
    expect(entries(parsed?.topicMap)).toEqual([
      ["0", base58],
      ["1", toBase58],
      ["from", base58],
      ["to", toBase58],
    ]);
    expect(entries(parsed?.dataMap)).toEqual([
      ["2", "1000"],
      ["value", "1000"],
    ]);
  });

  it("reads integers as signed words, bytesN as the whole word, bools, strings and bytes through their offsets", () => {
    const inputs: Input[] = [
      { name: "big", type: "uint256" },
      { name: "small", type: "int8" },
      { name: "tag", type: "bytes4" },
      { name: "flag", type: "bool" },
      { name: "note", type: "string" },
      { name: "blob", type: "bytes" },
      { name: "id", type: "trcToken", indexed: true },
    ];
    const pad = (bytes: Uint8Array) => concatBytes(bytes, new Uint8Array(32 - bytes.length));
    const note = utf8Encode("héllo"); // 6 bytes
    const tail = concatBytes(uint(BigInt(note.length)), pad(note), uint(2n), pad(hexToBytes("beef")));
    const data = concatBytes(
      uint(2n ** 256n - 1n), // all ones: -1 as Java's BigInteger reads it
      uint(-2n),
      pad(hexToBytes("cafebabe")),
      uint(3n),
      uint(6n * 32n), // string at 192
      uint(8n * 32n), // bytes at 256
      tail,
    );
    const parsed = parseJavaEvent(
      abi("Mixed", inputs),
      [sig("Mixed(uint256,int8,bytes4,bool,string,bytes,trcToken)"), uint(2n ** 255n)],
      data,
    );
    expect(Object.fromEntries(entries(parsed?.dataMap))).toEqual({
      big: "-1",
      small: "-2",
      tag: `cafebabe${"0".repeat(56)}`,
      flag: "true",
      note: "héllo",
      blob: "beef",
      0: "-1",
      1: "-2",
      2: `cafebabe${"0".repeat(56)}`,
      3: "true",
      4: "héllo",
      5: "beef",
    });
    expect(Object.fromEntries(entries(parsed?.topicMap))).toEqual({
      id: (-(2n ** 255n)).toString(),
      6: (-(2n ** 255n)).toString(),
    });
  });

  it("keeps the topics and data in hex when the indexed count does not match the ABI", () => {
    const parsed = parseJavaEvent(
      abi("E", [
        { name: "a", type: "uint256", indexed: true },
        { name: "b", type: "uint256" },
      ]),
      [sig("E(uint256,uint256)"), uint(1n), uint(2n)],
      uint(3n),
    );
    expect(entries(parsed?.topicMap)).toEqual([
      ["0", bytesToHex(uint(1n))],
      ["1", bytesToHex(uint(2n))],
    ]);
    expect(entries(parsed?.dataMap)).toEqual([["2", bytesToHex(uint(3n))]]);
  });

  it("an array or a type it does not read turns the data into one hex entry, at java-tron's start index", () => {
    const data = concatBytes(uint(1n), uint(64n), uint(0n));
    // the first plain input is 0, so java-tron's `startIndex == 0` test takes the next one's index
    const twoPlain = parseJavaEvent(
      abi("E", [
        { name: "a", type: "uint256" },
        { name: "b", type: "uint256[]" },
      ]),
      [sig("E(uint256,uint256[])")],
      data,
    );
    expect(entries(twoPlain?.dataMap)).toEqual([["1", bytesToHex(data)]]);
    const first = parseJavaEvent(abi("F", [{ name: "b", type: "uint256[]" }]), [sig("F(uint256[])")], data);
    expect(entries(first?.dataMap)).toEqual([["0", bytesToHex(data)]]);
    // a string whose offset points past the data
    const short = parseJavaEvent(abi("G", [{ name: "s", type: "string" }]), [sig("G(string)")], uint(64n));
    expect(entries(short?.dataMap)).toEqual([["0", bytesToHex(uint(64n))]]);
    // indexed dynamic values are their hash: hex
    const hashed = parseJavaEvent(
      abi("H", [{ name: "s", type: "string", indexed: true }]),
      [sig("H(string)"), sig("x")],
      new Uint8Array(0),
    );
    expect(entries(hashed?.topicMap)).toEqual([
      ["0", bytesToHex(sig("x"))],
      ["s", bytesToHex(sig("x"))],
    ]);
    expect(entries(hashed?.dataMap)).toEqual([]);
    // no inputs but data
    const none = parseJavaEvent(abi("N", []), [sig("N()")], uint(9n));
    expect(entries(none?.dataMap)).toEqual([["0", bytesToHex(uint(9n))]]);
  });

  it("is a log, not an event, without a matching non-anonymous entry", () => {
    const inputs: Input[] = [{ name: "v", type: "uint256" }];
    expect(parseJavaEvent(abi("V", inputs), [sig("V(uint256)")], uint(1n))).toBeDefined();
    expect(parseJavaEvent(abi("V", inputs, true), [sig("V(uint256)")], uint(1n))).toBeUndefined();
    expect(parseJavaEvent(abi("V", inputs), [], uint(1n))).toBeUndefined();
    expect(parseJavaEvent(abi("V", inputs), [sig("W(uint256)")], uint(1n))).toBeUndefined();
    expect(parseJavaEvent(undefined, [sig("V(uint256)")], uint(1n))).toBeUndefined();
    // the signature is hashed with the types as the ABI spells them
    expect(
      parseJavaEvent(abi("V", [{ name: "v", type: "uint" }]), [sig("V(uint256)")], uint(1n)),
    ).toBeUndefined();
  });
});

describe("toJavaJson", () => {
  it("writes properties in order, nulls, longs as numbers, maps in their order, and Jackson's escapes", () => {
    const text = toJavaJson({
      timeStamp: 1_800_000_000_000n,
      name: 'a"b\\c\n\t\u0001\u001f\u007fé/',
      none: null,
      list: [1, true, "x"],
      map: new Map([
        ["2", "two"],
        ["value", "v"],
      ]),
      nested: { big: 2n ** 63n - 1n },
    });
    expect(text).toBe(
      '{"timeStamp":1800000000000,"name":"a\\"b\\\\c\\n\\t\\u0001\\u001F\u007fé/","none":null,"list":[1,true,"x"],' +
        '"map":{"2":"two","value":"v"},"nested":{"big":9223372036854775807}}',
    );
    expect(JSON.parse(text).name).toBe('a"b\\c\n\t\u0001\u001f\u007fé/');
  });
});
