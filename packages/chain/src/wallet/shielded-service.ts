/**
 * The shielded operations of java-tron's Wallet over the running chain:
 * - keys and addresses: the engine computes, this service draws the randomness java-tron draws
 *   (SecureRandom for spending keys and diversifiers, librustzcash's OsRng for rcm and RedJubjub);
 * - createshieldnullifier, getshieldtransactionhash, gettriggerinputforshieldedtrc20contract:
 *   computations on the request alone;
 * - the ShieldedTransferContract (TRC-10) scans, vouchers and isspend over the scope's blocks;
 * - the shielded TRC-20 scans over the scope's blocks and their TransactionInfo logs, spent flags
 *   through a TVM constant call of the contract's `nullifiers(bytes32)` (the node's
 *   triggerconstantcontract, on the scope's state).
 *
 * The shielded TRC-10 pool: this node cannot accept a ShieldedTransferContract (the actuator
 * refuses it — closed by the committee, or not possible here without TRON's spend verifying key),
 * so no block it holds contains one, its note-commitment tree is empty after every block and its
 * nullifier set is empty. The voucher reader relies on that and checks it: a block holding such a
 * contract stops the read with an error instead of answering from a tree that would be wrong.
 */
import { randomBytes } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import {
  type Block,
  ChainProperties,
  ContractType,
  type DecryptNotes,
  DecryptNotesMarkedSchema,
  DecryptNotesSchema,
  type DecryptNotesTRC20,
  DecryptNotesTRC20Schema,
  type IncrementalMerkleVoucherInfo,
  type IvkDecryptAndMarkParameters,
  type IvkDecryptParameters,
  type IvkDecryptTRC20Parameters,
  type NfParameters,
  type NfTRC20Parameters,
  type NoteParameters,
  NoteSchema,
  type OutputPointInfo,
  type OvkDecryptParameters,
  type OvkDecryptTRC20Parameters,
  PENDING_BLOCK_NUMBER,
  type ReadScope,
  type ShieldedQueries,
  type ShieldedTRC20TriggerContractParameters,
  type SpendResult,
  SpendResultSchema,
  shielded,
  Tables,
  type Transaction,
  TronodeError,
  transactionId,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

const random = (size: number) => new Uint8Array(randomBytes(size));

/**
 * A constant call of a contract (triggerconstantcontract): its constant_result bytes. It throws
 * when the call fails (java-tron: validation error, VM exception).
 */
export type ContractConstantCaller = (
  contract21: Uint8Array,
  data: Uint8Array,
  scope: ReadScope,
) => Promise<Uint8Array>;

export interface ShieldedServiceOptions {
  readonly chain: ChainService;
  /** The TVM constant call, for the shielded TRC-20 spent checks. */
  readonly callContract: ContractConstantCaller;
}

const TRC10_POOL_NOT_KEPT =
  "not possible here: this node keeps no shielded TRC-10 note-commitment tree (it cannot accept ShieldedTransferContract), yet a block holds one";

function poolNotKept(): TronodeError {
  return new TronodeError("SHIELDED_TRC10_POOL", TRC10_POOL_NOT_KEPT, {
    javaClass: "java.lang.UnsupportedOperationException",
  });
}

const noteMessage = (note: shielded.ZenNote) => create(NoteSchema, note);

export class ShieldedService implements ShieldedQueries {
  constructor(private readonly options: ShieldedServiceOptions) {}

  async getSpendingKey(): Promise<Uint8Array> {
    for (;;) {
      const sk = shielded.spendingKeyFromRandom(random(32));
      if (shielded.isUsableSpendingKey(sk)) return sk;
    }
  }

  async getExpandedSpendingKey(sk: Uint8Array) {
    return shielded.expandedSpendingKeyOf(sk);
  }

  async getAkFromAsk(ask: Uint8Array): Promise<Uint8Array> {
    return shielded.akOf(ask);
  }

  async getNkFromNsk(nsk: Uint8Array): Promise<Uint8Array> {
    return shielded.nkOf(nsk);
  }

  async getIncomingViewingKey(ak: Uint8Array, nk: Uint8Array): Promise<Uint8Array> {
    return shielded.ivkOf(ak, nk);
  }

  async getDiversifier(): Promise<Uint8Array> {
    for (;;) {
      const d = random(shielded.DIVERSIFIER_LENGTH);
      if (shielded.isValidDiversifier(d)) return d;
    }
  }

  async getZenPaymentAddress(ivk: Uint8Array, d: Uint8Array) {
    return shielded.paymentAddressMessageOf(ivk, d);
  }

  async getRcm(): Promise<Uint8Array> {
    return shielded.rcmFromRandom(random(64));
  }

  async getNewShieldedAddress() {
    return shielded.shieldedAddressInfoOf(await this.getSpendingKey(), await this.getDiversifier());
  }

  async createSpendAuthSig(ask: Uint8Array, alpha: Uint8Array, txHash: Uint8Array): Promise<Uint8Array> {
    return shielded.spendAuthSigOf(ask, alpha, txHash, random(80));
  }

  async getShieldedSupport(scope: ReadScope): Promise<shielded.ShieldedSupport> {
    const props = new ChainProperties(this.options.chain.viewOf(scope));
    return {
      shieldedTransaction: props.get("ALLOW_SHIELDED_TRANSACTION") === 1n,
      shieldedTrc20Transaction: props.get("ALLOW_SHIELDED_TRC20_TRANSACTION") === 1n,
    };
  }

  async createShieldNullifier(params: NfParameters): Promise<Uint8Array> {
    return shielded.createShieldNullifier(params);
  }

  async getShieldTransactionHash(tx: Transaction): Promise<Uint8Array | undefined> {
    return shielded.shieldTransactionHashOf(tx);
  }

  async getTriggerInputForShieldedTrc20Contract(
    params: ShieldedTRC20TriggerContractParameters,
  ): Promise<Uint8Array> {
    return shielded.triggerInputForShieldedTrc20(params);
  }

  /** The highest block a scope reads: the head under /wallet, the solidified block under /walletsolidity. */
  #topBlock(scope: ReadScope): bigint {
    const props = new ChainProperties(this.options.chain.headView);
    return scope === "head" ? props.headNumber : props.solidifiedNumber;
  }

  /** Wallet.getBlocksByLimitNext(start, end − start): the scope's blocks in [start, end). */
  async #blocks(start: bigint, end: bigint, scope: ReadScope): Promise<Block[]> {
    const top = this.#topBlock(scope);
    const blocks: Block[] = [];
    for (let n = start; n < end && n <= top; n++) {
      const block = await this.options.chain.store.read(Tables.blocks, n);
      if (block) blocks.push(block);
    }
    return blocks;
  }

  /** The TRC-10 pool as java-tron's stores would hold it on this node's chain (see the file comment). */
  #zenReader(scope: ReadScope): shielded.ZenChainReader {
    const store = this.options.chain.store;
    const top = this.#topBlock(scope);
    return {
      blockNumberOf: async (txId) => {
        const n = txId.length > 0 ? await store.read(Tables.transactionIndex, txId) : undefined;
        return n === undefined || n === PENDING_BLOCK_NUMBER || n > top ? -1n : n;
      },
      treeAfterBlock: async (n) => {
        // java-tron indexes a tree for every block it processes, never for genesis
        if (n <= 0n) throw shielded.treeIndexNotFound(n);
        return new shielded.IncrementalMerkleTree();
      },
      block: async (n) => {
        const block = await store.read(Tables.blocks, n);
        if (!block) throw new TronodeError("BLOCK_MISSING", `block ${n} is missing from the store`);
        const holdsShielded = block.transactions.some(
          (tx) => tx.rawData?.contract[0]?.type === ContractType.ShieldedTransferContract,
        );
        if (holdsShielded) throw poolNotKept();
        return block;
      },
      headNumber: async () => top,
      isNullifierRecorded: async () => {
        // Reached only after a voucher was built from a block holding a shielded transfer.
        throw poolNotKept();
      },
    };
  }

  async scanNoteByIvk(params: IvkDecryptParameters, scope: ReadScope): Promise<DecryptNotes> {
    shielded.checkScanRange(params.startBlockIndex, params.endBlockIndex);
    const blocks = await this.#blocks(params.startBlockIndex, params.endBlockIndex, scope);
    const notes = shielded.scanZenNotesByIvk(
      params.startBlockIndex,
      params.endBlockIndex,
      blocks,
      params.ivk,
    );
    return create(DecryptNotesSchema, {
      noteTxs: notes.map((n) => ({ note: noteMessage(n.note), txid: n.txId, index: n.index })),
    });
  }

  async scanAndMarkNoteByIvk(params: IvkDecryptAndMarkParameters, scope: ReadScope) {
    shielded.checkScanRange(params.startBlockIndex, params.endBlockIndex);
    const blocks = await this.#blocks(params.startBlockIndex, params.endBlockIndex, scope);
    const notes = await shielded.scanAndMarkZenNotesByIvk(
      params.startBlockIndex,
      params.endBlockIndex,
      blocks,
      params.ivk,
      params.ak,
      params.nk,
      this.#zenReader(scope),
    );
    return create(DecryptNotesMarkedSchema, {
      noteTxs: notes.map((n) => ({
        note: noteMessage(n.note),
        txid: n.txId,
        index: n.index,
        isSpend: n.isSpend,
      })),
    });
  }

  async scanNoteByOvk(params: OvkDecryptParameters, scope: ReadScope): Promise<DecryptNotes> {
    shielded.checkScanRange(params.startBlockIndex, params.endBlockIndex);
    const blocks = await this.#blocks(params.startBlockIndex, params.endBlockIndex, scope);
    const notes = shielded.scanZenNotesByOvk(
      params.startBlockIndex,
      params.endBlockIndex,
      blocks,
      params.ovk,
    );
    return create(DecryptNotesSchema, {
      noteTxs: notes.map((n) => ({ note: noteMessage(n.note), txid: n.txId, index: n.index })),
    });
  }

  async getMerkleTreeVoucherInfo(
    request: OutputPointInfo,
    scope: ReadScope,
  ): Promise<IncrementalMerkleVoucherInfo> {
    return shielded.voucherInfoMessageOf(await shielded.zenMerkleVouchers(request, this.#zenReader(scope)));
  }

  async isSpend(params: NoteParameters, scope: ReadScope): Promise<SpendResult> {
    const result = await shielded.isZenNoteSpent(
      { note: params.note, ak: params.ak, nk: params.nk, txId: params.txid, index: params.index },
      this.#zenReader(scope),
    );
    return create(SpendResultSchema, result);
  }

  /** Each transaction of the range's blocks with its TransactionInfo logs (transactions without one are skipped). */
  async #transactionLogs(start: bigint, end: bigint, scope: ReadScope): Promise<shielded.TransactionLogs[]> {
    const out: shielded.TransactionLogs[] = [];
    for (const block of await this.#blocks(start, end, scope)) {
      for (const tx of block.transactions) {
        const txId = transactionId(tx);
        const info = await this.options.chain.store.read(Tables.transactionInfos, txId);
        if (info) out.push({ txId, logs: info.log });
      }
    }
    return out;
  }

  /**
   * The contract's constant call as isShieldedTRC20NoteSpent makes it: any failure (no such
   * contract, a VM exception) is "trigger contract to get nullifier error.".
   */
  #contractCall(contract21: Uint8Array, scope: ReadScope): shielded.ContractConstantCall {
    return async (data) => {
      try {
        return await this.options.callContract(contract21, data, scope);
      } catch {
        throw shielded.nullifierCallFailed();
      }
    };
  }

  async scanShieldedTrc20NotesByIvk(
    params: IvkDecryptTRC20Parameters,
    scope: ReadScope,
  ): Promise<DecryptNotesTRC20> {
    shielded.checkScanRange(params.startBlockIndex, params.endBlockIndex);
    const txs = await this.#transactionLogs(params.startBlockIndex, params.endBlockIndex, scope);
    const contract = params.shieldedTRC20ContractAddress;
    const notes = await shielded.scanShieldedTrc20NotesByIvk(txs, contract, params.ivk, {
      events: params.events,
      spent: { ak: params.ak, nk: params.nk, call: this.#contractCall(contract, scope) },
    });
    return decryptNotesTrc20Of(notes);
  }

  async scanShieldedTrc20NotesByOvk(
    params: OvkDecryptTRC20Parameters,
    scope: ReadScope,
  ): Promise<DecryptNotesTRC20> {
    shielded.checkScanRange(params.startBlockIndex, params.endBlockIndex);
    const txs = await this.#transactionLogs(params.startBlockIndex, params.endBlockIndex, scope);
    const notes = shielded.scanShieldedTrc20NotesByOvk(
      txs,
      params.shieldedTRC20ContractAddress,
      params.ovk,
      params.events,
    );
    return decryptNotesTrc20Of(notes);
  }

  async isShieldedTrc20ContractNoteSpent(params: NfTRC20Parameters, scope: ReadScope): Promise<boolean> {
    const note = params.note ?? create(NoteSchema);
    const contract = params.shieldedTRC20ContractAddress;
    return shielded.isShieldedTrc20NoteSpent(
      note,
      params.position,
      params.ak,
      params.nk,
      this.#contractCall(contract, scope),
    );
  }
}

function decryptNotesTrc20Of(notes: shielded.NoteTx[]): DecryptNotesTRC20 {
  return create(DecryptNotesTRC20Schema, {
    noteTxs: notes.map((n) => ({
      ...(n.note ? { note: noteMessage(n.note) } : {}),
      position: n.position ?? 0n,
      isSpent: n.isSpent ?? false,
      txid: n.txId,
      index: n.index,
      toAmount: n.toAmount ?? "",
      transparentToAddress: n.transparentToAddress ?? new Uint8Array(0),
    })),
  });
}
