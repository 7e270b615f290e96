/**
 * Shielded (Sapling) operations:
 * - the key and address operations java-tron's Wallet serves (getspendingkey … createspendauthsig;
 *   they take or return secrets, so `handlesKeys`);
 * - computations on the request: createshieldnullifier, getshieldtransactionhash,
 *   gettriggerinputforshieldedtrc20contract;
 * - the ShieldedTransferContract (TRC-10) note operations scannotebyivk, scanandmarknotebyivk,
 *   scannotebyovk, getmerkletreevoucherinfo, isspend — java-tron 4.8 no longer registers them on
 *   /wallet (its PBFT service still does); tronode serves them as the product spec lists them;
 * - the shielded TRC-20 scans and spent check over the chain's logs;
 * - the four proof-creation operations, which are not possible here: they need Groth16 proving
 *   with TRON's own ~48 MB Sapling proving parameters, which no source this node can reach carries.
 * Viewing keys (ivk, ovk, ak, nk) are not spending keys: the scans are not key operations.
 */
import {
  type DecryptNotes,
  type DecryptNotesMarked,
  type DecryptNotesTRC20,
  type IncrementalMerkleVoucherInfo,
  type IvkDecryptAndMarkParameters,
  type IvkDecryptParameters,
  type IvkDecryptTRC20Parameters,
  type NfParameters,
  type NfTRC20Parameters,
  type NoteParameters,
  type OutputPointInfo,
  type OvkDecryptParameters,
  type OvkDecryptTRC20Parameters,
  type ReadScope,
  type ShieldedQueries,
  type ShieldedTRC20TriggerContractParameters,
  type SpendResult,
  type shielded,
  type Transaction,
  TronodeError,
  validateError,
} from "@tronode/engine/internal";
import { defineOperation, type Operation } from "./operation.js";
import { OperationErrorCodes, OperationJavaClasses } from "./operation-errors.js";

/** getincomingviewingkey's input: the key pair (ak, nk) the incoming viewing key derives from. */
export interface IvkInput {
  readonly ak: Uint8Array;
  readonly nk: Uint8Array;
}

/** getzenpaymentaddress's input: an incoming viewing key and a diversifier. */
export interface PaymentAddressInput {
  readonly ivk: Uint8Array;
  readonly d: Uint8Array;
}

/** createspendauthsig's input: the spend authorizing key, the randomizer and the transaction hash to sign. */
export interface SpendAuthSigInput {
  readonly ask: Uint8Array;
  readonly alpha: Uint8Array;
  readonly txHash: Uint8Array;
}

/** Why the proof-creation operations cannot be served here (the text their refusal carries). */
export const PROOF_CREATION_NOT_POSSIBLE =
  "not possible here: building a shielded transaction needs Groth16 proofs made with TRON's own Sapling proving parameters (~48 MB), which no source this node can reach carries";

function keyOperation<Input, Result>(
  name: string,
  run: (api: ShieldedQueries, input: Input) => Promise<Result>,
): Operation<Input, Result> {
  return defineOperation<Input, Result>({
    name,
    availability: "served",
    handlesKeys: true,
    run: (api, input) => run(api, input),
  });
}

function proofCreation(name: string, handlesKeys: boolean): Operation<void, never> {
  return defineOperation<void, never>({
    name,
    availability: "unsupported",
    ...(handlesKeys ? { handlesKeys } : {}),
    note: "not supported — not possible here: needs Groth16 proving with TRON's Sapling parameters",
    run: async () => {
      throw new TronodeError(OperationErrorCodes.unsupported, PROOF_CREATION_NOT_POSSIBLE, {
        javaClass: OperationJavaClasses.unsupportedOperation,
      });
    },
  });
}

/** What java-tron's shielded TRC-20 parameter builders check before they build proofs. */
export interface ShieldedTrc20ParametersInput {
  readonly contractAddress: Uint8Array;
  readonly fromAmount: string;
  readonly toAmount: string;
}

/**
 * createshieldedcontractparameters[withoutask]: java-tron's leading checks (Wallet's contract
 * address, then the public amounts), each with its text, and then the refusal of the proof.
 */
function trc20ParametersCreation(
  name: string,
  withoutAsk: boolean,
): Operation<ShieldedTrc20ParametersInput, never> {
  return defineOperation<ShieldedTrc20ParametersInput, never>({
    name,
    availability: "unsupported",
    ...(withoutAsk ? {} : { handlesKeys: true }),
    note: "not supported — not possible here: needs Groth16 proving with TRON's Sapling parameters",
    run: async (_api, input) => {
      if (input.contractAddress.length !== 21)
        throw validateError("No valid shielded TRC-20 contract address");
      // Wallet.getBigIntegerFromString: blank is zero, else a decimal BigInteger
      const amount = (text: string) => text.trim() === "" || /^[+-]?\d+$/.test(text.trim());
      if (!amount(input.fromAmount) || !amount(input.toAmount)) {
        throw validateError(
          withoutAsk ? "invalid_from amount or to_amount" : "invalid from_amount or to_amount",
        );
      }
      throw new TronodeError(OperationErrorCodes.unsupported, PROOF_CREATION_NOT_POSSIBLE, {
        javaClass: OperationJavaClasses.unsupportedOperation,
      });
    },
  });
}

/** An operation on the chain's shielded notes, read in the transport's scope. */
function noteOperation<Input, Result>(
  name: string,
  run: (api: ShieldedQueries, input: Input, scope: ReadScope) => Promise<Result>,
  note?: string,
): Operation<Input, Result> {
  return defineOperation<Input, Result>({
    name,
    availability: "served",
    ...(note !== undefined ? { note } : {}),
    run: (api, input, context) => run(api, input, context.scope),
  });
}

