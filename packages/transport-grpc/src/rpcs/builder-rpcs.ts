/**
 * The transaction builders: for each builder operation its old rpc (bare Transaction, the empty
 * message on a validation failure) where java-tron still has one, and its TransactionExtention rpc
 * ("2" suffix, or the only form for newer contracts) with `Return` inside. gRPC builders take the
 * bare contract: no Permission_id or memo options (java-tron's rpcs have none).
 */
import {
  CONTRACT_PARAMETER_SCHEMAS,
  decode,
  TransactionExtentionSchema,
  TransactionSchema,
} from "@tronode/engine/internal";
import {
  type BuilderOperation,
  BuilderOperations,
  createCommonTransaction,
  StakingBuilderOperations,
  WitnessBuilderOperations,
} from "@tronode/operations";
import { transactionExtention } from "../response-messages.js";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";
import { GrpcCode, RpcStatusError, UNCAUGHT_DESCRIPTION } from "../rpc-status.js";

interface BuilderRpcNames {
  /** The old rpc answering a bare Transaction (CreateTransaction, FreezeBalance, …). */
  readonly legacy?: string;
  /** The rpc answering TransactionExtention (CreateTransaction2, FreezeBalanceV2, …). */
  readonly extention: string;
}

export function builderRpcs(operation: BuilderOperation, names: BuilderRpcNames): RpcBinding[] {
  const input = <Contract>(contract: Contract) => ({ contract, options: {} });
  return [
    ...(names.legacy === undefined
      ? []
      : [
          bindRpc({
            rpc: names.legacy,
            request: operation.contractSchema,
            response: TransactionSchema,
            operation,
            input,
            output: (transaction) => transaction,
            failure: "empty-on-validate",
          }),
        ]),
    bindRpc({
      rpc: names.extention,
      request: operation.contractSchema,
      response: TransactionExtentionSchema,
      operation,
      input,
      output: transactionExtention,
      failure: "return",
    }),
  ];
}

export const BUILDER_RPCS: readonly RpcBinding[] = [
  ...builderRpcs(BuilderOperations.createTransaction, {
    legacy: "CreateTransaction",
    extention: "CreateTransaction2",
  }),
  ...builderRpcs(BuilderOperations.createAccount, { legacy: "CreateAccount", extention: "CreateAccount2" }),
  ...builderRpcs(BuilderOperations.updateAccount, { legacy: "UpdateAccount", extention: "UpdateAccount2" }),
  // SetAccountId exists only in the old form
  bindRpc({
    rpc: "SetAccountId",
    request: BuilderOperations.setAccountId.contractSchema,
    response: TransactionSchema,
    operation: BuilderOperations.setAccountId,
    input: (contract) => ({ contract, options: {} }),
    output: (transaction) => transaction,
    failure: "empty-on-validate",
  }),
  ...builderRpcs(BuilderOperations.accountPermissionUpdate, { extention: "AccountPermissionUpdate" }),
  ...builderRpcs(StakingBuilderOperations.freezeBalance, {
    legacy: "FreezeBalance",
    extention: "FreezeBalance2",
  }),
  ...builderRpcs(StakingBuilderOperations.unfreezeBalance, {
    legacy: "UnfreezeBalance",
    extention: "UnfreezeBalance2",
  }),
  ...builderRpcs(StakingBuilderOperations.freezeBalanceV2, { extention: "FreezeBalanceV2" }),
  ...builderRpcs(StakingBuilderOperations.unfreezeBalanceV2, { extention: "UnfreezeBalanceV2" }),
  ...builderRpcs(StakingBuilderOperations.withdrawExpireUnfreeze, { extention: "WithdrawExpireUnfreeze" }),
  ...builderRpcs(StakingBuilderOperations.delegateResource, { extention: "DelegateResource" }),
  ...builderRpcs(StakingBuilderOperations.unDelegateResource, { extention: "UnDelegateResource" }),
  ...builderRpcs(StakingBuilderOperations.cancelAllUnfreezeV2, { extention: "CancelAllUnfreezeV2" }),
  ...builderRpcs(WitnessBuilderOperations.createWitness, {
    legacy: "CreateWitness",
    extention: "CreateWitness2",
  }),
  ...builderRpcs(WitnessBuilderOperations.updateWitness, {
    legacy: "UpdateWitness",
    extention: "UpdateWitness2",
  }),
  ...builderRpcs(WitnessBuilderOperations.voteWitnessAccount, {
    legacy: "VoteWitnessAccount",
    extention: "VoteWitnessAccount2",
  }),
  ...builderRpcs(WitnessBuilderOperations.withdrawBalance, {
    legacy: "WithdrawBalance",
    extention: "WithdrawBalance2",
  }),
  ...builderRpcs(WitnessBuilderOperations.updateBrokerage, { extention: "UpdateBrokerage" }),
  // CreateCommonTransaction: the first contract of the given transaction, its parameter kept as sent
  bindRpc({
    rpc: "CreateCommonTransaction",
    request: TransactionSchema,
    response: TransactionExtentionSchema,
    operation: createCommonTransaction,
    input: (transaction) => {
      const contract = transaction.rawData?.contract[0];
      // java-tron reads contract(0) before its try: a transaction without one escapes as uncaught
      if (contract === undefined) throw new RpcStatusError(GrpcCode.UNKNOWN, UNCAUGHT_DESCRIPTION);
      const encoded = contract.parameter?.value ?? new Uint8Array();
      const schema = CONTRACT_PARAMETER_SCHEMAS.get(contract.type);
      return {
        type: contract.type,
        contract: schema === undefined ? {} : decode(schema, encoded),
        options: { encodedContract: encoded },
      };
    },
    output: transactionExtention,
    failure: "return",
  }),
];
