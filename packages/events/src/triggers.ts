/**
 * java-tron's event triggers (common/.../logsfilter/trigger/*) as the JSON its native queue sends,
 * built from what a committed block leaves: the block, its stored transactions and
 * TransactionInfos, the contract records and ABIs, and — for a block applied in this process —
 * each transaction's VM run (java-tron's in-memory TransactionTrace). Field names, types and
 * order are the POJOs' (see java-json.ts); each builder says which capsule it follows.
 */
import {
  addressToBase58,
  type Block,
  blockId,
  bytesToHex,
  type ContractRun,
  ContractType,
  contractOwner,
  contractTypeName,
  logContractAddress,
  type SmartContract_ABI,
  type StateView,
  Tables,
  type Transaction,
  Transaction_Result_contractResult,
  type TransactionInfo,
  transactionId as transactionIdOf,
  unpackContract,
} from "@tronode/engine/internal";
import { parseJavaEvent } from "./java-event-parser.js";
import type { JavaValue } from "./java-json.js";

/** The topic frame of each trigger (Trigger.*_TRIGGER_NAME), which is also its `triggerName`. */
export const TOPICS = {
  block: "blockTrigger",
  transaction: "transactionTrigger",
  contractEvent: "contractEventTrigger",
  contractLog: "contractLogTrigger",
  solidity: "solidityTrigger",
  solidityEvent: "solidityEventTrigger",
  solidityLog: "solidityLogTrigger",
} as const;

export type TriggerTopic = (typeof TOPICS)[keyof typeof TOPICS];

/** A trigger as its POJO: `triggerName` is the topic frame it is sent under. */
export type Trigger = { readonly triggerName: TriggerTopic } & { readonly [key: string]: JavaValue };

export interface BlockRef {
  readonly id: Uint8Array;
  readonly number: bigint;
  readonly timestamp: bigint;
}

export function blockRefOf(block: Block): BlockRef {
  const raw = block.blockHeader?.rawData;
  return { id: blockId(block), number: raw?.number ?? 0n, timestamp: raw?.timestamp ?? 0n };
}

/** BlockLogTriggerCapsule. */
export function blockTrigger(block: Block, latestSolidifiedBlockNumber: bigint): Trigger {
  const ref = blockRefOf(block);
  return {
    timeStamp: ref.timestamp,
    triggerName: TOPICS.block,
    blockNumber: ref.number,
    blockHash: bytesToHex(ref.id),
    transactionSize: BigInt(block.transactions.length),
    latestSolidifiedBlockNumber,
    transactionList: block.transactions.map((tx) => bytesToHex(transactionIdOf(tx))),
  };
}

/** SolidityTriggerCapsule: one per newly solidified block. */
export function solidityTrigger(block: BlockRef): Trigger {
  return {
    timeStamp: block.timestamp,
    triggerName: TOPICS.solidity,
    latestSolidifiedBlockNumber: block.number,
  };
}

/** What java-tron's in-memory TransactionTrace knows of a transaction it just applied. */
export interface AppliedRun {
  readonly info: TransactionInfo;
  /** The VM run of a contract transaction (its internal transactions keep their call data). */
  readonly run?: ContractRun;
}

/** The Ethereum-style part of a transaction trigger (`ethCompatible`), with the block's TransactionInfo. */
export interface EthCompatibleInput {
  readonly info: TransactionInfo;
  readonly index: number;
  readonly preCumulativeEnergyUsed: bigint;
  readonly preCumulativeLogCount: bigint;
  /** DynamicPropertiesStore's energy fee when the trigger is made. */
  readonly energyUnitPrice: bigint;
}

export interface TransactionTriggerInput {
  /** The transaction as stored (its `ret` is the node's own result). */
  readonly tx: Transaction;
  readonly block: BlockRef;
  readonly latestSolidifiedBlockNumber: bigint;
  /** Set for a block applied in this process; absent for one read back from the store. */
  readonly applied?: AppliedRun;
  /** Set when the trigger is `ethCompatible` (and the block's infos were found). */
  readonly eth?: EthCompatibleInput;
}

