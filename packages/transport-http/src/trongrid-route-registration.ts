/**
 * TronGrid's v1 API and the event API TronWeb's `event` module calls on its event server
 * (events-and-devtools.md §1), served in-process on the wallet port as TRE's eventron serves it on
 * :9090. Each `/v1` route binds one of `TronGridOperations` (packages/operations): it reads the
 * path and query (snake_case or camelCase, TronGrid's aliases) into the operation's input and
 * prints its result as TronGrid does — `{data:[…], success:true, meta:{at, page_size,
 * fingerprint?, links?}}`, a failure as `{success:false, error, statusCode:400}`:
 * - `GET /healthcheck` (TronWeb's `isConnected()` asks the event server);
 * - events: `/v1/contracts/{address}/events`, `/v1/transactions/{id}/events`,
 *   `/v1/blocks/{number|id|latest}/events`; items with base58 contract addresses, `result` by
 *   position and by name with `0x` addresses and decimal integers, `result_type`, `event`,
 *   `_unconfirmed` above the solidified block; a log of a contract with no ABI has empty `result`;
 * - accounts: `/v1/accounts/{address}` (getaccount's JSON, hex addresses, plus `trc20`),
 *   `/v1/accounts/{address}/transactions` (the stored transaction's JSON plus its receipt fields
 *   and internal transactions), `/v1/accounts/{address}/transactions/trc20`;
 * - TRC-10 and TRC-20 tokens: `/v1/assets`, `/v1/assets/{id|issuer}`, `/v1/assets/{name}/list`,
 *   `/v1/contracts/{address}/tokens`;
 * - TronWeb ≤ 5's legacy `GET /event/contract/{address}[/{name}[/{block}]]` and
 *   `/event/transaction/{id}` → bare arrays.
 */
import {
  type Account,
  type AccountIndexQueries,
  AccountSchema,
  type AccountTransactionFilter,
  type AccountTransactionRecord,
  type AssetIssueContract,
  AssetIssueContractSchema,
  addressToBase58,
  bytesToHex,
  type ContractEventRecord,
  decodeAddress,
  type EventConfirmation,
  type EventFilter,
  type EventPage,
  type EventQueries,
  type EventValue,
  type IndexPaging,
  type Logger,
  parseHex,
  TronodeError,
  tryAddressFromBase58,
  type WalletApi,
} from "@tronode/engine/internal";
import {
  type AssetOrderField,
  type AssetPage,
  type Trc20TransferItem,
  type TronGridApi,
  type TronGridOperation,
  TronGridOperations,
  tronGridRequestError,
} from "@tronode/operations";
import { type JsonObject, type JsonValue, printMessage, printTransaction } from "./engine-protocol.js";
import { type HttpRequest, jsonReply, type Reply } from "./http-exchange.js";
import type { HttpRouter } from "./http-router.js";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;

class EventRequestError extends TronodeError {
  constructor(message: string) {
    super("EVENT_REQUEST", message);
  }
}

type Query = Record<string, string | string[] | undefined>;

/** First value of a parameter given in snake_case or any of its aliases. */
function param(query: Query, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = query[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) return first;
  }
  return undefined;
}

function booleanParam(query: Query, ...names: string[]): boolean | undefined {
  const value = param(query, ...names);
  return value === undefined ? undefined : value === "true";
}

function integerParam(query: Query, what: string, ...names: string[]): bigint | undefined {
  const value = param(query, ...names);
  if (value === undefined || value === "") return undefined;
  if (!/^-?[0-9]+$/.test(value)) throw new EventRequestError(`${what} must be an integer`);
  return BigInt(value);
}

function confirmationOf(query: Query): EventConfirmation {
  const onlyConfirmed = booleanParam(query, "only_confirmed", "onlyConfirmed") === true;
  const onlyUnconfirmed = booleanParam(query, "only_unconfirmed", "onlyUnconfirmed") === true;
  if (onlyConfirmed && onlyUnconfirmed) {
    throw new EventRequestError("only_confirmed and only_unconfirmed can not be both true");
  }
  return onlyConfirmed ? "confirmed" : onlyUnconfirmed ? "unconfirmed" : "any";
}

