/**
 * Genesis, block ids, the transaction Merkle root, block production and validation, and the block-level
 * bookkeeping (maintenance, rewards, solidity, recent blocks for TaPoS, slots), against
 * wire-and-http.md §2/§2.1 and actuators-and-resources.md §3.2–§3.6, §3.10.
 */
import { clone, create, fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  absoluteSlot,
  applyBlock,
  type Block,
  BlockSchema,
  blockHeaderRawBytes,
  blockId,
  blockNumberOfId,
  blockReference,
  blockSigner,
  bytesToHex,
  ChainProperties,
  ContractType,
  concatBytes,
  createGenesis,
  encodeBlock,
  encodeTransaction,
  GENESIS_WITNESS_SENTENCE,
  int64ToBytes,
  produceBlock,
  sha256,
  signBlockHeader,
  slotAt,
  slotTime,
  Tables,
  type Transaction,
  TransferContractSchema,
  TronodeError,
  transactionTrieRoot,
  utf8Decode,
  utf8Encode,
} from "../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BOB,
  BOB_KEY,
  GENESIS_TIME,
  genesisConfig,
  newChain,
  recoverer,
  WITNESS,
  WITNESS_KEY,
} from "./support/chain-fixture.js";
import { account, commit, edit, produce, prop, pushError, reject, tx } from "./support/tx-helpers.js";

const T = ContractType.TransferContract;
const INTERVAL = 21_600_000n;

function transfer(
  state: ReturnType<typeof newChain>,
  amount: bigint,
  raw: Parameters<typeof tx>[4] = {},
): Transaction {
  return tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount }, [ALICE_KEY], raw);
}

/** A copy of `block` with header edits, re-signed by `key` (the witness by default). */
function tampered(block: Block, edit: (b: Block) => void, key = WITNESS_KEY): Block {
  const copy = clone(BlockSchema, block);
  edit(copy);
  copy.blockHeader!.witnessSignature = signBlockHeader(copy, key);
  return copy;
}

function blockError(fn: () => unknown): string {
  const e = reject(fn);
  expect(e).toBeInstanceOf(TronodeError);
  expect(e.code).toBe("BAD_BLOCK");
  return e.message;
}

