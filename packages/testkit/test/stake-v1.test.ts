/**
 * Stake 1.0's builders, which TRE's dev chain closes (it has Stake 2.0 on), on a kit chain that
 * keeps them (UNFREEZE_DELAY_DAYS 0): freezebalance and unfreezebalance, each with a success and
 * its first refusal in java-tron's text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../src/index.js";
import "../src/vitest.js";
import { clientWithParameters } from "./chain-with.js";

const TRX = 1_000_000;
let client: TestClient;

beforeAll(async () => {
  client = await clientWithParameters({ UNFREEZE_DELAY_DAYS: 0n });
});
afterAll(async () => {
  await client.close();
});

describe("Stake 1.0 on a chain that keeps it", () => {
  it("freezebalance stakes for bandwidth; an amount of 0 is refused", async () => {
    const [alice] = await client.accounts();
    const stake = {
      owner_address: alice,
      frozen_balance: 10 * TRX,
      frozen_duration: 3,
      resource: "BANDWIDTH",
    };
    expect(await client.send("freezebalance", { ...stake, frozen_balance: 0 })).toBeRefusedWith(
      "CONTRACT_VALIDATE_ERROR",
      "frozenBalance must be positive",
    );
    expect(await client.send("freezebalance", stake)).toSucceed();
    expect((await client.getAccount(alice)).frozen[0].frozen_balance).toBe(10 * TRX);
  });

  it("unfreezebalance is refused before the 3 days are over, and returns the stake after", async () => {
    const [alice] = await client.accounts();
    const unfreeze = { owner_address: alice, resource: "BANDWIDTH" };
    expect(await client.send("unfreezebalance", unfreeze)).toBeRefusedWith(
      "CONTRACT_VALIDATE_ERROR",
      "It's not time to unfreeze(BANDWIDTH).",
    );
    await client.increaseTime(3 * 86_400);
    await client.mine(1);
    await expect(() => client.send("unfreezebalance", unfreeze)).toChangeTrxBalances(
      client,
      [alice],
      [(receipt) => BigInt(10 * TRX) - receipt.fee!],
    );
    expect((await client.getAccount(alice)).frozen).toBeUndefined();
  });
});
