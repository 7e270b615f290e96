/**
 * The dev chain's snapshots and time travel over deployed contracts, as a dApp's test suite uses
 * them: npm `tronweb` against a started instamine node, contracts compiled by npm `solc`.
 *
 * - Hardhat's `loadFixture` pattern in a vitest `beforeEach`: a TRC-20 and a 30-day vesting contract
 *   deployed once, then `evm_revert` + `evm_snapshot` before every test. Every test starts by
 *   checking the fixture state is back (token balances through triggerconstantcontract, the token's
 *   code and events, the head block's number, id and timestamp, `tre_stateDigest`) after the previous
 *   test mutated it: token transfers and approvals, TRX transfers, a new contract,
 *   `tre_setAccountStorageAt` and `tre_setAccountCode` on the token, time travel; and 50 reverts in
 *   a row, each after a contract call and a day of time travel, with the next block after every
 *   revert stamped near the snapshot's head.
 * - The vesting lock (test/contracts/Vesting.sol): `release()` reverts with its reason now and after
 *   29 days, and pays the beneficiary after `tre_increaseTime` 30 days + `tre_mine`, no waiting;
 *   the revert brings the lock back.
 * - The book's dev-chain page (docs/dev-chain.md) snippets for these patterns are lines of this
 *   file (checked below), so they cannot drift from what runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bytesToHex, hexToBytes, keccak256 } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CompiledContract, compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's contract objects and JSON answers are dynamic
type Any = any;

const TRX = 1_000_000;
const DAY_S = 86_400;
const SUPPLY = 1_000_000n * 10n ** 18n;
const LOCKED_SUN = 1000 * TRX;

let node: TronNode;
let tronWeb: TronWeb;
let keys: string[];
let addresses: string[];
let artefacts: Record<string, CompiledContract>;
let token: Any;
let vesting: Any;
let fixture: Observed;
let deployments = 0;

/** The book's helper, throwing on a JSON-RPC error. */
const rpc = async (method: string, params: unknown[] = []): Promise<Any> => {
  const answer: Any = await (
    await fetch(`${node.url}/tre`, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    })
  ).json();
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
};

/** A raw /wallet call, to see the node's answer as it is. */
const wallet = async (operation: string, body: Record<string, unknown>): Promise<Any> =>
  (await fetch(`${node.url}/wallet/${operation}`, { method: "POST", body: JSON.stringify(body) })).json();

const client = (index: number) => new TronWeb({ fullHost: node.url!, privateKey: keys[index]! });

/**
 * Deploys like TronWeb's `contract().new` (createSmartContract, sign, broadcast) without its fixed
 * 3-second sleep: the instamine node has the contract in a block when the broadcast answers.
 */
async function deploy(
  name: string,
  options: { callValue?: number; parameters: unknown[] },
  from = 0,
): Promise<Any> {
  const { abi, bytecode } = artefacts[name]!;
  const deployer = client(from);
  const transaction: Any = await deployer.transactionBuilder.createSmartContract(
    { abi, bytecode, feeLimit: 1_000_000_000, ...options },
    addresses[from]!,
  );
  const answer: Any = await deployer.trx.sendRawTransaction(await deployer.trx.sign(transaction));
  expect(answer.result, JSON.stringify(answer)).toBe(true);
  return deployer.contract(abi, transaction.contract_address);
}

async function deployFixture(): Promise<void> {
  deployments++;
  token = await deploy("TestToken", { parameters: [SUPPLY.toString()] });
  await token.transfer(addresses[1], 1000n).send();
  vesting = await deploy("Vesting", { callValue: LOCKED_SUN, parameters: [addresses[2]] });
  fixture = await observe();
}

// Hardhat's loadFixture: deploy once, then revert to the snapshot and take a new one (ids are single-use).
let snapshot: string | undefined;
async function loadFixture(): Promise<void> {
  if (snapshot === undefined)
    await deployFixture(); // deploy once
  else await rpc("evm_revert", [snapshot]); // everything since is undone, clock included
  snapshot = await rpc("evm_snapshot");
}

interface Observed {
  tokenBalances: string[];
  allowance: string;
  trxBalances: number[];
  vestingBalance: number;
  released: boolean;
  tokenCode: string;
  /** The token's events as TronWeb's event module lists them (transaction ids, names, values). */
  tokenEvents: string[];
  head: { number: number; id: string; timestamp: number };
  digest: string;
}

async function head(): Promise<Observed["head"]> {
  const block: Any = await tronWeb.trx.getCurrentBlock();
  return {
    number: block.block_header.raw_data.number,
    id: block.blockID,
    timestamp: block.block_header.raw_data.timestamp,
  };
}

