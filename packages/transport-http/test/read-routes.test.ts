import { addressToBase58, blockId, bytesToHex, transactionId } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { ALICE, WITNESS, WITNESS_BALANCE } from "./fake-wallet.js";
import { createHarness } from "./server-harness.js";

const hex = bytesToHex;

describe("block reads", () => {
  it("prints the head block like java-tron's Util.printBlock, on /wallet and /walletsolidity", async () => {
    const h = createHarness();
    const head = await h.get("/wallet/getnowblock");
    expect(head.json.blockID).toBe(hex(blockId(h.wallet.blocks[3]!)));
    expect(head.json.block_header.raw_data).toMatchObject({
      number: 3,
      version: 32,
      witness_address: hex(WITNESS),
    });
    expect(head.json.transactions).toBeUndefined();
    const solid = await h.post("/walletsolidity/getnowblock");
    expect(solid.json.block_header.raw_data.number).toBe(2);
  });

  it("getnowblock reads visible only from the query string, even on POST", async () => {
    const h = createHarness();
    const fromBody = await h.post("/wallet/getnowblock", { visible: true });
    expect(fromBody.json.block_header.raw_data.witness_address).toBe(hex(WITNESS));
    const fromQuery = await h.post("/wallet/getnowblock?visible=true", "garbage that is never parsed");
    expect(fromQuery.json.block_header.raw_data.witness_address).toBe(addressToBase58(WITNESS));
  });

  it("getblock strips transactions unless detail is true, and checks ids like java-tron", async () => {
    const h = createHarness();
    const stripped = await h.post("/wallet/getblock", { id_or_num: "2", detail: false });
    expect(stripped.json.blockID).toBe(hex(blockId(h.wallet.blocks[2]!)));
    expect(stripped.json.transactions).toBeUndefined();
    const detailed = await h.post("/wallet/getblock", { id_or_num: "2", detail: true });
    expect(detailed.json.transactions).toHaveLength(1);
    expect(detailed.json.transactions[0].txID).toBe(hex(transactionId(h.wallet.transfer)));
    expect(detailed.json.transactions[0].visible).toBeUndefined();
    const byId = await h.get(`/wallet/getblock?id_or_num=${hex(blockId(h.wallet.blocks[1]!))}&detail=true`);
    expect(byId.json.block_header.raw_data.number).toBe(1);
    expect((await h.post("/wallet/getblock", { detail: false })).json.block_header.raw_data.number).toBe(3);
    expect((await h.post("/wallet/getblock")).json.block_header.raw_data.number).toBe(3);
    expect((await h.post("/wallet/getblock", { id_or_num: "99" })).json).toEqual({});
    expect((await h.post("/wallet/getblock", { id_or_num: "-1" })).json).toEqual({
      Error: "num must be non-positive number.",
    });
    expect((await h.post("/wallet/getblock", { id_or_num: "abc" })).json).toEqual({
      Error: "id must be legal block hash.",
    });
    expect((await h.post("/wallet/getblock", { id_or_num: "zz".repeat(32) })).json).toEqual({
      Error: "id must be legal block hash.",
    });
    expect((await h.post("/walletsolidity/getblock", { id_or_num: "3" })).json).toEqual({});
  });

  it("getblockbynum / getblockbyid / ranges", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/getblockbynum", { num: 2 })).json.transactions).toHaveLength(1);
    expect((await h.get("/wallet/getblockbynum?num=1")).json.block_header.raw_data.number).toBe(1);
    expect((await h.get("/wallet/getblockbynum")).json.block_header.raw_data.number).toBeUndefined(); // block 0
    expect((await h.post("/wallet/getblockbynum", { num: 50 })).json).toEqual({});
    const id = hex(blockId(h.wallet.blocks[2]!));
    expect((await h.post("/wallet/getblockbyid", { value: id })).json.blockID).toBe(id);
    expect((await h.get(`/wallet/getblockbyid?value=${id}`)).json.blockID).toBe(id);
    expect((await h.post("/wallet/getblockbyid", { value: "00" })).json).toEqual({});
    const range = await h.post("/wallet/getblockbylimitnext", { startNum: 0, endNum: 6 });
    expect(
      range.json.block.map(
        (b: { block_header: { raw_data: { number?: number } } }) => b.block_header.raw_data.number ?? 0,
      ),
    ).toEqual([0, 1, 2, 3]);
    expect((await h.post("/wallet/getblockbylimitnext", { startNum: 5, endNum: 2 })).json).toEqual({});
    expect((await h.post("/wallet/getblockbylimitnext", { startNum: 0, endNum: 101 })).json).toEqual({});
    expect((await h.post("/wallet/getblockbylimitnext", { startNum: 10, endNum: 12 })).json).toEqual({
      block: [],
    });
    expect((await h.get("/wallet/getblockbylimitnext?startNum=1&endNum=3")).json.block).toHaveLength(2);
    expect((await h.post("/wallet/getblockbylatestnum", { num: 2 })).json.block).toHaveLength(2);
    expect((await h.post("/wallet/getblockbylatestnum", { num: 100 })).json).toEqual({});
    expect((await h.post("/wallet/getblockbylatestnum", { num: 0 })).json).toEqual({});
  });
});

