/**
 * The note operations of java-tron's Wallet on the engine's primitives:
 * - createshieldnullifier against the public Zcash key-component vectors (note, ak, nk, position →
 *   nf), the position taken from a voucher as java-tron counts it (Java int arithmetic);
 * - the TRC-10 sighash against raw_data bytes encoded by hand from the proto field numbers;
 * - the ShieldedTransferContract scans, vouchers and isspend over blocks whose notes our own code
 *   encrypted, with every java-tron error text on the way.
 */
import { create, fromBinary } from "@bufbuild/protobuf";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/crypto/bytes.js";
import {
  type Block,
  BlockSchema,
  ContractType,
  packContract,
  ShieldedTransferContractSchema,
  type Transaction,
  Transaction_rawSchema,
  TransactionSchema,
  transactionId,
} from "../../src/internal.js";
import { encodePoint, scalarToBytes } from "../../src/shielded/jubjub.js";
import {
  akFromAsk,
  defaultDiversifier,
  encodePaymentAddress,
  expandSpendingKey,
  incomingViewingKey,
  nkFromNsk,
  transmissionKey,
} from "../../src/shielded/keys.js";
import { IncrementalMerkleTree } from "../../src/shielded/merkle.js";
import { memoOf, valueCommitment } from "../../src/shielded/note.js";
import { encryptNote } from "../../src/shielded/note-encryption.js";
import { apiNoteNullifier, createShieldNullifier, voucherPosition } from "../../src/shielded/nullifiers.js";
import {
  shieldTransactionHashOf,
  shieldTransactionSighash,
} from "../../src/shielded/shield-transaction-hash.js";
import {
  isZenNoteSpent,
  scanAndMarkZenNotesByIvk,
  scanZenNotesByIvk,
  scanZenNotesByOvk,
  treeIndexNotFound,
  voucherMessageOf,
  type ZenChainReader,
  zenMerkleVouchers,
} from "../../src/shielded/zen-notes.js";
import { ZCASH_KEY_COMPONENTS } from "./vectors/zcash-key-components.js";

const hash = (content: Uint8Array) => ({ $typeName: "protocol.PedersenHash" as const, content });
const leaf = hash(new Uint8Array(32).fill(7));
const none = hash(new Uint8Array(0));

/** A voucher message whose tree holds `size` leaves (left, right, parents as java-tron keeps them). */
function voucherOfSize(size: number) {
  const right = size % 2 === 0;
  let rest = size - (right ? 2 : 1);
  const parents = [];
  for (let i = 0; rest > 0; i++) {
    const bit = 2 ** (i + 1);
    const set = Math.floor(rest / bit) % 2 === 1;
    parents.push(set ? leaf : none);
    if (set) rest -= bit;
  }
  return {
    $typeName: "protocol.IncrementalMerkleVoucher" as const,
    tree: {
      $typeName: "protocol.IncrementalMerkleTree" as const,
      left: leaf,
      ...(right ? { right: leaf } : {}),
      parents,
    },
    filled: [],
    cursorDepth: 0n,
    rt: new Uint8Array(0),
  };
}

