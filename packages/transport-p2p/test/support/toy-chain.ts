/**
 * A chain for protocol tests: real Block messages linked by their ids, no execution. It stands in
 * for the node's ChainService behind the NetChain interface, so the protocol can be driven frame by
 * frame without producing signed blocks.
 */
import { create } from "@bufbuild/protobuf";
import {
  type Block,
  BlockSchema,
  blockId,
  bytesEqual,
  bytesToHex,
  type Transaction,
} from "@tronode/engine/internal";
import { type BlockRef, BlockRejected, type NetChain, TransactionRejected } from "../../src/index.js";

export function makeBlock(parent: Block | undefined, salt = 0, timestamp?: bigint): Block {
  const raw = parent?.blockHeader?.rawData;
  const number = raw ? raw.number + 1n : 0n;
  return create(BlockSchema, {
    blockHeader: {
      rawData: {
        number,
        parentHash: parent ? blockId(parent) : new Uint8Array(32),
        timestamp: timestamp ?? number * 3000n,
        witnessAddress: Uint8Array.of(0x41, salt),
      },
    },
  });
}

export function refOf(block: Block): BlockRef {
  return { id: blockId(block), number: block.blockHeader!.rawData!.number };
}

export class ToyChain implements NetChain {
  readonly main: Block[];
  readonly side = new Map<string, Block>();
  readonly pushed: Transaction[] = [];
  /** Blocks `processBlock` refuses (by id hex), with the failure kind. */
  readonly refuse = new Map<string, BlockRejected["kind"]>();
  solidNumber = 0n;
  /** ALLOW_PROTO_FILTER_NUM as this chain has it. */
  filter = false;
  private readonly listeners = new Set<(block: Block) => void>();

  constructor(
    length = 0,
    readonly genesis: Block = makeBlock(undefined),
  ) {
    this.main = [genesis];
    this.extend(length);
  }

  protoFilter(): boolean {
    return this.filter;
  }

  extend(count: number, salt = 0): Block[] {
    const added: Block[] = [];
    for (let i = 0; i < count; i++) {
      const block = makeBlock(this.main[this.main.length - 1], salt);
      this.main.push(block);
      added.push(block);
    }
    return added;
  }

  /** Produces one block and tells the network layer, as a witness node does. */
  produce(): Block {
    const [block] = this.extend(1);
    for (const l of this.listeners) l(block!);
    return block!;
  }

  get head(): Block {
    return this.main[this.main.length - 1]!;
  }

  genesisBlockId(): BlockRef {
    return refOf(this.genesis);
  }
  headBlockId(): BlockRef {
    return refOf(this.head);
  }
  treeHeadBlockId(): BlockRef {
    return refOf(this.head);
  }
  solidBlockId(): BlockRef {
    return refOf(this.main[Number(this.solidNumber)]!);
  }
  blockTime(id: Uint8Array): bigint | undefined {
    return this.find(id)?.blockHeader?.rawData?.timestamp;
  }
  blockIdByNumber(number: bigint): Uint8Array | undefined {
    const b = this.main[Number(number)];
    return b ? blockId(b) : undefined;
  }
  containsBlock(id: Uint8Array): boolean {
    return this.find(id) !== undefined || this.side.has(bytesToHex(id));
  }
  containsBlockInMainChain(id: Uint8Array): boolean {
    return this.find(id) !== undefined;
  }
  forkBranch(): BlockRef[] {
    return [];
  }
  syncBeginNumber(): bigint {
    return this.solidNumber;
  }
  async getBlock(id: Uint8Array): Promise<Block | undefined> {
    return this.find(id);
  }
  async getTransaction(id: Uint8Array): Promise<Transaction | undefined> {
    void id;
    return undefined;
  }
  validBlock(block: Block): boolean {
    this.validSignature(block);
    return true;
  }
  validSignature(block: Block): void {
    if (this.refuse.get(bytesToHex(blockId(block))) === "SIGNATURE") {
      throw new BlockRejected("SIGNATURE", "valid signature failed.");
    }
  }
  async processBlock(block: Block): Promise<void> {
    const id = blockId(block);
    const refused = this.refuse.get(bytesToHex(id));
    if (refused) throw new BlockRejected(refused, `refused ${refused}`);
    if (this.containsBlock(id)) return;
    if (bytesEqual(block.blockHeader!.rawData!.parentHash, blockId(this.head))) this.main.push(block);
    else if (this.containsBlock(block.blockHeader!.rawData!.parentHash)) this.side.set(bytesToHex(id), block);
    else throw new BlockRejected("UNLINKED", "unlinked");
  }
  async pushTransaction(tx: Transaction): Promise<void> {
    if ((tx.rawData?.contract.length ?? 0) !== 1) throw new TransactionRejected(true, "contract size");
    this.pushed.push(tx);
  }
  onProducedBlock(listener: (block: Block) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private find(id: Uint8Array): Block | undefined {
    const b = this.main.find((m) => bytesEqual(blockId(m), id));
    return b;
  }
}
