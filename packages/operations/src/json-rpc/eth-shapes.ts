/**
 * The objects java-tron's JSON-RPC answers (types/BlockResult, TransactionResult,
 * TransactionReceipt, TronJsonRpc.LogFilterElement), with its conventions: Ethereum fields TRON has
 * no value for are zeros (`nonce`, `sha3Uncles`, `logsBloom`, `receiptsRoot`, `difficulty`, …),
 * `gas` is the energy a transaction used, `gasPrice` the energy price when its block was made,
 * `value` the TRX (or votes, fee, …) the contract moves, addresses are `0x` + 20 bytes, hashes are
 * TRON's txID and block id. Properties print in alphabetical order (`@JsonPropertyOrder`).
 */
import {
  type Block,
  blockBytes,
  bytesEqual,
  CONTRACT_PARAMETER_SCHEMAS,
  ContractType,
  contractOwner,
  contractRecipients,
  type JsonObject,
  type JsonValue,
  type ReadScope,
  type Transaction,
  type Transaction_Contract,
  type TransactionInfo,
  transactionId,
  unpackContract,
  type WalletApi,
} from "@tronode/engine/internal";
import { convertToTronAddress, jsonHexAddress, jsonHexBytes, jsonHexQuantity } from "./java-conventions.js";

const SCOPE: ReadScope = "head";
const ZERO_ADDRESS = jsonHexBytes(new Uint8Array(20));
const ZERO_HASH = jsonHexBytes(new Uint8Array(32));
const ZERO_BLOOM = jsonHexBytes(new Uint8Array(256));
const ZERO_NONCE = jsonHexBytes(new Uint8Array(8));

/** Jackson with `@JsonPropertyOrder(alphabetic = true)`. */
function alphabetic(fields: Record<string, JsonValue>): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(fields).sort()) out[key] = fields[key]!;
  return out;
}

/** `Any.unpack(<class of the type>)`: undefined when the type URL or the bytes do not fit. */
// biome-ignore lint/suspicious/noExplicitAny: narrowed by the contract type at each use
function unpacked(contract: Transaction_Contract): any {
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(contract.type);
  if (!schema || !(contract.parameter?.typeUrl ?? "").endsWith(`/${schema.typeName}`)) return undefined;
  try {
    return unpackContract(contract).value;
  } catch {
    return undefined;
  }
}

/** `JsonRpcApiUtil.getTo`: the addresses a contract sends to (first one used). */
export function recipientsOf(tx: Transaction): Uint8Array[] {
  const contract = tx.rawData?.contract[0];
  return contract ? contractRecipients(contract) : [];
}

function amountFromInfo(type: ContractType, info: TransactionInfo | undefined): bigint {
  if (!info) return 0n;
  switch (type) {
    case ContractType.UnfreezeBalanceContract:
    case ContractType.UnfreezeBalanceV2Contract:
      return info.unfreezeAmount;
    case ContractType.WithdrawBalanceContract:
      return info.withdrawAmount;
    case ContractType.WithdrawExpireUnfreezeContract:
      return info.withdrawExpireAmount;
    case ContractType.CancelAllUnfreezeV2Contract:
      return Object.values(info.cancelUnfreezeV2Amount).reduce((sum, v) => sum + v, 0n);
    default:
      return 0n;
  }
}

/** `JsonRpcApiUtil.getTransactionAmount`: what the contract moves, by type. */
export async function transactionAmount(
  wallet: WalletApi,
  tx: Transaction,
  txId: Uint8Array,
): Promise<bigint> {
  const contract = tx.rawData?.contract[0];
  if (!contract) return 0n;
  switch (contract.type) {
    case ContractType.UnfreezeBalanceContract:
    case ContractType.WithdrawBalanceContract:
    case ContractType.WithdrawExpireUnfreezeContract:
    case ContractType.UnfreezeBalanceV2Contract:
    case ContractType.CancelAllUnfreezeV2Contract:
      return amountFromInfo(contract.type, await wallet.getTransactionInfoById(txId, SCOPE));
    case ContractType.WitnessCreateContract:
      return 9_999_000_000n;
    case ContractType.AssetIssueContract:
    case ContractType.ExchangeCreateContract:
      return 1_024_000_000n;
    case ContractType.AccountPermissionUpdateContract:
      return 100_000_000n;
    default:
      break;
  }
  const p = unpacked(contract);
  if (p === undefined) return 0n;
  switch (contract.type) {
    case ContractType.TransferContract:
    case ContractType.TransferAssetContract:
      return p.amount;
    case ContractType.VoteWitnessContract:
      return p.votes.reduce((sum: bigint, v: { voteCount: bigint }) => sum + v.voteCount, 0n);
    case ContractType.FreezeBalanceContract:
      return p.frozenBalance;
    case ContractType.TriggerSmartContract:
      return p.callValue;
    case ContractType.ExchangeInjectContract:
    case ContractType.ExchangeWithdrawContract:
    case ContractType.ExchangeTransactionContract:
      return p.quant;
    case ContractType.ShieldedTransferContract:
      return p.fromAmount > 0n ? p.fromAmount : p.toAmount > 0n ? p.toAmount : 0n;
    case ContractType.UnfreezeAssetContract: {
      const issued = await wallet.getAssetIssueByAccount(p.ownerAddress, SCOPE);
      if (issued.length !== 1) return 0n;
      return issued[0]!.frozenSupply.reduce((sum, f) => sum + f.frozenAmount, 0n);
    }
    default:
      return 0n;
  }
}