const base58 = (bytes: Uint8Array) => addressToBase58(bytes);

/** Pieces of a transaction trigger that depend on its contract type (the capsule's switch). */
interface TypeFields {
  fromAddress: string | null;
  toAddress: string | null;
  assetName: string | null;
  assetAmount: bigint;
  extMap: Map<string, bigint> | null;
}

function typeFields(tx: Transaction, info: TransactionInfo | undefined): TypeFields {
  const f: TypeFields = {
    fromAddress: null,
    toAddress: null,
    assetName: null,
    assetAmount: 0n,
    extMap: null,
  };
  const contract = tx.rawData?.contract[0];
  if (!contract?.parameter) return f;
  // biome-ignore lint/suspicious/noExplicitAny: narrowed by the contract type below
  let p: any;
  try {
    p = unpackContract(contract).value;
  } catch {
    return f; // java-tron: "failed to load transferAssetContract" and the fields stay unset
  }
  switch (contract.type) {
    case ContractType.TransferContract:
      f.assetName = "trx";
      f.fromAddress = base58(p.ownerAddress);
      f.toAddress = base58(p.toAddress);
      f.assetAmount = p.amount;
      break;
    case ContractType.TransferAssetContract:
      f.assetName = new TextDecoder().decode(p.assetName);
      f.fromAddress = base58(p.ownerAddress);
      f.toAddress = base58(p.toAddress);
      f.assetAmount = p.amount;
      break;
    case ContractType.TriggerSmartContract:
      f.fromAddress = base58(p.ownerAddress);
      f.toAddress = base58(p.contractAddress);
      break;
    case ContractType.CreateSmartContract:
      f.fromAddress = base58(p.ownerAddress);
      break;
    case ContractType.UnfreezeBalanceContract:
      f.fromAddress = base58(p.ownerAddress);
      if (p.receiverAddress.length > 0) f.toAddress = base58(p.receiverAddress);
      f.assetName = "trx";
      if (info) f.assetAmount = info.unfreezeAmount;
      break;
    case ContractType.FreezeBalanceV2Contract:
      f.fromAddress = base58(p.ownerAddress);
      f.assetName = "trx";
      f.assetAmount = p.frozenBalance;
      break;
    case ContractType.UnfreezeBalanceV2Contract:
      f.fromAddress = base58(p.ownerAddress);
      f.assetName = "trx";
      f.assetAmount = p.unfreezeBalance;
      break;
    case ContractType.WithdrawExpireUnfreezeContract:
      f.fromAddress = base58(p.ownerAddress);
      f.assetName = "trx";
      if (info) f.assetAmount = info.withdrawExpireAmount;
      break;
    case ContractType.DelegateResourceContract:
    case ContractType.UnDelegateResourceContract:
      f.fromAddress = base58(p.ownerAddress);
      f.toAddress = base58(p.receiverAddress);
      f.assetName = "trx";
      f.assetAmount = p.balance;
      break;
    case ContractType.CancelAllUnfreezeV2Contract:
      f.fromAddress = base58(p.ownerAddress);
      f.assetName = "trx";
      if (info) f.extMap = new Map(Object.entries(info.cancelUnfreezeV2Amount));
      break;
  }
  return f;
}

/** TransactionCapsule.getCallValue. */
function callValueOf(tx: Transaction): bigint {
  const contract = tx.rawData?.contract[0];
  if (!contract) return 0n;
  try {
    if (contract.type === ContractType.TriggerSmartContract) return unpackContract(contract).value.callValue;
    if (contract.type === ContractType.CreateSmartContract)
      return unpackContract(contract).value.newContract?.callValue ?? 0n;
  } catch {
    // java-tron logs and answers 0
  }
  return 0n;
}

