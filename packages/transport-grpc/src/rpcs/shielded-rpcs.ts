/**
 * Shielded (Sapling) key and address rpcs: GetSpendingKey, GetExpandedSpendingKey, GetAkFromAsk,
 * GetNkFromNsk, GetIncomingViewingKey, GetDiversifier, GetNewShieldedAddress, GetZenPaymentAddress,
 * GetRcm, CreateSpendAuthSig. They take or return secrets: like their HTTP rows they answer only on
 * a loopback listener or with allowKeyOperations. java-tron answers every failure with INTERNAL
 * and the exception's text. The request and response messages are the Wallet rpcs' own.
 */
import { Wallet } from "@tronode/engine";
import { ShieldedOperations } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

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
    operation: ShieldedOperations.createSpendAuthSig,
    input: (request) => ({ ask: request.ask, alpha: request.alpha, txHash: request.txHash }),
    output: (value) => ({ value }),
    failure: "internal",
  }),
];
