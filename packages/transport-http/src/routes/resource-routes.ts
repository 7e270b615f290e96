/**
 * Staking: the builders (freezebalance[v2], unfreezebalance[v2], withdrawexpireunfreeze,
 * delegateresource, undelegateresource, cancelallunfreezev2) and the delegation / unfreeze reads,
 * which java-tron serves under /wallet and /walletsolidity with GET (query parameters) and POST
 * (the request message's JSON). GET answers of the builders follow java-tron (§3.5).
 */
import { create, type DescMessage } from "@bufbuild/protobuf";
import {
  AccountSchema,
  CancelAllUnfreezeV2ContractSchema,
  CanDelegatedMaxSizeRequestMessageSchema,
  CanDelegatedMaxSizeResponseMessageSchema,
  CanWithdrawUnfreezeAmountRequestMessageSchema,
  CanWithdrawUnfreezeAmountResponseMessageSchema,
  ContractType,
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceListSchema,
  DelegatedResourceMessageSchema,
  DelegateResourceContractSchema,
  FreezeBalanceContractSchema,
  FreezeBalanceV2ContractSchema,
  GetAvailableUnfreezeCountRequestMessageSchema,
  GetAvailableUnfreezeCountResponseMessageSchema,
  type ReadScope,
  UnDelegateResourceContractSchema,
  UnfreezeBalanceContractSchema,
  UnfreezeBalanceV2ContractSchema,
  WithdrawExpireUnfreezeContractSchema,
} from "@tronode/engine";
import { BytesMessageSchema, type JsonObject, parseMessage, printMessage } from "../engine-protocol.js";
import { parseJavaHex, parseJavaInt, parseJavaLong } from "../java-value-readers.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, type WalletRequest, walletAndSolidityPaths } from "../route-row.js";
import { builderRoute } from "./builder-route.js";

const STAKING_BUILDERS: readonly RouteRow[] = [
  builderRoute({
    name: "freezebalance",
    contractType: ContractType.FreezeBalanceContract,
    contractSchema: FreezeBalanceContractSchema,
    getOnPost: "405",
  }),
  builderRoute({
    name: "unfreezebalance",
    contractType: ContractType.UnfreezeBalanceContract,
    contractSchema: UnfreezeBalanceContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "freezebalancev2",
    contractType: ContractType.FreezeBalanceV2Contract,
    contractSchema: FreezeBalanceV2ContractSchema,
    getOnPost: "405",
  }),
  builderRoute({
    name: "unfreezebalancev2",
    contractType: ContractType.UnfreezeBalanceV2Contract,
    contractSchema: UnfreezeBalanceV2ContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "withdrawexpireunfreeze",
    contractType: ContractType.WithdrawExpireUnfreezeContract,
    contractSchema: WithdrawExpireUnfreezeContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "delegateresource",
    contractType: ContractType.DelegateResourceContract,
    contractSchema: DelegateResourceContractSchema,
    getOnPost: "405",
  }),
  builderRoute({
    name: "undelegateresource",
    contractType: ContractType.UnDelegateResourceContract,
    contractSchema: UnDelegateResourceContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "cancelallunfreezev2",
    contractType: ContractType.CancelAllUnfreezeV2Contract,
    contractSchema: CancelAllUnfreezeV2ContractSchema,
    getOnPost: "405",
  }),
];

/**
 * GET query parameters merged into a request message the way the servlets read them: each value
 * is the field's JSON text (hex bytes, or Base58Check / text with `visible`).
 */
function readGetMessage<Desc extends DescMessage>(
  request: WalletRequest,
  schema: Desc,
  params: Record<string, string>,
): ReturnType<typeof parseMessage<Desc>> {
  const json: JsonObject = {};
  for (const [param, field] of Object.entries(params)) {
    const value = request.query(param);
    if (value !== undefined) json[field] = value;
  }
  return parseMessage(schema, json, { visible: request.visible() });
}

/**
 * An address given as a BytesMessage `value` (getdelegatedresourceaccountindex[v2]): java-tron
 * turns a visible Base58Check value into hex first, so it is decoded like an address field.
 */
function readAddressValue(request: WalletRequest): Uint8Array {
  const visible = request.visible();
  const raw = request.method === "GET" ? request.query("value") : request.body().value;
  if (visible && typeof raw === "string") {
    return parseMessage(AccountSchema, { address: raw }, { visible: true }).address;
  }
  if (request.method === "GET") return parseJavaHex(request.query("value"));
  return readBodyMessage(request, BytesMessageSchema).value;
}

interface PairInput {
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  readonly scope: ReadScope;
}

function readPair(request: WalletRequest): PairInput {
  const message =
    request.method === "GET"
      ? readGetMessage(request, DelegatedResourceMessageSchema, {
          fromAddress: "fromAddress",
          toAddress: "toAddress",
        })
      : readBodyMessage(request, DelegatedResourceMessageSchema);
  return { from: message.fromAddress, to: message.toAddress, scope: request.scope };
}