function orderOf(query: Query, fallback: "asc" | "desc"): "asc" | "desc" {
  const orderBy = param(query, "order_by", "orderBy", "sort");
  if (orderBy === undefined) return fallback;
  if (/^(block_)?timestamp,asc$/.test(orderBy) || orderBy === "block_timestamp") return "asc";
  if (/^(block_)?timestamp,desc$/.test(orderBy) || orderBy === "-block_timestamp") return "desc";
  throw new EventRequestError(`invalid order_by: ${orderBy}`);
}

function limitOf(query: Query): number {
  const limitValue = integerParam(query, "limit", "limit", "size");
  if (limitValue !== undefined && limitValue < 1n)
    throw new EventRequestError("limit must be a positive integer");
  return limitValue === undefined ? DEFAULT_LIMIT : Number(limitValue > MAX_LIMIT ? MAX_LIMIT : limitValue);
}

function fingerprintOf(query: Query): { fingerprint?: string } {
  const fingerprint = param(query, "fingerprint", "previousFingerprint");
  return fingerprint ? { fingerprint } : {};
}

function timeBoundsOf(query: Query): { minTimestamp?: bigint; maxTimestamp?: bigint } {
  const min = integerParam(
    query,
    "min_timestamp",
    "min_timestamp",
    "minTimestamp",
    "min_block_timestamp",
    "minBlockTimestamp",
  );
  const max = integerParam(
    query,
    "max_timestamp",
    "max_timestamp",
    "maxTimestamp",
    "max_block_timestamp",
    "maxBlockTimestamp",
  );
  return {
    ...(min !== undefined ? { minTimestamp: min } : {}),
    ...(max !== undefined ? { maxTimestamp: max } : {}),
  };
}

function pagingOf(query: Query): IndexPaging {
  return {
    confirmation: confirmationOf(query),
    order: orderOf(query, "desc"),
    limit: limitOf(query),
    ...fingerprintOf(query),
    ...timeBoundsOf(query),
  };
}

function eventFilterOf(query: Query, base: { order?: "asc" | "desc" } = {}): EventFilter {
  const eventName = param(query, "event_name", "eventName");
  const blockNumber = integerParam(query, "block_number", "block_number", "blockNumber");
  const minBlockTimestamp = integerParam(
    query,
    "min_block_timestamp",
    "min_block_timestamp",
    "minBlockTimestamp",
    "min_timestamp",
    "since",
    "fromTimestamp",
  );
  const maxBlockTimestamp = integerParam(
    query,
    "max_block_timestamp",
    "max_block_timestamp",
    "maxBlockTimestamp",
    "max_timestamp",
  );
  return {
    confirmation: confirmationOf(query),
    order: orderOf(query, base.order ?? "desc"),
    limit: limitOf(query),
    ...fingerprintOf(query),
    ...(eventName ? { eventName } : {}),
    ...(blockNumber !== undefined ? { blockNumber } : {}),
    ...(minBlockTimestamp !== undefined ? { minBlockTimestamp } : {}),
    ...(maxBlockTimestamp !== undefined ? { maxBlockTimestamp } : {}),
  };
}

/** An address in a path or query: Base58Check, `41…` hex or `0x…` hex. */
function addressOf(text: string): Uint8Array {
  const base58 = tryAddressFromBase58(text);
  if (base58) return base58;
  if (/^41[0-9a-fA-F]{40}$/.test(text)) return decodeAddress(text);
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return decodeAddress(`41${text.slice(2)}`);
  throw new EventRequestError(`invalid address: ${text}`);
}

function transactionIdOf(text: string): Uint8Array {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(text)) throw new EventRequestError(`invalid transaction id: ${text}`);
  return parseHex(text)!;
}

// ---- printers ---------------------------------------------------------------------------------

function valueJson(value: EventValue): JsonValue {
  return typeof value === "string" ? value : value.map(valueJson);
}