describe("createshieldnullifier", () => {
  it("gives the Zcash vectors' nullifiers at the voucher's position; what a Java long or int cannot hold is refused", () => {
    let checked = 0;
    for (const v of ZCASH_KEY_COMPONENTS) {
      const voucher = voucherOfSize(Number(v.notePos) + 1);
      // java-tron sizes the tree in an int: positions from 2^31 on wrap negative
      const position = BigInt.asIntN(32, v.notePos);
      expect(voucherPosition(voucher)).toBe(position);
      const note = {
        // GrpcAPI.Note carries the value in a Java long
        value: BigInt.asIntN(64, v.noteV),
        paymentAddress: encodePaymentAddress({ d: hexToBytes(v.defaultD), pkD: hexToBytes(v.defaultPkD) }),
        rcm: hexToBytes(v.noteR),
      };
      const params = { note, voucher, ak: hexToBytes(v.ak), nk: hexToBytes(v.nk) };
      if (note.value < 0n) {
        expect(() => createShieldNullifier(params)).toThrow("Value should be non-negative.");
      } else if (position < 0n) {
        expect(() => createShieldNullifier(params)).toThrow("Position should be non-negative.");
      } else {
        expect(bytesToHex(createShieldNullifier(params))).toBe(v.noteNf);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it("counts the voucher's tree in a Java int and checks the parameters in java-tron's order", () => {
    const v = ZCASH_KEY_COMPONENTS[0]!;
    const note = {
      value: 1n,
      paymentAddress: encodePaymentAddress({ d: hexToBytes(v.defaultD), pkD: hexToBytes(v.defaultPkD) }),
      rcm: hexToBytes(v.noteR),
    };
    const base = { ak: hexToBytes(v.ak), nk: hexToBytes(v.nk) };
    // no voucher: an empty tree, position −1
    expect(voucherPosition(undefined)).toBe(-1n);
    expect(() => createShieldNullifier({ ...base, note })).toThrow("Position should be non-negative.");
    // parent 30 counts 1 << 31 (negative); a 33rd parent counts 1 << 33 mod 32 = 2
    const wide = voucherOfSize(1);
    wide.tree.parents = [...new Array(30).fill(none), leaf];
    expect(voucherPosition(wide)).toBe(-2147483648n);
    wide.tree.parents = [...new Array(32).fill(none), leaf];
    expect(voucherPosition(wide)).toBe(2n);
    const voucher = voucherOfSize(3);
    expect(() => createShieldNullifier({ ...base, voucher })).toThrow("paymentAddress format is wrong");
    expect(() =>
      createShieldNullifier({ ...base, voucher, note: { ...note, paymentAddress: "ztron1abc" } }),
    ).toThrow("Data part too short: 3");
    expect(() =>
      createShieldNullifier({ ...base, voucher, note: { ...note, paymentAddress: "ztron1" } }),
    ).toThrow("Input too short: 6");
    expect(() => createShieldNullifier({ ...base, voucher, note: { ...note, value: -5n } })).toThrow(
      "Value should be non-negative.",
    );
    expect(() =>
      createShieldNullifier({ ...base, voucher, note: { ...note, rcm: new Uint8Array(31) } }),
    ).toThrow("param length must be 32");
    expect(() => createShieldNullifier({ ak: base.ak, nk: new Uint8Array(0), voucher, note })).toThrow(
      "param is null",
    );
    // librustzcash refuses an rcm ≥ r_J: java-tron answers the untouched zero bytes
    const refused = createShieldNullifier({
      ...base,
      voucher,
      note: { ...note, rcm: new Uint8Array(32).fill(0xff) },
    });
    expect(bytesToHex(refused)).toBe("00".repeat(32));
  });
});

/** Protobuf by hand: a varint, a tag and a length-delimited field. */
function varint(n: bigint): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}
const field = (number: number, bytes: number[] | Uint8Array) => [
  ...varint(BigInt((number << 3) | 2)),
  ...varint(BigInt(bytes.length)),
  ...bytes,
];
const intField = (number: number, value: bigint) => [...varint(BigInt(number << 3)), ...varint(value)];

describe("getshieldtransactionhash", () => {
  const spend = {
    valueCommitment: new Uint8Array(32).fill(1),
    anchor: new Uint8Array(32).fill(2),
    nullifier: new Uint8Array(32).fill(3),
    rk: new Uint8Array(32).fill(4),
    zkproof: new Uint8Array(192).fill(5),
    spendAuthoritySignature: new Uint8Array(64).fill(6),
  };
  const receive = {
    valueCommitment: new Uint8Array(32).fill(7),
    noteCommitment: new Uint8Array(32).fill(8),
    epk: new Uint8Array(32).fill(9),
    cEnc: new Uint8Array(580).fill(10),
    cOut: new Uint8Array(80).fill(11),
    zkproof: new Uint8Array(192).fill(12),
  };
  const contract = packContract(
    ContractType.ShieldedTransferContract,
    {
      fromAmount: 0n,
      spendDescription: [spend],
      receiveDescription: [receive],
      bindingSignature: new Uint8Array(64).fill(13),
      transparentToAddress: hexToBytes("41".padEnd(42, "ab")),
      toAmount: 5_000_000n,
    },
    3,
  );
  contract.provider = new Uint8Array([1, 2]);
  const tx: Transaction = create(TransactionSchema, {
    rawData: create(Transaction_rawSchema, {
      refBlockBytes: hexToBytes("0102"),
      refBlockHash: hexToBytes("0304050607080910"),
      expiration: 1_700_000_060_000n,
      data: new TextEncoder().encode("memo"),
      contract: [contract],
      timestamp: 1_700_000_000_000n,
    }),
    signature: [new Uint8Array(65)],
  });

  it('hashes SHA-256(SHA-256("000000") ‖ raw_data with the signatures stripped and the contract re-packed)', () => {
    const spendBytes = [
      ...field(1, spend.valueCommitment),
      ...field(2, spend.anchor),
      ...field(3, spend.nullifier),
      ...field(4, spend.rk),
      ...field(5, spend.zkproof),
    ];
    const receiveBytes = [
      ...field(1, receive.valueCommitment),
      ...field(2, receive.noteCommitment),
      ...field(3, receive.epk),
      ...field(4, receive.cEnc),
      ...field(5, receive.cOut),
      ...field(6, receive.zkproof),
    ];
    const shielded = [
      ...field(3, spendBytes),
      ...field(4, receiveBytes),
      ...field(6, hexToBytes("41".padEnd(42, "ab"))),
      ...intField(7, 5_000_000n),
    ];
    const any = [
      ...field(1, new TextEncoder().encode("type.googleapis.com/protocol.ShieldedTransferContract")),
      ...field(2, shielded),
    ];
    const contractBytes = [...intField(1, 51n), ...field(2, any)];
    const raw = [
      ...field(1, hexToBytes("0102")),
      ...field(4, hexToBytes("0304050607080910")),
      ...intField(8, 1_700_000_060_000n),
      ...field(10, new TextEncoder().encode("memo")),
      ...field(11, contractBytes),
      ...intField(14, 1_700_000_000_000n),
    ];
    const expected = sha256(Uint8Array.from([...sha256(new TextEncoder().encode("000000")), ...raw]));
    expect(bytesToHex(shieldTransactionHashOf(tx)!)).toBe(bytesToHex(expected));
    // another zenTokenId, another hash
    expect(bytesToHex(shieldTransactionSighash(tx, "1000001")!)).not.toBe(bytesToHex(expected));
  });

  it("answers java-tron's texts for other transactions and an empty message for a foreign parameter", () => {
    const rawOf = (c: Transaction["rawData"]) => create(TransactionSchema, { rawData: c });
    expect(() => shieldTransactionHashOf(rawOf(create(Transaction_rawSchema, {})))).toThrow(
      "Contract is null",
    );
    const transfer = packContract(ContractType.TransferContract, { amount: 1n });
    expect(() =>
      shieldTransactionHashOf(rawOf(create(Transaction_rawSchema, { contract: [transfer] }))),
    ).toThrow("Not a shielded transaction");
    const mislabelled = { ...transfer, type: ContractType.ShieldedTransferContract };
    expect(
      shieldTransactionHashOf(rawOf(create(Transaction_rawSchema, { contract: [mislabelled] }))),
    ).toBeUndefined();
  });
});

function wallet(seed: number) {
  const sk = new Uint8Array(32).fill(seed);
  sk[0] = 0x0f & seed;
  const e = expandSpendingKey(sk);
  const ak = akFromAsk(e.ask);
  const nk = nkFromNsk(e.nsk);
  const ivk = incomingViewingKey(ak, nk);
  const d = defaultDiversifier(sk);
  const pkD = transmissionKey(ivk, d)!;
  return { ...e, ak, nk, ivk, d, pkD, address: encodePaymentAddress({ d, pkD }) };
}

const alice = wallet(3);
const bob = wallet(4);

function receiveTo(
  to: ReturnType<typeof wallet>,
  senderOvk: Uint8Array,
  value: bigint,
  memo: string,
  seed: bigint,
) {
  const note = {
    d: to.d,
    pkD: to.pkD,
    value,
    rcm: scalarToBytes(seed * 7n + 1n),
    memo: memoOf(new TextEncoder().encode(memo)),
  };
  const cv = encodePoint(valueCommitment(value, seed * 11n + 2n));
  const enc = encryptNote(note, scalarToBytes(seed * 5n + 3n), senderOvk, cv)!;
  return {
    receive: {
      valueCommitment: cv,
      noteCommitment: enc.cmu,
      epk: enc.epk,
      cEnc: enc.cEnc,
      cOut: enc.cOut,
      zkproof: new Uint8Array(192),
    },
    note,
  };
}

function shieldedTx(
  n: number,
  receives: ReturnType<typeof receiveTo>["receive"][],
  nullifiers: Uint8Array[] = [],
): Transaction {
  return create(TransactionSchema, {
    rawData: create(Transaction_rawSchema, {
      timestamp: BigInt(n),
      contract: [
        packContract(ContractType.ShieldedTransferContract, {
          receiveDescription: receives,
          spendDescription: nullifiers.map((nullifier) => ({ nullifier })),
        }),
      ],
    }),
  });
}

const plainTx = (n: number) =>
  create(TransactionSchema, {
    rawData: create(Transaction_rawSchema, {
      timestamp: BigInt(n),
      contract: [packContract(ContractType.TransferContract, { amount: BigInt(n) })],
    }),
  });

function shieldedContractOf(tx: Transaction) {
  const c = tx.rawData!.contract[0]!;
  return c.type === ContractType.ShieldedTransferContract
    ? fromBinary(ShieldedTransferContractSchema, c.parameter!.value)
    : undefined;
}
const commitmentsOf = (block: Block) =>
  block.transactions.flatMap(
    (tx) => shieldedContractOf(tx)?.receiveDescription.map((r) => r.noteCommitment) ?? [],
  );
const nullifiersOf = (block: Block) =>
  block.transactions.flatMap((tx) => shieldedContractOf(tx)?.spendDescription.map((s) => s.nullifier) ?? []);

/** A chain as java-tron's stores hold it: the tree index from block 1 on (none for genesis), nullifiers from spends. */
function readerOf(blocks: Block[]): ZenChainReader {
  return {
    blockNumberOf: async (id) =>
      BigInt(
        blocks.findIndex((b) =>
          b.transactions.some((tx) => bytesToHex(transactionId(tx)) === bytesToHex(id)),
        ),
      ),
    treeAfterBlock: async (n) => {
      if (n <= 0n) throw treeIndexNotFound(n);
      const tree = new IncrementalMerkleTree();
      for (let i = 1; i <= Number(n); i++) for (const cm of commitmentsOf(blocks[i]!)) tree.append(cm);
      return tree;
    },
    block: async (n) => blocks[Number(n)]!,
    headNumber: async () => BigInt(blocks.length - 1),
    isNullifierRecorded: async (nf) =>
      blocks.some((b) => nullifiersOf(b).some((x) => bytesToHex(x) === bytesToHex(nf))),
  };
}

function treeOf(receives: { receive: { noteCommitment: Uint8Array } }[]): Uint8Array {
  const tree = new IncrementalMerkleTree();
  for (const r of receives) tree.append(r.receive.noteCommitment);
  return tree.root();
}

const request = (points: [Uint8Array, number][], blockNum: number) => ({
  $typeName: "protocol.OutputPointInfo" as const,
  outPoints: points.map(([hash, index]) => ({ $typeName: "protocol.OutputPoint" as const, hash, index })),
  blockNum,
});

describe("ShieldedTransferContract notes", () => {
  const first = receiveTo(alice, alice.ovk, 1_000n, "first", 1n);
  const toBob = receiveTo(bob, alice.ovk, 600n, "to bob", 2n);
  const change = receiveTo(alice, alice.ovk, 400n, "change", 3n);
  const later = receiveTo(bob, bob.ovk, 5n, "", 4n);
  const early = receiveTo(alice, bob.ovk, 9n, "too early", 5n);
  const blocks: Block[] = [
    create(BlockSchema, { transactions: [plainTx(0)] }),
    create(BlockSchema, { transactions: [plainTx(1)] }),
    create(BlockSchema, { transactions: [shieldedTx(2, [first.receive])] }),
    create(BlockSchema, { transactions: [plainTx(3), shieldedTx(3, [toBob.receive, change.receive])] }),
    create(BlockSchema, { transactions: [shieldedTx(4, [later.receive])] }),
    create(BlockSchema, { transactions: [plainTx(5)] }),
  ];
  const reader = readerOf(blocks);
  const idOf = (block: number, tx = 0) => transactionId(blocks[block]!.transactions[tx]!);

  it("scans by ivk and by ovk: exactly the notes, with values, memos and indexes", () => {
    const byAlice = scanZenNotesByIvk(0n, 6n, blocks, alice.ivk);
    expect(
      byAlice.map((n) => [bytesToHex(n.txId), n.index, n.note.value, new TextDecoder().decode(n.note.memo)]),
    ).toEqual([
      [bytesToHex(idOf(2)), 0, 1_000n, "first"],
      [bytesToHex(idOf(3, 1)), 1, 400n, "change"],
    ]);
    for (const n of byAlice) expect(n.note.paymentAddress).toBe(alice.address);
    expect(scanZenNotesByIvk(0n, 6n, blocks, bob.ivk).map((n) => n.note.value)).toEqual([600n, 5n]);
    // [start, end): block 4 is outside [0, 4)
    expect(scanZenNotesByIvk(0n, 4n, blocks.slice(0, 4), bob.ivk).map((n) => n.note.value)).toEqual([600n]);
    expect(
      scanZenNotesByOvk(0n, 6n, blocks, alice.ovk).map((n) => [n.note.value, n.note.paymentAddress]),
    ).toEqual([
      [1_000n, alice.address],
      [600n, bob.address],
      [400n, alice.address],
    ]);
    expect(() => scanZenNotesByIvk(0n, 1001n, blocks, alice.ivk)).toThrow(
      "request requires start_block_index >= 0 && end_block_index > start_block_index && end_block_index - start_block_index <= 1000",
    );
    expect(() => scanZenNotesByIvk(0n, 6n, blocks, new Uint8Array(31))).toThrow("param length must be 32");
    expect(() => scanZenNotesByOvk(0n, 6n, blocks, new Uint8Array(31))).toThrow(
      expect.objectContaining({ javaClass: "java.lang.ArrayIndexOutOfBoundsException" }),
    );
  });

  it("builds vouchers whose root and path are the tree's, synced a given number of blocks further", async () => {
    const all = treeOf([first, toBob, change, later]);
    const { vouchers, paths } = await zenMerkleVouchers(
      request(
        [
          [idOf(3, 1), 1],
          [idOf(2), 0],
        ],
        1,
      ),
      reader,
    );
    expect(vouchers.map((v) => v.position())).toEqual([2, 0]);
    for (const v of vouchers) expect(bytesToHex(v.root())).toBe(bytesToHex(all));
    expect(paths.map((p) => p.length)).toEqual([1065, 1065]);
    expect(bytesToHex(paths[0]!).slice(-16)).toBe("0200000000000000");
    expect(bytesToHex(voucherMessageOf(vouchers[1]!).rt)).toBe(bytesToHex(all));
    // position 2's sibling is the empty leaf until `later` arrives; with the sync it is `later`
    expect(bytesToHex(vouchers[0]!.path().authenticationPath.at(-1)!)).toBe(
      bytesToHex(later.receive.noteCommitment),
    );
    // without syncing, a voucher stops at the newest point's block
    const unsynced = await zenMerkleVouchers(request([[idOf(2), 0]], 0), reader);
    expect(bytesToHex(unsynced.vouchers[0]!.root())).toBe(bytesToHex(treeOf([first])));

    await expect(zenMerkleVouchers(request([[idOf(4), 0]], 2), reader)).rejects.toThrow(
      "synBlockNum is too large, cmBlockNum plus synBlockNum must be <= latestBlockNumber",
    );
    await expect(zenMerkleVouchers(request([[idOf(3, 1), 2]], 0), reader)).rejects.toThrow(
      "outPoint.getIndex():2 >= zkContract.getReceiveDescriptionCount():2",
    );
    await expect(zenMerkleVouchers(request([[idOf(5), 0]], 0), reader)).rejects.toThrow("cm not found");
    // a transaction of block 1 needs the tree index of block 0, which java-tron never writes
    await expect(zenMerkleVouchers(request([[idOf(1), 0]], 0), reader)).rejects.toMatchObject({
      message: "number: 0 is not found!",
      javaClass: "org.tron.core.exception.ItemNotFoundException",
    });
    await expect(zenMerkleVouchers(request([[idOf(0), 0]], 0), reader)).rejects.toThrow(
      `tx is not found:${bytesToHex(idOf(0))}`,
    );
    await expect(zenMerkleVouchers(request([[new Uint8Array(0), 0]], 0), reader)).rejects.toMatchObject({
      message: "tx is not found:",
      javaClass: "java.lang.RuntimeException",
    });
    await expect(zenMerkleVouchers(request([[idOf(2), 10]], 0), reader)).rejects.toThrow(
      "outPoint.getIndex() > 10 || outPoint.getIndex() < 0",
    );
    await expect(zenMerkleVouchers(request([], 0), reader)).rejects.toThrow(
      "request.OutPointsCount must be speccified with range in [1, 10]",
    );
    await expect(zenMerkleVouchers(request([[idOf(2), 0]], 1001), reader)).rejects.toThrow(
      "request.BlockNum must be specified with range in [0, 1000]",
    );
  });

  it("refuses points more than 100 blocks apart", async () => {
    const long = [
      ...blocks,
      ...Array.from({ length: 100 }, (_, i) => create(BlockSchema, { transactions: [plainTx(6 + i)] })),
    ];
    long.push(create(BlockSchema, { transactions: [shieldedTx(106, [early.receive])] }));
    const longReader = readerOf(long);
    const id = (n: number) => transactionId(long[n]!.transactions.at(-1)!);
    await expect(
      zenMerkleVouchers(
        request(
          [
            [id(2), 0],
            [id(106), 0],
          ],
          0,
        ),
        longReader,
      ),
    ).rejects.toThrow("blockNum:2 + 100 < largeBlockNum:106");
  });

  it("isspend and scanandmarknotebyivk follow the nullifier set", async () => {
    const noteTxs = scanZenNotesByIvk(0n, 6n, blocks, alice.ivk);
    const params = (i: number) => ({
      note: noteTxs[i]!.note,
      ak: alice.ak,
      nk: alice.nk,
      txId: noteTxs[i]!.txId,
      index: noteTxs[i]!.index,
    });
    expect(await isZenNoteSpent(params(0), reader)).toEqual({
      result: false,
      message: "The input note is not spent or does not exist",
    });
    // block 6 spends the first note (its nullifier at position 0)
    const nf = apiNoteNullifier(noteTxs[0]!.note, alice.ak, alice.nk, 0n);
    const spentChain = [...blocks, create(BlockSchema, { transactions: [shieldedTx(6, [], [nf])] })];
    const spentReader = readerOf(spentChain);
    expect(await isZenNoteSpent(params(0), spentReader)).toEqual({
      result: true,
      message: "Input note has been spent",
    });
    const marked = await scanAndMarkZenNotesByIvk(
      0n,
      7n,
      spentChain,
      alice.ivk,
      alice.ak,
      alice.nk,
      spentReader,
    );
    expect(marked.map((m) => [m.note.value, m.isSpend])).toEqual([
      [1_000n, true],
      [400n, false],
    ]);
    await expect(
      isZenNoteSpent({ ...params(0), note: { ...params(0).note, paymentAddress: "" } }, reader),
    ).rejects.toThrow("paymentAddress format is wrong");
    // isspend syncs one block past the note: a note in the head block cannot be checked
    const headNote = scanZenNotesByIvk(0n, 5n, blocks.slice(0, 5), bob.ivk)[1]!;
    await expect(
      isZenNoteSpent(
        { note: headNote.note, ak: bob.ak, nk: bob.nk, txId: headNote.txId, index: 0 },
        readerOf(blocks.slice(0, 5)),
      ),
    ).rejects.toThrow("synBlockNum is too large");
  });
});
