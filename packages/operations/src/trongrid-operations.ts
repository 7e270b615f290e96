/**
 * TronGrid's v1 API (the "TG3" API wallets and SDKs call: TronWeb's event module, the `trongrid`
 * npm SDK), one operation per endpoint, below the framing: transport-http reads the path and query
 * into the Input and prints the Result in TronGrid's shapes (`{data, success, meta}`). The reads go
 * to the node's event index and account index (`EventQueries`, `AccountIndexQueries`, not part of
 * java-tron's Wallet) and to the WalletApi: accounts, TRC-10 tokens, and the constant calls that
 * answer a TRC-20's balances and name, symbol and decimals at the scope's state.
 */
import { create } from "@bufbuild/protobuf";
import {
  type Account,
  type AccountIndexQueries,
  type AccountTransactionFilter,
  type AccountTransactionPage,
  type AssetIssueContract,
  type BlockSelector,
  type CodeTable,
  type EventFilter,
  type EventPage,
  type EventQueries,
  type ReadScope,
  type TokenHolderPaging,
  type TokenTransferFilter,
  type TokenTransferRecord,
  TriggerSmartContractSchema,
  TronodeError,
  type WalletApi,
} from "@tronode/engine/internal";

/** Codes of the TronodeErrors the TronGrid operations raise themselves. */
export const TronGridErrorCodes = {
  /** A request TronGrid answers with `success: false` (bad address, parameter or fingerprint). */
  badRequest: "TRONGRID_REQUEST",
} as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeTable<typeof TronGridErrorCodes> {}
}

/** A bad-request failure, which TronGrid answers with `success: false` and the message. */
export function tronGridRequestError(message: string): TronodeError {
  return new TronodeError(TronGridErrorCodes.badRequest, message);
}

/** What the v1 operations read: the wallet, the event index and the account index. */
export interface TronGridApi {
  readonly wallet: WalletApi;
  readonly events: EventQueries;
  readonly index: AccountIndexQueries;
}

/** One TronGrid v1 endpoint below the framing: its route, its README note, and the reads it makes. */
export interface TronGridOperation<Input = unknown, Result = unknown> {
  /** TronGrid's route, with `:name` parameter segments (`/v1/accounts/:address`). */
  readonly path: string;
  /** One line for the README's v1 table. */
  readonly note: string;
  readonly run: (api: TronGridApi, input: Input) => Promise<Result>;
}

function defineTronGridOperation<Input, Result>(
  operation: TronGridOperation<Input, Result>,
): TronGridOperation<Input, Result> {
  return operation;
}

const scopeOf = (onlyConfirmed: boolean): ReadScope => (onlyConfirmed ? "solid" : "head");

// ---- TRC-20 constant calls --------------------------------------------------------------------

const SELECTORS = {
  balanceOf: "70a08231",
  name: "06fdde03",
  symbol: "95d89b41",
  decimals: "313ce567",
} as const;

function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, "hex"));
}

/** The call's return data, or undefined when the call fails or reverts (a non-TRC-20, a bad token). */
async function constantCall(
  wallet: WalletApi,
  contractAddress: Uint8Array,
  data: Uint8Array,
  scope: ReadScope,
): Promise<Uint8Array | undefined> {
  try {
    const answer = await wallet.triggerConstantContract(
      { contract: create(TriggerSmartContractSchema, { contractAddress, data }) },
      scope,
    );
    const run = answer.run;
    return run && !run.failed ? run.constantResult : undefined;
  } catch {
    return undefined;
  }
}

function wordAt(bytes: Uint8Array, offset: number): bigint | undefined {
  if (bytes.length < offset + 32) return undefined;
  return BigInt(`0x${Buffer.from(bytes.subarray(offset, offset + 32)).toString("hex")}`);
}

/** An ABI `string` return, or a `bytes32` one (older tokens), as text. */
function decodeText(bytes: Uint8Array | undefined): string {
  if (bytes === undefined) return "";
  if (bytes.length === 32) return Buffer.from(bytes).toString("utf8").replace(/\0+$/, "");
  const offset = wordAt(bytes, 0);
  if (offset === undefined || offset > BigInt(bytes.length)) return "";
  const length = wordAt(bytes, Number(offset));
  const start = Number(offset) + 32;
  if (length === undefined || BigInt(start) + length > BigInt(bytes.length)) return "";
  return Buffer.from(bytes.subarray(start, start + Number(length))).toString("utf8");
}