describe("genesis", () => {
  it("is deterministic: the same config gives the same block and id", () => {
    const a = createGenesis(genesisConfig());
    const b = createGenesis(genesisConfig());
    expect(bytesToHex(a.blockId)).toBe(bytesToHex(b.blockId));
    expect(bytesToHex(encodeBlock(a.block))).toBe(bytesToHex(encodeBlock(b.block)));
  });

  it("the id depends on balances, accounts, timestamp and parent hash, not on chain parameters", () => {
    const base = bytesToHex(createGenesis(genesisConfig()).blockId);
    const config = genesisConfig();
    const richer = {
      ...config,
      accounts: config.accounts.map((a) => (a.name === "Alice" ? { ...a, balance: a.balance + 1n } : a)),
    };
    expect(bytesToHex(createGenesis(richer).blockId)).not.toBe(base);
    expect(
      bytesToHex(createGenesis({ ...config, accounts: [...config.accounts].reverse() }).blockId),
    ).not.toBe(base);
    expect(bytesToHex(createGenesis({ ...config, timestamp: config.timestamp + 1n }).blockId)).not.toBe(base);
    const parent = config.parentHash.slice();
    parent[31]! ^= 1;
    expect(bytesToHex(createGenesis({ ...config, parentHash: parent }).blockId)).not.toBe(base);
    expect(bytesToHex(createGenesis(genesisConfig({ MEMO_FEE: 5n })).blockId)).toBe(base);
  });

  it('has java-tron\'s shape: number 0, the sentence as witness, one transfer per account from "0x000…"', () => {
    const config = genesisConfig();
    const { block, blockId: id } = createGenesis(config);
    const raw = block.blockHeader!.rawData!;
    expect(raw.number).toBe(0n);
    expect(raw.timestamp).toBe(GENESIS_TIME);
    expect(utf8Decode(raw.witnessAddress)).toBe(GENESIS_WITNESS_SENTENCE);
    expect(bytesToHex(raw.parentHash)).toBe(bytesToHex(config.parentHash));
    expect(block.blockHeader!.witnessSignature.length).toBe(0);
    expect(bytesToHex(id.slice(0, 8))).toBe("0000000000000000");
    expect(block.transactions).toHaveLength(config.accounts.length);
    block.transactions.forEach((t, i) => {
      const c = t.rawData!.contract[0]!;
      expect(c.type).toBe(T);
      const p = fromBinary(TransferContractSchema, c.parameter!.value);
      expect(utf8Decode(p.ownerAddress)).toBe("0x000000000000000000000");
      expect(p.toAddress).toEqual(config.accounts[i]!.address);
      expect(p.amount).toBe(config.accounts[i]!.balance);
      expect(t.signature).toHaveLength(0);
    });
    expect(bytesToHex(raw.txTrieRoot)).toBe(bytesToHex(transactionTrieRoot(block.transactions)));
  });

  it("initialises the head, maintenance time, recent block and balances", () => {
    const state = newChain();
    const { blockId: id } = createGenesis(genesisConfig());
    const props = new ChainProperties(state);
    expect(props.headNumber).toBe(0n);
    expect(bytesToHex(props.headBlockId)).toBe(bytesToHex(id));
    expect(props.headTimestamp).toBe(GENESIS_TIME);
    expect(props.solidifiedNumber).toBe(0n);
    expect(prop(state, "NEXT_MAINTENANCE_TIME")).toBe(GENESIS_TIME);
    expect(prop(state, "STATE_FLAG")).toBe(0n);
    const ref = blockReference(0n, id);
    expect(state.get(Tables.recentBlocks, ref.refBlockBytes)).toEqual(id.slice(8, 16));
    expect(account(state, ALICE)?.balance).toBe(1_000_000_000n);
    expect(account(state, WITNESS)?.isWitness).toBe(true);
    expect(state.get(Tables.witnesses, WITNESS)?.voteCount).toBe(10_000n);
  });
});

describe("block id and transaction root", () => {
  it("block id = sha256(header raw) with the big-endian number in its first 8 bytes", () => {
    const state = newChain();
    for (let i = 1; i <= 3; i++) produce(state);
    const block = state.get(Tables.blocks, 3n)!;
    const id = blockId(block);
    const hash = sha256(blockHeaderRawBytes(block));
    expect(bytesToHex(id.slice(0, 8))).toBe("0000000000000003");
    expect(bytesToHex(id.slice(8))).toBe(bytesToHex(hash.slice(8)));
    expect(blockNumberOfId(id)).toBe(3n);
    // A large number goes into the prefix the same way.
    const big = clone(BlockSchema, block);
    big.blockHeader!.rawData!.number = 0x0102030405060708n;
    expect(bytesToHex(blockId(big).slice(0, 8))).toBe("0102030405060708");
    expect(bytesToHex(int64ToBytes(0x0102030405060708n))).toBe("0102030405060708");
  });

  it("txTrieRoot: 0 → 32 zero bytes; leaves are sha256 of the full transaction; odd nodes are promoted", () => {
    const state = newChain();
    const txs = [1n, 2n, 3n, 4n, 5n].map((n) => transfer(state, n));
    const leaf = (t: Transaction) => sha256(encodeTransaction(t));
    const pair = (a: Uint8Array, b: Uint8Array) => sha256(concatBytes(a, b));
    const [h1, h2, h3, h4, h5] = txs.map(leaf) as [
      Uint8Array,
      Uint8Array,
      Uint8Array,
      Uint8Array,
      Uint8Array,
    ];
    expect(transactionTrieRoot([])).toEqual(new Uint8Array(32));
    expect(bytesToHex(transactionTrieRoot(txs.slice(0, 1)))).toBe(bytesToHex(h1));
    expect(bytesToHex(transactionTrieRoot(txs.slice(0, 2)))).toBe(bytesToHex(pair(h1, h2)));
    expect(bytesToHex(transactionTrieRoot(txs.slice(0, 3)))).toBe(bytesToHex(pair(pair(h1, h2), h3)));
    expect(bytesToHex(transactionTrieRoot(txs.slice(0, 4)))).toBe(
      bytesToHex(pair(pair(h1, h2), pair(h3, h4))),
    );
    expect(bytesToHex(transactionTrieRoot(txs))).toBe(bytesToHex(pair(pair(pair(h1, h2), pair(h3, h4)), h5)));
    // Signatures are part of the leaf.
    const noSig = { ...txs[0]!, signature: [] };
    expect(bytesToHex(transactionTrieRoot([noSig]))).not.toBe(bytesToHex(h1));
  });
});