function eventItem(event: ContractEventRecord): JsonObject {
  const result: JsonObject = {};
  const resultType: JsonObject = {};
  if (event.decoded) {
    event.decoded.params.forEach((p, i) => {
      result[String(i)] = valueJson(p.value);
    });
    for (const p of event.decoded.params) {
      if (p.name === "") continue;
      result[p.name] = valueJson(p.value);
      resultType[p.name] = p.type;
    }
  }
  return {
    block_number: Number(event.blockNumber),
    block_timestamp: Number(event.blockTimestamp),
    caller_contract_address: addressToBase58(event.callerContractAddress),
    contract_address: addressToBase58(event.contractAddress),
    event_index: event.eventIndex,
    ...(event.decoded ? { event_name: event.decoded.name } : {}),
    result,
    result_type: resultType,
    ...(event.decoded ? { event: event.decoded.signature } : {}),
    transaction_id: bytesToHex(event.transactionId),
    ...(event.unconfirmed ? { _unconfirmed: true } : {}),
  };
}

function body(request: HttpRequest, data: JsonValue[], fingerprint: string | undefined): JsonObject {
  const meta: JsonObject = { at: Date.now(), page_size: data.length };
  if (fingerprint !== undefined) {
    meta.fingerprint = fingerprint;
    const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
    url.searchParams.set("fingerprint", fingerprint);
    meta.links = { next: url.toString() };
  }
  return { data, success: true, meta };
}

const lenientUtf8 = new TextDecoder("utf-8");

/** getaccount's JSON (hex addresses, `asset_issued_ID` as text as Util.printAccount does) + `trc20`. */
function accountItem(account: Account, trc20: readonly { token: Uint8Array; balance: bigint }[]): JsonObject {
  const printed = printMessage(AccountSchema, account, { visible: false, exactInt64: true }) as JsonObject;
  if (account.assetIssuedID.length > 0) printed.asset_issued_ID = lenientUtf8.decode(account.assetIssuedID);
  printed.trc20 = trc20.map(({ token, balance }) => ({ [addressToBase58(token)]: balance.toString() }));
  return printed;
}

/**
 * TronGrid's transaction item: the stored transaction's JSON (hex addresses, `ret` with its fee
 * printed even when 0) with the receipt's figures and the internal transactions beside it.
 */
function transactionItem(record: AccountTransactionRecord): JsonObject {
  const tx = printTransaction(record.transaction, {
    visible: false,
    exactInt64: true,
    includeVisible: false,
  });
  const info = record.info;
  const receipt = info?.receipt;
  const ret = (Array.isArray(tx.ret) ? tx.ret : []).map((r) => ({
    ...(r as JsonObject),
    fee: Number(info?.fee ?? 0n),
  }));
  return {
    ret,
    signature: tx.signature ?? [],
    txID: tx.txID!,
    net_usage: Number(receipt?.netUsage ?? 0n),
    raw_data_hex: tx.raw_data_hex!,
    net_fee: Number(receipt?.netFee ?? 0n),
    energy_usage: Number(receipt?.energyUsage ?? 0n),
    blockNumber: Number(record.blockNumber),
    block_timestamp: Number(record.blockTimestamp),
    energy_fee: Number(receipt?.energyFee ?? 0n),
    energy_usage_total: Number(receipt?.energyUsageTotal ?? 0n),
    raw_data: tx.raw_data!,
    internal_transactions: (info?.internalTransactions ?? []).map((internal) => ({
      internal_tx_id: bytesToHex(internal.hash),
      data: {
        note: bytesToHex(internal.note),
        rejected: internal.rejected,
        call_value: Object.fromEntries(
          internal.callValueInfo.map((v) => [v.tokenId === "" ? "_" : v.tokenId, Number(v.callValue)]),
        ),
      },
      block_timestamp: Number(record.blockTimestamp),
      to_address: bytesToHex(internal.transferToAddress),
      tx_id: bytesToHex(record.txId),
      from_address: bytesToHex(internal.callerAddress),
    })),
    // TransactionInfo.code FAILED (a transaction the block kept with a failed contract)
    ...(info && info.result !== 0 ? { result: "FAILED" } : {}),
    ...(record.unconfirmed ? { _unconfirmed: true } : {}),
  };
}