function delegatedResourceRoute(name: string, v2: boolean): RouteRow {
  return defineRoute({
    name,
    paths: walletAndSolidityPaths(name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    availability: "served",
    read: readPair,
    handle: (api, { from, to, scope }: PairInput) =>
      v2 ? api.getDelegatedResourceV2(from, to, scope) : api.getDelegatedResource(from, to, scope),
    print: (records, visible) =>
      printMessage(
        DelegatedResourceListSchema,
        create(DelegatedResourceListSchema, { delegatedResource: records }),
        {
          visible,
          exactInt64: true,
        },
      ),
  });
}

function accountIndexRoute(name: string, v2: boolean): RouteRow {
  return defineRoute({
    name,
    paths: walletAndSolidityPaths(name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    availability: "served",
    read: (request) => ({ address: readAddressValue(request), scope: request.scope }),
    handle: (api, { address, scope }: { address: Uint8Array; scope: ReadScope }) =>
      v2
        ? api.getDelegatedResourceAccountIndexV2(address, scope)
        : api.getDelegatedResourceAccountIndex(address, scope),
    print: (index, visible) =>
      printMessage(DelegatedResourceAccountIndexSchema, index, { visible, exactInt64: true }),
  });
}

const getCanDelegatedMaxSize = defineRoute({
  name: "getcandelegatedmaxsize",
  paths: walletAndSolidityPaths("getcandelegatedmaxsize"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => {
    if (request.method === "GET") {
      // Integer.parseInt of `?type=` (absent = 0, BANDWIDTH).
      const typeText = request.query("type");
      const type = typeText === undefined ? 0 : parseJavaInt(typeText);
      const owner = readGetMessage(request, CanDelegatedMaxSizeRequestMessageSchema, {
        owner_address: "owner_address",
      }).ownerAddress;
      return { owner, type, scope: request.scope };
    }
    const message = readBodyMessage(request, CanDelegatedMaxSizeRequestMessageSchema);
    return { owner: message.ownerAddress, type: message.type, scope: request.scope };
  },
  handle: (api, { owner, type, scope }: { owner: Uint8Array; type: number; scope: ReadScope }) =>
    api.getCanDelegatedMaxSize(owner, type, scope),
  print: (maxSize: bigint, visible) =>
    printMessage(
      CanDelegatedMaxSizeResponseMessageSchema,
      create(CanDelegatedMaxSizeResponseMessageSchema, { maxSize }),
      {
        visible,
        exactInt64: true,
      },
    ),
});

const getAvailableUnfreezeCount = defineRoute({
  name: "getavailableunfreezecount",
  paths: walletAndSolidityPaths("getavailableunfreezecount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => {
    if (request.method === "GET") {
      // The servlet reads `ownerAddress`, falling back to `owner_address`.
      const param = request.query("ownerAddress") !== undefined ? "ownerAddress" : "owner_address";
      const owner = readGetMessage(request, GetAvailableUnfreezeCountRequestMessageSchema, {
        [param]: "owner_address",
      }).ownerAddress;
      return { owner, scope: request.scope };
    }
    return {
      owner: readBodyMessage(request, GetAvailableUnfreezeCountRequestMessageSchema).ownerAddress,
      scope: request.scope,
    };
  },
  handle: (api, { owner, scope }: { owner: Uint8Array; scope: ReadScope }) =>
    api.getAvailableUnfreezeCount(owner, scope),
  print: (count: bigint | undefined, visible) =>
    printMessage(
      GetAvailableUnfreezeCountResponseMessageSchema,
      create(GetAvailableUnfreezeCountResponseMessageSchema, count === undefined ? {} : { count }),
      { visible, exactInt64: true },
    ),
});

const getCanWithdrawUnfreezeAmount = defineRoute({
  name: "getcanwithdrawunfreezeamount",
  paths: walletAndSolidityPaths("getcanwithdrawunfreezeamount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => {
    if (request.method === "GET") {
      const timestampText = request.query("timestamp");
      const timestamp = timestampText === undefined ? 0n : parseJavaLong(timestampText);
      const owner = readGetMessage(request, CanWithdrawUnfreezeAmountRequestMessageSchema, {
        owner_address: "owner_address",
      }).ownerAddress;
      return { owner, timestamp, scope: request.scope };
    }
    const message = readBodyMessage(request, CanWithdrawUnfreezeAmountRequestMessageSchema);
    return { owner: message.ownerAddress, timestamp: message.timestamp, scope: request.scope };
  },
  handle: (api, { owner, timestamp, scope }: { owner: Uint8Array; timestamp: bigint; scope: ReadScope }) =>
    api.getCanWithdrawUnfreezeAmount(owner, timestamp, scope),
  print: (amount: bigint | undefined, visible) =>
    printMessage(
      CanWithdrawUnfreezeAmountResponseMessageSchema,
      create(CanWithdrawUnfreezeAmountResponseMessageSchema, amount === undefined ? {} : { amount }),
      { visible, exactInt64: true },
    ),
});

export const RESOURCE_ROUTES: readonly RouteRow[] = [
  ...STAKING_BUILDERS,
  delegatedResourceRoute("getdelegatedresource", false),
  delegatedResourceRoute("getdelegatedresourcev2", true),
  accountIndexRoute("getdelegatedresourceaccountindex", false),
  accountIndexRoute("getdelegatedresourceaccountindexv2", true),
  getCanDelegatedMaxSize,
  getAvailableUnfreezeCount,
  getCanWithdrawUnfreezeAmount,
];