/** TransactionLogTriggerCapsule. */
export function transactionTrigger(input: TransactionTriggerInput): Trigger {
  const { tx, block, applied, eth } = input;
  const contract = tx.rawData?.contract[0];
  const type = contract?.type;
  const ret = tx.ret[0];
  const receipt = applied?.info.receipt;
  const energyUsageTotal = receipt?.energyUsageTotal ?? 0n;
  const fields = typeFields(tx, eth?.info);
  const contractResult = applied?.info.contractResult[0];
  const contractAddress =
    applied && applied.info.contractAddress.length > 0 ? applied.info.contractAddress : undefined;
  const blockHash = bytesToHex(block.id);
  const txId = bytesToHex(transactionIdOf(tx));
  return {
    timeStamp: block.timestamp,
    triggerName: TOPICS.transaction,
    transactionId: txId,
    blockHash,
    // the transaction's block number is set only while its block is applied (or for ethCompatible)
    blockNumber: applied || eth ? block.number : -1n,
    energyUsage: receipt?.energyUsage ?? 0n,
    energyFee: receipt?.energyFee ?? 0n,
    originEnergyUsage: receipt?.originEnergyUsage ?? 0n,
    energyUsageTotal,
    netUsage: receipt?.netUsage ?? 0n,
    netFee: receipt?.netFee ?? 0n,
    result: ret ? (Transaction_Result_contractResult[ret.contractRet] ?? "UNRECOGNIZED") : null,
    contractAddress:
      contractAddress === undefined || (eth && type !== ContractType.CreateSmartContract)
        ? null
        : base58(contractAddress),
    contractType: type === undefined ? null : contractTypeName(type),
    feeLimit: tx.rawData?.feeLimit ?? 0n,
    contractCallValue: callValueOf(tx),
    contractResult: contractResult && contractResult.length > 0 ? bytesToHex(contractResult) : null,
    fromAddress: fields.fromAddress,
    toAddress: fields.toAddress,
    assetName: fields.assetName,
    assetAmount: fields.assetAmount,
    latestSolidifiedBlockNumber: input.latestSolidifiedBlockNumber,
    internalTransactionList: applied ? internalTransactions(applied) : null,
    data: bytesToHex(tx.rawData?.data ?? new Uint8Array(0)),
    transactionIndex: eth?.index ?? 0,
    cumulativeEnergyUsed: eth ? eth.preCumulativeEnergyUsed + energyUsageTotal : 0n,
    preCumulativeLogCount: eth?.preCumulativeLogCount ?? 0n,
    logList: eth
      ? eth.info.log.map((log, i) => ({
          address: bytesToHex(log.address),
          blockHash,
          blockNumber: block.number,
          data: bytesToHex(log.data),
          logIndex: eth.preCumulativeLogCount + BigInt(i),
          topicList: log.topics.map(bytesToHex),
          transactionHash: txId,
          transactionIndex: BigInt(eth.index),
        }))
      : null,
    energyUnitPrice: eth?.energyUnitPrice ?? 0n,
    extMap: fields.extMap,
  };
}

/** InternalTransactionPojo per internal transaction of the run (none for a non-VM transaction). */
function internalTransactions(applied: AppliedRun): JavaValue[] {
  return (applied.run?.internalTransactions ?? []).map((t) => ({
    hash: bytesToHex(t.hash),
    callValue: t.value,
    tokenInfo: new Map(t.tokenInfo.map(([id, amount]) => [id, amount])),
    transferTo_address: bytesToHex(t.transferToAddress),
    data: bytesToHex(t.data),
    caller_address: bytesToHex(t.callerAddress),
    rejected: t.rejected,
    note: t.note,
    extra: t.extra,
  }));
}

/**
 * java-tron's ContractTrigger as LogInfoTriggerParser makes it for one log, before
 * processTrigger turns it into an event or a log trigger.
 */
export interface ContractTriggerSource {
  readonly uniqueId: string;
  readonly transactionId: string;
  readonly contractAddress: string;
  readonly originAddress: string;
  readonly creatorAddress: string;
  readonly blockNumber: bigint;
  readonly blockHash: string;
  readonly timeStamp: bigint;
  readonly removed: boolean;
  readonly latestSolidifiedBlockNumber: bigint;
  /** The log: its 20-byte address, topics and data. */
  readonly address: Uint8Array;
  readonly topics: readonly Uint8Array[];
  readonly data: Uint8Array;
  readonly abi: SmartContract_ABI | undefined;
}

