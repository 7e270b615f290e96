/**
 * The event API over the committed chain: a contract's events through the contract event index
 * (a key range in chain order), a transaction's and a block's events from their TransactionInfos;
 * each log decoded with the ABI stored for its emitting contract (createEventDecoder). Events of
 * blocks above the solidified one are unconfirmed. Pages continue from a fingerprint that encodes
 * where the previous page stopped.
 */
import {
  type BlockSelector,
  bytesEqual,
  ChainProperties,
  type ContractEventKey,
  type ContractEventRecord,
  contractEventKey,
  type EventFilter,
  type EventPage,
  type EventQueries,
  logContractAddress,
  type SmartContract_ABI,
  Tables,
  type TransactionInfo,
  TronodeError,
  transactionId,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";
import { createEventDecoder } from "../events/event-decoder.js";

/** The chain whose event index an EventService reads, and where it finds each contract's ABI. */
export interface EventServiceOptions {
  readonly chain: ChainService;
  /** The ABI stored for a contract (21 bytes), if any. */
  readonly abiOf: (contract: Uint8Array) => SmartContract_ABI | undefined;
}

export function invalidFingerprint(): TronodeError {
  return new TronodeError("INVALID_FINGERPRINT", "invalid fingerprint");
}

function base64urlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** Strict: only what base64urlEncode writes. */
function base64urlDecode(text: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(text, "base64url"));
  if (base64urlEncode(bytes) !== text) throw invalidFingerprint();
  return bytes;
}

/** A position in chain order: block, transaction in the block, log in the transaction. */
interface Position {
  readonly blockNumber: bigint;
  readonly transactionIndex: number;
  readonly logIndex: number;
}

function encodeFingerprint(key: Uint8Array): string {
  return base64urlEncode(key);
}

function positionFingerprint(p: Position): string {
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, p.blockNumber);
  view.setUint32(8, p.transactionIndex);
  view.setUint32(12, p.logIndex);
  return base64urlEncode(out);
}

function decodePosition(fingerprint: string): Position {
  let bytes: Uint8Array;
  try {
    bytes = base64urlDecode(fingerprint);
  } catch {
    throw invalidFingerprint();
  }
  if (bytes.length !== 16) throw invalidFingerprint();
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  return {
    blockNumber: view.getBigUint64(0),
    transactionIndex: view.getUint32(8),
    logIndex: view.getUint32(12),
  };
}

const compare = (a: Position, b: Position): number =>
  a.blockNumber !== b.blockNumber
    ? a.blockNumber < b.blockNumber
      ? -1
      : 1
    : a.transactionIndex !== b.transactionIndex
      ? a.transactionIndex - b.transactionIndex
      : a.logIndex - b.logIndex;

/** TronGrid's event API (/v1/…/events, /event/…) over the chain's event index, events decoded by their contract's ABI. */
export class EventService implements EventQueries {
  constructor(private readonly options: EventServiceOptions) {}

