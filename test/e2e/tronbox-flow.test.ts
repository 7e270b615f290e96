/**
 * The requests `tronbox migrate` and `tronbox test` make, in their order, against a started node
 * (events-and-devtools.md §2): the signer from /admin/accounts-json, a deploy built locally by
 * TronWeb and sent with broadcasttransaction, getcontract polled until the contract exists,
 * getchainparameters + getnodeinfo before every call, views through triggerconstantcontract,
 * state changes through triggersmartcontract + broadcast read back at once, receipts from
 * /walletsolidity, console.log data on both answers, and TRE's tre_setAccountCode /
 * tre_setAccountStorageAt.
 */
import { createNode, type TronNode } from "@tronode/node";
import { Interface } from "ethers";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcStub } from "../support/grpc-stubs.js";
import { type CompiledContract, compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

let node: TronNode;
let tronWeb: TronWeb;
let owner: string;
let artefacts: Record<string, CompiledContract>;
const CONSOLE = "41000000000000000000636f6e736f6c652e6c6f67";

async function get(path: string): Promise<Json> {
  return (await fetch(`${node.url}${path}`)).json();
}

async function post(path: string, body?: unknown): Promise<Json> {
  const r = await fetch(`${node.url}${path}`, {
    method: "POST",
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return r.json();
}

/** TronBox's `_getNetworkInfo` before every contract call (failures tolerated there; not here). */
async function networkInfo(): Promise<void> {
  expect((await post("/wallet/getchainparameters")).chainParameter.length).toBeGreaterThan(50);
  expect((await post("/wallet/getnodeinfo")).configNodeInfo.codeVersion).toBeDefined();
}

/** TronBox's deploy: local build, sign, broadcasttransaction, getcontract polled 10 × 500 ms. */
async function deploy(name: string): Promise<string> {
  const art = artefacts[name]!;
  const tx = await tronWeb.transactionBuilder.createSmartContract(
    {
      abi: art.abi,
      bytecode: art.bytecode,
      feeLimit: 1_000_000_000,
      userFeePercentage: 100,
      originEnergyLimit: 1e7,
    },
    owner,
  );
  const signed = await tronWeb.trx.sign(tx);
  const sent: Json = await post("/wallet/broadcasttransaction", signed);
  expect(sent.result).toBe(true);
  const address = (signed as Json).contract_address as string;
  for (let i = 0; i < 10; i++) {
    const contract = await get(`/wallet/getcontract?value=${address}`);
    if (contract.contract_address) return address;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Contract ${name} has not been deployed on the network`);
}

beforeAll(async () => {
  artefacts = await compiledContracts();
  node = await createNode({ port: 0, blockTime: 0, accounts: 2, grpcPort: 0 });
  const accounts: Json = await get("/admin/accounts-json");
  const key: string = accounts.privateKeys[0];
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  tronWeb = new TronWeb({ fullHost: node.url!, privateKey: key });
  owner = tronWeb.address.toHex(tronWeb.address.fromPrivateKey(key) as string);
});

afterAll(async () => {
  await node?.stop();
});

describe("the same contract operations over gRPC", () => {
  it("DeployContract, GetContract, TriggerConstantContract and EstimateEnergy answer as the HTTP API", async () => {
    const wallet = grpcStub("Wallet", node.grpc.full!);
    try {
      const address = await deploy("Reverter");
      const contract = await wallet.call("GetContract", { value: Buffer.from(address, "hex") });
      expect(Buffer.from(contract.contract_address).toString("hex")).toBe(address);
      expect(await wallet.call("GetContract", { value: Buffer.from(owner, "hex") })).toEqual({});
      const data = new Interface(artefacts.Reverter!.abi).encodeFunctionData("check", [30]);
      const call = await wallet.call("TriggerConstantContract", {
        owner_address: Buffer.from(owner, "hex"),
        contract_address: Buffer.from(address, "hex"),
        data: Buffer.from(data.slice(2), "hex"),
      });
      expect(call.result.result).toBe(true);
      expect(BigInt(`0x${Buffer.from(call.constant_result[0]).toString("hex")}`)).toBe(30n);
      const reverted = await wallet.call("TriggerConstantContract", {
        owner_address: Buffer.from(owner, "hex"),
        contract_address: Buffer.from(address, "hex"),
        data: Buffer.from(
          new Interface(artefacts.Reverter!.abi).encodeFunctionData("check", [3]).slice(2),
          "hex",
        ),
      });
      expect(Buffer.from(reverted.result.message).toString()).toBe("REVERT opcode executed");
      const missing = await wallet.call("TriggerContract", {
        owner_address: Buffer.from(owner, "hex"),
        contract_address: Buffer.from(owner, "hex"),
      });
      expect(missing.result.code).toBe("CONTRACT_VALIDATE_ERROR");
      expect(Buffer.from(missing.result.message).toString()).toBe(
        "Contract validate error : No contract or not a valid smart contract",
      );
      const estimate = await wallet.call("EstimateEnergy", {
        owner_address: Buffer.from(owner, "hex"),
        contract_address: Buffer.from(address, "hex"),
        data: Buffer.from(data.slice(2), "hex"),
      });
      expect(estimate.result.result).toBe(true);
      expect(BigInt(estimate.energy_required)).toBeGreaterThan(0n);
    } finally {
      wallet.close();
    }
  });
});

describe("tronbox migrate and test against tronode", () => {
  it("deploys, calls views and sends state changes visible at once; receipts from /walletsolidity", async () => {
    const address = await deploy("ConsoleLog");
    const iface = new Interface(artefacts.ConsoleLog!.abi);
    await networkInfo();
    const built: Json = await post("/wallet/triggersmartcontract", {
      owner_address: owner,
      contract_address: address,
      function_selector: "add(uint256)",
      parameter: iface.encodeFunctionData("add", [7]).slice(10),
      fee_limit: 1_000_000_000,
      call_value: 0,
    });
    expect(built.result.result).toBe(true);
    const signed = await tronWeb.trx.sign(built.transaction);
    const sent: Json = await post("/wallet/broadcasttransaction", signed);
    expect(sent.result).toBe(true);
    // TRE's console.log extension on the broadcast answer
    expect(sent.internal_transactions).toHaveLength(1);
    expect(sent.internal_transactions[0].transferTo_address).toBe(CONSOLE);
    const logged = new Interface(["function log(string,uint256)"]).decodeFunctionData(
      "log",
      `0x${sent.internal_transactions[0].data}`,
    );
    expect([logged[0], logged[1]]).toEqual(["adding", 7n]);

    await networkInfo();
    const view: Json = await post("/wallet/triggerconstantcontract", {
      owner_address: owner,
      contract_address: address,
      function_selector: "peek(uint256)",
      parameter: iface.encodeFunctionData("peek", [5]).slice(10),
    });
    expect(BigInt(`0x${view.constant_result[0]}`)).toBe(12n); // total 7 + 5, read right after the broadcast
    const consoleCall = view.internal_transactions.find((it: Json) => it.transferTo_address === CONSOLE);
    const peeked = new Interface(["function log(string,uint256)"]).decodeFunctionData(
      "log",
      `0x${consoleCall.data}`,
    );
    expect([peeked[0], peeked[1]]).toEqual(["peek", 5n]);

    // waitForTransactionReceipt
    let receipt: Json = {};
    for (let i = 0; i < 20 && Object.keys(receipt).length === 0; i++) {
      receipt = await post("/walletsolidity/gettransactioninfobyid", { value: signed.txID });
      if (Object.keys(receipt).length === 0) await new Promise((r) => setTimeout(r, 500));
    }
    expect(receipt.receipt.result).toBe("SUCCESS");
    expect(BigInt(`0x${receipt.contractResult[0]}`)).toBe(7n);
  });

  it("tre_setAccountCode and tre_setAccountStorageAt: runtime code and a storage slot, read back by calls", async () => {
    const target = TronWeb.createRandom();
    const hex = tronWeb.address.toHex(target.address).toLowerCase();
    const rpc = async (method: string, params: unknown[]) =>
      post("/tre", { jsonrpc: "2.0", id: 1, method, params });
    const runtime = artefacts.Reverter!.deployedBytecode;
    expect((await rpc("tre_setAccountCode", [target.address, `0x${runtime}`])).result).toBe(true);
    const info: Json = await get(`/wallet/getcontractinfo?value=${hex}`);
    expect(info.runtimecode).toBe(runtime);
    expect(info.smart_contract.consume_user_resource_percent).toBe(100);
    const account: Json = await post("/wallet/getaccount", { address: hex });
    expect(account.type).toBe("Contract");
    expect(Buffer.from(account.account_name, "hex").toString()).toBe("CreatedByTre");
    // Reverter.counter is slot 0
    expect((await rpc("tre_setAccountStorageAt", [hex, "0x0", `0x${(42).toString(16)}`])).result).toBe(true);
    const counter: Json = await post("/wallet/triggerconstantcontract", {
      owner_address: owner,
      contract_address: hex,
      function_selector: "counter()",
    });
    expect(BigInt(`0x${counter.constant_result[0]}`)).toBe(42n);
    const bad: Json = await rpc("tre_setAccountCode", ["nope", "0x00"]);
    expect(bad.error.message).toMatch(/not a TRON address/);
  });
});