/** `Wallet.getEnergyFee(timestamp)`: the price in force at a block's time (ENERGY_PRICE_HISTORY). */
export function energyFeeAt(timestamp: bigint, history: string, current: bigint): bigint {
  const entries = history.split(",");
  for (let i = entries.length - 1; i >= 0; i--) {
    const [time, price] = entries[i]!.split(":");
    if (time === undefined || price === undefined) break;
    if (timestamp > BigInt(time)) return BigInt(price);
  }
  return current;
}

/** The chain's energy price now (`getEnergyFee`) and its history, read once per call. */
export interface EnergyPrices {
  readonly current: bigint;
  readonly history: string;
}

export async function energyPrices(wallet: WalletApi): Promise<EnergyPrices> {
  const parameters = await wallet.getChainParameters();
  const current = parameters.find((p) => p.key === "getEnergyFee")?.value ?? 0n;
  return { current, history: await wallet.getEnergyPrices() };
}

function blockNumberOf(block: Block): bigint {
  return block.blockHeader?.rawData?.number ?? 0n;
}

function blockTimestampOf(block: Block): bigint {
  return block.blockHeader?.rawData?.timestamp ?? 0n;
}

function signatureParts(tx: Transaction): { v: string; r: string; s: string } {
  const signature = tx.signature[0];
  if (signature === undefined) {
    return { v: jsonHexBytes(new Uint8Array(1)), r: ZERO_HASH, s: ZERO_HASH };
  }
  const bytes = new Uint8Array(65);
  bytes.set(signature.subarray(0, 65));
  let v = (bytes[64]! << 24) >> 24; // Java byte
  if (v < 27) v += 27;
  return {
    v: jsonHexQuantity(v),
    r: jsonHexBytes(bytes.subarray(0, 32)),
    s: jsonHexBytes(bytes.subarray(32, 64)),
  };
}

function inputOf(tx: Transaction): string {
  const contract = tx.rawData?.contract[0];
  if (!contract || contract.type !== ContractType.TriggerSmartContract) return "0x";
  const p = unpacked(contract);
  return p === undefined ? "0x" : jsonHexBytes(p.data);
}

/** `new TransactionResult(blockCapsule, index, tx, energyUsageTotal, energyFee, wallet)`. */
export async function transactionResult(
  wallet: WalletApi,
  block: Block,
  index: number,
  tx: Transaction,
  energyUsageTotal: bigint,
  energyFee: bigint,
): Promise<JsonObject> {
  const id = transactionId(tx);
  const number = blockNumberOf(block);
  const contract = tx.rawData?.contract[0];
  let from = ZERO_ADDRESS;
  let to: string | null = ZERO_ADDRESS;
  let value = "0x0";
  if (contract) {
    from = number === 0n ? ZERO_ADDRESS : (jsonHexAddress(contractOwner(contract)) ?? ZERO_ADDRESS);
    to = jsonHexAddress(recipientsOf(tx)[0] ?? new Uint8Array(0));
    value = jsonHexQuantity(await transactionAmount(wallet, tx, id));
  }
  return alphabetic({
    hash: jsonHexBytes(id),
    nonce: ZERO_NONCE,
    blockHash: jsonHexBytes(wallet.blockIdOf(block)),
    blockNumber: jsonHexQuantity(number),
    transactionIndex: jsonHexQuantity(index),
    from,
    to,
    gas: jsonHexQuantity(energyUsageTotal),
    gasPrice: jsonHexQuantity(energyFee),
    value,
    input: inputOf(tx),
    type: "0x0",
    ...signatureParts(tx),
  });
}

