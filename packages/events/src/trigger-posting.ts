/**
 * When java-tron (event.subscribe.version 0, its default) posts which trigger, driven by what the
 * chain tells (ChainService.onChange) and reading the committed state it concerns:
 * - a block committed on the head: its contract events and logs (Manager.processTransaction →
 *   postContractTrigger, then ContractTriggerCapsule.processTrigger: filter, event or log, the
 *   solidity twins kept back per block); then, unless the block came in by a fork switch,
 *   Manager.blockTrigger: the block and transaction triggers (this block, or with `solidified`
 *   every block newly solidified, read back from the store) and postSolidityTrigger (the kept
 *   solidity logs, then events, of solidified blocks, then one solidity trigger per newly
 *   solidified block);
 * - blocks about to be undone (switchFork → reOrgContractTrigger): their contract events and logs
 *   again with `removed: true`, head first, and their kept-back solidity twins forgotten.
 */
import {
  type Block,
  type BlockOutcome,
  bytesToHex,
  ChainProperties,
  type StateView,
  Tables,
  type TransactionInfo,
  transactionId,
} from "@tronode/engine/internal";
import type { EventSubscriptionConfig, TriggerName, TriggerSettings } from "./event-subscription-config.js";
import { matchesFilter } from "./trigger-filter.js";
import {
  type AppliedRun,
  asSolidity,
  blockRefOf,
  blockTrigger,
  type ContractTriggerSource,
  contractEventTrigger,
  contractLogTrigger,
  contractTriggerSources,
  solidityTrigger,
  type Trigger,
  transactionTrigger,
} from "./triggers.js";

export interface TriggerPosting {
  /** A block was committed on the head; `view` is the committed state with it. */
  applied(
    change: {
      readonly outcome: BlockOutcome;
      readonly solidifiedBefore: bigint;
      readonly forkSwitch: boolean;
    },
    view: StateView,
  ): void;
  /** These blocks (head first) are about to be undone; `view` still holds them. */
  undoing(blocks: readonly Block[], view: StateView): void;
}

export interface TriggerPostingOptions {
  readonly config: EventSubscriptionConfig;
  /** Sends one trigger (in posting order). */
  readonly post: (trigger: Trigger) => void;
}

/** A solidity event or log kept back until its block is solidified. */
interface Parked {
  readonly number: bigint;
  readonly blockId: string;
  readonly trigger: Trigger;
}

const OFF: TriggerSettings = {
  enable: false,
  topic: "",
  solidified: false,
  ethCompatible: false,
  redundancy: false,
};