describe("producing and applying blocks", () => {
  it("a produced block links to the head, carries version 32, and its signature recovers to the witness", () => {
    const state = newChain();
    const genesisId = new ChainProperties(state).headBlockId;
    const t = transfer(state, 9n);
    const produced = produceBlock(state, {
      timestamp: GENESIS_TIME + 3_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [t],
      recoverer,
    });
    const raw = produced.block.blockHeader!.rawData!;
    expect(raw.number).toBe(1n);
    expect(raw.parentHash).toEqual(genesisId);
    expect(raw.version).toBe(32);
    expect(raw.witnessAddress).toEqual(WITNESS);
    expect(raw.timestamp).toBe(GENESIS_TIME + 3_000n);
    expect(bytesToHex(raw.txTrieRoot)).toBe(bytesToHex(transactionTrieRoot(produced.block.transactions)));
    expect(produced.block.transactions).toHaveLength(1);
    expect(bytesToHex(blockSigner(produced.block, recoverer))).toBe(bytesToHex(WITNESS));
    const hash = sha256(blockHeaderRawBytes(produced.block));
    expect(bytesToHex(recoverer.recoverAddress(hash, produced.block.blockHeader!.witnessSignature))).toBe(
      bytesToHex(WITNESS),
    );
    expect(bytesToHex(produced.blockId)).toBe(bytesToHex(blockId(produced.block)));
    // Producing does not touch the view.
    expect(new ChainProperties(state).headNumber).toBe(0n);
  });

  it("leaves out transactions that fail and reports them", () => {
    const state = newChain();
    const good = transfer(state, 1n);
    const bad = tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 10n ** 15n }, [ALICE_KEY]);
    const produced = produce(state, [bad, good]);
    expect(produced.block.transactions).toHaveLength(1);
    expect(produced.rejected).toHaveLength(1);
    expect(produced.rejected[0]!.error.message).toBe(
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    );
    expect(state.get(Tables.transactionInfos, produced.outcomes[0]!.txId)?.blockNumber).toBe(1n);
    expect(state.get(Tables.transactionIndex, produced.outcomes[0]!.txId)).toBe(1n);
  });

  it("applyBlock accepts a produced block on the same parent state and reaches the same state", () => {
    const producer = newChain();
    const follower = newChain();
    const t = tx(producer, T, { ownerAddress: ALICE, toAddress: BOB, amount: 77n }, [ALICE_KEY]);
    const produced = produce(producer, [t], GENESIS_TIME + 3_000n);
    const applied = applyBlock(follower, produced.block, recoverer);
    expect(bytesToHex(applied.blockId)).toBe(bytesToHex(produced.blockId));
    follower.apply(applied.changes);
    for (const address of [ALICE, BOB, WITNESS]) {
      expect(Tables.accounts.encodeValue(account(follower, address)!)).toEqual(
        Tables.accounts.encodeValue(account(producer, address)!),
      );
    }
    for (const name of [
      "LATEST_BLOCK_HEADER_NUMBER",
      "LATEST_BLOCK_HEADER_TIMESTAMP",
      "TOTAL_TRANSACTION_COUNT",
      "NEXT_MAINTENANCE_TIME",
      "STATE_FLAG",
      "LATEST_SOLIDIFIED_BLOCK_NUM",
    ] as const) {
      expect([name, prop(follower, name)]).toEqual([name, prop(producer, name)]);
    }
    expect(new ChainProperties(follower).headBlockId).toEqual(new ChainProperties(producer).headBlockId);
    const txId = produced.outcomes[0]!.txId;
    expect(follower.get(Tables.transactionInfos, txId)).toEqual(producer.get(Tables.transactionInfos, txId));
    // The next block chains on both.
    const next = produceBlock(producer, {
      timestamp: GENESIS_TIME + 12_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [],
      recoverer,
    });
    expect(() => applyBlock(follower, next.block, recoverer)).not.toThrow();
  });

  it("applyBlock rejects tampered blocks", () => {
    const state = newChain();
    const t = transfer(state, 3n);
    const { block } = produceBlock(state, {
      timestamp: GENESIS_TIME + 3_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [t],
      recoverer,
    });
    expect(() => applyBlock(state, block, recoverer)).not.toThrow();

    expect(
      blockError(() =>
        applyBlock(
          state,
          tampered(block, () => {}, BOB_KEY),
          recoverer,
        ),
      ),
    ).toBe("valid signature failed.");
    const flipped = clone(BlockSchema, block);
    flipped.blockHeader!.rawData!.timestamp += 1n;
    expect(blockError(() => applyBlock(state, flipped, recoverer))).toBe("valid signature failed.");

    const parent = tampered(block, (b) => {
      b.blockHeader!.rawData!.parentHash = sha256(utf8Encode("elsewhere"));
    });
    expect(blockError(() => applyBlock(state, parent, recoverer))).toBe("block parent is not the head block");

    const root = tampered(block, (b) => {
      b.blockHeader!.rawData!.txTrieRoot = new Uint8Array(32);
    });
    expect(blockError(() => applyBlock(state, root, recoverer))).toBe("The merkle hash is not validated");
    const dropped = clone(BlockSchema, block);
    dropped.transactions = [];
    expect(blockError(() => applyBlock(state, dropped, recoverer))).toBe("The merkle hash is not validated");

    const number = tampered(block, (b) => {
      b.blockHeader!.rawData!.number = 2n;
    });
    expect(blockError(() => applyBlock(state, number, recoverer))).toBe(
      "block number 2 does not follow head 0",
    );

    const stranger = tampered(
      block,
      (b) => {
        b.blockHeader!.rawData!.witnessAddress = BOB;
      },
      BOB_KEY,
    );
    expect(blockError(() => applyBlock(state, stranger, recoverer))).toBe(
      `witness ${bytesToHex(BOB)} does not exist`,
    );
  });

  it("applyBlock refuses a block in the head block's slot (after block 1)", () => {
    const state = newChain();
    produce(state, [], GENESIS_TIME + 3_000n);
    const next = produceBlock(state, {
      timestamp: GENESIS_TIME + 5_999n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [],
      recoverer,
    });
    expect(blockError(() => applyBlock(state, next.block, recoverer))).toBe("validateWitnessSchedule error");
  });

  it("a transaction failing inside a received block rejects the block", () => {
    const state = newChain();
    const bad = tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 10n ** 15n }, [ALICE_KEY]);
    const block = create(BlockSchema, {
      transactions: [bad],
      blockHeader: {
        rawData: {
          number: 1n,
          timestamp: GENESIS_TIME + 3_000n,
          parentHash: new ChainProperties(state).headBlockId,
          txTrieRoot: transactionTrieRoot([bad]),
          witnessAddress: WITNESS,
          version: 32,
        },
      },
    });
    block.blockHeader!.witnessSignature = signBlockHeader(block, WITNESS_KEY);
    const e = reject(() => applyBlock(state, block, recoverer));
    expect(e.code).toBe("CONTRACT_VALIDATE_ERROR");
  });
});