/** `new BlockResult(block, fullTx, wallet)`. */
export async function blockResult(
  wallet: WalletApi,
  block: Block,
  fullTransactions: boolean,
): Promise<JsonObject> {
  const raw = block.blockHeader?.rawData;
  const number = blockNumberOf(block);
  const infos = await wallet.getTransactionInfoByBlockNum(number, SCOPE);
  const energyOf = (i: number) => (infos.length > 0 ? (infos[i]?.receipt?.energyUsageTotal ?? 0n) : 0n);
  let gasLimit = 0n;
  let gasUsed = 0n;
  const transactions: JsonValue[] = [];
  const prices = fullTransactions ? await energyPrices(wallet) : undefined;
  for (const [i, tx] of block.transactions.entries()) {
    gasLimit += tx.rawData?.feeLimit ?? 0n;
    gasUsed += energyOf(i);
    transactions.push(
      prices
        ? await transactionResult(
            wallet,
            block,
            i,
            tx,
            energyOf(i),
            energyFeeAt(blockTimestampOf(block), prices.history, prices.current),
          )
        : jsonHexBytes(transactionId(tx)),
    );
  }
  return alphabetic({
    number: jsonHexQuantity(number),
    hash: jsonHexBytes(wallet.blockIdOf(block)),
    parentHash: jsonHexBytes(raw?.parentHash ?? new Uint8Array(0)),
    nonce: ZERO_NONCE,
    sha3Uncles: ZERO_HASH,
    logsBloom: ZERO_BLOOM,
    transactionsRoot: jsonHexBytes(raw?.txTrieRoot ?? new Uint8Array(0)),
    stateRoot: jsonHexBytes(raw?.accountStateRoot ?? new Uint8Array(0)),
    receiptsRoot: ZERO_HASH,
    miner: number === 0n ? ZERO_ADDRESS : jsonHexAddress(raw?.witnessAddress ?? new Uint8Array(0)),
    difficulty: "0x0",
    totalDifficulty: "0x0",
    extraData: "0x",
    size: jsonHexQuantity(blockBytes(block).length),
    timestamp: jsonHexQuantity(blockTimestampOf(block) / 1000n),
    transactions,
    uncles: [],
    gasLimit: jsonHexQuantity(gasLimit),
    gasUsed: jsonHexQuantity(gasUsed),
    baseFeePerGas: "0x0",
    mixHash: ZERO_HASH,
  });
}

/** `new TransactionReceipt(block, txInfo, wallet)`. */
export async function transactionReceipt(
  wallet: WalletApi,
  block: Block,
  info: TransactionInfo,
): Promise<JsonObject> {
  const number = blockNumberOf(block);
  const infos = await wallet.getTransactionInfoByBlockNum(number, SCOPE);
  let cumulativeGas = 0n;
  let cumulativeLogCount = 0;
  let transactionIndex: string | null = null;
  let cumulativeGasUsed: string | null = null;
  let gasUsed: string | null = null;
  let status: string | undefined;
  let tx: Transaction | undefined;
  for (const [index, other] of infos.entries()) {
    const energy = other.receipt?.energyUsageTotal ?? 0n;
    cumulativeGas += energy;
    if (bytesEqual(other.id, info.id)) {
      transactionIndex = jsonHexQuantity(index);
      cumulativeGasUsed = jsonHexQuantity(cumulativeGas);
      gasUsed = jsonHexQuantity(energy);
      status = (other.receipt?.result ?? 0) <= 1 ? "0x1" : "0x0";
      tx = block.transactions[index];
      break;
    }
    cumulativeLogCount += other.log.length;
  }
  const blockHash = jsonHexBytes(wallet.blockIdOf(block));
  const blockNumber = jsonHexQuantity(number);
  const transactionHash = jsonHexBytes(info.id);
  const prices = await energyPrices(wallet);
  let from: string | null = null;
  let to: string | null = null;
  let contractAddress: string | null = null;
  const contract = tx?.rawData?.contract[0];
  if (tx && contract) {
    from = jsonHexAddress(contractOwner(contract));
    to = jsonHexAddress(recipientsOf(tx)[0] ?? new Uint8Array(0));
    if (contract.type === ContractType.CreateSmartContract)
      contractAddress = jsonHexAddress(info.contractAddress);
  }
  const logs = info.log.map((log, index) =>
    alphabetic({
      logIndex: jsonHexQuantity(index + cumulativeLogCount),
      transactionHash,
      transactionIndex,
      blockHash,
      blockNumber,
      address: jsonHexAddress(convertToTronAddress(log.address)),
      data: jsonHexBytes(log.data),
      topics: log.topics.map(jsonHexBytes),
      removed: false,
    }),
  );
  return alphabetic({
    blockHash,
    blockNumber,
    transactionIndex,
    transactionHash,
    from,
    to,
    cumulativeGasUsed,
    effectiveGasPrice: jsonHexQuantity(energyFeeAt(blockTimestampOf(block), prices.history, prices.current)),
    gasUsed,
    contractAddress,
    logs,
    logsBloom: ZERO_BLOOM,
    ...(status !== undefined ? { status } : {}),
    type: "0x0",
  });
}

/** `LogFilterElement`: one matched log of eth_getLogs / filters (`logIndex` counts the whole block). */
export function logFilterElement(
  blockHash: Uint8Array,
  blockNumber: bigint,
  info: TransactionInfo,
  transactionIndex: number,
  logIndexInBlock: number,
  log: TransactionInfo["log"][number],
): JsonObject {
  return alphabetic({
    logIndex: jsonHexQuantity(logIndexInBlock),
    blockNumber: jsonHexQuantity(blockNumber),
    blockHash: jsonHexBytes(blockHash),
    transactionIndex: jsonHexQuantity(transactionIndex),
    transactionHash: jsonHexBytes(info.id),
    address: jsonHexBytes(log.address),
    data: jsonHexBytes(log.data),
    topics: log.topics.map(jsonHexBytes),
    removed: false,
  });
}