function trc20Item(item: Trc20TransferItem): JsonObject {
  return {
    transaction_id: bytesToHex(item.txId),
    token_info: {
      symbol: item.tokenInfo.symbol,
      address: addressToBase58(item.token),
      decimals: item.tokenInfo.decimals,
      name: item.tokenInfo.name,
    },
    block_timestamp: Number(item.blockTimestamp),
    from: addressToBase58(item.from),
    to: addressToBase58(item.to),
    type: item.type,
    value: item.value.toString(),
    ...(item.unconfirmed ? { _unconfirmed: true } : {}),
  };
}

/** A TRC-10 token as TronGrid lists it: getassetissue's JSON, its texts as UTF-8 rather than hex. */
function assetItem(token: AssetIssueContract): JsonObject {
  const printed = printMessage(AssetIssueContractSchema, token, {
    visible: false,
    exactInt64: true,
  }) as JsonObject;
  for (const [field, bytes] of [
    ["name", token.name],
    ["abbr", token.abbr],
    ["description", token.description],
    ["url", token.url],
  ] as const) {
    if (bytes.length > 0) printed[field] = lenientUtf8.decode(bytes);
  }
  return printed;
}

function assetListInput(query: Query): {
  orderBy: AssetOrderField;
  order: "asc" | "desc";
  limit: number;
  fingerprint?: string;
  onlyConfirmed: boolean;
} {
  const orderBy = param(query, "order_by", "orderBy") ?? "id,asc";
  const match = /^(id|name|total_supply|start_time|end_time)(?:,(asc|desc))?$/.exec(orderBy);
  if (!match) throw tronGridRequestError(`invalid order_by: ${orderBy}`);
  return {
    orderBy: match[1] as AssetOrderField,
    order: (match[2] as "asc" | "desc" | undefined) ?? "asc",
    limit: limitOf(query),
    ...fingerprintOf(query),
    onlyConfirmed: confirmationOf(query) === "confirmed",
  };
}

// ---- the route table ----------------------------------------------------------------------------

/** One v1 (or event-API) route: its path, the operation behind it, and how it answers. */
export interface TronGridRoute {
  readonly path: string;
  /** The TronGrid operation it binds (none for /healthcheck and the legacy paths). */
  readonly operation?: TronGridOperation<never, unknown>;
  readonly note: string;
}

const paramsOf = (request: HttpRequest) => request.params as Record<string, string>;
const queryOf = (request: HttpRequest) => request.query as Query;

type Handler = (request: HttpRequest, api: TronGridApi) => Promise<JsonValue>;

interface Binding extends TronGridRoute {
  readonly handle: Handler;
  /** Transaction-events errors: TronWeb JSON.parses `error` and reads its `message`. */
  readonly errorsAsJson?: boolean;
  /** Needs the account index (not given to a server without one). */
  readonly needsIndex?: boolean;
}

function eventPageBody(request: HttpRequest, page: EventPage): JsonObject {
  return body(request, page.events.map(eventItem), page.fingerprint);
}

function assetPageBody(request: HttpRequest, page: AssetPage): JsonObject {
  return body(request, page.assets.map(assetItem), page.fingerprint);
}

/** TronWeb ≤ 5: bare arrays of the same items, the last one carrying `_fingerprint`. */
function legacyArray(page: EventPage): JsonValue {
  const items = page.events.map(eventItem);
  if (page.fingerprint !== undefined && items.length > 0)
    items[items.length - 1]!._fingerprint = page.fingerprint;
  return items;
}

const legacyContractEvents: Handler = async (request, api) => {
  const { address, eventName, blockNumber } = paramsOf(request);
  const filter = eventFilterOf(
    {
      ...queryOf(request),
      ...(eventName ? { event_name: eventName } : {}),
      ...(blockNumber ? { block_number: blockNumber } : {}),
    },
    { order: "desc" },
  );
  return legacyArray(
    await TronGridOperations.contractEvents.run(api, { contract: addressOf(address!), filter }),
  );
};

