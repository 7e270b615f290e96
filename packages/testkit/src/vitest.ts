/**
 * `import "@tronode/testkit/vitest"`: the kit's matchers registered with vitest's `expect`, and
 * their types on vitest's `Assertion`.
 *
 * @packageDocumentation
 */
import { expect } from "vitest";
import type { AddressLike } from "./addresses.js";
import type { TestClient } from "./client.js";
import type { TestContract } from "./contracts.js";
import { type ResourceFigure, tronMatchers } from "./matchers.js";
import type { Receipt } from "./receipt.js";

expect.extend(tronMatchers);

/** The kit's matchers as vitest's `expect(…)` offers them (see `tronMatchers` for each). */
export interface TronMatchers<R = unknown> {
  /** The TRX balances (sun) the sending changed, per address; a delta may be a function of the receipt. */
  toChangeTrxBalances(
    client: TestClient,
    addresses: readonly AddressLike[],
    deltas: readonly (bigint | ((receipt: Receipt) => bigint))[],
  ): Promise<R>;
  /** The TRC-10 balances of `tokenId` the sending changed, per address. */
  toChangeTrc10Balances(
    client: TestClient,
    tokenId: string,
    addresses: readonly AddressLike[],
    deltas: readonly bigint[],
  ): Promise<R>;
  /** The TRC-20 balances (`balanceOf`) the sending changed, per address. */
  toChangeTokenBalances(
    token: TestContract,
    addresses: readonly AddressLike[],
    deltas: readonly bigint[],
  ): Promise<R>;
  /** The getaccountresource figures the sending changed for `address`. */
  toChangeResources(
    client: TestClient,
    address: AddressLike,
    deltas: Readonly<Partial<Record<ResourceFigure, bigint>>>,
  ): Promise<R>;
  /** Refused by java-tron with this code (and text). */
  toBeRefusedWith(code: string, message?: string | RegExp): R;
  /** In a block with result SUCCESS. */
  toSucceed(): R;
  /** Reverted with this `Error(string)` reason. */
  toRevertWith(reason: string | RegExp): R;
  /** Reverted with this custom error of the contract's ABI (and arguments). */
  toRevertWithCustomError(contract: TestContract, name: string, args?: readonly unknown[]): R;
  /** Reverted with this panic code. */
  toRevertWithPanic(code: number | bigint): R;
  /** Emitted this event of the contract (with these arguments). */
  toEmit(contract: TestContract, event: string, args?: readonly unknown[]): R;
}

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: vitest's own Matchers default
  interface Matchers<T = any> extends TronMatchers<T> {}
}
