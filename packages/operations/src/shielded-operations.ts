/**
 * Shielded (Sapling) operations: the key and address operations java-tron's Wallet serves
 * (getspendingkey … createspendauthsig; they take or return secrets, so `handlesKeys`), and the
 * four proof-creation operations, which are not possible here: they need Groth16 proving with
 * TRON's own ~48 MB Sapling proving parameters, which no source this node can reach carries.
 */
import { type ShieldedQueries, type shielded, TronodeError } from "@tronode/engine";
import { defineOperation, type Operation } from "./operation.js";
import { OperationErrorCodes, OperationJavaClasses } from "./operation-errors.js";

export interface IvkInput {
  readonly ak: Uint8Array;
  readonly nk: Uint8Array;
}

export interface PaymentAddressInput {
  readonly ivk: Uint8Array;
  readonly d: Uint8Array;
}

export interface SpendAuthSigInput {
  readonly ask: Uint8Array;
  readonly alpha: Uint8Array;
  readonly txHash: Uint8Array;
}

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
  createShieldedTransaction: proofCreation("createshieldedtransaction", true),
  createShieldedTransactionWithoutSpendAuthSig: proofCreation(
    "createshieldedtransactionwithoutspendauthsig",
    false,
  ),
  createShieldedContractParameters: proofCreation("createshieldedcontractparameters", true),
  createShieldedContractParametersWithoutAsk: proofCreation(
    "createshieldedcontractparameterswithoutask",
    false,
  ),
} as const;
