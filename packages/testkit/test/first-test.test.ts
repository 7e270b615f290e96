/**
 * The book's first test with the kit (docs/testing.md), as written there, importing the package by its name (the
 * last case checks that every line of the book's snippet is a line of this file, in order).
 */
import { join } from "node:path";
import { createTestClient, memory } from "@tronode/testkit";
import { expect, it } from "vitest";
import { bookPage, expectSnippetFromFile } from "../../../test/support/readme-snippet.js";
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

it("is the book's first test (docs/testing.md)", () => {
  const lines = expectSnippetFromFile(
    bookPage("docs/testing.md"),
    join(import.meta.dirname, "first-test.test.ts"),
  );
  expect(lines).toBeLessThanOrEqual(20);
});
