import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  bytesToHex,
  ContractType,
  encodeTransaction,
  hexToBytes,
  rawDataBytes,
  TransactionSchema,
  transactionId,
  utf8Encode,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { ALICE, BOB } from "./fake-wallet.js";
import { createHarness } from "./server-harness.js";

const hex = bytesToHex;

describe("transaction builders", () => {
  it("createtransaction parses the contract, Permission_id and extra_data and prints printCreateTransaction", async () => {
    const h = createHarness();
    const answer = await h.post("/wallet/createtransaction", {
      owner_address: hex(ALICE),
      to_address: hex(BOB),
      amount: 5,
      Permission_id: 2,
      extra_data: "6d656d6f",
    });
    expect(h.wallet.builds[0]!.type).toBe(ContractType.TransferContract);
    expect(h.wallet.builds[0]!.options).toEqual({ permissionId: 2, data: utf8Encode("memo") });
    expect(answer.json.visible).toBe(false);
    expect(answer.json.txID).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.json.raw_data.contract[0]).toMatchObject({
      type: "TransferContract",
      Permission_id: 2,
      parameter: { value: { owner_address: hex(ALICE), to_address: hex(BOB), amount: 5 } },
    });
    expect(answer.json.raw_data.data).toBe("6d656d6f");
    expect(answer.json.signature).toBeUndefined();
    // raw_data_hex is the bytes the txID covers
    const built = h.wallet.builds[0]!.built!;
    expect(answer.json.raw_data_hex).toBe(hex(rawDataBytes(built)));
    expect(answer.json.txID).toBe(hex(transactionId(built)));
  });

  it("accepts permission_id, visible addresses, memo text and form bodies", async () => {
    const h = createHarness();
    const visible = await h.post("/wallet/createtransaction", {
      owner_address: addressToBase58(ALICE),
      to_address: addressToBase58(BOB),
      amount: 5,
      permission_id: "3",
      extra_data: "memo",
      visible: true,
    });
    expect(visible.json.visible).toBe(true);
    expect(visible.json.raw_data.contract[0].parameter.value.owner_address).toBe(addressToBase58(ALICE));
    expect(visible.json.raw_data.contract[0].Permission_id).toBe(3);
    expect(h.wallet.builds[0]!.options).toEqual({ permissionId: 3, data: utf8Encode("memo") });

    const form = await h.post(
      "/wallet/createaccount",
      `owner_address=${hex(ALICE)}&account_address=${hex(BOB)}`,
      "application/x-www-form-urlencoded",
    );
    expect(form.json.raw_data.contract[0].type).toBe("AccountCreateContract");
    expect(h.wallet.builds[1]!.options).toEqual({});
  });

  it("updateaccount and setaccountid", async () => {
    const h = createHarness();
    const update = await h.post("/wallet/updateaccount", {
      owner_address: hex(ALICE),
      account_name: "6e616d65",
    });
    expect(update.json.raw_data.contract[0].parameter.value.account_name).toBe("6e616d65");
    const visible = await h.post("/wallet/setaccountid", {
      owner_address: addressToBase58(ALICE),
      account_id: "my_id",
      visible: true,
    });
    expect(visible.json.raw_data.contract[0].parameter.value).toEqual({
      owner_address: addressToBase58(ALICE),
      account_id: "my_id",
    });
  });

  it("answers the engine's validation failure with java-tron's class and no prefix", async () => {
    const h = createHarness();
    const answer = await h.post("/wallet/createtransaction", {
      owner_address: hex(ALICE),
      to_address: hex(BOB),
      amount: 0,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      Error: "class org.tron.core.exception.ContractValidateException : Amount must be greater than 0.",
    });
  });
});

