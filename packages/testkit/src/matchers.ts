import { type AddressLike, base58Address, hexAddress } from "./addresses.js";
import type { TestClient } from "./client.js";
import type { TestContract } from "./contracts.js";
import type { Receipt } from "./receipt.js";

/** What a matcher answers (vitest's and jest's `expect.extend` shape). */
export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/**
 * Matchers for vitest's (or jest's) `expect.extend(tronMatchers)`:
 * - `await expect(() => client.transfer(a, b, 5n)).toChangeTrxBalances(client, [a, b], [-5n - fee, 5n])`
 *   (a function of the sending; deltas in sun, a function of the receipt for what depends on it);
 * - `expect(receipt).toBeRefusedWith("CONTRACT_VALIDATE_ERROR", "…balance is not sufficient.")`;
 * - `expect(receipt).toSucceed()` and `expect(receipt).toRevertWith("reason")`;
 * - `await expect(() => token.write("transfer", [b, 5n], { from: a })).toChangeTokenBalances(token, [a, b], [-5n, 5n])`;
 * - `toChangeTrc10Balances(client, tokenId, [a, b], [...])` and
 *   `toChangeResources(client, a, { EnergyLimit: 1_000n })` (getaccountresource's figures);
 * - `expect(receipt).toEmit(token, "Transfer", [a.hex, b.hex, 5n])` (arguments optional; addresses in any spelling);
 * - `expect(receipt).toRevertWithCustomError(token, "InsufficientBalance", [a.hex, 0n, 5n])` and
 *   `expect(receipt).toRevertWithPanic(0x11)`.
 */
export const tronMatchers = {
  async toChangeTrxBalances(
    send: () => Promise<Receipt>,
    client: TestClient,
    addresses: readonly AddressLike[],
    deltas: readonly (bigint | ((receipt: Receipt) => bigint))[],
  ): Promise<MatcherResult> {
    return changes("TRX balance", send, addresses, deltas, (a) => client.getBalance(a));
  },

  toBeRefusedWith(receipt: Receipt, code: string, message?: string | RegExp): MatcherResult {
    const refused = receipt.refused;
    const messageMatches =
      message === undefined ||
      (refused !== undefined &&
        (typeof message === "string" ? refused.message === message : message.test(refused.message)));
    const pass = refused !== undefined && refused.code === code && messageMatches;
    return {
      pass,
      message: () =>
        `expected the transaction ${pass ? "not " : ""}to be refused with ${code}${message === undefined ? "" : ` "${String(message)}"`}, ${
          refused
            ? `it was refused with ${refused.code} "${refused.message}"`
            : `it was accepted (${receipt.result})`
        }`,
    };
  },

  toSucceed(receipt: Receipt): MatcherResult {
    const pass = receipt.refused === undefined && receipt.result === "SUCCESS";
    return {
      pass,
      message: () =>
        pass
          ? `expected the transaction not to succeed, it did (block ${receipt.blockNumber})`
          : receipt.refused
            ? `expected the transaction to succeed, it was refused with ${receipt.refused.code} "${receipt.refused.message}"`
            : `expected the transaction to succeed, its result is ${receipt.result}${receipt.revertReason ? ` ("${receipt.revertReason}")` : ""}`,
    };
  },

  toRevertWith(receipt: Receipt, reason: string | RegExp): MatcherResult {
    const got = receipt.revertReason;
    const pass =
      receipt.result === "REVERT" &&
      got !== undefined &&
      (typeof reason === "string" ? got === reason : reason.test(got));
    return {
      pass,
      message: () =>
        `expected the transaction ${pass ? "not " : ""}to revert with "${String(reason)}", ${
          receipt.refused
            ? `it was refused with ${receipt.refused.code} "${receipt.refused.message}"`
            : `its result is ${receipt.result}${got === undefined ? "" : ` with "${got}"`}`
        }`,
    };
  },

  async toChangeTrc10Balances(
    send: () => Promise<Receipt>,
    client: TestClient,
    tokenId: string,
    addresses: readonly AddressLike[],
    deltas: readonly bigint[],
  ): Promise<MatcherResult> {
    return changes(`token ${tokenId} balance`, send, addresses, deltas, (a) =>
      client.getTokenBalance(a, tokenId),
    );
  },

  async toChangeResources(
    send: () => Promise<Receipt>,
    client: TestClient,
    address: AddressLike,
    deltas: Readonly<Partial<Record<ResourceFigure, bigint>>>,
  ): Promise<MatcherResult> {
    const figures = Object.keys(deltas) as ResourceFigure[];
    const read = async () => {
      const resource = await client.getAccountResource(address);
      return figures.map((f) => BigInt(resource[f] ?? 0));
    };
    const before = await read();
    const receipt = await send();
    const after = await read();
    const rows = figures.map((figure, i) => ({ figure, want: deltas[figure]!, got: after[i]! - before[i]! }));
    const pass = rows.every((r) => r.want === r.got);
    return {
      pass,
      message: () =>
        `expected ${base58Address(address)}'s resources ${pass ? "not " : ""}to change by:\n${rows
          .map((r) => `  ${r.figure}: expected ${r.want}, got ${r.got}${r.want === r.got ? "" : "  ✗"}`)
          .join("\n")}${describeOutcome(receipt)}`,
    };
  },

  async toChangeTokenBalances(
    send: () => Promise<Receipt>,
    token: TestContract,
    addresses: readonly AddressLike[],
    deltas: readonly bigint[],
  ): Promise<MatcherResult> {
    return changes(`${base58Address(token.address)} token balance`, send, addresses, deltas, async (a) =>
      BigInt((await token.read("balanceOf", [base58Address(a)])) as bigint),
    );
  },

  toEmit(receipt: Receipt, contract: TestContract, event: string, args?: readonly unknown[]): MatcherResult {
    const emitted = contract.events(receipt).filter((e) => e.name === event);
    const want = args?.map(normalized);
    const pass = emitted.some((e) => want === undefined || sameValues(e.args.map(normalized), want));
    return {
      pass,
      message: () =>
        `expected the transaction ${pass ? "not " : ""}to emit ${event}${want ? `(${want.join(", ")})` : ""}, it emitted ${
          contract.events(receipt).length === 0
            ? "no event of the contract"
            : contract
                .events(receipt)
                .map((e) => `${e.name}(${e.args.map(normalized).join(", ")})`)
                .join(", ")
        }${describeOutcome(receipt)}`,
    };
  },

  toRevertWithCustomError(
    receipt: Receipt,
    contract: TestContract,
    name: string,
    args?: readonly unknown[],
  ): MatcherResult {
    const error = contract.revertError(receipt);
    const want = args?.map(normalized);
    const pass =
      error !== undefined &&
      error.name === name &&
      (want === undefined || sameValues(error.args.map(normalized), want));
    return {
      pass,
      message: () =>
        `expected the transaction ${pass ? "not " : ""}to revert with ${name}${want ? `(${want.join(", ")})` : ""}, ${
          error
            ? `it reverted with ${error.name}(${error.args.map(normalized).join(", ")})`
            : `its result is ${receipt.result}`
        }${receipt.refused ? describeOutcome(receipt) : ""}`,
    };
  },

  toRevertWithPanic(receipt: Receipt, code: number | bigint): MatcherResult {
    const hex = `0x${BigInt(code).toString(16)}`;
    const pass = receipt.result === "REVERT" && (receipt.revertReason ?? "").endsWith(`(${hex})`);
    return {
      pass,
      message: () =>
        `expected the transaction ${pass ? "not " : ""}to revert with panic ${hex}, ${
          receipt.result === "REVERT"
            ? `it reverted with "${receipt.revertReason}"`
            : `its result is ${receipt.result}`
        }${receipt.refused ? describeOutcome(receipt) : ""}`,
    };
  },
};

