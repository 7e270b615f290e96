/**
 * TLOAD of a slot never stored in the transaction answers zero on a running node: transient storage
 * lives only in the run's overlays, and an unset slot used to be asked of the chain store (which has
 * no such table) and failed the call.
 */
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, expect, it } from "vitest";

let node: TronNode;

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 1 });
});

afterAll(async () => {
  await node?.stop();
});

it("a constant call's TLOAD of an unset slot returns zero", async () => {
  const contract = `41${"ab".repeat(20)}`;
  // PUSH1 0 TLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: the slot's value as the return data
  const set = await fetch(`${node.url}/tre`, {
    method: "POST",
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tre_setAccountCode",
      params: [contract, "0x60005c60005260206000f3"],
    }),
  });
  expect(((await set.json()) as { result: boolean }).result).toBe(true);
  const call = await fetch(`${node.url}/wallet/triggerconstantcontract`, {
    method: "POST",
    body: JSON.stringify({
      owner_address: bytesToHex(node.accounts[0]!.address),
      contract_address: contract,
      data: "",
    }),
  });
  const answer = (await call.json()) as { result: { result?: boolean }; constant_result?: string[] };
  expect(answer.result.result, JSON.stringify(answer)).toBe(true);
  expect(answer.constant_result).toEqual(["0".repeat(64)]);
});
