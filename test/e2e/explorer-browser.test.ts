/**
 * The built-in explorer in headless Chromium (Debian's `chromium`, driven by playwright-core; CI
 * installs it in .ci/run): a TRC-20 deployed and moved through TronWeb, then the home page updating
 * live, the transaction page's decoded call and event, the address page's TRC-20 balance and
 * history, a contract's read function, a reverted call's reason, and the search box for each kind
 * of key. With `TRONODE_SCREENSHOTS=1` it also writes the screenshots the README shows
 * (docs/explorer/*.png). Without chromium it says so in one line and skips.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's contract objects are dynamic
type Any = any;

const CHROMIUM = "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available)
  console.log(`explorer browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);
const SCREENSHOTS =
  process.env.TRONODE_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "explorer")
    : undefined;
const UNIT = 10n ** 18n;

let node: TronNode;
let profile: string;
let context: BrowserContext;
let page: Page;
let keys: string[];
let addresses: string[];
let token: Any;
let tokenAddress: string;
let transferTx: string;
let revertedTx: string;
/** Every URL the browser asked for, over all the tests. */
const requested: string[] = [];

const client = (i = 0) => new TronWeb({ fullHost: node.url!, privateKey: keys[i]! });

async function open(hash: string): Promise<void> {
  await page.goto(`${node.url}/explorer/${hash}`);
}

async function shot(name: string, fullPage = false): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

