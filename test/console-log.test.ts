/**
 * console.log decoding against Hardhat's own console.sol (from test/hardhat-project's hardhat):
 * every signature it sends decodes, arguments encoded by ethers come back as their text; the legacy
 * `uint` / `int` spellings decode too; lines are formatted as Hardhat formats them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  addressToBase58,
  CONSOLE_ADDRESS_HEX,
  consoleLogSelectorCount,
  decodeConsoleLog,
} from "@tronode/engine/internal";
import { consoleLogLine } from "@tronode/node";
import { AbiCoder, id } from "ethers";
import { describe, expect, it } from "vitest";

const CONSOLE_SOL = join(import.meta.dirname, "hardhat-project", "node_modules", "hardhat", "console.sol");
const coder = AbiCoder.defaultAbiCoder();

/** Call data of `log(<types>)` with these arguments, as console.sol encodes it. */
function call(signature: string, types: string[], values: unknown[]): Uint8Array {
  const selector = id(signature).slice(2, 10);
  return Buffer.from(selector + coder.encode(types, values).slice(2), "hex");
}

const ADDRESS = "0x00000000000000000000000000000000000000c0";

/** A sample value per type, and the text it decodes to. */
function sample(type: string, index: number): [unknown, string] {
  if (type === "uint256") return [2n ** 255n + BigInt(index), (2n ** 255n + BigInt(index)).toString()];
  if (type === "int256") return [-7n - BigInt(index), (-7n - BigInt(index)).toString()];
  if (type === "string") return [`s${index} ünïcode`, `s${index} ünïcode`];
  if (type === "bool") return [index % 2 === 0, String(index % 2 === 0)];
  if (type === "address") return [ADDRESS, addressToBase58(Buffer.from(`41${ADDRESS.slice(2)}`, "hex"))];
  if (type === "bytes") return ["0x0102ff", "0x0102ff"];
  const size = Number(type.slice(5));
  const hex = `0x${"ab".repeat(size)}`;
  return [hex, hex];
}

describe("console.log decoding", () => {
  it("knows the console address as TRON writes it", () => {
    expect(`0x${CONSOLE_ADDRESS_HEX.slice(2)}`).toBe(
      "0x000000000000000000636F6e736F6c652e6c6f67".toLowerCase(),
    );
  });

  it("decodes every signature of Hardhat's console.sol", () => {
    const source = readFileSync(CONSOLE_SOL, "utf8");
    const signatures = [
      ...new Set([...source.matchAll(/encodeWithSignature\("(log\([^"]*\))"/g)].map((m) => m[1]!)),
    ];
    expect(signatures.length).toBe(375);
    for (const signature of signatures) {
      const types = signature
        .slice(4, -1)
        .split(",")
        .filter((t) => t !== "");
      const samples = types.map((type, i) => sample(type, i));
      const decoded = decodeConsoleLog(
        call(
          signature,
          types,
          samples.map(([value]) => value),
        ),
      );
      expect(decoded, signature).toEqual(types.map((type, i) => ({ type, text: samples[i]![1] })));
    }
  });

  it("decodes the legacy uint / int spellings", () => {
    expect(decodeConsoleLog(call("log(uint)", ["uint256"], [5n]))).toEqual([{ type: "uint256", text: "5" }]);
    expect(decodeConsoleLog(call("log(int)", ["int256"], [-5n]))).toEqual([{ type: "int256", text: "-5" }]);
    expect(consoleLogLine(call("log(string,uint)", ["string", "uint256"], ["n =", 3n]))).toBe("n = 3");
    expect(
      consoleLogLine(
        call(
          "log(uint,bool,address,int)",
          ["uint256", "bool", "address", "int256"],
          [1n, true, ADDRESS, -2n],
        ),
      ),
    ).toBeUndefined();
    expect(consoleLogSelectorCount()).toBeGreaterThan(375);
  });

  it("refuses unknown selectors and truncated arguments", () => {
    expect(decodeConsoleLog(Uint8Array.of(1, 2, 3, 4))).toBeUndefined();
    expect(decodeConsoleLog(Uint8Array.of(1, 2))).toBeUndefined();
    const full = call("log(string)", ["string"], ["hello"]);
    expect(decodeConsoleLog(full.subarray(0, full.length - 32))).toBeUndefined();
  });

  it("formats lines as Hardhat does: a first string is a format, integers print in full", () => {
    const big = 2n ** 200n;
    expect(
      consoleLogLine(
        call("log(string,uint256,uint256)", ["string", "uint256", "uint256"], ["%d wei, %i", big, 2n]),
      ),
    ).toBe(`${big} wei, 2`);
    expect(
      consoleLogLine(call("log(string,string,uint256)", ["string", "string", "uint256"], ["%s is", "x", 1n])),
    ).toBe("x is 1");
    expect(consoleLogLine(call("log(string,uint256)", ["string", "uint256"], ["100%% sure", 1n]))).toBe(
      "100% sure 1",
    );
    expect(consoleLogLine(call("log(uint256,string)", ["uint256", "string"], [1n, "%s"]))).toBe("1 %s");
    expect(consoleLogLine(call("log()", [], []))).toBe("");
  });
});