describe("block bookkeeping", () => {
  it("solidified number = head with a single witness", () => {
    const state = newChain();
    for (let i = 1n; i <= 4n; i++) {
      produce(state);
      expect(new ChainProperties(state).solidifiedNumber).toBe(i);
      expect(state.get(Tables.witnesses, WITNESS)?.latestBlockNum).toBe(i);
    }
    expect(state.get(Tables.witnesses, WITNESS)?.totalProduced).toBe(4n);
  });

  it("maintenance: the first block at or after NEXT_MAINTENANCE_TIME sets STATE_FLAG and moves the time by whole intervals", () => {
    const state = newChain();
    produce(state, [], GENESIS_TIME + 3_000n);
    expect(prop(state, "STATE_FLAG")).toBe(1n);
    expect(prop(state, "NEXT_MAINTENANCE_TIME")).toBe(GENESIS_TIME + INTERVAL);
    produce(state, [], GENESIS_TIME + 12_000n);
    expect(prop(state, "STATE_FLAG")).toBe(0n);
    expect(prop(state, "NEXT_MAINTENANCE_TIME")).toBe(GENESIS_TIME + INTERVAL);
    produce(state, [], GENESIS_TIME + INTERVAL - 3_000n);
    expect(prop(state, "STATE_FLAG")).toBe(0n);
    produce(state, [], GENESIS_TIME + INTERVAL);
    expect(prop(state, "STATE_FLAG")).toBe(1n);
    expect(prop(state, "NEXT_MAINTENANCE_TIME")).toBe(GENESIS_TIME + 2n * INTERVAL);
    // Several intervals skipped: aligned to genesis time + n × interval.
    produce(state, [], GENESIS_TIME + 5n * INTERVAL + 9_000n);
    expect(prop(state, "NEXT_MAINTENANCE_TIME")).toBe(GENESIS_TIME + 6n * INTERVAL);
    expect(prop(state, "STATE_FLAG")).toBe(1n);
  });

  it("MAINTENANCE_TIME_INTERVAL from genesis parameters is used", () => {
    const state = newChain({ MAINTENANCE_TIME_INTERVAL: 300_000n });
    produce(state, [], GENESIS_TIME + 3_000n);
    expect(prop(state, "NEXT_MAINTENANCE_TIME")).toBe(GENESIS_TIME + 300_000n);
  });

  it("block reward: WITNESS_PAY_PER_BLOCK into the producer's allowance, plus the fee pool when enabled", () => {
    const state = newChain();
    produce(state);
    produce(state);
    expect(account(state, WITNESS)?.allowance).toBe(64_000_000n);
    const pooled = newChain({
      ALLOW_TRANSACTION_FEE_POOL: 1n,
      FREE_NET_LIMIT: 0n,
      WITNESS_PAY_PER_BLOCK: 5n,
    });
    const t = transfer(pooled, 1n);
    commit(pooled, t);
    const pool = prop(pooled, "TRANSACTION_FEE_POOL");
    expect(pool).toBeGreaterThan(0n);
    produce(pooled, [], GENESIS_TIME + 3_000n);
    expect(account(pooled, WITNESS)?.allowance).toBe(5n + pool);
    expect(prop(pooled, "TRANSACTION_FEE_POOL")).toBe(0n);
  });

  it("TOTAL_TRANSACTION_COUNT counts the transactions of applied blocks", () => {
    const state = newChain();
    produce(state, [transfer(state, 1n), transfer(state, 2n)]);
    expect(prop(state, "TOTAL_TRANSACTION_COUNT")).toBe(2n);
    produce(state);
    expect(prop(state, "TOTAL_TRANSACTION_COUNT")).toBe(2n);
    produce(state, [transfer(state, 3n)]);
    expect(prop(state, "TOTAL_TRANSACTION_COUNT")).toBe(3n);
  });

  it("recent blocks: a transaction may reference any of the last blocks (keyed by the low 2 bytes of the height)", () => {
    const state = newChain();
    const ids = [new ChainProperties(state).headBlockId];
    for (let i = 1; i <= 6; i++) ids.push(produce(state).blockId);
    ids.forEach((id, n) => {
      const ref = blockReference(BigInt(n), id);
      expect(bytesToHex(ref.refBlockBytes)).toBe(bytesToHex(int64ToBytes(BigInt(n)).slice(6, 8)));
      expect(state.get(Tables.recentBlocks, ref.refBlockBytes)).toEqual(id.slice(8, 16));
      const t = transfer(state, BigInt(100 + n), ref);
      commit(state, t);
    });
    // A block not produced yet is unknown.
    const future = blockReference(7n, ids[6]!);
    expect(pushError(state, transfer(state, 1n, future))).toEqual(["TAPOS_ERROR", "Tapos check error."]);
    // Height 65 537 shares block 1's slot; once it is written, references to block 1 fail.
    const ref1 = blockReference(1n, ids[1]!);
    expect(bytesToHex(blockReference(65_537n, ids[1]!).refBlockBytes)).toBe(bytesToHex(ref1.refBlockBytes));
    const overwritten = newChain();
    const firstId = produce(overwritten).blockId;
    const ok = transfer(overwritten, 5n, blockReference(1n, firstId));
    expect(() => commit(overwritten, ok)).not.toThrow();
    edit(overwritten, (overlay) => {
      overlay.put(Tables.recentBlocks, ref1.refBlockBytes, sha256(utf8Encode("block 65537")).slice(8, 16));
    });
    expect(pushError(overwritten, transfer(overwritten, 6n, blockReference(1n, firstId)))).toEqual([
      "TAPOS_ERROR",
      "Tapos check error.",
    ]);
  });
});

