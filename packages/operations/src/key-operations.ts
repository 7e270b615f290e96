/**
 * Operations that take or return private keys / pass phrases (java-tron removed them in 4.7.2 and
 * from its protos; the product spec still lists them, so they exist over HTTP only): generateaddress,
 * createaddress, gettransactionsign, addtransactionsign, easytransfer, easytransferbyprivate — and
 * easytransferasset(byprivate). Every one is `handlesKeys`: transports answer them
 * only on a loopback listener or with the operator's explicit opt-in. Keys are never logged.
 */
import { randomBytes } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import {
  addressOfPrivateKey,
  type BroadcastResult,
  ContractType,
  JavaExceptions,
  randomPrivateKey,
  sha256,
  signTransaction,
  type Transaction,
  TransferAssetContractSchema,
  TransferContractSchema,
  TronodeError,
  utf8Encode,
  type WalletApi,
} from "@tronode/engine/internal";
import { defineOperation } from "./operation.js";
import { OperationErrorCodes, OperationJavaClasses } from "./operation-errors.js";

const PRIVATE_KEY_SIZE = 32;

function invalidPrivateKey(): TronodeError {
  return new TronodeError(OperationErrorCodes.badRequest, "Invalid private key.", {
    javaClass: OperationJavaClasses.illegalArgument,
  });
}

/** The address of a private key; anything that is not a valid secp256k1 scalar is refused. */
export function addressOfKey(privateKey: Uint8Array): Uint8Array {
  if (privateKey.length !== PRIVATE_KEY_SIZE) throw invalidPrivateKey();
  try {
    return addressOfPrivateKey(privateKey);
  } catch {
    throw invalidPrivateKey();
  }
}

/** generateaddress's answer: a fresh private key and its address. */
export interface KeyPair {
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
}

/** A transaction to sign and the private key to sign it with. */
export interface SignInput {
  readonly transaction: Transaction;
  readonly privateKey: Uint8Array;
}

/** An easytransfer: the sender's private key, the receiver, the amount (and the token, for TRC-10). */
export interface EasyTransferInput {
  readonly privateKey: Uint8Array;
  readonly toAddress: Uint8Array;
  readonly amount: bigint;
  /** easytransferasset(byprivate): the token (its name or id as ALLOW_SAME_TOKEN_NAME says). */
  readonly assetId?: string;
}

/** A signed and broadcast transfer, or the build-time validation failure (a CONTRACT_VALIDATE_ERROR). */
export type EasyTransferResult =
  | { readonly transaction: Transaction; readonly result: BroadcastResult }
  | { readonly validationError: string };

async function easyTransfer(api: WalletApi, input: EasyTransferInput): Promise<EasyTransferResult> {
  const ownerAddress = addressOfKey(input.privateKey);
  const target = { ownerAddress, toAddress: input.toAddress, amount: input.amount };
  let built: Transaction;
  try {
    built =
      input.assetId === undefined
        ? await api.createTransaction(ContractType.TransferContract, create(TransferContractSchema, target))
        : await api.createTransaction(
            ContractType.TransferAssetContract,
            create(TransferAssetContractSchema, { ...target, assetName: utf8Encode(input.assetId) }),
          );
  } catch (error) {
    if (error instanceof TronodeError && error.javaClass === JavaExceptions.contractValidate) {
      return { validationError: error.message };
    }
    throw error;
  }
  const transaction = signTransaction(built, input.privateKey);
  return { transaction, result: await api.broadcastTransaction(transaction) };
}

/** The operations that take or return private keys or pass phrases (served on loopback or by opt-in only). */
export const KeyOperations = {
  /** A random key and its address. */
  generateAddress: defineOperation<void, KeyPair>({
    name: "generateaddress",
    availability: "served",
    handlesKeys: true,
    run: async () => {
      const privateKey = randomPrivateKey((size) => new Uint8Array(randomBytes(size)));
      return { privateKey, address: addressOfPrivateKey(privateKey) };
    },
  }),
  /** Input: the pass phrase; the key is sha256(pass phrase) (`Wallet.pass2Key`). Result: the address. */
  createAddress: defineOperation<Uint8Array, Uint8Array>({
    name: "createaddress",
    availability: "served",
    handlesKeys: true,
    run: async (_api, passPhrase) => addressOfKey(sha256(passPhrase)),
  }),
  /** The key's signature over the txID appended, without any permission check. */
  getTransactionSign: defineOperation<SignInput, Transaction>({
    name: "gettransactionsign",
    availability: "served",
    handlesKeys: true,
    run: async (_api, input) => signTransaction(input.transaction, input.privateKey),
  }),
  /** The signature appended after java-tron's `addSign` checks against the unconfirmed state. */
  addTransactionSign: defineOperation<SignInput, Transaction>({
    name: "addtransactionsign",
    availability: "served",
    handlesKeys: true,
    run: (api, input) => api.addTransactionSign(input.transaction, input.privateKey),
  }),
  /** Input: the key = sha256(pass phrase). Build, sign and broadcast a transfer. */
  easyTransfer: defineOperation<EasyTransferInput, EasyTransferResult>({
    name: "easytransfer",
    availability: "served",
    handlesKeys: true,
    run: easyTransfer,
  }),
  /**
   * java-tron's EasyTransferByPrivateServlet answers every failure as a CONTRACT_VALIDATE_ERROR
   * Return; `readError` carries a failure of reading the request.
   */
  easyTransferByPrivate: defineOperation<
    EasyTransferInput | { readonly readError: string },
    EasyTransferResult
  >({
    name: "easytransferbyprivate",
    availability: "served",
    handlesKeys: true,
    run: async (api, input) => {
      if ("readError" in input) return { validationError: input.readError };
      try {
        return await easyTransfer(api, input);
      } catch (error) {
        if (error instanceof TronodeError) return { validationError: error.message };
        throw error;
      }
    },
  }),
  /** easytransfer for a token: the key = sha256(pass phrase), a TransferAssetContract. */
  easyTransferAsset: defineOperation<EasyTransferInput, EasyTransferResult>({
    name: "easytransferasset",
    availability: "served",
    handlesKeys: true,
    run: easyTransfer,
  }),
  /** easytransferbyprivate for a token; every failure answers as a CONTRACT_VALIDATE_ERROR Return. */
  easyTransferAssetByPrivate: defineOperation<
    EasyTransferInput | { readonly readError: string },
    EasyTransferResult
  >({
    name: "easytransferassetbyprivate",
    availability: "served",
    handlesKeys: true,
    run: async (api, input) => {
      if ("readError" in input) return { validationError: input.readError };
      try {
        return await easyTransfer(api, input);
      } catch (error) {
        if (error instanceof TronodeError) return { validationError: error.message };
        throw error;
      }
    },
  }),
} as const;
