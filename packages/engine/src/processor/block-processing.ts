import { clone, create } from "@bufbuild/protobuf";
import { cloneAccount } from "../chain/accounts.js";
import { addExact } from "../chain/arithmetic.js";
import {
  blockId,
  blockReference,
  blockSigner,
  signBlockHeader,
  transactionTrieRoot,
} from "../chain/block-id.js";
import { BLOCK_SIZE, BLOCK_VERSION, SOLIDIFIED_THRESHOLD } from "../chain/constants.js";
import { absoluteSlot } from "../chain/slots.js";
import { unpackAddresses } from "../chain/witness-schedule.js";
import { bytesEqual, bytesToHex } from "../crypto/bytes.js";
import { addressOfPrivateKey, type SignatureRecoverer } from "../crypto/signature.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { encodeTransaction } from "../protocol/codec.js";
import {
  type Block,
  BlockSchema,
  type Transaction,
  WitnessSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { MutableChainProperties } from "../state/chain-properties.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { ChangeSet, StateView } from "../state/state-view.js";
import { Tables } from "../state/tables.js";
import { applyTransaction, type TransactionOutcome } from "./apply-transaction.js";

export interface BlockOutcome {
  readonly block: Block;
  readonly blockId: Uint8Array;
  readonly outcomes: readonly TransactionOutcome[];
  readonly changes: ChangeSet;
}

export interface ProduceBlockOptions {
  /** Block timestamp, ms; not before the head block's. */
  readonly timestamp: bigint;
  readonly witnessPrivateKey: Uint8Array;
  /** The witness account the block is produced for (defaults to the key's address). */
  readonly witnessAddress?: Uint8Array;
  readonly transactions: readonly Transaction[];
  readonly recoverer: SignatureRecoverer;
  /** Whether a transaction's signatures were already verified when it entered the pending pool. */
  readonly isVerified?: (txId: Uint8Array) => boolean;
}

export interface ProducedBlock extends BlockOutcome {
  /** Transactions left out, with the reason (expired, failed again on the new head, block full). */
  readonly rejected: readonly { transaction: Transaction; error: TronodeError }[];
}

function blockError(message: string): TronodeError {
  return new TronodeError("BAD_BLOCK", message, { javaClass: JavaExceptions.badItem });
}

/**
 * Produces the next block on `view`: applies the candidate transactions in order (dropping those that
 * fail, as java-tron's generateBlock does), then the block-level bookkeeping, then signs the header.
 */
export function produceBlock(view: StateView, options: ProduceBlockOptions): ProducedBlock {
  const state = new StateOverlay(view);
  const props = new MutableChainProperties(state);
  const number = props.headNumber + 1n;
  if (options.timestamp < props.headTimestamp) {
    throw blockError(`block time ${options.timestamp} is before head block time ${props.headTimestamp}`);
  }
  const witness = options.witnessAddress ?? addressOfPrivateKey(options.witnessPrivateKey);
  const outcomes: TransactionOutcome[] = [];
  const rejected: { transaction: Transaction; error: TronodeError }[] = [];
  let size = 0;
  for (const tx of options.transactions) {
    const txSize = encodeTransaction(tx).length;
    if (size + txSize > BLOCK_SIZE) {
      rejected.push({ transaction: tx, error: blockError("block is full") });
      continue;
    }
    try {
      const outcome = applyTransaction(state, tx, {
        mode: "block",
        block: { number, timestamp: options.timestamp },
        recoverer: options.recoverer,
        isVerified: options.isVerified,
      });
      state.merge(outcome.changes);
      outcomes.push(outcome);
      size += txSize;
    } catch (e) {
      if (!(e instanceof TronodeError)) throw e;
      rejected.push({ transaction: tx, error: e });
    }
  }
  const block = create(BlockSchema, {
    transactions: outcomes.map((o) => o.transaction),
    blockHeader: {
      rawData: {
        timestamp: options.timestamp,
        txTrieRoot: transactionTrieRoot(outcomes.map((o) => o.transaction)),
        parentHash: props.headBlockId,
        number,
        witnessAddress: witness,
        version: BLOCK_VERSION,
      },
    },
  });
  block.blockHeader!.witnessSignature = signBlockHeader(block, options.witnessPrivateKey);
  const id = finishBlock(state, props, block, outcomes);
  return { block, blockId: id, outcomes, changes: state.changes(), rejected };
}

/**
 * Validates and applies a complete block (header linkage, witness signature and schedule, transaction
 * root, every transaction) as java-tron's pushBlock does for blocks it receives.
 */
export function applyBlock(view: StateView, input: Block, recoverer: SignatureRecoverer): BlockOutcome {
  const block = clone(BlockSchema, input);
  const state = new StateOverlay(view);
  const props = new MutableChainProperties(state);
  const raw = block.blockHeader?.rawData;
  if (!raw) throw blockError("block has no header");
  if (raw.number !== props.headNumber + 1n) {
    throw blockError(`block number ${raw.number} does not follow head ${props.headNumber}`);
  }
  if (!bytesEqual(raw.parentHash, props.headBlockId)) throw blockError("block parent is not the head block");
  if (
    props.headNumber > 0n &&
    absoluteSlot(props, raw.timestamp) <= absoluteSlot(props, props.headTimestamp)
  ) {
    throw blockError("block slot is not after the head block's slot");
  }
  const witness = state.get(Tables.witnesses, raw.witnessAddress);
  if (!witness) throw blockError(`witness ${bytesToHex(raw.witnessAddress)} does not exist`);
  const signer = blockSigner(block, recoverer);
  const witnessAccount = state.get(Tables.accounts, raw.witnessAddress);
  const expected = witnessAccount?.witnessPermission?.keys[0]?.address ?? raw.witnessAddress;
  if (!bytesEqual(signer, expected)) throw blockError("block signature is not the witness's");
  if (!bytesEqual(transactionTrieRoot(block.transactions), raw.txTrieRoot)) {
    throw blockError("The merkle hash is not validated");
  }
  const outcomes: TransactionOutcome[] = [];
  for (const tx of block.transactions) {
    const outcome = applyTransaction(state, tx, {
      mode: "block",
      block: { number: raw.number, timestamp: raw.timestamp },
      recoverer,
    });
    state.merge(outcome.changes);
    outcomes.push(outcome);
  }
  const id = finishBlock(state, props, block, outcomes);
  return { block, blockId: id, outcomes, changes: state.changes() };
}

/** Block-level bookkeeping after the transactions: receipts, reward, witness stats, head, maintenance, solidity. */
function finishBlock(
  state: StateOverlay,
  props: MutableChainProperties,
  block: Block,
  outcomes: readonly TransactionOutcome[],
): Uint8Array {
  const raw = block.blockHeader!.rawData!;
  const id = blockId(block);
  for (const o of outcomes) state.put(Tables.transactionInfos, o.txId, o.info);

  // Block reward (ALLOW_CHANGE_DELEGATION = 0): the producer's allowance.
  const producer = state.get(Tables.accounts, raw.witnessAddress);
  if (producer) {
    const next = cloneAccount(producer);
    let reward = props.get("WITNESS_PAY_PER_BLOCK");
    if (props.isOn("ALLOW_TRANSACTION_FEE_POOL")) {
      reward = addExact(reward, props.get("TRANSACTION_FEE_POOL"));
      props.set("TRANSACTION_FEE_POOL", 0n);
    }
    next.allowance = addExact(next.allowance, reward);
    state.put(Tables.accounts, raw.witnessAddress, next);
  }
  const witness = state.get(Tables.witnesses, raw.witnessAddress);
  if (witness) {
    const w = clone(WitnessSchema, witness);
    w.totalProduced += 1n;
    w.latestBlockNum = raw.number;
    w.latestSlotNum = absoluteSlot(props, raw.timestamp);
    state.put(Tables.witnesses, raw.witnessAddress, w);
  }

  state.put(Tables.blocks, raw.number, block);
  state.put(Tables.blockIndex, id, raw.number);
  const ref = blockReference(raw.number, id);
  state.put(Tables.recentBlocks, ref.refBlockBytes, ref.refBlockHash);
  props.set("TOTAL_TRANSACTION_COUNT", props.get("TOTAL_TRANSACTION_COUNT") + BigInt(outcomes.length));

  // Maintenance: the first block at or after NEXT_MAINTENANCE_TIME (vote counting arrives with witnesses).
  const nextMaintenance = props.get("NEXT_MAINTENANCE_TIME");
  if (raw.timestamp >= nextMaintenance) {
    const interval = props.get("MAINTENANCE_TIME_INTERVAL");
    props.set(
      "NEXT_MAINTENANCE_TIME",
      nextMaintenance + ((raw.timestamp - nextMaintenance) / interval + 1n) * interval,
    );
    props.set("STATE_FLAG", 1n);
  } else {
    props.set("STATE_FLAG", 0n);
  }

  props.set("LATEST_BLOCK_HEADER_NUMBER", raw.number);
  props.set("LATEST_BLOCK_HEADER_TIMESTAMP", raw.timestamp);
  props.setBytes("LATEST_BLOCK_HEADER_HASH", id);
  updateSolidifiedBlock(state, props);
  return id;
}

/** Solidified number: active witnesses' latest block numbers, ascending, at index ⌊n·(1−70%)⌋. */
function updateSolidifiedBlock(state: StateOverlay, props: MutableChainProperties): void {
  const numbers = unpackAddresses(props.getBytes("ACTIVE_WITNESSES")).map(
    (address) => state.get(Tables.witnesses, address)?.latestBlockNum ?? 0n,
  );
  if (numbers.length === 0) return;
  numbers.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = Math.trunc(numbers.length * (1 - SOLIDIFIED_THRESHOLD / 100));
  const solid = numbers[index]!;
  if (solid > props.solidifiedNumber) props.set("LATEST_SOLIDIFIED_BLOCK_NUM", solid);
}