const BINDINGS: readonly Binding[] = [
  {
    path: "/healthcheck",
    note: "the event server's health (TronWeb's `isConnected()`)",
    handle: async () => ({ status: "ok" }),
  },
  {
    ...TronGridOperations.contractEvents,
    operation: TronGridOperations.contractEvents,
    handle: async (request, api) =>
      eventPageBody(
        request,
        await TronGridOperations.contractEvents.run(api, {
          contract: addressOf(paramsOf(request).address!),
          filter: eventFilterOf(queryOf(request)),
        }),
      ),
  },
  {
    ...TronGridOperations.transactionEvents,
    operation: TronGridOperations.transactionEvents,
    errorsAsJson: true,
    handle: async (request, api) =>
      eventPageBody(
        request,
        await TronGridOperations.transactionEvents.run(api, {
          id: transactionIdOf(paramsOf(request).id!),
          filter: eventFilterOf(queryOf(request), { order: "asc" }),
        }),
      ),
  },
  {
    ...TronGridOperations.blockEvents,
    operation: TronGridOperations.blockEvents,
    handle: async (request, api) => {
      const identifier = paramsOf(request).identifier!;
      const block =
        identifier === "latest"
          ? ("latest" as const)
          : /^[0-9]+$/.test(identifier)
            ? BigInt(identifier)
            : /^(0x)?[0-9a-fA-F]{64}$/.test(identifier)
              ? parseHex(identifier)!
              : undefined;
      if (block === undefined) throw new EventRequestError(`invalid block identifier: ${identifier}`);
      const page = await TronGridOperations.blockEvents.run(api, {
        block,
        filter: eventFilterOf(queryOf(request), { order: "asc" }),
      });
      return eventPageBody(request, page ?? { events: [] });
    },
  },
  {
    ...TronGridOperations.getAccount,
    operation: TronGridOperations.getAccount,
    needsIndex: true,
    handle: async (request, api) => {
      const result = await TronGridOperations.getAccount.run(api, {
        address: addressOf(paramsOf(request).address!),
        onlyConfirmed: confirmationOf(queryOf(request)) === "confirmed",
      });
      return body(request, result ? [accountItem(result.account, result.trc20)] : [], undefined);
    },
  },
  {
    ...TronGridOperations.getAccountTransactions,
    operation: TronGridOperations.getAccountTransactions,
    needsIndex: true,
    handle: async (request, api) => {
      const query = queryOf(request);
      const filter: AccountTransactionFilter = {
        ...pagingOf(query),
        onlyFrom: booleanParam(query, "only_from", "onlyFrom") === true,
        onlyTo: booleanParam(query, "only_to", "onlyTo") === true,
        searchInternal: booleanParam(query, "search_internal", "searchInternal") !== false,
      };
      const page = await TronGridOperations.getAccountTransactions.run(api, {
        address: addressOf(paramsOf(request).address!),
        filter,
      });
      return body(request, page.transactions.map(transactionItem), page.fingerprint);
    },
  },
  {
    ...TronGridOperations.getAccountTrc20Transactions,
    operation: TronGridOperations.getAccountTrc20Transactions,
    needsIndex: true,
    handle: async (request, api) => {
      const query = queryOf(request);
      const contract = param(query, "contract_address", "contractAddress");
      const result = await TronGridOperations.getAccountTrc20Transactions.run(api, {
        address: addressOf(paramsOf(request).address!),
        filter: {
          ...pagingOf(query),
          onlyFrom: booleanParam(query, "only_from", "onlyFrom") === true,
          onlyTo: booleanParam(query, "only_to", "onlyTo") === true,
          ...(contract ? { contract: addressOf(contract) } : {}),
        },
      });
      return body(request, result.transfers.map(trc20Item), result.fingerprint);
    },
  },
  {
    ...TronGridOperations.listAssets,
    operation: TronGridOperations.listAssets,
    handle: async (request, api) =>
      assetPageBody(request, await TronGridOperations.listAssets.run(api, assetListInput(queryOf(request)))),
  },
  {
    ...TronGridOperations.getAssetsByName,
    operation: TronGridOperations.getAssetsByName,
    handle: async (request, api) =>
      assetPageBody(
        request,
        await TronGridOperations.getAssetsByName.run(api, {
          ...assetListInput(queryOf(request)),
          name: paramsOf(request).name!,
        }),
      ),
  },
  {
    ...TronGridOperations.getAssets,
    operation: TronGridOperations.getAssets,
    handle: async (request, api) => {
      const identifier = paramsOf(request).identifier!;
      const tokens = await TronGridOperations.getAssets.run(api, {
        identifier: /^[0-9]+$/.test(identifier) ? { id: identifier } : { owner: addressOf(identifier) },
        onlyConfirmed: confirmationOf(queryOf(request)) === "confirmed",
      });
      return body(request, tokens.map(assetItem), undefined);
    },
  },
  {
    ...TronGridOperations.getTokenHolders,
    operation: TronGridOperations.getTokenHolders,
    needsIndex: true,
    handle: async (request, api) => {
      const query = queryOf(request);
      const orderBy = param(query, "order_by", "orderBy");
      if (orderBy !== undefined && !/^balance,(asc|desc)$/.test(orderBy))
        throw tronGridRequestError(`invalid order_by: ${orderBy}`);
      const result = await TronGridOperations.getTokenHolders.run(api, {
        token: addressOf(paramsOf(request).address!),
        paging: { confirmation: confirmationOf(query), limit: limitOf(query), ...fingerprintOf(query) },
      });
      return body(
        request,
        result.holders.map(({ holder, balance }) => ({ [addressToBase58(holder)]: balance.toString() })),
        result.fingerprint,
      );
    },
  },
  {
    path: "/event/contract/:address",
    note: "TronWeb ≤ 5: a contract's events as a bare array",
    handle: legacyContractEvents,
  },
  { path: "/event/contract/:address/:eventName", note: "… of one event name", handle: legacyContractEvents },
  {
    path: "/event/contract/:address/:eventName/:blockNumber",
    note: "… in one block",
    handle: legacyContractEvents,
  },
  {
    path: "/event/transaction/:id",
    note: "TronWeb ≤ 5: a transaction's events as a bare array",
    handle: async (request, api) =>
      legacyArray(
        await TronGridOperations.transactionEvents.run(api, {
          id: transactionIdOf(paramsOf(request).id!),
          filter: eventFilterOf(queryOf(request), { order: "asc" }),
        }),
      ),
  },
];

