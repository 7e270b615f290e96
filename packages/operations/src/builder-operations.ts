/**
 * java-tron's transaction builders (createtransaction, freezebalancev2, votewitnessaccount, …): one
 * operation per contract type. The engine validates the contract with its actuator and returns the
 * unsigned transaction (ref block and expiration from the head); a validation failure throws the
 * actuator's ContractValidateException. HTTP adds `Permission_id` and `extra_data` (the options);
 * the gRPC builders take the bare contract message.
 */
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  AccountCreateContractSchema,
  AccountPermissionUpdateContractSchema,
  AccountUpdateContractSchema,
  type BuildOptions,
  ContractType,
  SetAccountIdContractSchema,
  type Transaction,
  TransferContractSchema,
} from "@tronode/engine/internal";
import { defineOperation, type Operation } from "./operation.js";

/** What a builder takes: the contract message and the build options (Permission_id, memo). */
export interface BuilderInput<Contract = unknown> {
  readonly contract: Contract;
  readonly options: BuildOptions;
}

/** A transaction builder: validates one contract type and returns the unsigned transaction. */
export interface BuilderOperation<Desc extends DescMessage = DescMessage>
  extends Operation<BuilderInput<MessageShape<Desc>>, Transaction> {
  readonly contractType: ContractType;
  /** The contract message: the HTTP body's shape and the gRPC request type. */
  readonly contractSchema: Desc;
}

export function builderOperation<Desc extends DescMessage>(spec: {
  readonly name: string;
  readonly contractType: ContractType;
  readonly contractSchema: Desc;
}): BuilderOperation<Desc> {
  return {
    ...defineOperation<BuilderInput<MessageShape<Desc>>, Transaction>({
      name: spec.name,
      availability: "served",
      run: (api, { contract, options }) => api.createTransaction(spec.contractType, contract, options),
    }),
    contractType: spec.contractType,
    contractSchema: spec.contractSchema,
  };
}

/** The builders of the core contracts (transfers, accounts, permissions). */
export const BuilderOperations = {
  createTransaction: builderOperation({
    name: "createtransaction",
    contractType: ContractType.TransferContract,
    contractSchema: TransferContractSchema,
  }),
  createAccount: builderOperation({
    name: "createaccount",
    contractType: ContractType.AccountCreateContract,
    contractSchema: AccountCreateContractSchema,
  }),
  updateAccount: builderOperation({
    name: "updateaccount",
    contractType: ContractType.AccountUpdateContract,
    contractSchema: AccountUpdateContractSchema,
  }),
  setAccountId: builderOperation({
    name: "setaccountid",
    contractType: ContractType.SetAccountIdContract,
    contractSchema: SetAccountIdContractSchema,
  }),
  accountPermissionUpdate: builderOperation({
    name: "accountpermissionupdate",
    contractType: ContractType.AccountPermissionUpdateContract,
    contractSchema: AccountPermissionUpdateContractSchema,
  }),
} as const;

/** createCommonTransaction's input: a contract of any type, named in the body. */
export interface CommonTransactionInput {
  readonly type: ContractType;
  readonly contract: unknown;
  readonly options: BuildOptions;
}

/**
 * java-tron's CreateCommonTransactionServlet: any contract type from its JSON (`contractType` names
 * it), validated by its actuator as every builder is (Wallet.createTransactionCapsule).
 */
export const createCommonTransaction = defineOperation<CommonTransactionInput, Transaction>({
  name: "createCommonTransaction",
  availability: "served",
  run: (api, { type, contract, options }) => api.createTransaction(type, contract, options),
});
