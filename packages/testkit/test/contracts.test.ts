/**
 * Contracts from solc's output through the kit, on both transports: a TRC-20 deployed with its
 * constructor argument, read and written by name, its Transfer events and token balances checked
 * with the matchers, and its custom error, Error(string) and panic decoded on revert.
 */
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../../../test/support/solidity.js";
import {
  type AddressLike,
  createTestClient,
  http,
  memory,
  type TestClient,
  type TestContract,
  tronMatchers,
} from "../src/index.js";
import "../src/vitest.js";

let node: TronNode | undefined;
afterAll(async () => {
  await node?.stop();
});

describe.each([
  { name: "memory", make: () => memory({ accounts: 3 }) },
  {
    name: "http",
    make: async () => {
      node = await createNode({ port: 0, blockTime: 0, accounts: 3 });
      return http(node.url);
    },
  },
])("a TRC-20 through the kit over $name", ({ make }) => {
  let client: TestClient;
  let token: TestContract;
  beforeAll(async () => {
    client = createTestClient(await make());
    const { KitToken } = await compiledContracts();
    const [owner] = await client.accounts();
    const deployed = await client.deploy({ ...KitToken!, from: owner!, args: [1_000_000n] });
    expect(deployed.receipt).toSucceed();
    token = deployed.contract!;
    expect(token.events(deployed.receipt).map((e) => e.name)).toEqual(["Transfer"]);
  });
  afterAll(async () => {
    await client.close();
  });

  it("reads by name", async () => {
    const [owner] = await client.accounts();
    expect(await token.read("symbol")).toBe("KIT");
    expect(await token.read("balanceOf", [owner!.base58])).toBe(1_000_000n);
  });

  it("transfers, with the token balances and the event it emits", async () => {
    const [owner, bob] = await client.accounts();
    let receipt: Awaited<ReturnType<TestContract["write"]>> | undefined;
    await expect(async () => {
      receipt = await token.write("transfer", [bob!.base58, 250n], { from: owner! });
      return receipt;
    }).toChangeTokenBalances(token, [owner!, bob!], [-250n, 250n]);
    expect(receipt).toSucceed();
    expect(receipt).toEmit(token, "Transfer", [owner!.base58, bob!.hex, 250n]);
    expect(receipt!.energy!.total).toBeGreaterThan(0n);
  });

  it("decodes a custom error, Error(string) and a panic", async () => {
    const [, bob, carol] = await client.accounts();
    const short = await token.write("transfer", [carol!.base58, 10_000n], { from: bob! });
    expect(short.result).toBe("REVERT");
    expect(short).toRevertWithCustomError(token, "InsufficientBalance", [bob!.hex, 250n, 10_000n]);
    const large = await token.write("requireSmall", [500n], { from: bob! });
    expect(large).toRevertWith("value too large");
    const overflow = await token.write("overflow", [1n], { from: bob! });
    expect(overflow).toRevertWithPanic(0x11);
  });

  it("fails the contract matchers with expected and actual", async () => {
    const [owner, bob] = await client.accounts();
    const result = await tronMatchers.toChangeTokenBalances(
      () => token.write("transfer", [bob!.base58, 1n], { from: owner! }),
      token,
      [bob!],
      [2n],
    );
    expect(result.pass).toBe(false);
    expect(result.message()).toContain(`  ${bob!.base58}: expected 2, got 1  ✗`);
    const receipt = await token.write("transfer", [bob!.base58, 1n], { from: owner! });
    expect(tronMatchers.toEmit(receipt, token, "Transfer", [bob!.hex, owner!.hex, 1n]).message()).toBe(
      `expected the transaction to emit Transfer(0x${bob!.hex.slice(2)}, 0x${owner!.hex.slice(2)}, 1), it emitted Transfer(0x${owner!.hex.slice(2)}, 0x${bob!.hex.slice(2)}, 1)`,
    );
    expect(tronMatchers.toRevertWithCustomError(receipt, token, "InsufficientBalance").message()).toBe(
      "expected the transaction to revert with InsufficientBalance, its result is SUCCESS",
    );
    expect(tronMatchers.toRevertWithPanic(receipt, 0x11).message()).toBe(
      "expected the transaction to revert with panic 0x11, its result is SUCCESS",
    );
  });
});