describe("transaction reads", () => {
  it("prints transactions and infos, {} when unknown", async () => {
    const h = createHarness();
    const txId = hex(transactionId(h.wallet.transfer));
    const tx = await h.post("/wallet/gettransactionbyid", { value: txId });
    expect(tx.json.txID).toBe(txId);
    expect(tx.json.visible).toBeUndefined();
    expect(tx.json.raw_data.contract[0]).toMatchObject({
      type: "TransferContract",
      parameter: { type_url: "type.googleapis.com/protocol.TransferContract", value: { amount: 1000 } },
    });
    expect(tx.json.signature).toHaveLength(1);
    expect((await h.get(`/walletsolidity/gettransactionbyid?value=${txId}`)).json.txID).toBe(txId);
    expect((await h.post("/wallet/gettransactionbyid", { value: "ab".repeat(32) })).json).toEqual({});

    const info = await h.post("/wallet/gettransactioninfobyid", { value: txId });
    expect(info.json).toMatchObject({ id: txId, blockNumber: 2, fee: 100000 });
    expect(info.json.log[0].address).toBe(hex(WITNESS.subarray(1)));
    const visibleInfo = await h.post("/wallet/gettransactioninfobyid", { value: txId, visible: true });
    expect(visibleInfo.json.log[0].address).toBe(addressToBase58(WITNESS));
    expect(visibleInfo.json.contract_address).toBe(addressToBase58(WITNESS));
    expect((await h.post("/wallet/gettransactioninfobyid", { value: "00" })).json).toEqual({});

    expect((await h.post("/wallet/gettransactioncountbyblocknum", { num: 2 })).json).toEqual({ count: 1 });
    expect((await h.get("/wallet/gettransactioncountbyblocknum?num=1")).json).toEqual({ count: 0 });
    const infos = await h.post("/wallet/gettransactioninfobyblocknum", { num: 2 });
    expect(Array.isArray(infos.json)).toBe(true);
    expect(infos.json[0].id).toBe(txId);
    expect((await h.post("/wallet/gettransactioninfobyblocknum", { num: 0 })).json).toEqual({});
    expect((await h.post("/wallet/gettransactioninfobyblocknum", { num: 1 })).json).toEqual([]);
  });
});