/** `balanceOf(holder)` at the scope's state; undefined when the call fails. */
export async function trc20BalanceOf(
  wallet: WalletApi,
  token: Uint8Array,
  holder: Uint8Array,
  scope: ReadScope,
): Promise<bigint | undefined> {
  const data = new Uint8Array(36);
  data.set(hexBytes(SELECTORS.balanceOf), 0);
  data.set(holder.subarray(holder.length - 20), 16);
  const answer = await constantCall(wallet, token, data, scope);
  return answer === undefined ? undefined : wordAt(answer, 0);
}

/** A TRC-20's address, name, symbol and decimals (TronGrid's `token_info`). */
export interface TokenInfo {
  readonly address: Uint8Array;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** A TRC-20's name, symbol and decimals (empty / 0 where the contract does not answer). */
export async function trc20TokenInfo(
  wallet: WalletApi,
  token: Uint8Array,
  scope: ReadScope,
): Promise<TokenInfo> {
  const [name, symbol, decimals] = await Promise.all([
    constantCall(wallet, token, hexBytes(SELECTORS.name), scope),
    constantCall(wallet, token, hexBytes(SELECTORS.symbol), scope),
    constantCall(wallet, token, hexBytes(SELECTORS.decimals), scope),
  ]);
  const places = decimals === undefined ? undefined : wordAt(decimals, 0);
  return {
    address: token,
    name: decodeText(name),
    symbol: decodeText(symbol),
    decimals: places !== undefined && places < 256n ? Number(places) : 0,
  };
}

// ---- the operations ---------------------------------------------------------------------------

/** /v1/accounts/:address's input: the account, and whether to read only confirmed state. */
export interface AccountInput {
  readonly address: Uint8Array;
  readonly onlyConfirmed: boolean;
}

/** A TRC-20 the account holds, with its balanceOf. */
export interface TokenBalance {
  readonly token: Uint8Array;
  readonly balance: bigint;
}

/** /v1/accounts/:address's answer: the account and its TRC-20 balances. */
export interface AccountResult {
  readonly account: Account;
  /** The TRC-20s the index saw the account hold, with their balanceOf now (failed calls left out). */
  readonly trc20: readonly TokenBalance[];
}

/** /v1/accounts/:address/transactions's input: the account and the page and filter options. */
export interface AccountTransactionsInput {
  readonly address: Uint8Array;
  readonly filter: AccountTransactionFilter;
}

/** /v1/accounts/:address/transactions/trc20's input: the account and the page and filter options. */
export interface Trc20TransactionsInput {
  readonly address: Uint8Array;
  readonly filter: TokenTransferFilter;
}

/** A TRC-20 transfer or approval log, with the token's name, symbol and decimals. */
export interface Trc20TransferItem extends TokenTransferRecord {
  readonly tokenInfo: TokenInfo;
}

/** A page of an account's TRC-20 transfers, with the fingerprint of the next page if there is one. */
export interface Trc20TransactionsResult {
  readonly transfers: readonly Trc20TransferItem[];
  readonly fingerprint?: string;
}

/** The fields `/v1/assets` sorts by (TronGrid's `order_by`). */
export type AssetOrderField = "id" | "name" | "total_supply" | "start_time" | "end_time";

/** /v1/assets's input: the sort field and order, the page size and position, and the state to read. */
export interface AssetListInput {
  readonly orderBy: AssetOrderField;
  readonly order: "asc" | "desc";
  readonly limit: number;
  readonly fingerprint?: string;
  readonly onlyConfirmed: boolean;
}

/** A page of TRC-10 tokens, with the fingerprint of the next page if there is one. */
export interface AssetPage {
  readonly assets: readonly AssetIssueContract[];
  readonly fingerprint?: string;
}

/** /v1/assets/:identifier's identifier: a token id, or the address that issued the tokens. */
export type AssetIdentifier = { readonly id: string } | { readonly owner: Uint8Array };

/** /v1/assets/:name/list's input: the token name and the list options. */
export interface AssetsByNameInput extends AssetListInput {
  readonly name: string;
}

/** /v1/contracts/:address/tokens's input: the TRC-20 and the page options. */
export interface TokenHoldersInput {
  readonly token: Uint8Array;
  readonly paging: TokenHolderPaging;
}

/** A holder of a TRC-20, with its balanceOf. */
export interface TokenHolderBalance {
  readonly holder: Uint8Array;
  readonly balance: bigint;
}

/** A page of a TRC-20's holders, with the fingerprint of the next page if there is one. */
export interface TokenHoldersResult {
  readonly holders: readonly TokenHolderBalance[];
  readonly fingerprint?: string;
}

/** /v1/contracts/:address/events's input: the contract and the event filter. */
export interface ContractEventsInput {
  readonly contract: Uint8Array;
  readonly filter: EventFilter;
}

/** /v1/transactions/:id/events's input: the transaction id and the event filter. */
export interface TransactionEventsInput {
  readonly id: Uint8Array;
  readonly filter: EventFilter;
}

/** /v1/blocks/:identifier/events's input: the block (number, id or latest) and the event filter. */
export interface BlockEventsInput {
  readonly block: BlockSelector;
  readonly filter: EventFilter;
}

function compareAssets(field: AssetOrderField): (a: AssetIssueContract, b: AssetIssueContract) => number {
  const big = (x: bigint, y: bigint) => (x < y ? -1 : x > y ? 1 : 0);
  const byId = (a: AssetIssueContract, b: AssetIssueContract) =>
    a.id.length !== b.id.length ? a.id.length - b.id.length : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const primary: (a: AssetIssueContract, b: AssetIssueContract) => number =
    field === "name"
      ? (a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name))
      : field === "total_supply"
        ? (a, b) => big(a.totalSupply, b.totalSupply)
        : field === "start_time"
          ? (a, b) => big(a.startTime, b.startTime)
          : field === "end_time"
            ? (a, b) => big(a.endTime, b.endTime)
            : () => 0;
  // ties by id, so a page boundary is the same on every request
  return (a, b) => primary(a, b) || byId(a, b);
}

