/**
 * The README's first test with the kit, as written there, importing the package by its name (the
 * last case checks that every line of the README's snippet is a line of this file, in order).
 */
import { join } from "node:path";
import { createTestClient, memory } from "@tronode/testkit";
import { expect, it } from "vitest";
import { expectSnippetFromFile, readmeSection } from "../../../test/support/readme-snippet.js";
import "@tronode/testkit/vitest";

it("moves 5 TRX from Alice to Bob, and refuses an overdraft", async () => {
  const client = createTestClient(await memory());
  const [alice, bob] = await client.accounts();
  await expect(() => client.transfer(alice, bob, 5_000_000n)).toChangeTrxBalances(
    client,
    [alice, bob],
    [-5_000_000n, 5_000_000n],
  );
  const overdraft = await client.transfer(alice, bob, 10n ** 18n);
  expect(overdraft).toBeRefusedWith(
    "CONTRACT_VALIDATE_ERROR",
    "Validate TransferContract error, balance is not sufficient.",
  );
  await client.close();
});

it("is the README's first test", () => {
  const lines = expectSnippetFromFile(
    readmeSection("## Test with the kit"),
    join(import.meta.dirname, "first-test.test.ts"),
  );
  expect(lines).toBeLessThanOrEqual(20);
});