/** What a test can see of the chain: token state by constant calls, balances, the head, the digest. */
async function observe(): Promise<Observed> {
  const [
    tokenBalances,
    allowance,
    trxBalances,
    vestingBalance,
    released,
    contractInfo,
    events,
    headBlock,
    digest,
  ] = await Promise.all([
    Promise.all(addresses.map(async (a) => (await token.balanceOf(a).call()).toString() as string)),
    token.allowance(addresses[0], addresses[1]).call(),
    Promise.all(addresses.map((a) => tronWeb.trx.getBalance(a))),
    tronWeb.trx.getBalance(vesting.address),
    vesting.released().call(),
    tronWeb.trx.getContractInfo(token.address),
    tronWeb.event.getEventsByContractAddress(token.address, { limit: 200 }),
    head(),
    rpc("tre_stateDigest"),
  ]);
  return {
    tokenBalances,
    allowance: allowance.toString(),
    trxBalances,
    vestingBalance,
    released,
    tokenCode: (contractInfo as Any).runtimecode,
    tokenEvents: (events as Any).data.map(
      (e: Any) => `${e.transaction_id} ${e.event_name} ${e.result.value} ${e._unconfirmed ?? false}`,
    ),
    head: headBlock,
    digest,
  };
}

/** The slot of `_balances[holder]` in TestToken (its first state variable: slot 0). */
function balanceSlot(holder: string): string {
  const key = new Uint8Array(64);
  key.set(hexToBytes(tronWeb.address.toHex(holder).slice(2)), 12);
  return `0x${bytesToHex(keccak256(key))}`;
}

/** The `Error(string)` reason of a reverted transaction, read from its info as TronWeb returns it. */
async function revertReason(txid: string): Promise<string> {
  const info: Any = await tronWeb.trx.getTransactionInfo(txid);
  expect(info.result).toBe("FAILED");
  expect(info.receipt.result).toBe("REVERT");
  expect(tronWeb.toUtf8(info.resMessage)).toBe("REVERT opcode executed");
  return errorString(info.contractResult[0]);
}

/** Decodes `Error(string)` return data (selector 08c379a0, offset, length, bytes). */
function errorString(data: string): string {
  expect(data.slice(0, 8)).toBe("08c379a0");
  const length = Number.parseInt(data.slice(8 + 64, 8 + 128), 16);
  return Buffer.from(data.slice(8 + 128, 8 + 128 + length * 2), "hex").toString("utf8");
}