describe.skipIf(!available)("the explorer in Chromium", () => {
  beforeAll(async () => {
    const artefacts = await compiledContracts();
    node = await createNode({ port: 0, blockTime: 0, accounts: 4 });
    keys = node.accounts.map((a) => bytesToHex(a.privateKey));
    addresses = node.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
    const tw = client();
    token = await tw.contract().new({
      abi: artefacts.TestToken!.abi,
      bytecode: artefacts.TestToken!.bytecode,
      feeLimit: 1_000_000_000,
      parameters: [(1_000_000n * UNIT).toString()],
    });
    tokenAddress = TronWeb.address.fromHex(token.address);
    transferTx = await token.transfer(addresses[1], 250n * UNIT).send();
    await token.transfer(addresses[2], 40n * UNIT).send();
    const reverter = await tw.contract().new({
      abi: artefacts.Reverter!.abi,
      bytecode: artefacts.Reverter!.bytecode,
      feeLimit: 1_000_000_000,
    });
    revertedTx = await reverter.requireAbove(5).send({ feeLimit: 100_000_000 });
    profile = await mkdtemp(join(tmpdir(), "tronode-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 860 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
    context.on("request", (request) => requested.push(request.url()));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await node?.stop();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it("opens at / on a dev chain and shows a new block within 2 s without a reload", async () => {
    await page.goto(`${node.url}/`);
    expect(page.url()).toBe(`${node.url}/explorer/`);
    await page.locator("#latest-blocks tbody tr").first().waitFor();
    await page.locator("#dev-accounts").waitFor();
    const before = Number((await page.locator("#head-number").innerText()).replace(/,/g, ""));
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    // timed from the send: the block is produced, committed and pushed to the page in that time
    const started = Date.now();
    const answer = await client(3).trx.sendTransaction(addresses[0], 1_000);
    expect(answer.result).toBe(true);
    await page.waitForFunction(
      (n) =>
        // runs in the page: `document` is the browser's
        // biome-ignore lint/suspicious/noExplicitAny: the test's tsconfig has no DOM types
        Number((globalThis as any).document.querySelector("#head-number")?.textContent?.replace(/,/g, "")) >
        n,
      before,
      { timeout: Math.max(1, 2_000 - (Date.now() - started)) },
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(loads).toEqual([]);
    await expect(page.locator("#latest-transactions").innerText()).resolves.toContain(
      answer.transaction.txID.slice(0, 8),
    );
    await shot("home");
  });

  it("shows a transfer's decoded transfer(address,uint256) call and its Transfer event", async () => {
    await open(`#/tx/${transferTx}`);
    await expect(page.locator("#call-signature").innerText()).resolves.toBe("transfer(address,uint256)");
    const args = await page.locator("#call-arguments").innerText();
    expect(args).toContain(addresses[1]);
    expect(args).toContain((250n * UNIT).toString());
    const events = await page.locator("#tx-events").innerText();
    expect(events).toContain("Transfer(address indexed from, address indexed to, uint256 value)");
    expect(events).toContain(addresses[0]);
    await page.getByRole("heading", { name: "Energy and bandwidth" }).waitFor();
    await shot("transaction", true);
  });

  it("shows the address's TRC-20 balance and its history", async () => {
    await open(`#/address/${addresses[1]}`);
    await expect(page.locator("#trc20-balances").innerText()).resolves.toContain("250 TST");
    const transfers = await page.locator("#trc20-transfers").innerText();
    expect(transfers).toContain("250 TST");
    expect(transfers).toContain(transferTx.slice(0, 8));
    await shot("address");
    // the sender's history holds the call itself (the receiver only appears in the token's log)
    await open(`#/address/${addresses[0]}`);
    await expect(page.locator("#history").innerText()).resolves.toContain(transferTx.slice(0, 8));
    await expect(page.locator("#trc20-balances").innerText()).resolves.toContain("999,710 TST");
  });

  it("calls a contract's read function from the contract page", async () => {
    await open(`#/address/${tokenAddress}`);
    const form = page.locator("form.read", { has: page.locator("code", { hasText: /^balanceOf$/ }) });
    await form.locator("input").fill(addresses[2]!);
    await form.getByRole("button", { name: "Query" }).click();
    await expect(form.locator("output").innerText()).resolves.toBe((40n * UNIT).toString());
    await shot("contract");
  });

  it("shows a reverted call's reason", async () => {
    await open(`#/tx/${revertedTx}`);
    await expect(page.locator("#revert-reason").innerText()).resolves.toBe("value must be above 10");
    await expect(page.locator("#call-signature").innerText()).resolves.toBe("requireAbove(uint256)");
  });

  it("finds a transaction, a block by number and by id, and an address in every spelling", async () => {
    const block = await client().trx.getCurrentBlock();
    const hex = bytesToHex(node.accounts[2]!.address);
    const cases: [string, RegExp][] = [
      [transferTx, new RegExp(`#/tx/${transferTx}$`)],
      [
        String(block.block_header.raw_data.number),
        new RegExp(`#/block/${block.block_header.raw_data.number}$`),
      ],
      [block.blockID, new RegExp(`#/block/${block.blockID}$`)],
      [addresses[2]!, new RegExp(`#/address/${addresses[2]}$`)],
      [hex, new RegExp(`#/address/${addresses[2]}$`)],
      [`0x${hex.slice(2)}`, new RegExp(`#/address/${addresses[2]}$`)],
    ];
    await open("#/");
    for (const [query, target] of cases) {
      const box = page.getByRole("searchbox");
      await box.fill(query);
      await box.press("Enter");
      await page.waitForURL(target, { timeout: 5_000 });
    }
    await expect(page.locator("#address").innerText()).resolves.toContain(addresses[2]);
    await page.getByRole("searchbox").fill("ff".repeat(32));
    await page.getByRole("searchbox").press("Enter");
    await expect(page.getByRole("alert").first().innerText()).resolves.toContain("Nothing found");
  });

  it("lists witnesses, proposals and chain parameters", async () => {
    await open("#/witnesses");
    // addresses in lists are shortened: the first six characters
    await expect(page.locator("#witnesses").innerText()).resolves.toContain(
      TronWeb.address.fromHex(bytesToHex(node.witnesses[0]!.address)).slice(0, 6),
    );
    await shot("witnesses");
    await open("#/parameters");
    await expect(page.locator("#parameters").innerText()).resolves.toContain("getEnergyFee");
    await open("#/proposals");
    await page.getByRole("heading", { name: "Committee proposals" }).waitFor();
  });

  it("asked nothing of any server but the node (no CDN: works offline)", () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(`${node.url}/`))).toEqual([]);
  });
});