export function createTriggerPosting(options: TriggerPostingOptions): TriggerPosting {
  const { config, post } = options;
  const setting = (name: TriggerName) => config.triggers[name] ?? OFF;
  const block = setting("block");
  const transaction = setting("transaction");
  const contractEvent = setting("contractevent");
  const contractLog = setting("contractlog");
  const solidity = setting("solidity");
  const solidityEvent = setting("solidityevent");
  const solidityLog = setting("soliditylog");
  const anyContract = contractEvent.enable || contractLog.enable;
  const anySolidityContract = solidityEvent.enable || solidityLog.enable;

  /** Manager.lastUsedSolidityNum: the last solidified block announced (-1: none yet). */
  let lastUsedSolidityNum = -1n;
  let parkedLogs: Parked[] = [];
  let parkedEvents: Parked[] = [];

  /** ContractTriggerCapsule.processTrigger for one log; only a log of a block applied is kept back. */
  function processTrigger(source: ContractTriggerSource, keepSolidity: boolean): void {
    const event = contractEventTrigger(source, config.contractParse);
    if (!matchesFilter(source, config.filter)) return;
    const park = (list: Parked[], trigger: Trigger) =>
      list.push({ number: source.blockNumber, blockId: source.blockHash, trigger: asSolidity(trigger) });
    if (event) {
      if (contractEvent.enable) post(event);
      if (keepSolidity && solidityEvent.enable) park(parkedEvents, event);
      if (contractLog.redundancy || solidityLog.redundancy) {
        const log = contractLogTrigger(source);
        if (contractLog.redundancy) post(log);
        if (keepSolidity && solidityLog.redundancy) park(parkedLogs, log);
      }
    } else {
      const log = contractLogTrigger(source);
      if (contractLog.enable) post(log);
      if (keepSolidity && solidityLog.enable) park(parkedLogs, log);
    }
  }

  /** Manager.getContinuousBlockCapsule: the blocks after the last announced solidified one, from the store. */
  function newlySolidified(solid: bigint, view: StateView): Block[] {
    const blocks: Block[] = [];
    for (let n = lastUsedSolidityNum < 0n ? solid : lastUsedSolidityNum + 1n; n <= solid; n++) {
      const stored = view.get(Tables.blocks, n);
      if (stored) blocks.push(stored);
    }
    return blocks;
  }

  /** Manager.processTransactionTrigger for one block; `runs` when it was applied in this process. */
  function postTransactions(
    target: Block,
    runs: readonly AppliedRun[] | undefined,
    solid: bigint,
    view: StateView,
  ): void {
    const ref = blockRefOf(target);
    const txs = target.transactions;
    const stored = (i: number) =>
      runs?.[i]?.info ?? view.get(Tables.transactionInfos, transactionId(txs[i]!));
    const infos: (TransactionInfo | undefined)[] =
      transaction.ethCompatible && ref.number !== 0n ? txs.map((_, i) => stored(i)) : [];
    if (infos.length > 0 && infos.every((info) => info !== undefined)) {
      const energyUnitPrice = new ChainProperties(view).get("ENERGY_FEE");
      let preCumulativeEnergyUsed = 0n;
      let preCumulativeLogCount = 0n;
      txs.forEach((tx, index) => {
        const info = infos[index]!;
        const applied = runs?.[index];
        post(
          transactionTrigger({
            tx,
            block: ref,
            latestSolidifiedBlockNumber: solid,
            ...(applied ? { applied } : {}),
            eth: { info, index, preCumulativeEnergyUsed, preCumulativeLogCount, energyUnitPrice },
          }),
        );
        preCumulativeEnergyUsed += applied?.info.receipt?.energyUsageTotal ?? 0n;
        preCumulativeLogCount += BigInt(info.log.length);
      });
      return;
    }
    txs.forEach((tx, index) => {
      const applied = runs?.[index];
      post(
        transactionTrigger({
          tx,
          block: ref,
          latestSolidifiedBlockNumber: solid,
          ...(applied ? { applied } : {}),
        }),
      );
    });
  }

  /** Manager.postSolidityTrigger. */
  function postSolidity(solid: bigint, view: StateView): void {
    const due = (list: Parked[]) =>
      list
        .filter((p) => p.number <= solid)
        .sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
    if (solidityLog.enable) {
      for (const p of due(parkedLogs)) post(p.trigger);
      parkedLogs = parkedLogs.filter((p) => p.number > solid);
    }
    if (solidityEvent.enable) {
      for (const p of due(parkedEvents)) post(p.trigger);
      parkedEvents = parkedEvents.filter((p) => p.number > solid);
    }
    if (solidity.enable) {
      for (const b of newlySolidified(solid, view)) post(solidityTrigger(blockRefOf(b)));
    }
    lastUsedSolidityNum = solid;
  }

  return {
    applied({ outcome, solidifiedBefore, forkSwitch }, view) {
      const ref = blockRefOf(outcome.block);
      if (anyContract || anySolidityContract) {
        for (const o of outcome.outcomes) {
          for (const source of contractTriggerSources(view, o.transaction, o.info, ref, {
            removed: false,
            latestSolidifiedBlockNumber: solidifiedBefore,
          })) {
            processTrigger(source, true);
          }
        }
      }
      // java-tron's pushBlock returns right after a fork switch: no block, transaction or solidity triggers
      if (forkSwitch) return;
      const solid = new ChainProperties(view).solidifiedNumber;
      const runs: AppliedRun[] = outcome.outcomes.map((o) => ({
        info: o.info,
        ...(o.contractRun ? { run: o.contractRun } : {}),
      }));
      if (block.enable) {
        const blocks = block.solidified ? newlySolidified(solid, view) : [outcome.block];
        for (const b of blocks) post(blockTrigger(b, solid));
      }
      if (transaction.enable) {
        if (transaction.solidified) {
          for (const b of newlySolidified(solid, view)) postTransactions(b, undefined, solid, view);
        } else {
          postTransactions(outcome.block, runs, solid, view);
        }
      }
      postSolidity(solid, view);
    },

    undoing(blocks, view) {
      const undone = new Set(blocks.map((b) => bytesToHex(blockRefOf(b).id)));
      parkedLogs = parkedLogs.filter((p) => !undone.has(p.blockId));
      parkedEvents = parkedEvents.filter((p) => !undone.has(p.blockId));
      if (!anyContract) return;
      const solid = new ChainProperties(view).solidifiedNumber;
      for (const b of blocks) {
        const ref = blockRefOf(b);
        for (const tx of b.transactions) {
          const info = view.get(Tables.transactionInfos, transactionId(tx));
          if (!info) continue;
          for (const source of contractTriggerSources(view, tx, info, ref, {
            removed: true,
            latestSolidifiedBlockNumber: solid,
          })) {
            processTrigger(source, false);
          }
        }
      }
    },
  };
}
