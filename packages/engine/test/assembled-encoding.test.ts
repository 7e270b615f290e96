/**
 * transactionBytes / blockBytes / transactionSize assemble encodings from the remembered raw_data
 * bytes; they must be byte-identical to protobuf-es's own encoding (encodeTransaction/encodeBlock)
 * for every shape: signatures or none, results, memos, no raw_data, unknown fields.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  type Block,
  BlockSchema,
  blockBytes,
  bytesToHex,
  ContractType,
  decodeBlock,
  decodeTransaction,
  encodeBlock,
  encodeTransaction,
  rawDataBytes,
  sha256,
  Tables,
  type Transaction,
  Transaction_ResultSchema,
  TransactionSchema,
  transactionBytes,
  transactionId,
  transactionSize,
} from "../src/internal.js";
import { ALICE, ALICE_KEY, BOB, BOB_KEY, newChain, WITNESS_KEY } from "./support/chain-fixture.js";
import { produce, tx } from "./support/tx-helpers.js";

/** Field 99 (varint 1): bytes protobuf-es keeps as an unknown field when decoding. */
const UNKNOWN_FIELD = new Uint8Array([0x98, 0x06, 0x01]);

function withUnknownField(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + UNKNOWN_FIELD.length);
  out.set(bytes);
  out.set(UNKNOWN_FIELD, bytes.length);
  return out;
}

function shapes(): Transaction[] {
  const state = newChain();
  const transfer = (keys: Uint8Array[], data?: Uint8Array) =>
    tx(state, ContractType.TransferContract, { ownerAddress: ALICE, toAddress: BOB, amount: 300n }, keys, {
      data,
    });
  const plain = transfer([ALICE_KEY]);
  const results = [
    create(Transaction_ResultSchema, { contractRet: 1 }),
    create(Transaction_ResultSchema, { fee: 1_000_000n, ret: 1, contractRet: 10 }),
  ];
  return [
    plain,
    transfer([]),
    transfer([ALICE_KEY, BOB_KEY, WITNESS_KEY], new Uint8Array(300).fill(9)),
    { ...plain, ret: [results[0]!] },
    { ...plain, ret: results },
    { ...plain, signature: [new Uint8Array(), new Uint8Array(70).fill(1)] },
    create(TransactionSchema, { signature: [new Uint8Array(65)] }),
    create(TransactionSchema),
    decodeTransaction(withUnknownField(encodeTransaction(plain))),
    { ...plain, ret: [decodeTransactionResultWithUnknown()] },
  ];
}

function decodeTransactionResultWithUnknown() {
  const bytes = encodeTransaction(create(TransactionSchema, { ret: [{ contractRet: 1 }] }));
  // ret is field 5: 0x2a, length, body — append the unknown field inside the result.
  const body = withUnknownField(bytes.subarray(2));
  const tx = decodeTransaction(new Uint8Array([0x2a, body.length, ...body]));
  return tx.ret[0]!;
}

describe("assembled encodings", () => {
  it("transactionBytes and transactionSize equal encodeTransaction for every shape", () => {
    for (const t of shapes()) {
      expect(bytesToHex(transactionBytes(t))).toBe(bytesToHex(encodeTransaction(t)));
      expect(transactionSize(t)).toBe(encodeTransaction(t).length);
    }
  });

  it("blockBytes equals encodeBlock, and the blocks table writes those bytes", () => {
    const state = newChain();
    const transfers = [ALICE_KEY, ALICE_KEY].map((k, i) =>
      tx(
        state,
        ContractType.TransferContract,
        { ownerAddress: ALICE, toAddress: BOB, amount: BigInt(i + 1) },
        [k],
      ),
    );
    const produced = produce(state, transfers);
    const blocks: Block[] = [
      produced.block,
      create(BlockSchema),
      create(BlockSchema, { transactions: shapes() }),
      create(BlockSchema, { blockHeader: produced.block.blockHeader }),
      decodeBlock(withUnknownField(encodeBlock(produced.block))),
    ];
    for (const b of blocks) {
      expect(bytesToHex(blockBytes(b))).toBe(bytesToHex(encodeBlock(b)));
      expect(bytesToHex(Tables.blocks.encodeValue(b))).toBe(bytesToHex(encodeBlock(b)));
    }
  });

  it("transactionId is remembered per raw_data object and equals sha256 of the raw bytes", () => {
    const [t] = shapes();
    const again = { ...t!, signature: [] };
    expect(transactionId(again)).toBe(transactionId(t!));
    expect(bytesToHex(transactionId(t!))).toBe(bytesToHex(sha256(rawDataBytes(t!))));
    const edited = create(TransactionSchema, { rawData: { ...t!.rawData!, timestamp: 5n } });
    expect(bytesToHex(transactionId(edited))).not.toBe(bytesToHex(transactionId(t!)));
  });
});
