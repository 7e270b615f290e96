import { clone, create } from "@bufbuild/protobuf";
import { recordBlockBalances } from "../balance-history/balance-trace.js";
import {
  blockId,
  blockReference,
  blockSigner,
  signBlockHeader,
  transactionTrieRoot,
} from "../chain/block-id.js";
import type { ChainSettings } from "../chain/chain-settings.js";
import {
  BLOCK_PRODUCED_INTERVAL,
  BLOCK_SIZE,
  BLOCK_VERSION,
  SOLIDIFIED_THRESHOLD,
} from "../chain/constants.js";
import { absoluteSlot, blockSlot, scheduledWitness, slotAt } from "../chain/slots.js";
import { unpackAddresses } from "../chain/witness-schedule.js";
import { bytesEqual, bytesToHex } from "../crypto/bytes.js";
import { addressOfPrivateKey, type HashSigner, type SignatureRecoverer } from "../crypto/signature.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { indexAccounts } from "../events/account-index.js";
import { indexContractEvents } from "../events/event-index.js";
import { processProposals } from "../proposals/lifecycle.js";
import { transactionSize } from "../protocol/codec.js";
import { contractOwner } from "../protocol/contract-owner.js";
import { ContractType } from "../protocol/contract-types.js";
import {
  type Block,
  BlockSchema,
  type Transaction,
  type TransactionInfo,
  WitnessSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { resetBlockEnergyUsage, updateAdaptiveEnergy } from "../resources/energy.js";
import { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { ChangeSet, StateView } from "../state/state-view.js";
import { doMaintenance, payBlockRewards } from "../witnesses/maintenance.js";
import { applyTransaction, PENDING_BLOCK_NUMBER, type TransactionOutcome } from "./apply-transaction.js";

/** A block applied: its id, each transaction's outcome and the block's change set. */
export interface BlockOutcome {
  readonly block: Block;
  readonly blockId: Uint8Array;
  readonly outcomes: readonly TransactionOutcome[];
  readonly changes: ChangeSet;
}

/** What `produceBlock` needs: the witness key, the slot's time and the pending transactions. */
export interface ProduceBlockOptions {
  /** Block timestamp, ms; not before the head block's. */
  readonly timestamp: bigint;
  readonly witnessPrivateKey: Uint8Array;
  /**
   * Signs the header hash (TRON's r ‖ s ‖ v, RFC 6979, low s); `signHash` (noble) when absent. The
   * node passes libsecp256k1's, which gives the same bytes.
   */
  readonly signer?: HashSigner;
  /** The witness account the block is produced for (defaults to the key's address). */
  readonly witnessAddress?: Uint8Array;
  readonly transactions: readonly Transaction[];
  readonly recoverer: SignatureRecoverer;
  /** Whether a transaction's signatures were already verified when it entered the pending pool. */
  readonly isVerified?: (txId: Uint8Array) => boolean;
  /**
   * The outcomes of pushing `transactions` (`applyTransaction` in push mode) when they were applied
   * in this order on exactly `view` — outcome i on `view` plus the changes of outcomes 0..i-1, and
   * `transactions[i]` is outcome i's own `transaction` object: a pending pool built on the current
   * head. Re-applying them in block mode on the same state would give the same results (push mode
   * only adds checks, and nothing a transaction does depends on the block it lands in), so the
   * longest prefix of them that fits in the block is taken from these outcomes — their change sets
   * in order, with the block's number in the transaction index and the TransactionInfo — instead of
   * being applied again. Transactions after that prefix are applied as usual. The caller vouches
   * for the "exactly `view`" part; a mismatched transaction object ends the prefix.
   */
  readonly pushed?: readonly TransactionOutcome[];
  /**
   * Record balance history (java-tron's historyBalanceLookup): the block's BlockBalanceTrace and each
   * changed account's balance at this block. `pushed` outcomes must then carry their traces.
   */
  readonly traceBalances?: boolean;
  /** Node settings that affect execution (proposal lifetime); java-tron's defaults when absent. */
  readonly settings?: ChainSettings;
}

/** A block produced by a witness: the signed block, with the outcome of every transaction it took. */
export interface ProducedBlock extends BlockOutcome {
  /** Transactions left out, with the reason (expired, failed again on the new head, block full). */
  readonly rejected: readonly { transaction: Transaction; error: TronodeError }[];
}

function blockError(message: string): TronodeError {
  return new TronodeError("BAD_BLOCK", message, { javaClass: JavaExceptions.badItem });
}

/**
 * Produces the next block on `view`: applies the candidate transactions in order (dropping those that
 * fail, as java-tron's generateBlock does) — taking the leading ones from their push outcomes when
 * `pushed` vouches for them — then the block-level bookkeeping, then signs the header.
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
  const transactions = options.transactions;
  const pushed = options.pushed ?? [];
  const packing = packingRules();
  let next = 0;
  for (; next < transactions.length && next < pushed.length; next++) {
    const tx = transactions[next]!;
    const txSize = transactionSize(tx);
    if (pushed[next]!.transaction !== tx || size + txSize > BLOCK_SIZE || packing.wouldSkip(tx)) break;
    packing.take(tx);
    const outcome = settleInBlock(pushed[next]!, number, options.timestamp);
    if (!outcome) break;
    state.merge(outcome.changes);
    outcomes.push(outcome);
    size += txSize;
  }
  for (const tx of transactions.slice(next)) {
    const txSize = transactionSize(tx);
    if (size + txSize > BLOCK_SIZE) {
      rejected.push({ transaction: tx, error: blockError("block is full") });
      continue;
    }
    const skipped = packing.wouldSkip(tx);
    if (skipped) {
      rejected.push({ transaction: tx, error: blockError(skipped) });
      continue;
    }
    packing.take(tx);
    try {
      const outcome = applyTransaction(state, tx, {
        mode: "block",
        block: { number, timestamp: options.timestamp, witness },
        recoverer: options.recoverer,
        isVerified: options.isVerified,
        traceBalances: options.traceBalances,
        settings: options.settings,
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
  block.blockHeader!.witnessSignature = signBlockHeader(block, options.witnessPrivateKey, options.signer);
  const id = finishBlock(
    state,
    props,
    block,
    outcomes,
    options.settings,
    options.traceBalances ? view : undefined,
  );
  return { block, blockId: id, outcomes, changes: state.changes(), rejected };
}

/**
 * Manager.generateBlock's packing rules beside the size: at most one shielded transfer per block,
 * and once an owner's AccountPermissionUpdateContract is taken (whether it then applies or not), no
 * later transaction of that owner — its signatures were checked against the permission it replaces.
 * A transaction the rules leave out is dropped, as java-tron drops it from its pending queue.
 */
function packingRules() {
  const multiSignOwners = new Set<string>();
  let shielded = 0;
  return {
    wouldSkip(tx: Transaction): string | undefined {
      const contract = tx.rawData?.contract[0];
      if (!contract) return undefined;
      if (
        contract.type === ContractType.ShieldedTransferContract &&
        shielded >= SHIELDED_TRANSACTIONS_PER_BLOCK
      )
        return "a block takes one shielded transaction";
      if (multiSignOwners.has(bytesToHex(contractOwner(contract))))
        return "its owner's permission update is in this block";
      return undefined;
    },
    take(tx: Transaction): void {
      const contract = tx.rawData?.contract[0];
      if (contract?.type === ContractType.ShieldedTransferContract) shielded++;
      if (contract?.type === ContractType.AccountPermissionUpdateContract)
        multiSignOwners.add(bytesToHex(contractOwner(contract)));
    },
  };
}

/** Manager's SHIELDED_TRANS_IN_BLOCK_COUNTS. */
const SHIELDED_TRANSACTIONS_PER_BLOCK = 1;

/**
 * A pushed outcome as applying its transaction in block `number` would have produced it: the same
 * change set with the transaction index entry pointing at the block, and the TransactionInfo
 * stamped with the block's number and time. Undefined when the outcome has no index entry (not a
 * push outcome).
 */
function settleInBlock(
  pushed: TransactionOutcome,
  number: bigint,
  timestamp: bigint,
): TransactionOutcome | undefined {
  // A contract transaction saw java-tron's empty push block (NUMBER, TIMESTAMP, COINBASE are 0);
  // in a block it runs again against the block, as java-tron's block production re-executes it.
  const type = pushed.transaction.rawData?.contract[0]?.type;
  if (type === ContractType.CreateSmartContract || type === ContractType.TriggerSmartContract)
    return undefined;
  const indexId = CoreTables.transactionIndex.id;
  const index = pushed.changes.tables.get(indexId);
  const keyId = CoreTables.transactionIndex.keyId(pushed.txId);
  const entry = index?.entries.get(keyId);
  if (!index || entry?.value !== PENDING_BLOCK_NUMBER) return undefined;
  const entries = new Map(index.entries);
  entries.set(keyId, { key: entry.key, value: number });
  const tables = new Map(pushed.changes.tables);
  tables.set(indexId, { table: index.table, entries });
  return {
    txId: pushed.txId,
    transaction: pushed.transaction,
    info: stampedInfo(pushed.info, number, timestamp),
    changes: { tables },
    balanceTrace: pushed.balanceTrace,
  };
}

/** A copy of `info` (fast-property, see fast-message.ts) with the block's number and time. */
function stampedInfo(info: TransactionInfo, number: bigint, timestamp: bigint): TransactionInfo {
  return { ...info, blockNumber: number, blockTimeStamp: timestamp };
}

/** How `applyBlock` checks and applies a block received from a peer or a fork. */
export interface ApplyBlockOptions {
  readonly traceBalances?: boolean;
  /**
   * The receiver's wall-clock time (ms). When given, blocks from the future are refused as
   * java-tron's network layer refuses them: `block time error` when the block is a whole slot or
   * more ahead (BlockMsgHandler), `time:<now>,block time:<ts>` when more than 1 s ahead
   * (TronNetDelegate.validBlock).
   */
  readonly now?: bigint;
  /** Node settings that affect execution (proposal lifetime); java-tron's defaults when absent. */
  readonly settings?: ChainSettings;
  /**
   * A block the caller trusts (a solidity node replaying what its trust node solidified; java-tron's
   * pushVerifiedBlock): the witness signature, the transaction root and the transactions'
   * signatures are not checked, as java-tron skips them for such a block. The witness schedule is
   * not checked either — unlike java-tron, because a tronode full node in instamine mode (block
   * time 0, tre_mine) produces several blocks in one slot. Linkage and every transaction's
   * execution are still checked.
   */
  readonly trusted?: boolean;
}

/** TronNetDelegate's tolerance for a block ahead of the receiver's clock. */
const FUTURE_BLOCK_TOLERANCE_MS = 1000n;

/**
 * Validates and applies a complete block in java-tron's order for blocks it receives: time against
 * the clock and the witness signature (TronNetDelegate), linkage and transaction root (pushBlock),
 * the witness schedule (DposService.validBlock), then every transaction.
 */
export function applyBlock(
  view: StateView,
  input: Block,
  recoverer: SignatureRecoverer,
  options: ApplyBlockOptions = {},
): BlockOutcome {
  const block = clone(BlockSchema, input);
  const state = new StateOverlay(view);
  const props = new MutableChainProperties(state);
  const raw = block.blockHeader?.rawData;
  if (!raw) throw blockError("block has no header");
  if (options.now !== undefined) {
    if (raw.timestamp - options.now >= BLOCK_PRODUCED_INTERVAL) throw blockError("block time error");
    if (raw.timestamp - options.now > FUTURE_BLOCK_TOLERANCE_MS) {
      throw blockError(`time:${options.now},block time:${raw.timestamp}`);
    }
  }
  const trusted = options.trusted === true;
  if (trusted) {
    const witness = state.get(CoreTables.witnesses, raw.witnessAddress);
    if (!witness) throw blockError(`witness ${bytesToHex(raw.witnessAddress)} does not exist`);
  } else {
    checkBlockSignature(state, block, recoverer);
  }
  if (raw.number !== props.headNumber + 1n) {
    throw blockError(`block number ${raw.number} does not follow head ${props.headNumber}`);
  }
  if (!bytesEqual(raw.parentHash, props.headBlockId)) throw blockError("block parent is not the head block");
  if (!trusted && !bytesEqual(transactionTrieRoot(block.transactions), raw.txTrieRoot)) {
    throw blockError("The merkle hash is not validated");
  }
  // DposService.validBlock (skipped on block 0): the slot after the head's, its scheduled witness.
  if (!trusted && props.headNumber > 0n) {
    const optimized = props.isOn("CONSENSUS_LOGIC_OPTIMIZATION");
    const slot = slotAt(props, raw.timestamp);
    const scheduled = scheduledWitness(props, slot);
    if (
      (optimized && raw.timestamp % BLOCK_PRODUCED_INTERVAL !== 0n) ||
      absoluteSlot(props, raw.timestamp) <= absoluteSlot(props, props.headTimestamp) ||
      (optimized && slot === 0n) ||
      !scheduled ||
      !bytesEqual(scheduled, raw.witnessAddress)
    ) {
      throw blockError("validateWitnessSchedule error");
    }
  }
  const outcomes: TransactionOutcome[] = [];
  for (const tx of block.transactions) {
    const outcome = applyTransaction(state, tx, {
      mode: "block",
      block: { number: raw.number, timestamp: raw.timestamp, witness: raw.witnessAddress },
      checkContractResult: true,
      recoverer,
      traceBalances: options.traceBalances,
      settings: options.settings,
      ...(trusted ? { isVerified: () => true } : {}),
    });
    state.merge(outcome.changes);
    outcomes.push(outcome);
  }
  const id = finishBlock(
    state,
    props,
    block,
    outcomes,
    options.settings,
    options.traceBalances ? view : undefined,
  );
  return { block, blockId: id, outcomes, changes: state.changes() };
}

/**
 * The witness signature of a block as java-tron's network layer checks it before anything else
 * (BlockCapsule.validateSignature): the witness must exist and the header must be signed by the
 * witness permission's key under ALLOW_MULTI_SIGN, else by the witness's own.
 */
export function checkBlockSignature(view: StateView, block: Block, recoverer: SignatureRecoverer): void {
  const raw = block.blockHeader?.rawData;
  if (!raw) throw blockError("block has no header");
  const witness = view.get(CoreTables.witnesses, raw.witnessAddress);
  if (!witness) throw blockError(`witness ${bytesToHex(raw.witnessAddress)} does not exist`);
  const signer = blockSigner(block, recoverer);
  const witnessAccount = view.get(CoreTables.accounts, raw.witnessAddress);
  const expected = new ChainProperties(view).isOn("ALLOW_MULTI_SIGN")
    ? (witnessAccount?.witnessPermission?.keys[0]?.address ?? raw.witnessAddress)
    : raw.witnessAddress;
  if (!bytesEqual(signer, expected)) throw blockError("valid signature failed.");
}

/** Block-level bookkeeping after the transactions: receipts, reward, witness stats, head, maintenance, solidity. */
function finishBlock(
  state: StateOverlay,
  props: MutableChainProperties,
  block: Block,
  outcomes: readonly TransactionOutcome[],
  settings: ChainSettings | undefined,
  /** With balance history on: the state before the block, to find the balances it changed. */
  tracedParent?: StateView,
): Uint8Array {
  const raw = block.blockHeader!.rawData!;
  const id = blockId(block);
  for (const o of outcomes) state.put(CoreTables.transactionInfos, o.txId, o.info);
  indexContractEvents(state, raw.number, outcomes);
  indexAccounts(state, raw.number, raw.timestamp, outcomes);
  settleBlockEnergy(props);

  // Block rewards (Manager.payReward), before maintenance as in java-tron.
  payBlockRewards(state, props, raw.witnessAddress);
  // StatisticManager: every scheduled slot skipped before this block counts as missed for its
  // witness (counted per witness rather than slot by slot: a chain idle for days skips many).
  const missedSlots = blockSlot(props, raw.number, raw.timestamp) - 1n;
  const active = unpackAddresses(props.getBytes("ACTIVE_WITNESSES"));
  if (missedSlots > 0n && active.length > 0) {
    const n = BigInt(active.length);
    for (let k = 0n; k < n && k < missedSlots; k++) {
      // slots k+1, k+1+n, … go to the witness scheduled for slot k+1
      const times = (missedSlots - k - 1n) / n + 1n;
      const missedBy = scheduledWitness(props, k + 1n)!;
      const missed = state.get(CoreTables.witnesses, missedBy);
      if (missed)
        state.put(CoreTables.witnesses, missedBy, { ...missed, totalMissed: missed.totalMissed + times });
    }
  }
  const witness = state.get(CoreTables.witnesses, raw.witnessAddress);
  if (witness) {
    const w = clone(WitnessSchema, witness);
    w.totalProduced += 1n;
    w.latestBlockNum = raw.number;
    w.latestSlotNum = absoluteSlot(props, raw.timestamp);
    state.put(CoreTables.witnesses, raw.witnessAddress, w);
  }

  state.put(CoreTables.blocks, raw.number, block);
  state.put(CoreTables.blockIndex, id, raw.number);
  const ref = blockReference(raw.number, id);
  state.put(CoreTables.recentBlocks, ref.refBlockBytes, ref.refBlockHash);
  props.set("TOTAL_TRANSACTION_COUNT", props.get("TOTAL_TRANSACTION_COUNT") + BigInt(outcomes.length));

  // Maintenance: the first block at or after NEXT_MAINTENANCE_TIME (block 1 only moves the time).
  const nextMaintenance = props.get("NEXT_MAINTENANCE_TIME");
  if (raw.timestamp >= nextMaintenance) {
    // Proposals approved by then take effect here, before the votes are counted (java-tron's order).
    processProposals(state, props);
    if (raw.number !== 1n) doMaintenance(state, props, settings?.localSchedule);
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
  if (tracedParent)
    recordBlockBalances(
      state,
      tracedParent,
      block,
      id,
      outcomes.map((o) => o.balanceTrace),
    );
  return id;
}

/**
 * Adaptive energy (Manager.processBlock), computed before the head moves, so `now` is the parent's
 * slot as in java-tron. The block's energy usage is then cleared at the end of the block rather
 * than at the start of the next: pending transactions are applied on the committed head, so they
 * must start counting from zero, as the next block will.
 */
function settleBlockEnergy(props: MutableChainProperties): void {
  if (props.isOn("ALLOW_ADAPTIVE_ENERGY")) updateAdaptiveEnergy(props, props.headSlot);
  resetBlockEnergyUsage(props);
}

/** Solidified number: active witnesses' latest block numbers, ascending, at index ⌊n·(1−70%)⌋. */
function updateSolidifiedBlock(state: StateOverlay, props: MutableChainProperties): void {
  const numbers = unpackAddresses(props.getBytes("ACTIVE_WITNESSES")).map(
    (address) => state.get(CoreTables.witnesses, address)?.latestBlockNum ?? 0n,
  );
  if (numbers.length === 0) return;
  numbers.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = Math.trunc(numbers.length * (1 - SOLIDIFIED_THRESHOLD / 100));
  const solid = numbers[index]!;
  if (solid > props.solidifiedNumber) props.set("LATEST_SOLIDIFIED_BLOCK_NUM", solid);
}
