/**
 * Shielded (Sapling) rpcs:
 * - key and address rpcs: GetSpendingKey, GetExpandedSpendingKey, GetAkFromAsk, GetNkFromNsk,
 *   GetIncomingViewingKey, GetDiversifier, GetNewShieldedAddress, GetZenPaymentAddress, GetRcm,
 *   CreateSpendAuthSig. They take or return secrets: like their HTTP rows they answer only on a
 *   loopback listener or with allowKeyOperations;
 * - the note rpcs (Wallet, and WalletSolidity for the scans, vouchers and spent checks): as in
 *   java-tron's RpcApiService they first check the committee switch — ALLOW_SHIELDED_TRANSACTION
 *   for the TRC-10 ones (CreateShieldNullifier, GetShieldTransactionHash, the ShieldedTransferContract
 *   scans, GetMerkleTreeVoucherInfo, IsSpend), ALLOW_SHIELDED_TRC20_TRANSACTION for the TRC-20 ones
 *   and CreateSpendAuthSig — and answer INTERNAL with its text while it is off.
 * java-tron answers failures with INTERNAL and the exception's text; where its catch names only
 * some exceptions, the others escape (UNKNOWN), and GetTriggerInputForShieldedTRC20Contract passes
 * the exception itself (UNKNOWN). The request and response messages are the Wallet rpcs' own.
 */
import { TronodeError, Wallet } from "@tronode/engine/internal";
import { defineOperation, type Operation, ShieldedOperations } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

const SHIELDED_TRANSACTION_CLOSED = "Not support Shielded Transaction, need to be opened by the committee";
const SHIELDED_TRC20_TRANSACTION_CLOSED =
  "Not support Shielded TRC20 Transaction, need to be opened by the committee";

/** The operation behind RpcApiService's committee check (a ZksnarkException while the switch is off). */
function committeeGated<Input, Result>(
  operation: Operation<Input, Result>,
  pool: "trc10" | "trc20",
): Operation<Input, Result> {
  return defineOperation<Input, Result>({
    ...operation,
    run: async (api, input, context) => {
      const support = await api.getShieldedSupport(context.scope);
      const open = pool === "trc10" ? support.shieldedTransaction : support.shieldedTrc20Transaction;
      if (!open) {
        throw new TronodeError(
          "SHIELDED_CLOSED",
          pool === "trc10" ? SHIELDED_TRANSACTION_CLOSED : SHIELDED_TRC20_TRANSACTION_CLOSED,
          { javaClass: "org.tron.core.exception.ZksnarkException" },
        );
      }
      return operation.run(api, input, context);
    },
  });
}

/** The shielded operations as java-tron's gRPC services run them. */
const ShieldedRpcOperations = {
  createSpendAuthSig: committeeGated(ShieldedOperations.createSpendAuthSig, "trc20"),
  createShieldNullifier: committeeGated(ShieldedOperations.createShieldNullifier, "trc10"),
  getShieldTransactionHash: committeeGated(ShieldedOperations.getShieldTransactionHash, "trc10"),
  scanNoteByIvk: committeeGated(ShieldedOperations.scanNoteByIvk, "trc10"),
  scanAndMarkNoteByIvk: committeeGated(ShieldedOperations.scanAndMarkNoteByIvk, "trc10"),
  scanNoteByOvk: committeeGated(ShieldedOperations.scanNoteByOvk, "trc10"),
  getMerkleTreeVoucherInfo: committeeGated(ShieldedOperations.getMerkleTreeVoucherInfo, "trc10"),
  isSpend: committeeGated(ShieldedOperations.isSpend, "trc10"),
  scanShieldedTrc20NotesByIvk: committeeGated(ShieldedOperations.scanShieldedTrc20NotesByIvk, "trc20"),
  scanShieldedTrc20NotesByOvk: committeeGated(ShieldedOperations.scanShieldedTrc20NotesByOvk, "trc20"),
  isShieldedTrc20ContractNoteSpent: committeeGated(
    ShieldedOperations.isShieldedTrc20ContractNoteSpent,
    "trc20",
  ),
  getTriggerInputForShieldedTrc20Contract: committeeGated(
    ShieldedOperations.getTriggerInputForShieldedTrc20Contract,
    "trc20",
  ),
} as const;