describe("slots (DposSlot)", () => {
  it("slotTime/slotAt at genesis, after a maintenance block and after an unaligned block", () => {
    const state = newChain();
    let props = new ChainProperties(state);
    expect(slotTime(props, 1n)).toBe(GENESIS_TIME + 3_000n);
    expect(slotTime(props, 4n)).toBe(GENESIS_TIME + 12_000n);
    expect(slotAt(props, GENESIS_TIME + 2_999n)).toBe(0n);
    expect(slotAt(props, GENESIS_TIME + 3_000n)).toBe(1n);
    expect(slotAt(props, GENESIS_TIME + 5_999n)).toBe(1n);
    expect(slotAt(props, GENESIS_TIME + 6_000n)).toBe(2n);
    expect(absoluteSlot(props, GENESIS_TIME + 8_999n)).toBe(2n);

    produce(state, [], GENESIS_TIME + 3_000n); // maintenance: two slots skipped
    props = new ChainProperties(state);
    expect(slotTime(props, 1n)).toBe(GENESIS_TIME + 12_000n);
    expect(slotAt(props, GENESIS_TIME + 11_999n)).toBe(0n);
    expect(slotAt(props, GENESIS_TIME + 12_000n)).toBe(1n);

    produce(state, [], GENESIS_TIME + 13_500n); // not on a slot boundary: aligned down
    props = new ChainProperties(state);
    expect(prop(state, "STATE_FLAG")).toBe(0n);
    expect(props.headSlot).toBe(4n);
    expect(slotTime(props, 1n)).toBe(GENESIS_TIME + 15_000n);
    expect(slotTime(props, 2n)).toBe(GENESIS_TIME + 18_000n);
    expect(slotAt(props, GENESIS_TIME + 17_999n)).toBe(1n);
    expect(slotAt(props, GENESIS_TIME + 18_000n)).toBe(2n);
  });
});