  async contractEvents(contract: Uint8Array, filter: EventFilter): Promise<EventPage> {
    const store = this.options.chain.store;
    const solid = new ChainProperties(store.view).solidifiedNumber;
    let from: ContractEventKey = {
      contract,
      blockNumber: filter.blockNumber ?? 0n,
      transactionIndex: 0,
      logIndex: 0,
    };
    let to: ContractEventKey = {
      contract,
      blockNumber: filter.blockNumber !== undefined ? filter.blockNumber + 1n : 2n ** 63n - 1n,
      transactionIndex: 0,
      logIndex: 0,
    };
    if (filter.confirmation === "unconfirmed" && from.blockNumber <= solid) {
      from = { ...from, blockNumber: solid + 1n };
    }
    if (filter.confirmation === "confirmed" && to.blockNumber > solid + 1n) {
      to = { ...to, blockNumber: solid + 1n };
    }
    if (filter.fingerprint !== undefined) {
      let key: ContractEventKey;
      try {
        key = contractEventKey.decode(base64urlDecode(filter.fingerprint));
      } catch {
        throw invalidFingerprint();
      }
      if (key.contract.length !== 21 || contractEventKey.encode(key).length !== 37)
        throw invalidFingerprint();
      if (filter.order === "asc") from = key;
      else to = { ...key, logIndex: key.logIndex + 1 };
    }
    const decoder = createEventDecoder(this.options.abiOf(contract));
    const events: ContractEventRecord[] = [];
    const infos = new Map<string, TransactionInfo | undefined>();
    let fingerprint: string | undefined;
    for await (const { key, value } of store.iterate(Tables.contractEvents, {
      gte: from,
      lt: to,
      reverse: filter.order === "desc",
    })) {
      const txKey = String.fromCharCode(...value);
      if (!infos.has(txKey)) infos.set(txKey, await store.read(Tables.transactionInfos, value));
      const info = infos.get(txKey);
      const log = info?.log[key.logIndex];
      if (!info || !log) continue;
      if (filter.minBlockTimestamp !== undefined && info.blockTimeStamp < filter.minBlockTimestamp) continue;
      if (filter.maxBlockTimestamp !== undefined && info.blockTimeStamp > filter.maxBlockTimestamp) continue;
      const decoded = decoder.decode(log.topics, log.data);
      if (filter.eventName !== undefined && decoded?.name !== filter.eventName) continue;
      if (events.length === filter.limit) {
        fingerprint = encodeFingerprint(contractEventKey.encode(key));
        break;
      }
      events.push(this.record(info, key.logIndex, key.blockNumber, solid, decoded));
    }
    return { events, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  }

  async transactionEvents(id: Uint8Array, filter: EventFilter): Promise<EventPage> {
    const store = this.options.chain.store;
    const info = await store.read(Tables.transactionInfos, id);
    if (!info) return { events: [] };
    const block = await store.read(Tables.blocks, info.blockNumber);
    const index = block ? block.transactions.findIndex((tx) => bytesEqual(transactionId(tx), id)) : 0;
    return this.page([{ info, transactionIndex: Math.max(index, 0) }], filter);
  }

  async blockEvents(selector: BlockSelector, filter: EventFilter): Promise<EventPage | undefined> {
    const store = this.options.chain.store;
    const props = new ChainProperties(store.view);
    const number =
      selector === "latest"
        ? props.headNumber
        : selector instanceof Uint8Array
          ? await store.read(Tables.blockIndex, selector)
          : selector;
    if (number === undefined || number < 0n || number > props.headNumber) return undefined;
    const block = await store.read(Tables.blocks, number);
    if (!block) return undefined;
    const infos: { info: TransactionInfo; transactionIndex: number }[] = [];
    for (const [transactionIndex, tx] of block.transactions.entries()) {
      const info = await store.read(Tables.transactionInfos, transactionId(tx));
      if (info) infos.push({ info, transactionIndex });
    }
    return this.page(infos, filter);
  }

  async blocksWithContractLogs(
    contracts: readonly Uint8Array[],
    from: bigint,
    to: bigint,
  ): Promise<bigint[]> {
    const blocks = new Set<bigint>();
    if (from > to) return [];
    for (const contract of contracts) {
      for await (const { key } of this.options.chain.store.iterate(Tables.contractEvents, {
        gte: { contract, blockNumber: from, transactionIndex: 0, logIndex: 0 },
        lt: { contract, blockNumber: to + 1n, transactionIndex: 0, logIndex: 0 },
      })) {
        blocks.add(key.blockNumber);
      }
    }
    return [...blocks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Events of the given transactions, filtered, ordered and paged in memory (one block at most). */
  private page(
    infos: readonly { info: TransactionInfo; transactionIndex: number }[],
    filter: EventFilter,
  ): EventPage {
    const solid = new ChainProperties(this.options.chain.store.view).solidifiedNumber;
    const start = filter.fingerprint !== undefined ? decodePosition(filter.fingerprint) : undefined;
    const all: { position: Position; record: ContractEventRecord }[] = [];
    const decoders = new Map<string, ReturnType<typeof createEventDecoder>>();
    for (const { info, transactionIndex } of infos) {
      info.log.forEach((log, logIndex) => {
        const contract = logContractAddress(log.address);
        const id = String.fromCharCode(...contract);
        if (!decoders.has(id)) decoders.set(id, createEventDecoder(this.options.abiOf(contract)));
        const decoded = decoders.get(id)!.decode(log.topics, log.data);
        all.push({
          position: { blockNumber: info.blockNumber, transactionIndex, logIndex },
          record: this.record(info, logIndex, info.blockNumber, solid, decoded),
        });
      });
    }
    const wanted = all
      .filter(({ record }) =>
        filter.confirmation === "confirmed"
          ? !record.unconfirmed
          : filter.confirmation === "unconfirmed"
            ? record.unconfirmed
            : true,
      )
      .sort((a, b) =>
        filter.order === "asc" ? compare(a.position, b.position) : compare(b.position, a.position),
      )
      .filter(({ position }) =>
        start === undefined
          ? true
          : filter.order === "asc"
            ? compare(position, start) >= 0
            : compare(position, start) <= 0,
      );
    const events = wanted.slice(0, filter.limit).map((e) => e.record);
    const next = wanted[filter.limit];
    return { events, ...(next ? { fingerprint: positionFingerprint(next.position) } : {}) };
  }

  private record(
    info: TransactionInfo,
    logIndex: number,
    blockNumber: bigint,
    solid: bigint,
    decoded: ContractEventRecord["decoded"],
  ): ContractEventRecord {
    const log = info.log[logIndex]!;
    const contract = logContractAddress(log.address);
    return {
      blockNumber,
      blockTimestamp: info.blockTimeStamp,
      callerContractAddress:
        info.contractAddress.length > 0 ? logContractAddress(info.contractAddress) : contract,
      contractAddress: contract,
      eventIndex: logIndex,
      transactionId: info.id,
      unconfirmed: blockNumber > solid,
      topics: log.topics,
      data: log.data,
      ...(decoded ? { decoded } : {}),
    };
  }
}