const rpc = Wallet.method;

export const SHIELDED_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetSpendingKey",
    request: rpc.getSpendingKey.input,
    response: rpc.getSpendingKey.output,
    operation: ShieldedOperations.getSpendingKey,
    input: () => undefined,
    output: (value) => ({ value }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetExpandedSpendingKey",
    request: rpc.getExpandedSpendingKey.input,
    response: rpc.getExpandedSpendingKey.output,
    operation: ShieldedOperations.getExpandedSpendingKey,
    input: (request) => request.value,
    output: ({ ask, nsk, ovk }) => ({ ask, nsk, ovk }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetAkFromAsk",
    request: rpc.getAkFromAsk.input,
    response: rpc.getAkFromAsk.output,
    operation: ShieldedOperations.getAkFromAsk,
    input: (request) => request.value,
    output: (value) => ({ value }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetNkFromNsk",
    request: rpc.getNkFromNsk.input,
    response: rpc.getNkFromNsk.output,
    operation: ShieldedOperations.getNkFromNsk,
    input: (request) => request.value,
    output: (value) => ({ value }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetIncomingViewingKey",
    request: rpc.getIncomingViewingKey.input,
    response: rpc.getIncomingViewingKey.output,
    operation: ShieldedOperations.getIncomingViewingKey,
    input: (request) => ({ ak: request.ak, nk: request.nk }),
    output: (ivk) => ({ ivk }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetDiversifier",
    request: rpc.getDiversifier.input,
    response: rpc.getDiversifier.output,
    operation: ShieldedOperations.getDiversifier,
    input: () => undefined,
    output: (d) => ({ d }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetNewShieldedAddress",
    request: rpc.getNewShieldedAddress.input,
    response: rpc.getNewShieldedAddress.output,
    operation: ShieldedOperations.getNewShieldedAddress,
    input: () => undefined,
    output: (info) => ({
      sk: info.sk,
      ask: info.ask,
      nsk: info.nsk,
      ovk: info.ovk,
      ak: info.ak,
      nk: info.nk,
      ivk: info.ivk,
      d: info.d,
      pkD: info.pkD,
      paymentAddress: info.paymentAddress,
    }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetZenPaymentAddress",
    request: rpc.getZenPaymentAddress.input,
    response: rpc.getZenPaymentAddress.output,
    operation: ShieldedOperations.getZenPaymentAddress,
    input: (request) => ({
      ivk: request.ivk?.ivk ?? new Uint8Array(0),
      d: request.d?.d ?? new Uint8Array(0),
    }),
    output: ({ d, pkD, paymentAddress }) => ({ d: { d }, pkD, paymentAddress }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetRcm",
    request: rpc.getRcm.input,
    response: rpc.getRcm.output,
    operation: ShieldedOperations.getRcm,
    input: () => undefined,
    output: (value) => ({ value }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "CreateSpendAuthSig",
    request: rpc.createSpendAuthSig.input,
    response: rpc.createSpendAuthSig.output,
    operation: ShieldedRpcOperations.createSpendAuthSig,
    input: (request) => ({ ask: request.ask, alpha: request.alpha, txHash: request.txHash }),
    output: (value) => ({ value }),
    failure: "internal",
  }),
];

const BAD_ITEM = "org.tron.core.exception.BadItemException";
const ZKSNARK = "org.tron.core.exception.ZksnarkException";

/** The note rpcs WalletSolidity declares too (same binding, solidified state). */
export const SHIELDED_NOTE_READ_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "ScanNoteByIvk",
    request: rpc.scanNoteByIvk.input,
    response: rpc.scanNoteByIvk.output,
    operation: ShieldedRpcOperations.scanNoteByIvk,
    input: (request) => request,
    output: (notes) => notes,
    failure: "internal",
    caught: [BAD_ITEM, ZKSNARK],
  }),
  bindRpc({
    rpc: "ScanAndMarkNoteByIvk",
    request: rpc.scanAndMarkNoteByIvk.input,
    response: rpc.scanAndMarkNoteByIvk.output,
    operation: ShieldedRpcOperations.scanAndMarkNoteByIvk,
    input: (request) => request,
    output: (notes) => notes,
    failure: "internal",
    caught: [
      BAD_ITEM,
      ZKSNARK,
      "com.google.protobuf.InvalidProtocolBufferException",
      "org.tron.core.exception.ItemNotFoundException",
    ],
  }),
  bindRpc({
    rpc: "ScanNoteByOvk",
    request: rpc.scanNoteByOvk.input,
    response: rpc.scanNoteByOvk.output,
    operation: ShieldedRpcOperations.scanNoteByOvk,
    input: (request) => request,
    output: (notes) => notes,
    failure: "internal",
    caught: [BAD_ITEM, ZKSNARK],
  }),
  bindRpc({
    rpc: "GetMerkleTreeVoucherInfo",
    request: rpc.getMerkleTreeVoucherInfo.input,
    response: rpc.getMerkleTreeVoucherInfo.output,
    operation: ShieldedRpcOperations.getMerkleTreeVoucherInfo,
    input: (request) => request,
    output: (info) => info,
    failure: "internal",
  }),
  bindRpc({
    rpc: "IsSpend",
    request: rpc.isSpend.input,
    response: rpc.isSpend.output,
    operation: ShieldedRpcOperations.isSpend,
    input: (request) => request,
    output: (result) => result,
    failure: "internal",
  }),
  bindRpc({
    rpc: "ScanShieldedTRC20NotesByIvk",
    request: rpc.scanShieldedTRC20NotesByIvk.input,
    response: rpc.scanShieldedTRC20NotesByIvk.output,
    operation: ShieldedRpcOperations.scanShieldedTrc20NotesByIvk,
    input: (request) => request,
    output: (notes) => notes,
    failure: "internal",
  }),
  bindRpc({
    rpc: "IsShieldedTRC20ContractNoteSpent",
    request: rpc.isShieldedTRC20ContractNoteSpent.input,
    response: rpc.isShieldedTRC20ContractNoteSpent.output,
    operation: ShieldedRpcOperations.isShieldedTrc20ContractNoteSpent,
    input: (request) => request,
    output: (isSpent) => ({ isSpent }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "ScanShieldedTRC20NotesByOvk",
    request: rpc.scanShieldedTRC20NotesByOvk.input,
    response: rpc.scanShieldedTRC20NotesByOvk.output,
    operation: ShieldedRpcOperations.scanShieldedTrc20NotesByOvk,
    input: (request) => request,
    output: (notes) => notes,
    failure: "internal",
  }),
];

/** The note computations only Wallet declares. */
export const SHIELDED_NOTE_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "CreateShieldNullifier",
    request: rpc.createShieldNullifier.input,
    response: rpc.createShieldNullifier.output,
    operation: ShieldedRpcOperations.createShieldNullifier,
    input: (request) => request,
    output: (value) => ({ value }),
    failure: "internal",
    caught: [ZKSNARK],
  }),
  bindRpc({
    rpc: "GetShieldTransactionHash",
    request: rpc.getShieldTransactionHash.input,
    response: rpc.getShieldTransactionHash.output,
    operation: ShieldedRpcOperations.getShieldTransactionHash,
    input: (request) => request,
    output: (value) => (value === undefined ? {} : { value }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetTriggerInputForShieldedTRC20Contract",
    request: rpc.getTriggerInputForShieldedTRC20Contract.input,
    response: rpc.getTriggerInputForShieldedTRC20Contract.output,
    operation: ShieldedRpcOperations.getTriggerInputForShieldedTrc20Contract,
    input: (request) => request,
    output: (value) => ({ value }),
    failure: "unknown",
  }),
];
