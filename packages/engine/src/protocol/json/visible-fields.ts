/**
 * Field tables of java-tron's `HttpSelfFormatFieldName` (framework/.../services/http).
 *
 * With `visible=true`, a `bytes` field whose full name (`<message full name>.<proto field name>`)
 * is in {@link ADDRESS_FIELDS} prints/parses as Base58Check, and one in {@link NAME_FIELDS} as UTF-8
 * text. Every other bytes field stays lowercase hex. Names are listed as facts (java-tron keys its
 * maps the same way); messages not (yet) in tronode's schema are kept so the table is complete when
 * they are added.
 */

/** java-tron `AddressFieldNameMap`. */
export const ADDRESS_FIELDS: ReadonlySet<string> = new Set([
  // ---- api.proto ----
  "protocol.DelegatedResourceMessage.fromAddress",
  "protocol.DelegatedResourceMessage.toAddress",
  "protocol.EasyTransferMessage.toAddress",
  "protocol.EasyTransferAssetMessage.toAddress",
  "protocol.EasyTransferByPrivateMessage.toAddress",
  "protocol.EasyTransferAssetByPrivateMessage.toAddress",
  "protocol.TransactionSignWeight.approved_list",
  "protocol.TransactionApprovedList.approved_list",
  "protocol.PrivateParameters.transparent_from_address",
  "protocol.PrivateParameters.transparent_to_address",
  "protocol.PrivateParametersWithoutAsk.transparent_from_address",
  "protocol.PrivateParametersWithoutAsk.transparent_to_address",
  "protocol.PrivateShieldedTRC20Parameters.transparent_to_address",
  "protocol.PrivateShieldedTRC20Parameters.shielded_TRC20_contract_address",
  "protocol.PrivateShieldedTRC20ParametersWithoutAsk.transparent_to_address",
  "protocol.PrivateShieldedTRC20ParametersWithoutAsk.shielded_TRC20_contract_address",
  "protocol.IvkDecryptTRC20Parameters.shielded_TRC20_contract_address",
  "protocol.OvkDecryptTRC20Parameters.shielded_TRC20_contract_address",
  "protocol.NfTRC20Parameters.shielded_TRC20_contract_address",
  "protocol.DecryptNotesTRC20.NoteTx.transparent_to_address",
  "protocol.CanDelegatedMaxSizeRequestMessage.owner_address",
  "protocol.GetAvailableUnfreezeCountRequestMessage.owner_address",
  "protocol.CanWithdrawUnfreezeAmountRequestMessage.owner_address",

  // ---- contract messages ----
  "protocol.AccountCreateContract.owner_address",
  "protocol.AccountCreateContract.account_address",
  "protocol.AccountUpdateContract.owner_address",
  "protocol.SetAccountIdContract.owner_address",
  "protocol.AccountPermissionUpdateContract.owner_address",
  "protocol.TransferContract.owner_address",
  "protocol.TransferContract.to_address",
  "protocol.TransferAssetContract.owner_address",
  "protocol.TransferAssetContract.to_address",
  "protocol.VoteAssetContract.owner_address",
  "protocol.VoteAssetContract.vote_address",
  "protocol.VoteWitnessContract.owner_address",
  "protocol.VoteWitnessContract.Vote.vote_address",
  "protocol.UpdateSettingContract.owner_address",
  "protocol.UpdateSettingContract.contract_address",
  "protocol.UpdateEnergyLimitContract.owner_address",
  "protocol.UpdateEnergyLimitContract.contract_address",
  "protocol.ClearABIContract.owner_address",
  "protocol.ClearABIContract.contract_address",
  "protocol.WitnessCreateContract.owner_address",
  "protocol.WitnessUpdateContract.owner_address",
  "protocol.AssetIssueContract.owner_address",
  "protocol.ParticipateAssetIssueContract.owner_address",
  "protocol.ParticipateAssetIssueContract.to_address",
  "protocol.FreezeBalanceContract.owner_address",
  "protocol.FreezeBalanceContract.receiver_address",
  "protocol.UnfreezeBalanceContract.owner_address",
  "protocol.UnfreezeBalanceContract.receiver_address",
  "protocol.UnfreezeAssetContract.owner_address",
  "protocol.WithdrawBalanceContract.owner_address",
  "protocol.UpdateAssetContract.owner_address",
  "protocol.ProposalCreateContract.owner_address",
  "protocol.ProposalApproveContract.owner_address",
  "protocol.ProposalDeleteContract.owner_address",
  "protocol.CreateSmartContract.owner_address",
  "protocol.TriggerSmartContract.owner_address",
  "protocol.TriggerSmartContract.contract_address",
  "protocol.BuyStorageContract.owner_address",
  "protocol.BuyStorageBytesContract.owner_address",
  "protocol.SellStorageContract.owner_address",
  "protocol.ExchangeCreateContract.owner_address",
  "protocol.ExchangeInjectContract.owner_address",
  "protocol.ExchangeWithdrawContract.owner_address",
  "protocol.ExchangeTransactionContract.owner_address",
  "protocol.UpdateBrokerageContract.owner_address",
  "protocol.ShieldedTransferContract.transparent_from_address",
  "protocol.ShieldedTransferContract.transparent_to_address",
  "protocol.MarketSellAssetContract.owner_address",
  "protocol.MarketCancelOrderContract.owner_address",
  "protocol.FreezeBalanceV2Contract.owner_address",
  "protocol.UnfreezeBalanceV2Contract.owner_address",
  "protocol.WithdrawExpireUnfreezeContract.owner_address",
  "protocol.DelegateResourceContract.owner_address",
  "protocol.DelegateResourceContract.receiver_address",
  "protocol.UnDelegateResourceContract.owner_address",
  "protocol.UnDelegateResourceContract.receiver_address",
  "protocol.CancelAllUnfreezeV2Contract.owner_address",
  // balance trace (getaccountbalance / getblockbalance)
  "protocol.AccountIdentifier.address",
  "protocol.TransactionBalanceTrace.Operation.address",

  // ---- core (Tron.proto) ----
  "protocol.AccountId.address",
  "protocol.Vote.vote_address",
  "protocol.Proposal.proposer_address",
  "protocol.Proposal.approvals",
  "protocol.Exchange.creator_address",
  "protocol.Account.address",
  "protocol.Key.address",
  "protocol.DelegatedResource.from",
  "protocol.DelegatedResource.to",
  "protocol.Witness.address",
  "protocol.Votes.address",
  "protocol.TransactionInfo.contract_address",
  "protocol.TransactionInfo.Log.address",
  "protocol.BlockHeader.raw.witness_address",
  "protocol.SmartContract.origin_address",
  "protocol.SmartContract.contract_address",
  "protocol.InternalTransaction.caller_address",
  "protocol.InternalTransaction.transferTo_address",
  "protocol.DelegatedResourceAccountIndex.account",
  "protocol.DelegatedResourceAccountIndex.fromAccounts",
  "protocol.DelegatedResourceAccountIndex.toAccounts",
  "protocol.MarketOrder.owner_address",
  "protocol.MarketAccountOrder.owner_address",
]);