/**
 * LogInfoTriggerParser.parseLogInfos for one transaction: a source per log, numbered from 1, with
 * the emitting contract's creator and ABI read from `view` (a contract no longer there: the
 * transaction's owner as creator, no ABI).
 */
export function contractTriggerSources(
  view: StateView,
  tx: Transaction,
  info: TransactionInfo,
  block: BlockRef,
  options: { readonly removed: boolean; readonly latestSolidifiedBlockNumber: bigint },
): ContractTriggerSource[] {
  if (info.log.length === 0) return [];
  const txId = bytesToHex(transactionIdOf(tx));
  const contract = tx.rawData?.contract[0];
  const owner = contract ? contractOwner(contract) : new Uint8Array(0);
  const originAddress = owner.length > 0 ? base58(owner) : "";
  const contracts = new Map<string, { creator: string; abi: SmartContract_ABI | undefined }>();
  return info.log.map((log, i) => {
    const address = logContractAddress(log.address);
    const key = bytesToHex(address);
    let known = contracts.get(key);
    if (!known) {
      const record = view.get(Tables.contracts, address);
      known = record
        ? {
            creator: base58(logContractAddress(record.originAddress)),
            abi: view.get(Tables.contractAbis, address),
          }
        : { creator: originAddress, abi: undefined };
      contracts.set(key, known);
    }
    return {
      uniqueId: `${txId}_${i + 1}`,
      transactionId: txId,
      contractAddress: base58(address),
      originAddress,
      creatorAddress: known.creator,
      blockNumber: block.number,
      blockHash: bytesToHex(block.id),
      timeStamp: block.timestamp,
      removed: options.removed,
      latestSolidifiedBlockNumber: options.latestSolidifiedBlockNumber,
      address: address.subarray(1),
      topics: log.topics,
      data: log.data,
      abi: known.abi,
    };
  });
}

/** The fields every contract trigger has (ContractTrigger, after Trigger's). */
function contractTriggerBase(s: ContractTriggerSource, triggerName: TriggerTopic) {
  return {
    timeStamp: s.timeStamp,
    triggerName,
    uniqueId: s.uniqueId,
    transactionId: s.transactionId,
    contractAddress: s.contractAddress,
    callerAddress: "",
    originAddress: s.originAddress,
    creatorAddress: s.creatorAddress,
    blockNumber: s.blockNumber,
    blockHash: s.blockHash,
    removed: s.removed,
    latestSolidifiedBlockNumber: s.latestSolidifiedBlockNumber,
    logInfo: null,
    rawData: { address: bytesToHex(s.address), topics: s.topics.map(bytesToHex), data: bytesToHex(s.data) },
    abi: null,
  };
}

/** ContractLogTrigger: the log's topics and data in hex. */
export function contractLogTrigger(s: ContractTriggerSource): Trigger {
  return {
    ...contractTriggerBase(s, TOPICS.contractLog),
    topicList: s.topics.map(bytesToHex),
    data: bytesToHex(s.data),
  };
}

/**
 * ContractTriggerCapsule.processTrigger's split: the event the log decodes to with its contract's
 * ABI (ContractEventTrigger), or undefined when it is sent as a contract log.
 */
export function contractEventTrigger(s: ContractTriggerSource, contractParse: boolean): Trigger | undefined {
  const parsed = contractParse ? parseJavaEvent(s.abi, s.topics, s.data) : undefined;
  if (!parsed) return undefined;
  return {
    ...contractTriggerBase(s, TOPICS.contractEvent),
    eventSignature: parsed.signature,
    eventSignatureFull: parsed.signatureFull,
    eventName: parsed.name,
    topicMap: parsed.topicMap,
    dataMap: parsed.dataMap,
  };
}

/** The solidity twin of a contract event or log trigger: the same JSON under another name. */
export function asSolidity(trigger: Trigger): Trigger {
  return {
    ...trigger,
    triggerName: trigger.triggerName === TOPICS.contractEvent ? TOPICS.solidityEvent : TOPICS.solidityLog,
  };
}
