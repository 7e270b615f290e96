/**
 * The loop of java-tron's SolidityNode: the next block is the local solidified number + 1; when the
 * trust node has not solidified it yet, wait 3 s (a block interval) and ask again
 * (Database.GetDynamicProperties); otherwise fetch it (Database.GetBlockByNum) — an answer for
 * another number (the empty Block java-tron sends for one it does not have) waits 1 s and asks
 * again — and apply it with the engine into this node's own store, recorded as solidified. Every
 * failure (trust node down or restarting, a block that does not apply) waits 1 s and retries the
 * same number, forever, as java-tron does. It never follows the unsolidified head.
 */

import type { ChainService } from "@tronode/chain";
import { type Block, blockId, bytesToHex, type Logger, Tables, TronodeError } from "@tronode/engine/internal";
import type { TrustNodeClient } from "./trust-node-client.js";

/** java-tron's BLOCK_PRODUCED_INTERVAL: how long to wait while the trust node has nothing new. */
export const SOLIDITY_POLL_INTERVAL_MS = 3000;
/** java-tron's wait after a failed call or a failed block. */
export const SOLIDITY_RETRY_INTERVAL_MS = 1000;

export interface BlockFollowerOptions {
  readonly chain: ChainService;
  readonly trustNode: TrustNodeClient;
  readonly logger: Logger;
  readonly pollIntervalMs?: number;
  readonly retryIntervalMs?: number;
  /** A failure no retry can fix (another chain's genesis): the follower stops and reports it. */
  readonly onFatal?: (error: TronodeError) => void;
}

export interface BlockFollower {
  /** Stops after the step in hand (a block being committed is committed whole). */
  stop(): Promise<void>;
}

function numberOf(block: Block): bigint {
  return block.blockHeader?.rawData?.number ?? 0n;
}

export function startBlockFollower(options: BlockFollowerOptions): BlockFollower {
  const { chain, trustNode, logger } = options;
  const pollInterval = options.pollIntervalMs ?? SOLIDITY_POLL_INTERVAL_MS;
  const retryInterval = options.retryIntervalMs ?? SOLIDITY_RETRY_INTERVAL_MS;
  const stopping = new AbortController();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        stopping.signal.removeEventListener("abort", wake);
        resolve();
      }, ms);
      stopping.signal.addEventListener("abort", wake, { once: true });
    });

  /** The trust node's block 0 must be ours: blocks of another chain can never apply. */
  async function checkGenesis(): Promise<void> {
    const theirs = await trustNode.blockByNum(0n);
    const ours = await chain.store.read(Tables.blocks, 0n);
    if (theirs.blockHeader === undefined || ours === undefined) {
      throw new TronodeError("SOLIDITY_NO_GENESIS", "the trust node did not answer its genesis block");
    }
    const [theirId, ourId] = [bytesToHex(blockId(theirs)), bytesToHex(blockId(ours))];
    if (theirId !== ourId) {
      throw new TronodeError(
        "SOLIDITY_OTHER_CHAIN",
        `the trust node's genesis block ${theirId} is not this node's ${ourId}: start the solidity node ` +
          "with the full node's genesis options (--accounts, --balance, --mnemonic, --witnesses, --config …)",
      );
    }
  }

  async function run(): Promise<void> {
    let genesisChecked = false;
    let remoteSolid = -1n;
    while (!stopping.signal.aborted) {
      try {
        if (!genesisChecked) {
          await checkGenesis();
          genesisChecked = true;
        }
        const next = chain.properties.solidifiedNumber + 1n;
        if (next > remoteSolid) {
          remoteSolid = await trustNode.latestSolidifiedNumber();
          if (next > remoteSolid) {
            await sleep(pollInterval);
            continue;
          }
        }
        const block = await trustNode.blockByNum(next);
        if (numberOf(block) !== next) {
          logger.warn(
            { expected: String(next), got: String(numberOf(block)) },
            "the trust node answered another block",
          );
          await sleep(retryInterval);
          continue;
        }
        await chain.applySolidifiedBlock(block);
        logger.debug({ number: String(next) }, "solidified block applied");
      } catch (error) {
        if (error instanceof TronodeError && error.code === "SOLIDITY_OTHER_CHAIN") {
          options.onFatal?.(error);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ error: message }, "solidity sync failed; retrying");
        remoteSolid = -1n;
        await sleep(retryInterval);
      }
    }
  }

  const running = run();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
