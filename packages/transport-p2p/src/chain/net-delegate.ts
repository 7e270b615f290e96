/**
 * The chain as the network layer sees it (java-tron's TronNetDelegate) over the node's
 * ChainService: ids of the head, solidified and genesis blocks, block and transaction lookups,
 * the checks made before a block is pushed, and the push itself.
 */

import { type ChainService, PushBlockErrors } from "@tronode/chain";
import {
  type Block,
  BlockTreeErrors,
  blockId,
  bytesEqual,
  type Clock,
  checkBlockSignature,
  type Logger,
  Tables,
  type Transaction,
  TronodeError,
  transactionId,
  unpackAddresses,
} from "@tronode/engine/internal";
import type { BlockRef } from "../messages.js";
import { BlockRejected, type NetChain, TransactionRejected } from "../net-chain.js";

/** TronNetDelegate's tolerance for a block ahead of the receiver's clock. */
const FUTURE_BLOCK_TOLERANCE_MS = 1000n;

/** The chain service NetDelegate reads and pushes to, the clock it checks blocks against, and its logger. */
export interface NetDelegateOptions {
  readonly chain: ChainService;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** NetChain over a `@tronode/chain` ChainService: what `serveP2p` gives the network layer. */
export class NetDelegate implements NetChain {
  private readonly produced = new Set<(block: Block) => void>();

  constructor(private readonly options: NetDelegateOptions) {
    options.chain.onBlock((p) => {
      for (const listener of this.produced) listener(p.block);
    });
  }

  private get chain(): ChainService {
    return this.options.chain;
  }

  private blockRefAt(number: bigint): BlockRef {
    const block = this.chain.committedView.get(Tables.blocks, number);
    return { id: block ? blockId(block) : new Uint8Array(32), number };
  }

  protoFilter(): boolean {
    return this.chain.properties.get("ALLOW_PROTO_FILTER_NUM") === 1n;
  }

  genesisBlockId(): BlockRef {
    return this.blockRefAt(0n);
  }

  headBlockId(): BlockRef {
    const props = this.chain.properties;
    return { id: props.headBlockId, number: props.headNumber };
  }

  treeHeadBlockId(): BlockRef {
    const head = this.chain.treeHead;
    return { id: head.id, number: head.number };
  }

  solidBlockId(): BlockRef {
    return this.blockRefAt(this.chain.properties.solidifiedNumber);
  }

  blockTime(id: Uint8Array): bigint | undefined {
    const view = this.chain.committedView;
    const number = view.get(Tables.blockIndex, id);
    return number === undefined
      ? undefined
      : view.get(Tables.blocks, number)?.blockHeader?.rawData?.timestamp;
  }

  blockIdByNumber(number: bigint): Uint8Array | undefined {
    const block = this.chain.committedView.get(Tables.blocks, number);
    return block ? blockId(block) : undefined;
  }

  containsBlock(id: Uint8Array): boolean {
    return this.chain.containsBlock(id);
  }

  containsBlockInMainChain(id: Uint8Array): boolean {
    return this.chain.containsBlockInMainChain(id);
  }

  forkBranch(id: Uint8Array): BlockRef[] {
    return this.chain.forkBranch(id);
  }

  /** Manager.getSyncBeginNumber: head − the blocks that can still be undone, i.e. the solidified block. */
  syncBeginNumber(): bigint {
    return this.chain.properties.solidifiedNumber;
  }

  async getBlock(id: Uint8Array): Promise<Block | undefined> {
    const store = this.chain.store;
    const number = await store.read(Tables.blockIndex, id);
    if (number === undefined) return undefined;
    const block = await store.read(Tables.blocks, number);
    return block && bytesEqual(blockId(block), id) ? block : undefined;
  }

  async getTransaction(id: Uint8Array): Promise<Transaction | undefined> {
    const store = this.chain.store;
    const number = await store.read(Tables.transactionIndex, id);
    if (number === undefined) return this.chain.pendingTransaction(id);
    const block = await store.read(Tables.blocks, number);
    return block?.transactions.find((tx) => bytesEqual(transactionId(tx), id));
  }

  validBlock(block: Block): boolean {
    const raw = block.blockHeader?.rawData;
    const now = this.options.clock.now();
    if (raw && raw.timestamp - now > FUTURE_BLOCK_TOLERANCE_MS) {
      throw new BlockRejected("BAD_BLOCK", `time:${now},block time:${raw.timestamp}`);
    }
    this.validSignature(block);
    const active = unpackAddresses(this.chain.properties.getBytes("ACTIVE_WITNESSES"));
    return raw !== undefined && active.some((a) => bytesEqual(a, raw.witnessAddress));
  }

  validSignature(block: Block): void {
    try {
      checkBlockSignature(this.chain.committedView, block, this.chain.recoverer);
    } catch (e) {
      throw new BlockRejected("SIGNATURE", (e as Error).message);
    }
  }

  async processBlock(block: Block, _isSync: boolean): Promise<void> {
    try {
      await this.chain.pushBlock(block);
    } catch (e) {
      if (!(e instanceof TronodeError)) throw e;
      if (e.code === PushBlockErrors.merkle) throw new BlockRejected("MERKLE", e.message);
      if (e.code === BlockTreeErrors.unlinked) throw new BlockRejected("UNLINKED", e.message);
      throw new BlockRejected("BAD_BLOCK", e.message);
    }
  }

  async pushTransaction(tx: Transaction): Promise<void> {
    // ContractSizeNotEqualToOneException marks the sender bad (BAD_TRX); other failures are dropped
    if ((tx.rawData?.contract.length ?? 0) !== 1) {
      throw new TransactionRejected(true, "contract size should be exactly 1");
    }
    try {
      await this.chain.push(tx);
    } catch (e) {
      throw new TransactionRejected(false, (e as Error).message);
    }
  }

  onProducedBlock(listener: (block: Block) => void): () => void {
    this.produced.add(listener);
    return () => this.produced.delete(listener);
  }
}
