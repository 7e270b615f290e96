/**
 * Smart contracts end to end with npm `tronweb` against a started node (instamine): a TRC-20
 * compiled by npm `solc` deployed with `contract().new`, transfers, allowances, reverts, the
 * receipts, constant calls and energy estimation, events through TronWeb's event module, and the
 * contract settings (updateSetting, updateEnergyLimit, clearABI) seen through getContract.
 *
 * TronWeb 6.5.1 has no `contract.Event().watch()` (nothing in its contract module listens for
 * events); its event module is what dApps poll, so that is what is tested.
 */
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompiledContract, compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's contract objects are dynamic
type Any = any;

let node: TronNode;
let tronWeb: TronWeb;
let keys: string[];
let addresses: string[];
let artefacts: Record<string, CompiledContract>;
let token: Any;
let tokenAddress: string;

const SUPPLY = 1_000_000n * 10n ** 18n;
const client = (privateKey: string) => new TronWeb({ fullHost: node.url!, privateKey });
const hexToText = (hex: string) => Buffer.from(hex, "hex").toString("utf8");

async function post(path: string, body: unknown): Promise<Any> {
  const r = await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return r.json();
}

beforeAll(async () => {
  artefacts = await compiledContracts();
  node = await createNode({ port: 0, blockTime: 0, accounts: 4 });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  tronWeb = client(keys[0]!);
  addresses = keys.map((k) => tronWeb.address.fromPrivateKey(k) as string);
  const art = artefacts.TestToken!;
  token = await tronWeb.contract().new({
    abi: art.abi,
    bytecode: art.bytecode,
    feeLimit: 1_000_000_000,
    callValue: 0,
    parameters: [SUPPLY.toString()],
  });
  tokenAddress = token.address;
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe("a TRC-20 through TronWeb", () => {
  it("deploys with contract().new and loads with contract().at()", async () => {
    expect(tokenAddress).toMatch(/^41[0-9a-f]{40}$/);
    const loaded = await tronWeb.contract().at(tokenAddress);
    expect(await loaded.name().call()).toBe("Test Token");
    expect(await loaded.symbol().call()).toBe("TST");
    expect(BigInt(await loaded.totalSupply().call())).toBe(SUPPLY);
    expect(BigInt(await loaded.balanceOf(addresses[0]).call())).toBe(SUPPLY);
    const info = await tronWeb.trx.getContract(tokenAddress);
    expect(info.contract_address).toBe(tokenAddress);
    expect(info.bytecode.startsWith(artefacts.TestToken!.bytecode)).toBe(true); // + constructor arguments
    expect(info.consume_user_resource_percent).toBe(100);
    expect(info.origin_energy_limit).toBe(10_000_000);
    expect(info.version).toBe(1);
    expect(info.abi.entrys.some((e: Any) => e.name === "transfer" && e.type === "Function")).toBe(true);
    const contractInfo = await tronWeb.trx.getContractInfo(tokenAddress);
    expect(contractInfo.runtimecode).toBe(artefacts.TestToken!.deployedBytecode);
    expect(contractInfo.contract_state).toBeDefined();
  });

  it("transfer().send() and balanceOf().call() agree; the receipt has energy, logs and fee", async () => {
    const txid: string = await token.transfer(addresses[1], 1234n * 10n ** 18n).send();
    expect(BigInt(await token.balanceOf(addresses[1]).call())).toBe(1234n * 10n ** 18n);
    const info: Any = await tronWeb.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe("SUCCESS");
    expect(info.receipt.energy_usage_total).toBeGreaterThan(0);
    // No staked energy: it is all bought at 100 sun.
    expect(info.receipt.energy_fee).toBe(info.receipt.energy_usage_total * 100);
    expect(info.fee).toBe(info.receipt.energy_fee + (info.receipt.net_fee ?? 0));
    expect(info.contract_address).toBe(tokenAddress);
    expect(info.contractResult).toEqual([`${"0".repeat(63)}1`]);
    expect(info.log).toHaveLength(1);
    expect(info.log[0].address).toBe(tokenAddress.slice(2));
    expect(info.log[0].topics[1]).toBe(
      `000000000000000000000000${tronWeb.address.toHex(addresses[0]!).slice(2)}`,
    );
    const tx: Any = await tronWeb.trx.getTransaction(txid);
    expect(tx.ret[0].contractRet).toBe("SUCCESS");
  });

  it("send({shouldPollResponse}) decodes the return value", async () => {
    const ok = await token.transfer(addresses[2], 5n).send({ shouldPollResponse: true });
    expect(ok).toBe(true);
  });

  it("approve / transferFrom / allowance", async () => {
    await token.approve(addresses[1], 100n).send();
    expect(BigInt(await token.allowance(addresses[0], addresses[1]).call())).toBe(100n);
    const spender = await client(keys[1]!).contract().at(tokenAddress);
    await spender.transferFrom(addresses[0], addresses[3], 60n).send();
    expect(BigInt(await token.balanceOf(addresses[3]).call())).toBe(60n);
    expect(BigInt(await token.allowance(addresses[0], addresses[1]).call())).toBe(40n);
  });

  it("a custom-error revert: call() throws, send() fails with REVERT opcode executed, contractResult has the error", async () => {
    const poor = await client(keys[2]!).contract().at(tokenAddress);
    await expect(poor.transfer(addresses[0], 10n ** 30n).call()).rejects.toThrow();
    const txid: string = await poor.transfer(addresses[0], 10n ** 30n).send();
    const info: Any = await tronWeb.trx.getTransactionInfo(txid);
    expect(info.result).toBe("FAILED");
    expect(hexToText(info.resMessage)).toBe("REVERT opcode executed");
    expect(info.receipt.result).toBe("REVERT");
    // ERC20InsufficientBalance(address,uint256,uint256) selector + arguments
    expect(info.contractResult[0].slice(0, 8)).toBe("e450d38c");
    await expect(poor.transfer(addresses[0], 10n ** 30n).send({ shouldPollResponse: true })).rejects.toThrow(
      "REVERT opcode executed",
    );
  });

  it("tronWeb.event sees the Transfer events with decoded results", async () => {
    const events: Any = await tronWeb.event.getEventsByContractAddress(tokenAddress, {
      eventName: "Transfer",
      onlyConfirmed: true,
      orderBy: "block_timestamp,asc",
    });
    expect(events.success).toBe(true);
    const first = events.data[0];
    expect(first.event_name).toBe("Transfer");
    expect(first.contract_address).toBe(tronWeb.address.fromHex(tokenAddress));
    expect(first.result.from).toBe("0x0000000000000000000000000000000000000000");
    expect(BigInt(first.result.value)).toBe(SUPPLY);
    expect(events.data.length).toBeGreaterThanOrEqual(4);
    const byTx: Any = await tronWeb.event.getEventsByTransactionID(events.data[1].transaction_id);
    expect(byTx.data[0].event_name).toBe("Transfer");
  });
});

describe("constant calls and estimates", () => {
  it("triggerConstantContract answers constant_result and energy_used; estimateEnergy answers energy_required", async () => {
    const owner = tronWeb.address.toHex(addresses[0]!);
    const r: Any = await tronWeb.transactionBuilder.triggerConstantContract(
      tokenAddress,
      "balanceOf(address)",
      {},
      [{ type: "address", value: addresses[1] }],
      owner,
    );
    expect(r.result.result).toBe(true);
    expect(BigInt(`0x${r.constant_result[0]}`)).toBe(1234n * 10n ** 18n);
    expect(r.energy_used).toBeGreaterThan(0);
    const estimate: Any = await tronWeb.transactionBuilder.estimateEnergy(
      tokenAddress,
      "transfer(address,uint256)",
      {},
      [
        { type: "address", value: addresses[1] },
        { type: "uint256", value: 1 },
      ],
      owner,
    );
    expect(estimate.result.result).toBe(true);
    expect(estimate.energy_required).toBeGreaterThan(0);
  });

  it("a revert reason reaches call() decoded and the constant answer carries REVERT opcode executed", async () => {
    const art = artefacts.Reverter!;
    const reverter: Any = await tronWeb
      .contract()
      .new({ abi: art.abi, bytecode: art.bytecode, feeLimit: 1e9 });
    const raw: Any = await post("/wallet/triggerconstantcontract", {
      owner_address: tronWeb.address.toHex(addresses[0]!),
      contract_address: reverter.address,
      function_selector: "requireAbove(uint256)",
      parameter: "0".repeat(63) + "3",
      visible: false,
    });
    expect(raw.result).toEqual({
      result: true,
      message: Buffer.from("REVERT opcode executed").toString("hex"),
    });
    expect(raw.transaction.ret).toEqual([{ ret: "FAILED" }]);
    // Error(string) with the reason, verbatim in constant_result
    expect(raw.constant_result[0].slice(0, 8)).toBe("08c379a0");
    expect(hexToText(raw.constant_result[0].slice(8 + 128)).replace(/\0+$/, "")).toBe(
      "value must be above 10",
    );
    // TronWeb's call() throws Return.message first, as against java-tron
    await expect(reverter.check(3).call()).rejects.toThrow("REVERT opcode executed");
    expect(BigInt(await reverter.check(30).call())).toBe(30n);
    // a VM exception is answered as OTHER_ERROR with java-tron's exception class
    const invalid: Any = await post("/wallet/triggerconstantcontract", {
      owner_address: tronWeb.address.toHex(addresses[0]!),
      contract_address: reverter.address,
      function_selector: "invalid()",
    });
    expect(invalid.result.code).toBe("OTHER_ERROR");
  });

  it("/walletsolidity answers constant calls and estimates on the committed state; bad requests answer in result", async () => {
    const owner = tronWeb.address.toHex(addresses[0]!);
    const body = {
      owner_address: owner,
      contract_address: tokenAddress,
      function_selector: "totalSupply()",
    };
    const solid: Any = await post("/walletsolidity/triggerconstantcontract", body);
    expect(BigInt(`0x${solid.constant_result[0]}`)).toBe(SUPPLY);
    expect((await post("/walletsolidity/estimateenergy", body)).energy_required).toBeGreaterThan(0);
    const missing: Any = await post("/wallet/triggersmartcontract", { owner_address: owner });
    expect(missing).toEqual({
      result: {
        code: "OTHER_ERROR",
        message: Buffer.from(
          "class java.security.InvalidParameterException : contract_address isn't set.",
        ).toString("hex"),
      },
    });
    const unknown: Any = await post("/wallet/triggerconstantcontract", { ...body, contract_address: owner });
    expect(unknown.result.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(hexToText(unknown.result.message)).toBe("Smart contract is not exist.");
  });

  it("estimateenergy of a call that needs no energy leaves energy_required out, as java-tron's JsonFormat does", async () => {
    // found by the oracle's generated campaign: java-tron answers {"result":{"result":true}} alone
    const owner = addresses[0]!;
    const stop = await tronWeb.contract().new({
      abi: [],
      bytecode: "6001600c60003960016000f300", // returns the runtime code 00 (STOP)
      feeLimit: 1_000_000_000,
      callValue: 0,
    });
    const body = { owner_address: tronWeb.address.toHex(owner), contract_address: stop.address, data: "" };
    expect(await post("/wallet/estimateenergy", body)).toEqual({ result: { result: true } });
  });

  it("deployConstantContract estimates a deploy without a contract address", async () => {
    const art = artefacts.Events!;
    const r: Any = await tronWeb.transactionBuilder.deployConstantContract({
      input: art.bytecode,
      ownerAddress: addresses[0],
    });
    expect(r.result.result).toBe(true);
    expect(r.energy_required).toBeGreaterThan(0);
  });
});

describe("contract settings", () => {
  it("updateSetting, updateEnergyLimit and clearABI show in getContract", async () => {
    const owner = addresses[0]!;
    const send = async (tx: Any) => {
      const r = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx));
      expect(r.result).toBe(true);
    };
    await send(await tronWeb.transactionBuilder.updateSetting(tokenAddress, 30, owner));
    await send(await tronWeb.transactionBuilder.updateEnergyLimit(tokenAddress, 5_000_000, owner));
    const fresh = client(keys[0]!);
    let info: Any = await fresh.trx.getContract(tokenAddress);
    expect(info.consume_user_resource_percent).toBe(30);
    expect(info.origin_energy_limit).toBe(5_000_000);
    await send(await tronWeb.transactionBuilder.clearABI(tokenAddress, owner));
    info = await client(keys[0]!).trx.getContract(tokenAddress);
    expect(info.abi).toEqual({});
    // not the deployer
    const other = client(keys[1]!);
    const refused: Any = await post("/wallet/updatesetting", {
      owner_address: other.address.toHex(addresses[1]!),
      contract_address: tokenAddress,
      consume_user_resource_percent: 10,
    });
    expect(refused.Error).toBe(
      `class org.tron.core.exception.ContractValidateException : Account[${other.address.toHex(addresses[1]!).toLowerCase()}] is not the owner of the contract`,
    );
  });
});