/** Every route this module serves, for the README's table (`npm run docs:coverage`). */
export const TRONGRID_ROUTES: readonly TronGridRoute[] = BINDINGS.map(({ path, operation, note }) => ({
  path,
  note,
  ...(operation ? { operation } : {}),
}));

/** The README's TronGrid table: every GET route with its query parameters' reading and note. */
export function tronGridCoverageMarkdown(): string {
  const rows = TRONGRID_ROUTES.map(
    (route) => `| \`GET ${route.path.replace(/:([a-zA-Z]+)/g, "{$1}")}\` | ${route.note} |`,
  );
  return ["| route | what |", "|---|---|", ...rows].join("\n");
}

function errorReply(message: string, asJsonMessage = false): Reply {
  return jsonReply(400, {
    success: false,
    error: asJsonMessage ? JSON.stringify({ message }) : message,
    statusCode: 400,
  });
}

export interface TronGridRouteOptions {
  readonly wallet: WalletApi;
  readonly events: EventQueries;
  /** The account index; without it the account and holder routes are not served. */
  readonly index?: AccountIndexQueries;
}

export function registerTronGridRoutes(
  router: HttpRouter,
  options: TronGridRouteOptions,
  logger: Logger,
): void {
  const api: TronGridApi = {
    wallet: options.wallet,
    events: options.events,
    index: options.index ?? {
      accountTransactions: async () => ({ transactions: [] }),
      accountTokenTransfers: async () => ({ transfers: [] }),
      accountTokens: async () => [],
      tokenHolders: async () => ({ holders: [] }),
    },
  };
  for (const binding of BINDINGS) {
    if (binding.needsIndex && options.index === undefined) continue;
    router.get(binding.path, async (request) => {
      try {
        return jsonReply(200, await binding.handle(request, api));
      } catch (error) {
        if (error instanceof TronodeError) return errorReply(error.message, binding.errorsAsJson);
        logger.warn({ path: binding.path, error: (error as Error).message }, "TronGrid query failed");
        return errorReply("internal error", binding.errorsAsJson);
      }
    });
  }
}