describe("account reads", () => {
  it("getaccount with hex and Base58Check, exact 64-bit balances, {} for unknown", async () => {
    const h = createHarness();
    const byHex = await h.post("/wallet/getaccount", { address: hex(WITNESS) });
    expect(byHex.text).toContain(`"balance":${WITNESS_BALANCE}`);
    expect(byHex.json.address).toBe(hex(WITNESS));
    expect(byHex.json.account_name).toBe(hex(new TextEncoder().encode("Zion")));
    // java-tron's Util.convertOutput: asset_issued_ID as text even without visible
    expect(byHex.json.asset_issued_ID).toBe("1000001");
    const by0x = await h.post("/walletsolidity/getaccount", { address: `0x${hex(WITNESS)}` });
    expect(by0x.json.address).toBe(hex(WITNESS));
    const visible = await h.post("/wallet/getaccount", { address: addressToBase58(WITNESS), visible: true });
    expect(visible.json.address).toBe(addressToBase58(WITNESS));
    expect(visible.json.account_name).toBe("Zion");
    const visibleText = await h.post("/wallet/getaccount", {
      address: addressToBase58(WITNESS),
      visible: "TRUE",
    });
    expect(visibleText.json.account_name).toBe("Zion");
    const get = await h.get(`/wallet/getaccount?address=${addressToBase58(ALICE)}&visible=true`);
    expect(get.json.address).toBe(addressToBase58(ALICE));
    expect((await h.get(`/wallet/getaccount?address=${hex(ALICE)}`)).json.balance).toBe(1_000_000);
    expect((await h.post("/wallet/getaccount", { address: "41".padEnd(42, "0") })).json).toEqual({});
    expect((await h.get("/wallet/getaccount")).json).toEqual({});
  });

  it("getaccountbyid, getaccountnet, getaccountresource", async () => {
    const h = createHarness();
    const id = hex(new TextEncoder().encode("alice_id"));
    expect((await h.post("/wallet/getaccountbyid", { account_id: id })).json.address).toBe(hex(ALICE));
    expect(
      (await h.post("/walletsolidity/getaccountbyid", { account_id: "alice_id", visible: true })).json
        .account_id,
    ).toBe("alice_id");
    expect((await h.get(`/wallet/getaccountbyid?account_id=${id}`)).json.address).toBe(hex(ALICE));
    const net = await h.post("/wallet/getaccountnet", { address: hex(ALICE) });
    expect(net.json).toEqual({ freeNetLimit: 1500, TotalNetLimit: 43200000000 });
    const resource = await h.post("/wallet/getaccountresource", {
      address: addressToBase58(ALICE),
      visible: true,
    });
    expect(resource.json).toEqual({
      freeNetUsed: 10,
      freeNetLimit: 1500,
      TotalNetLimit: 43200000000,
      TotalEnergyLimit: 90000000000,
    });
    expect((await h.post("/wallet/getaccountresource", { address: hex(new Uint8Array(21)) })).json).toEqual(
      {},
    );
  });
});