/** An offset fingerprint over a list sorted the same way on every request. */
function offsetOf(fingerprint: string | undefined): number {
  if (fingerprint === undefined) return 0;
  const text = Buffer.from(fingerprint, "base64url").toString("utf8");
  if (!/^offset:[0-9]{1,9}$/.test(text) || Buffer.from(text).toString("base64url") !== fingerprint)
    throw tronGridRequestError("invalid fingerprint");
  return Number(text.slice(7));
}

function pageOf(assets: readonly AssetIssueContract[], input: AssetListInput): AssetPage {
  const sorted = [...assets].sort(compareAssets(input.orderBy));
  if (input.order === "desc") sorted.reverse();
  const from = offsetOf(input.fingerprint);
  const next = from + input.limit;
  return {
    assets: sorted.slice(from, next),
    ...(next < sorted.length ? { fingerprint: Buffer.from(`offset:${next}`).toString("base64url") } : {}),
  };
}

/** TronGrid's v1 API, one operation per endpoint, keyed by name (each carries its own path). */
export const TronGridOperations = {
  getAccount: defineTronGridOperation<AccountInput, AccountResult | undefined>({
    path: "/v1/accounts/:address",
    note: "getaccount's account (hex addresses) plus `trc20`: each TRC-20 the index saw the account hold, with balanceOf now",
    async run({ wallet, index }, { address, onlyConfirmed }) {
      const scope = scopeOf(onlyConfirmed);
      const account = await wallet.getAccount(address, scope);
      if (!account) return undefined;
      const trc20: TokenBalance[] = [];
      for (const token of await index.accountTokens(address)) {
        const balance = await trc20BalanceOf(wallet, token, address, scope);
        if (balance !== undefined) trc20.push({ token, balance });
      }
      return { account, trc20 };
    },
  }),

  getAccountTransactions: defineTronGridOperation<AccountTransactionsInput, AccountTransactionPage>({
    path: "/v1/accounts/:address/transactions",
    note: "every transaction touching the address: owner, receiver, contract called or created, internal transactions (`search_internal`)",
    run: ({ index }, { address, filter }) => index.accountTransactions(address, filter),
  }),

  getAccountTrc20Transactions: defineTronGridOperation<Trc20TransactionsInput, Trc20TransactionsResult>({
    path: "/v1/accounts/:address/transactions/trc20",
    note: "TRC-20 `Transfer` and `Approval` logs on either side, with `token_info` from the token's name/symbol/decimals",
    async run({ wallet, index }, { address, filter }) {
      const page = await index.accountTokenTransfers(address, filter);
      const infos = new Map<string, Promise<TokenInfo>>();
      const scope = scopeOf(filter.confirmation === "confirmed");
      const transfers: Trc20TransferItem[] = [];
      for (const transfer of page.transfers) {
        const key = Buffer.from(transfer.token).toString("hex");
        if (!infos.has(key)) infos.set(key, trc20TokenInfo(wallet, transfer.token, scope));
        transfers.push({ ...transfer, tokenInfo: await infos.get(key)! });
      }
      return { transfers, ...(page.fingerprint !== undefined ? { fingerprint: page.fingerprint } : {}) };
    },
  }),

  listAssets: defineTronGridOperation<AssetListInput, AssetPage>({
    path: "/v1/assets",
    note: "every TRC-10 token, sorted by `order_by` (id, name, total_supply, start_time, end_time)",
    async run({ wallet }, input) {
      return pageOf(await wallet.getAssetIssueList(scopeOf(input.onlyConfirmed)), input);
    },
  }),

  getAssets: defineTronGridOperation<
    { identifier: AssetIdentifier; onlyConfirmed: boolean },
    AssetIssueContract[]
  >({
    path: "/v1/assets/:identifier",
    note: "a TRC-10 token by id, or the tokens an address issued",
    async run({ wallet }, { identifier, onlyConfirmed }) {
      const scope = scopeOf(onlyConfirmed);
      if ("id" in identifier) {
        const token = await wallet.getAssetIssueById(identifier.id, scope);
        return token ? [token] : [];
      }
      return wallet.getAssetIssueByAccount(identifier.owner, scope);
    },
  }),

  getAssetsByName: defineTronGridOperation<AssetsByNameInput, AssetPage>({
    path: "/v1/assets/:name/list",
    note: "the TRC-10 tokens of one name",
    async run({ wallet }, input) {
      const tokens = await wallet.getAssetIssueListByName(
        new Uint8Array(Buffer.from(input.name, "utf8")),
        scopeOf(input.onlyConfirmed),
      );
      return pageOf(tokens, input);
    },
  }),

  getTokenHolders: defineTronGridOperation<TokenHoldersInput, TokenHoldersResult>({
    path: "/v1/contracts/:address/tokens",
    note: "a TRC-20's holders the index saw, with balanceOf now, in address order (TronGrid sorts by balance)",
    async run({ wallet, index }, { token, paging }) {
      const page = await index.tokenHolders(token, paging);
      const scope = scopeOf(paging.confirmation === "confirmed");
      const holders: TokenHolderBalance[] = [];
      for (const holder of page.holders) {
        holders.push({ holder, balance: (await trc20BalanceOf(wallet, token, holder, scope)) ?? 0n });
      }
      return { holders, ...(page.fingerprint !== undefined ? { fingerprint: page.fingerprint } : {}) };
    },
  }),

  contractEvents: defineTronGridOperation<ContractEventsInput, EventPage>({
    path: "/v1/contracts/:address/events",
    note: "a contract's events (TronWeb's `event.getEventsByContractAddress`), decoded with its stored ABI",
    run: ({ events }, { contract, filter }) => events.contractEvents(contract, filter),
  }),

  transactionEvents: defineTronGridOperation<TransactionEventsInput, EventPage>({
    path: "/v1/transactions/:id/events",
    note: "a transaction's events",
    run: ({ events }, { id, filter }) => events.transactionEvents(id, filter),
  }),

  blockEvents: defineTronGridOperation<BlockEventsInput, EventPage | undefined>({
    path: "/v1/blocks/:identifier/events",
    note: "a block's events (number, id or `latest`)",
    run: ({ events }, { block, filter }) => events.blockEvents(block, filter),
  }),
} as const;