/** java-tron `NameFieldNameMap`. */
export const NAME_FIELDS: ReadonlySet<string> = new Set([
  // ---- api.proto ----
  "protocol.Return.message",
  "protocol.Address.host",
  "protocol.Note.memo",
  "protocol.EasyTransferMessage.passPhrase",
  "protocol.EasyTransferAssetMessage.passPhrase",

  // ---- contract messages ----
  "protocol.AccountUpdateContract.account_name",
  "protocol.SetAccountIdContract.account_id",
  "protocol.TransferAssetContract.asset_name",
  "protocol.WitnessCreateContract.url",
  "protocol.WitnessUpdateContract.update_url",
  "protocol.AssetIssueContract.name",
  "protocol.AssetIssueContract.abbr",
  "protocol.AssetIssueContract.description",
  "protocol.AssetIssueContract.url",
  "protocol.ParticipateAssetIssueContract.asset_name",
  "protocol.UpdateAssetContract.description",
  "protocol.UpdateAssetContract.url",
  "protocol.ExchangeCreateContract.first_token_id",
  "protocol.ExchangeCreateContract.second_token_id",
  "protocol.ExchangeInjectContract.token_id",
  "protocol.ExchangeWithdrawContract.token_id",
  "protocol.ExchangeTransactionContract.token_id",
  "protocol.MarketSellAssetContract.sell_token_id",
  "protocol.MarketSellAssetContract.buy_token_id",

  // ---- core (Tron.proto) ----
  "protocol.AccountId.name",
  "protocol.Account.account_name",
  "protocol.Account.account_id",
  "protocol.Account.asset_issued_name",
  "protocol.Account.asset_issued_ID",
  "protocol.authority.permission_name",
  "protocol.Transaction.Contract.ContractName",
  "protocol.TransactionInfo.resMessage",
  "protocol.Exchange.first_token_id",
  "protocol.Exchange.second_token_id",
  "protocol.MarketOrder.sell_token_id",
  "protocol.MarketOrder.buy_token_id",
  "protocol.MarketOrderPair.sell_token_id",
  "protocol.MarketOrderPair.buy_token_id",
  "protocol.MarketPriceList.sell_token_id",
  "protocol.MarketPriceList.buy_token_id",
]);

/**
 * Messages java-tron's JsonFormat prints WITH default values (all scalar/enum/repeated fields, but
 * never an unset singular message): the balance-trace family (wire-and-http.md §3.2).
 */
export const ALWAYS_PRINT_DEFAULTS: ReadonlySet<string> = new Set([
  "protocol.AccountBalanceResponse",
  "protocol.BlockBalanceTrace",
  "protocol.TransactionBalanceTrace",
  "protocol.TransactionBalanceTrace.Operation",
]);

/** Printing/parsing mode of a bytes field under `visible=true`. */
export const BytesMode = { Hex: 0, Address: 1, Name: 2 } as const;
export type BytesMode = (typeof BytesMode)[keyof typeof BytesMode];

export function bytesModeOf(fullFieldName: string): BytesMode {
  if (ADDRESS_FIELDS.has(fullFieldName)) return BytesMode.Address;
  if (NAME_FIELDS.has(fullFieldName)) return BytesMode.Name;
  return BytesMode.Hex;
}