describe("chain and node reads", () => {
  it("prints chain figures like java-tron", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/getchainparameters")).json).toEqual({
      chainParameter: [
        { key: "getMaintenanceTimeInterval", value: 300000 },
        { key: "getAllowUpdateAccountName" },
        { key: "getAllowSameTokenName", value: 1 },
      ],
    });
    const witnesses = await h.get("/wallet/listwitnesses?visible=true");
    expect(witnesses.json.witnesses[0]).toMatchObject({
      address: addressToBase58(WITNESS),
      voteCount: 10000,
      isJobs: true,
    });
    expect((await h.get("/walletsolidity/listwitnesses")).json.witnesses[0].address).toBe(hex(WITNESS));
    expect((await h.get("/wallet/getnextmaintenancetime")).json).toEqual({ num: 1700000300000 });
    expect((await h.post("/wallet/getbandwidthprices")).json.prices).toMatch(/^0:10,/);
    expect((await h.post("/walletsolidity/getenergyprices")).json.prices).toMatch(/^0:100,/);
    expect((await h.get("/wallet/getmemofee")).json.prices).toMatch(/:1000000$/);
    expect((await h.get("/wallet/getburntrx")).json).toEqual({ burnTrxAmount: 0 });
    expect((await h.get("/wallet/totaltransaction")).json).toEqual({ num: 1 });
    expect((await h.get("/wallet/listnodes")).json).toEqual({});
    expect((await h.get("/net/listnodes")).json).toEqual({});
  });

  it("getnodeinfo has java-tron's bean shape", async () => {
    const h = createHarness();
    for (const path of ["/wallet/getnodeinfo", "/walletsolidity/getnodeinfo", "/monitor/getnodeinfo"]) {
      const info = (await h.post(path)).json;
      expect(info.configNodeInfo.codeVersion).toBe("4.8.1");
      expect(info.block).toBe(`Num:3,ID:${hex(blockId(h.wallet.blocks[3]!))}`);
      expect(info.solidityBlock).toBe(`Num:2,ID:${hex(blockId(h.wallet.blocks[2]!))}`);
      expect(info).toMatchObject({
        currentConnectCount: 0,
        activeConnectCount: 0,
        peerList: [],
        beginSyncNum: 3,
      });
      expect(info.machineInfo.cpuCount).toBeGreaterThan(0);
    }
  });

  it("getstatsinfo prints java-tron's MetricsInfo bean as fastjson's pretty format does", async () => {
    const h = createHarness();
    const answer = await h.get("/monitor/getstatsinfo");
    const lines = answer.text.split("\n");
    // alphabetical properties, tab indentation, doubles as Java's Double.toString, nulls left out
    expect(lines.slice(0, 3)).toEqual(["{", '\t"blockchain":{', '\t\t"dupWitness":[],']);
    expect(answer.text).toContain(
      '\t\t"tps":{\n\t\t\t"count":3,\n\t\t\t"fifteenMinuteRate":1.0E7,\n\t\t\t"fiveMinuteRate":2.0,\n\t\t\t"meanRate":0.5,\n\t\t\t"oneMinuteRate":1.2E-4\n\t\t},',
    );
    expect(answer.text).not.toContain("missedTransaction");
    expect(answer.json.net.api.detail).toEqual([
      { name: "/wallet/getnowblock", qps: answer.json.blockchain.tps },
    ]);
    expect(answer.json.interval).toBe(12);
    expect((await h.post("/monitor/getstatsinfo")).status).toBe(405);
  });

  it("validateaddress", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/validateaddress", { address: hex(ALICE) })).json).toEqual({
      result: true,
      message: "Hex string format",
    });
    expect((await h.get(`/wallet/validateaddress?address=${addressToBase58(ALICE)}`)).json).toEqual({
      result: true,
      message: "Base58check format",
    });
    expect(
      (await h.post("/wallet/validateaddress", { address: Buffer.from(ALICE).toString("base64") })).json,
    ).toEqual({
      result: true,
      message: "Base64 format",
    });
    expect((await h.post("/wallet/validateaddress", { address: "T".repeat(34) })).json).toEqual({
      result: false,
      message: "Invalid address",
    });
    expect((await h.post("/wallet/validateaddress", { address: "42".padEnd(42, "0") })).json).toEqual({
      result: false,
      message: "Invalid address",
    });
    expect((await h.post("/wallet/validateaddress", { address: "zz".repeat(21) })).json).toEqual({
      result: false,
      message: "exception decoding Hex string: invalid characters encountered in Hex string",
    });
    expect((await h.post("/wallet/validateaddress", { address: "abc" })).json).toEqual({
      result: false,
      message: "Length error",
    });
    expect((await h.post("/wallet/validateaddress", {})).json).toEqual({ result: false });
  });

  it("pending pool", async () => {
    const h = createHarness();
    expect((await h.get("/wallet/getpendingsize")).json).toEqual({ pendingSize: 0 });
    expect((await h.get("/wallet/gettransactionlistfrompending")).json).toEqual({});
    h.wallet.pending.push(h.wallet.transfer);
    const txId = hex(transactionId(h.wallet.transfer));
    expect((await h.post("/wallet/getpendingsize")).json).toEqual({ pendingSize: 1 });
    expect((await h.post("/wallet/gettransactionlistfrompending")).json).toEqual({ txId: [txId] });
    expect((await h.post("/wallet/gettransactionfrompending", { value: txId })).json.txID).toBe(txId);
    expect((await h.get(`/wallet/gettransactionfrompending?value=${txId}`)).json.txID).toBe(txId);
    expect((await h.get("/wallet/gettransactionfrompending?value=00")).json).toEqual({});
  });
});