const TRC10_NOTE =
  "ShieldedTransferContract notes (java-tron 4.8 serves it on PBFT only); this node holds none (contract 51 is refused)";

/** The shielded (Sapling) operations: keys and addresses, notes and scans, and the refused proof creation. */
export const ShieldedOperations = {
  getSpendingKey: keyOperation<void, Uint8Array>("getspendingkey", (api) => api.getSpendingKey()),
  getExpandedSpendingKey: keyOperation<Uint8Array, shielded.ExpandedSpendingKey>(
    "getexpandedspendingkey",
    (api, sk) => api.getExpandedSpendingKey(sk),
  ),
  getAkFromAsk: keyOperation<Uint8Array, Uint8Array>("getakfromask", (api, ask) => api.getAkFromAsk(ask)),
  getNkFromNsk: keyOperation<Uint8Array, Uint8Array>("getnkfromnsk", (api, nsk) => api.getNkFromNsk(nsk)),
  getIncomingViewingKey: keyOperation<IvkInput, Uint8Array>("getincomingviewingkey", (api, { ak, nk }) =>
    api.getIncomingViewingKey(ak, nk),
  ),
  getDiversifier: keyOperation<void, Uint8Array>("getdiversifier", (api) => api.getDiversifier()),
  getZenPaymentAddress: keyOperation<PaymentAddressInput, shielded.PaymentAddressMessage>(
    "getzenpaymentaddress",
    (api, { ivk, d }) => api.getZenPaymentAddress(ivk, d),
  ),
  getRcm: keyOperation<void, Uint8Array>("getrcm", (api) => api.getRcm()),
  getNewShieldedAddress: keyOperation<void, shielded.ShieldedAddressInfo>("getnewshieldedaddress", (api) =>
    api.getNewShieldedAddress(),
  ),
  createSpendAuthSig: keyOperation<SpendAuthSigInput, Uint8Array>("createspendauthsig", (api, input) =>
    api.createSpendAuthSig(input.ask, input.alpha, input.txHash),
  ),
  createShieldNullifier: noteOperation<NfParameters, Uint8Array>(
    "createshieldnullifier",
    (api, params) => api.createShieldNullifier(params),
    "java-tron 4.8 no longer registers it on /wallet",
  ),
  getShieldTransactionHash: noteOperation<Transaction, Uint8Array | undefined>(
    "getshieldtransactionhash",
    (api, tx) => api.getShieldTransactionHash(tx),
    "java-tron 4.8 no longer registers it on /wallet",
  ),
  getTriggerInputForShieldedTrc20Contract: noteOperation<ShieldedTRC20TriggerContractParameters, Uint8Array>(
    "gettriggerinputforshieldedtrc20contract",
    (api, params) => api.getTriggerInputForShieldedTrc20Contract(params),
  ),
  scanNoteByIvk: noteOperation<IvkDecryptParameters, DecryptNotes>(
    "scannotebyivk",
    (api, params, scope) => api.scanNoteByIvk(params, scope),
    TRC10_NOTE,
  ),
  scanAndMarkNoteByIvk: noteOperation<IvkDecryptAndMarkParameters, DecryptNotesMarked>(
    "scanandmarknotebyivk",
    (api, params, scope) => api.scanAndMarkNoteByIvk(params, scope),
    TRC10_NOTE,
  ),
  scanNoteByOvk: noteOperation<OvkDecryptParameters, DecryptNotes>(
    "scannotebyovk",
    (api, params, scope) => api.scanNoteByOvk(params, scope),
    TRC10_NOTE,
  ),
  getMerkleTreeVoucherInfo: noteOperation<OutputPointInfo, IncrementalMerkleVoucherInfo>(
    "getmerkletreevoucherinfo",
    (api, request, scope) => api.getMerkleTreeVoucherInfo(request, scope),
    TRC10_NOTE,
  ),
  isSpend: noteOperation<NoteParameters, SpendResult>(
    "isspend",
    (api, params, scope) => api.isSpend(params, scope),
    TRC10_NOTE,
  ),
  scanShieldedTrc20NotesByIvk: noteOperation<IvkDecryptTRC20Parameters, DecryptNotesTRC20>(
    "scanshieldedtrc20notesbyivk",
    (api, params, scope) => api.scanShieldedTrc20NotesByIvk(params, scope),
  ),
  scanShieldedTrc20NotesByOvk: noteOperation<OvkDecryptTRC20Parameters, DecryptNotesTRC20>(
    "scanshieldedtrc20notesbyovk",
    (api, params, scope) => api.scanShieldedTrc20NotesByOvk(params, scope),
  ),
  isShieldedTrc20ContractNoteSpent: noteOperation<NfTRC20Parameters, boolean>(
    "isshieldedtrc20contractnotespent",
    (api, params, scope) => api.isShieldedTrc20ContractNoteSpent(params, scope),
  ),
  createShieldedTransaction: proofCreation("createshieldedtransaction", true),
  createShieldedTransactionWithoutSpendAuthSig: proofCreation(
    "createshieldedtransactionwithoutspendauthsig",
    false,
  ),
  createShieldedContractParameters: trc20ParametersCreation("createshieldedcontractparameters", false),
  createShieldedContractParametersWithoutAsk: trc20ParametersCreation(
    "createshieldedcontractparameterswithoutask",
    true,
  ),
} as const;