beforeAll(async () => {
  artefacts = await compiledContracts();
  node = await createNode({ port: 0, blockTime: 0, accounts: 4 });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  tronWeb = client(0);
  addresses = keys.map((k) => tronWeb.address.fromPrivateKey(k) as string);
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe("Hardhat's loadFixture pattern over a TRC-20 and a vesting contract", () => {
  let createdInATest: string | undefined;

  beforeEach(async () => {
    await loadFixture();
    // every test starts from the fixture, whatever the test before it did
    expect(await observe()).toEqual(fixture);
  });

  it("deploys the fixture once", async () => {
    expect(deployments).toBe(1);
    expect(fixture.tokenBalances[0]).toBe((SUPPLY - 1000n).toString());
    expect(fixture.tokenBalances[1]).toBe("1000");
    expect(fixture.vestingBalance).toBe(LOCKED_SUN);
    expect(fixture.released).toBe(false);
    expect(fixture.tokenCode).toBe(artefacts.TestToken!.deployedBytecode);
    expect(fixture.tokenEvents).toHaveLength(2); // the mint and the transfer
  });

  it("mutates the token: transfers, an approval, a transferFrom", async () => {
    await token.transfer(addresses[3], 500n).send();
    await token.approve(addresses[1], 300n).send();
    const spender = await client(1).contract().at(token.address);
    await spender.transferFrom(addresses[0], addresses[2], 200n).send();
    expect((await token.balanceOf(addresses[3]).call()).toString()).toBe("500");
    expect((await token.balanceOf(addresses[2]).call()).toString()).toBe("200");
    expect((await token.allowance(addresses[0], addresses[1]).call()).toString()).toBe("100");
    expect((await observe()).tokenEvents).toHaveLength(5); // + Transfer, Approval, Transfer
    expect((await head()).number).toBe(fixture.head.number + 3);
  });

  it("mutates TRX balances, deploys a contract, edits the token's storage and code, travels in time", async () => {
    const sent = await tronWeb.trx.sendTransaction(addresses[3], 7 * TRX);
    expect(sent.result).toBe(true);
    expect(await tronWeb.trx.getBalance(addresses[3])).toBe(fixture.trxBalances[3]! + 7 * TRX);
    const other = await deploy("TestToken", { parameters: ["5"] }, 1);
    createdInATest = other.address;
    expect(await wallet("getcontract", { value: createdInATest })).toHaveProperty("bytecode");
    expect(await rpc("tre_setAccountStorageAt", [token.address, balanceSlot(addresses[3]!), "0x2a"])).toBe(
      true,
    );
    expect((await token.balanceOf(addresses[3]).call()).toString()).toBe("42");
    expect(await rpc("tre_increaseTime", [10 * DAY_S])).toBeGreaterThan(10 * DAY_S - 60);
    await rpc("tre_mine", [{ blocks: 2 }]);
    expect((await head()).timestamp - fixture.head.timestamp).toBeGreaterThanOrEqual(10 * DAY_S * 1000);
    const code = `0x${artefacts.Vesting!.deployedBytecode}`;
    expect(await rpc("tre_setAccountCode", [token.address, code])).toBe(true);
    expect(((await tronWeb.trx.getContractInfo(token.address)) as Any).runtimecode).toBe(code.slice(2));
  });

  it("has undone the contract created by the test before", async () => {
    expect(createdInATest).toBeDefined();
    expect(await wallet("getcontract", { value: createdInATest })).toEqual({});
    // …and the 10 days: the next block is stamped near the fixture's head
    await rpc("tre_mine");
    const next = await head();
    expect(next.number).toBe(fixture.head.number + 1);
    expect(next.timestamp - fixture.head.timestamp).toBeLessThan(60_000);
  });

  it("vesting: release() reverts with its reason before the lock ends, pays after tre_increaseTime 30 days", async () => {
    const beneficiary = addresses[2]!;
    const before = await tronWeb.trx.getBalance(beneficiary);
    const early: string = await vesting.release().send(); // reverts: "Vesting: locked for 30 days"
    expect(await revertReason(early)).toBe("Vesting: locked for 30 days");
    // a constant call reports the same reason (TronWeb's triggerConstantContract throws the message)
    await expect(
      tronWeb.transactionBuilder.triggerConstantContract(vesting.address, "release()"),
    ).rejects.toThrow("REVERT opcode executed");
    const dryRun = await wallet("triggerconstantcontract", {
      owner_address: addresses[0],
      contract_address: tronWeb.address.fromHex(vesting.address),
      function_selector: "release()",
      visible: true,
    });
    expect(dryRun.result.message).toBe("REVERT opcode executed");
    expect(errorString(dryRun.constant_result[0])).toBe("Vesting: locked for 30 days");

    await rpc("tre_increaseTime", [30 * 86400]); // 30 days later…
    await rpc("tre_mine"); // …a block is stamped then
    const paid: string = await vesting.release().send(); // pays the beneficiary
    const info: Any = await tronWeb.trx.getTransactionInfo(paid);
    expect(info.receipt.result).toBe("SUCCESS");
    expect(info.blockTimeStamp - fixture.head.timestamp).toBeGreaterThanOrEqual(30 * DAY_S * 1000);
    expect(await tronWeb.trx.getBalance(beneficiary)).toBe(before + LOCKED_SUN);
    expect(await tronWeb.trx.getBalance(vesting.address)).toBe(0);
    expect(await vesting.released().call()).toBe(true);
    expect(await revertReason(await vesting.release().send())).toBe("Vesting: already released");
  });

  it("vesting: the revert brought the lock back; 29 days later it still holds", async () => {
    expect(await revertReason(await vesting.release().send())).toBe("Vesting: locked for 30 days");
    await rpc("tre_increaseTime", [29 * DAY_S]);
    await rpc("tre_mine");
    expect((await head()).timestamp - fixture.head.timestamp).toBeGreaterThanOrEqual(29 * DAY_S * 1000);
    expect(await revertReason(await vesting.release().send())).toBe("Vesting: locked for 30 days");
    expect(await tronWeb.trx.getBalance(vesting.address)).toBe(LOCKED_SUN);
  });

  it("50 reverts in a row leave identical state and head; the clock comes back every time", async () => {
    for (let round = 0; round < 50; round++) {
      const txid: string = await token.transfer(addresses[3], BigInt(round + 1)).send();
      // the block after the previous revert is stamped near the snapshot's head, not a day later
      const { blockTimeStamp, blockNumber } = (await tronWeb.trx.getTransactionInfo(txid)) as Any;
      expect(blockNumber).toBe(fixture.head.number + 1);
      expect(blockTimeStamp - fixture.head.timestamp).toBeLessThan(60_000);
      // the answer is the total offset: a day minus the seconds the clock was put back
      expect(await rpc("evm_increaseTime", [DAY_S])).toBeGreaterThan(DAY_S - 60);
      await rpc("tre_mine");
      expect((await head()).timestamp - fixture.head.timestamp).toBeGreaterThanOrEqual(DAY_S * 1000);
      await loadFixture();
      expect(await observe()).toEqual(fixture);
    }
  });
});

describe("the book's snippets", () => {
  it("the loadFixture and vesting snippets are lines of this test file", () => {
    const section = readFileSync(join(import.meta.dirname, "..", "..", "docs", "dev-chain.md"), "utf8");
    const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const ours = blocks.filter((b) => b.includes("evm_snapshot") || b.includes("release()"));
    expect(ours).toHaveLength(2);
    // a statement of the snippet, without comments, `const`/`let` or spacing differences
    const normalize = (line: string) =>
      line
        .replace(/\/\/.*$/, "")
        .replace(/\s+/g, " ")
        .trim()
        .replace(/^(const|let|if \(.*?\)|else) /, "");
    const source = readFileSync(import.meta.filename, "utf8")
      .split("\n")
      .map(normalize);
    const statements = ours
      .flatMap((b) => b.split("\n"))
      .map(normalize)
      .filter((l) => /^(await |snapshot = )/.test(l));
    expect(statements.length).toBeGreaterThan(5);
    for (const statement of statements) {
      expect(
        source.some((line) => line.includes(statement)),
        statement,
      ).toBe(true);
    }
  });
});