describe("broadcast", () => {
  it("re-encodes the posted JSON and answers {result:true, txid}", async () => {
    const h = createHarness();
    const tx = (await h.post("/wallet/gettransactionbyid", { value: hex(transactionId(h.wallet.transfer)) }))
      .json;
    const answer = await h.post("/wallet/broadcasttransaction", {
      ...tx,
      visible: false,
      raw_data_hex: "ignored",
    });
    expect(answer.json).toEqual({ result: true, txid: hex(transactionId(h.wallet.transfer)) });
    expect(hex(encodeTransaction(h.wallet.broadcasts[0]!))).toBe(hex(encodeTransaction(h.wallet.transfer)));
  });

  it("a failure has no result key and a hex message unless visible", async () => {
    const h = createHarness();
    const tx = (await h.post("/wallet/gettransactionbyid", { value: hex(transactionId(h.wallet.transfer)) }))
      .json;
    const unsigned = { ...tx, signature: [] };
    const answer = await h.post("/wallet/broadcasttransaction", unsigned);
    expect(answer.json).toEqual({
      code: "SIGERROR",
      txid: tx.txID,
      message: hex(utf8Encode("Validate signature error: miss sig or contract")),
    });
    const visibleTx = (await h.post("/wallet/gettransactionbyid", { value: tx.txID, visible: true })).json;
    const visibleAnswer = await h.post("/wallet/broadcasttransaction", {
      ...visibleTx,
      signature: [],
      visible: true,
    });
    expect(visibleAnswer.json).toEqual({
      code: "SIGERROR",
      txid: tx.txID,
      message: "Validate signature error: miss sig or contract",
    });
    const noContract = await h.post("/wallet/broadcasttransaction", {
      raw_data: { contract: [{ type: "Nope" }] },
      signature: ["00"],
    });
    expect(noContract.json.code).toBe("CONTRACT_VALIDATE_ERROR");
  });

  it("broadcasthex answers its own shape with the transaction as a JSON string", async () => {
    const h = createHarness();
    const answer = await h.post("/wallet/broadcasthex", {
      transaction: hex(encodeTransaction(h.wallet.transfer)),
    });
    expect(answer.json).toMatchObject({
      result: true,
      code: "SUCCESS",
      message: "",
      txid: hex(transactionId(h.wallet.transfer)),
    });
    expect(typeof answer.json.transaction).toBe("string");
    const printed = JSON.parse(answer.json.transaction);
    // java-tron's JsonFormat leaves the contract's Any packed: its type_url and the hex of its value
    expect(printed.raw_data.contract[0].parameter.type_url).toBe(
      "type.googleapis.com/protocol.TransferContract",
    );
    expect(typeof printed.raw_data.contract[0].parameter.value).toBe("string");
    const unsigned = create(TransactionSchema, { ...h.wallet.transfer, signature: [] });
    const failed = await h.post("/wallet/broadcasthex", { transaction: hex(encodeTransaction(unsigned)) });
    expect(failed.json).toMatchObject({
      result: false,
      code: "SIGERROR",
      message: "Validate signature error: miss sig or contract",
    });
    const bad = await h.post("/wallet/broadcasthex", { transaction: "0a" });
    expect(bad.json.Error).toMatch(/^class com\.google\.protobuf\.InvalidProtocolBufferException : /);
    const notHex = await h.post("/wallet/broadcasthex", { transaction: "xyz" });
    expect(notHex.json.Error).toBe(
      "class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string",
    );
  });

  it("broadcasthex prints the transaction as java-tron 4.8.0 did for the same bytes", async () => {
    // recorded from java-tron by the oracle's generated campaign (seed 2, #201): a transfer to itself
    const javaTron =
      '{"raw_data": {"ref_block_bytes": "0003","ref_block_hash": "946e969a1c68c5bd","expiration": 1796246670000,"contract": [{"type": "TransferContract","parameter": {"type_url": "type.googleapis.com/protocol.TransferContract","value": "0a15410c96c0e10bb5e7e7edacf82ad00e3d60790351da1215410c96c0e10bb5e7e7edacf82ad00e3d60790351da18808090bbbad6adf00d"}}],"timestamp": 1796246610201},"signature": ["c547a49cc110eb0c5f4ec664643db81b9caafaa0ca3c612550f9bebf718e44425d68b6210789a2e534e622cd6029201bb09203498a3dfa5d5df80b7bc311f6c201"]}';
    const printed = JSON.parse(javaTron);
    const raw = printed.raw_data;
    const tx = create(TransactionSchema, {
      rawData: {
        refBlockBytes: hexToBytes(raw.ref_block_bytes),
        refBlockHash: hexToBytes(raw.ref_block_hash),
        expiration: BigInt(raw.expiration),
        timestamp: BigInt(raw.timestamp),
        contract: [
          {
            type: 1,
            parameter: {
              typeUrl: raw.contract[0].parameter.type_url,
              value: hexToBytes(raw.contract[0].parameter.value),
            },
          },
        ],
      },
      signature: printed.signature.map(hexToBytes),
    });
    const answer = await createHarness().post("/wallet/broadcasthex", {
      transaction: hex(encodeTransaction(tx)),
    });
    expect(answer.json.transaction).toBe(javaTron);
  });
});
