/**
 * A multi-parameter ProposalCreate keeps the txID its client signed. TronWeb (google-protobuf)
 * writes map entries sorted by key as strings, java-tron in insertion order, protobuf-es in
 * ascending numeric order: for keys [9, 2, 11] the three disagree. Broadcast JSON with
 * `raw_data_hex` keeps the client's contract bytes; JSON without it is encoded in insertion order
 * (java-tron's); the bytes survive storage.
 */
import { fromBinary } from "@bufbuild/protobuf";
import {
  BlockSchema,
  blockBytes,
  bytesToHex,
  decode,
  decodeTransaction,
  encodeTransaction,
  hexToBytes,
  int64MapEntries,
  ProposalCreateContractSchema,
  parseTransaction,
  Transaction_rawSchema,
  transactionId,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { tronwebTx } from "./support/tronweb-proto.js";

const OWNER = "41c076305e35aea1fe45a772fcaaab8a36e87bdb55";

function proposalJson(parameters: { key: number; value: number }[]) {
  return {
    visible: false,
    txID: "",
    raw_data_hex: "",
    raw_data: {
      contract: [
        {
          parameter: {
            value: { owner_address: OWNER, parameters },
            type_url: "type.googleapis.com/protocol.ProposalCreateContract",
          },
          type: "ProposalCreateContract",
        },
      ],
      ref_block_bytes: "d8ed",
      ref_block_hash: "2e066c3259e756f5",
      expiration: 1651906644000,
      timestamp: 1651906586162,
    },
  };
}

/** What TronWeb's createTransaction does locally: raw_data_hex and txID from its own encoder. */
function tronwebSigned(parameters: { key: number; value: number }[]) {
  const tx = proposalJson(parameters);
  const pb = tronwebTx.txJsonToPb(tx);
  tx.txID = tronwebTx.txPbToTxID(pb).replace(/^0x/, "");
  tx.raw_data_hex = tronwebTx.txPbToRawDataHex(pb).toLowerCase();
  return tx;
}

const keysOf = (contractValue: Uint8Array) => int64MapEntries(contractValue, 2).map(([k]) => Number(k));
const PARAMS = [
  { key: 9, value: 1 },
  { key: 2, value: 5 },
  { key: 11, value: 200 },
];

describe("ProposalCreate txID", () => {
  it("TronWeb, java-tron and protobuf-es order the keys differently", () => {
    const tx = tronwebSigned(PARAMS);
    const raw = fromBinary(Transaction_rawSchema, hexToBytes(tx.raw_data_hex));
    expect(keysOf(raw.contract[0]!.parameter!.value)).toEqual([11, 2, 9]);
  });

  it("broadcast JSON with raw_data_hex hashes to the txID TronWeb signed", () => {
    const tx = tronwebSigned(PARAMS);
    const parsed = parseTransaction(tx, { visible: false });
    expect(bytesToHex(transactionId(parsed))).toBe(tx.txID);
    // validation and storage see the client's order
    expect(keysOf(parsed.rawData!.contract[0]!.parameter!.value)).toEqual([11, 2, 9]);
    // stored and read back (a block holding it), the bytes and the txID are the same
    const again = decodeTransaction(encodeTransaction(parsed));
    expect(bytesToHex(transactionId(again))).toBe(tx.txID);
    const block = decode(
      BlockSchema,
      blockBytes({ ...decode(BlockSchema, new Uint8Array()), transactions: [parsed] }),
    );
    expect(bytesToHex(transactionId(block.transactions[0]!))).toBe(tx.txID);
  });

  it("without raw_data_hex the JSON order is kept, as java-tron's parser keeps it", () => {
    const tx = proposalJson(PARAMS);
    const parsed = parseTransaction({ ...tx, raw_data_hex: undefined }, { visible: false });
    expect(keysOf(parsed.rawData!.contract[0]!.parameter!.value)).toEqual([9, 2, 11]);
    // a repeated key keeps its first position and its last value (LinkedHashMap.put)
    const dup = parseTransaction(
      proposalJson([
        { key: 9, value: 1 },
        { key: 2, value: 5 },
        { key: 9, value: 3 },
      ]),
      { visible: false },
    );
    expect(int64MapEntries(dup.rawData!.contract[0]!.parameter!.value, 2)).toEqual([
      [9n, 3n],
      [2n, 5n],
    ]);
  });

  it("ignores a raw_data_hex whose contract differs from the JSON", () => {
    const signed = tronwebSigned(PARAMS);
    const other = tronwebSigned([
      { key: 9, value: 1 },
      { key: 2, value: 6 },
      { key: 11, value: 200 },
    ]);
    const parsed = parseTransaction({ ...signed, raw_data_hex: other.raw_data_hex }, { visible: false });
    expect(keysOf(parsed.rawData!.contract[0]!.parameter!.value)).toEqual([9, 2, 11]);
    expect(bytesToHex(transactionId(parsed))).not.toBe(signed.txID);
    const p = fromBinary(ProposalCreateContractSchema, parsed.rawData!.contract[0]!.parameter!.value);
    expect(p.parameters).toEqual({ "2": 5n, "9": 1n, "11": 200n });
    // garbage in raw_data_hex is ignored too
    expect(() => parseTransaction({ ...signed, raw_data_hex: "zz" }, { visible: false })).not.toThrow();
  });
});