/** A value as matchers compare and print it: addresses and hex lowercased, integers as decimal. */
function normalized(value: unknown): string {
  if (typeof value === "bigint" || typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return `0x${hexAddress(value).slice(2)}`;
    if (/^41[0-9a-fA-F]{40}$/.test(value)) return `0x${value.slice(2).toLowerCase()}`;
    return value.startsWith("0x") ? value.toLowerCase() : value;
  }
  if (Array.isArray(value)) return `[${value.map(normalized).join(", ")}]`;
  return String(value);
}

function sameValues(got: readonly string[], want: readonly string[]): boolean {
  return got.length === want.length && got.every((g, i) => g === want[i]);
}

/** getaccountresource's figures a test can watch change. */
export type ResourceFigure =
  | "freeNetUsed"
  | "freeNetLimit"
  | "NetUsed"
  | "NetLimit"
  | "EnergyUsed"
  | "EnergyLimit"
  | "tronPowerUsed"
  | "tronPowerLimit";

/** The per-address change of a balance across `send`, as a matcher's result. */
async function changes(
  what: string,
  send: () => Promise<Receipt>,
  addresses: readonly AddressLike[],
  deltas: readonly (bigint | ((receipt: Receipt) => bigint))[],
  read: (address: AddressLike) => Promise<bigint>,
): Promise<MatcherResult> {
  const before = await Promise.all(addresses.map(read));
  const receipt = await send();
  const after = await Promise.all(addresses.map(read));
  const rows = addresses.map((address, i) => {
    const expected = deltas[i] ?? 0n;
    const want = typeof expected === "function" ? expected(receipt) : expected;
    return { address: base58Address(address), want, got: after[i]! - before[i]! };
  });
  const pass = rows.every((r) => r.want === r.got);
  return {
    pass,
    message: () =>
      `expected ${what} changes ${pass ? "not " : ""}to be:\n${rows
        .map((r) => `  ${r.address}: expected ${r.want}, got ${r.got}${r.want === r.got ? "" : "  ✗"}`)
        .join("\n")}${describeOutcome(receipt)}`,
  };
}

function describeOutcome(receipt: Receipt): string {
  return receipt.refused
    ? `\n(the transaction was refused: ${receipt.refused.code} ${receipt.refused.message})`
    : "";
}
