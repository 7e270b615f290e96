/**
 * What the TRON network layer needs from the chain (java-tron's TronNetDelegate). The node
 * implements it over its ChainService; tests can implement it over anything.
 */
import type { Block, Transaction } from "@tronode/engine/internal";
import type { BlockRef } from "./messages.js";

/** Why a block was refused (java-tron's P2pException types around processBlock). */
export type BlockFailureKind =
  /** Any validation failure while pushing (BAD_BLOCK): the sender is disconnected BAD_BLOCK. */
  | "BAD_BLOCK"
  /** The signature does not verify (BLOCK_SIGN_ERROR). */
  | "SIGNATURE"
  /** The transaction root does not match (BLOCK_MERKLE_ERROR). */
  | "MERKLE"
  /** The parent is unknown (UnLinkedBlockException, mapped to BAD_BLOCK by processBlock). */
  | "UNLINKED";

/** Why a block from a peer was refused: NetChain's checks throw it; the TRON layer acts on its `kind`. */
export class BlockRejected extends Error {
  constructor(
    readonly kind: BlockFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "BlockRejected";
  }
}

/** Why a transaction from a peer was refused: BAD_TRX disconnects the peer, the rest are dropped. */
export class TransactionRejected extends Error {
  constructor(
    readonly bad: boolean,
    message: string,
  ) {
    super(message);
    this.name = "TransactionRejected";
  }
}

/** The chain as the TRON layer reads and feeds it (java-tron's TronNetDelegate): lookups, checks, pushes. */
export interface NetChain {
  genesisBlockId(): BlockRef;
  /**
   * Whether ALLOW_PROTO_FILTER_NUM is on (Message.isFilter): BLOCK and TRXS messages whose bytes hold
   * fields the schema does not know are then refused (PROTOBUF_ERROR). Absent = off.
   */
  protoFilter?(): boolean;
  /** The head of the applied chain (DynamicPropertiesStore's latest block). */
  headBlockId(): BlockRef;
  /** The head of the fork tree (khaosDb head): differs from the head only during a switch. */
  treeHeadBlockId(): BlockRef;
  solidBlockId(): BlockRef;
  /** Timestamp of a main-chain block (getBlockTime). */
  blockTime(id: Uint8Array): bigint | undefined;
  /** Main-chain block id at a number. */
  blockIdByNumber(number: bigint): Uint8Array | undefined;
  /** In the main chain or in the fork tree (containBlock). */
  containsBlock(id: Uint8Array): boolean;
  /** In the main chain (containBlockInMainChain). */
  containsBlockInMainChain(id: Uint8Array): boolean;
  /**
   * Manager.getBlockChainHashesOnFork: the fork branch of a block that is in the tree but not in
   * the main chain, tip first, ending with the main-chain block it forks from; empty when none.
   */
  forkBranch(id: Uint8Array): BlockRef[];
  /** The lowest block a summary starts from (head − undoable blocks: the solidified block). */
  syncBeginNumber(): bigint;
  getBlock(id: Uint8Array): Promise<Block | undefined>;
  getTransaction(id: Uint8Array): Promise<Transaction | undefined>;
  /**
   * TronNetDelegate.validBlock: throws BlockRejected("BAD_BLOCK") for a block more than 1 s ahead
   * of the clock and BlockRejected("SIGNATURE") for a bad signature; false when the witness is not
   * an active witness (the block is dropped silently).
   */
  validBlock(block: Block): boolean;
  /** Signature only (sync blocks). Throws BlockRejected("SIGNATURE"). */
  validSignature(block: Block): void;
  /**
   * Manager.pushBlock: links the block into the fork tree, applies it (switching fork if its
   * branch became the longest) or keeps it on a side branch. Resolves when done; throws
   * BlockRejected when the block (or its branch) is invalid.
   */
  processBlock(block: Block, isSync: boolean): Promise<void>;
  /** Pushes a transaction received from a peer into the pending pool. Throws TransactionRejected. */
  pushTransaction(tx: Transaction): Promise<void>;
  /** Subscribes to blocks this node produced (to gossip them). */
  onProducedBlock(listener: (block: Block) => void): () => void;
}
