/**
 * Staking: the builders (freezebalance[v2], unfreezebalance[v2], withdrawexpireunfreeze,
 * delegateresource, undelegateresource, cancelallunfreezev2) and the delegation / unfreeze reads,
 * which java-tron serves under /wallet and /walletsolidity with GET (query parameters) and POST
 * (the request message's JSON). GET answers of the builders follow java-tron (§3.5).
 */
import { create, type DescMessage } from "@bufbuild/protobuf";
import {
  AccountSchema,
  CanDelegatedMaxSizeRequestMessageSchema,
  CanDelegatedMaxSizeResponseMessageSchema,
  CanWithdrawUnfreezeAmountRequestMessageSchema,
  CanWithdrawUnfreezeAmountResponseMessageSchema,
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceListSchema,
  DelegatedResourceMessageSchema,
  GetAvailableUnfreezeCountRequestMessageSchema,
  GetAvailableUnfreezeCountResponseMessageSchema,
} from "@tronode/engine/internal";
import { type DelegationPairInput, ResourceOperations, StakingBuilderOperations } from "@tronode/operations";
import { BytesMessageSchema, type JsonObject, parseMessage, printMessage } from "../engine-protocol.js";
import { parseJavaHex, parseJavaInt, parseJavaLong } from "../java-value-readers.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, type WalletRequest, walletAndSolidityPaths } from "../route-row.js";
import { builderRoute } from "./builder-route.js";

const STAKING_BUILDERS: readonly RouteRow[] = [
  builderRoute(StakingBuilderOperations.freezeBalance, { getOnPost: "405" }),
  builderRoute(StakingBuilderOperations.unfreezeBalance, { getOnPost: "empty200" }),
  builderRoute(StakingBuilderOperations.freezeBalanceV2, { getOnPost: "405" }),
  builderRoute(StakingBuilderOperations.unfreezeBalanceV2, { getOnPost: "empty200" }),
  builderRoute(StakingBuilderOperations.withdrawExpireUnfreeze, { getOnPost: "empty200" }),
  builderRoute(StakingBuilderOperations.delegateResource, { getOnPost: "405" }),
  builderRoute(StakingBuilderOperations.unDelegateResource, { getOnPost: "empty200" }),
  builderRoute(StakingBuilderOperations.cancelAllUnfreezeV2, { getOnPost: "405" }),
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

function readPair(request: WalletRequest): DelegationPairInput {
  const message =
    request.method === "GET"
      ? readGetMessage(request, DelegatedResourceMessageSchema, {
          fromAddress: "fromAddress",
          toAddress: "toAddress",
        })
      : readBodyMessage(request, DelegatedResourceMessageSchema);
  return { from: message.fromAddress, to: message.toAddress };
}

function delegatedResourceRoute(
  operation:
    | typeof ResourceOperations.getDelegatedResource
    | typeof ResourceOperations.getDelegatedResourceV2,
): RouteRow {
  return defineRoute({
    operation,
    paths: walletAndSolidityPaths(operation.name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    read: readPair,
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

function accountIndexRoute(
  operation:
    | typeof ResourceOperations.getDelegatedResourceAccountIndex
    | typeof ResourceOperations.getDelegatedResourceAccountIndexV2,
): RouteRow {
  return defineRoute({
    operation,
    paths: walletAndSolidityPaths(operation.name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    read: (request) => readAddressValue(request),
    print: (index, visible) =>
      printMessage(DelegatedResourceAccountIndexSchema, index, { visible, exactInt64: true }),
  });
}

const getCanDelegatedMaxSize = defineRoute({
  operation: ResourceOperations.getCanDelegatedMaxSize,
  paths: walletAndSolidityPaths("getcandelegatedmaxsize"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => {
    if (request.method === "GET") {
      // Integer.parseInt of `?type=` (absent = 0, BANDWIDTH).
      const typeText = request.query("type");
      const type = typeText === undefined ? 0 : parseJavaInt(typeText);
      const owner = readGetMessage(request, CanDelegatedMaxSizeRequestMessageSchema, {
        owner_address: "owner_address",
      }).ownerAddress;
      return { owner, type };
    }
    const message = readBodyMessage(request, CanDelegatedMaxSizeRequestMessageSchema);
    return { owner: message.ownerAddress, type: message.type };
  },
  print: (maxSize, visible) =>
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
  operation: ResourceOperations.getAvailableUnfreezeCount,
  paths: walletAndSolidityPaths("getavailableunfreezecount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => {
    if (request.method === "GET") {
      // The servlet reads `ownerAddress`, falling back to `owner_address`.
      const param = request.query("ownerAddress") !== undefined ? "ownerAddress" : "owner_address";
      return readGetMessage(request, GetAvailableUnfreezeCountRequestMessageSchema, {
        [param]: "owner_address",
      }).ownerAddress;
    }
    return readBodyMessage(request, GetAvailableUnfreezeCountRequestMessageSchema).ownerAddress;
  },
  print: (count, visible) =>
    printMessage(
      GetAvailableUnfreezeCountResponseMessageSchema,
      create(GetAvailableUnfreezeCountResponseMessageSchema, count === undefined ? {} : { count }),
      { visible, exactInt64: true },
    ),
});

const getCanWithdrawUnfreezeAmount = defineRoute({
  operation: ResourceOperations.getCanWithdrawUnfreezeAmount,
  paths: walletAndSolidityPaths("getcanwithdrawunfreezeamount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => {
    if (request.method === "GET") {
      const timestampText = request.query("timestamp");
      const timestamp = timestampText === undefined ? 0n : parseJavaLong(timestampText);
      const owner = readGetMessage(request, CanWithdrawUnfreezeAmountRequestMessageSchema, {
        owner_address: "owner_address",
      }).ownerAddress;
      return { owner, timestamp };
    }
    const message = readBodyMessage(request, CanWithdrawUnfreezeAmountRequestMessageSchema);
    return { owner: message.ownerAddress, timestamp: message.timestamp };
  },
  print: (amount, visible) =>
    printMessage(
      CanWithdrawUnfreezeAmountResponseMessageSchema,
      create(CanWithdrawUnfreezeAmountResponseMessageSchema, amount === undefined ? {} : { amount }),
      { visible, exactInt64: true },
    ),
});

export const RESOURCE_ROUTES: readonly RouteRow[] = [
  ...STAKING_BUILDERS,
  delegatedResourceRoute(ResourceOperations.getDelegatedResource),
  delegatedResourceRoute(ResourceOperations.getDelegatedResourceV2),
  accountIndexRoute(ResourceOperations.getDelegatedResourceAccountIndex),
  accountIndexRoute(ResourceOperations.getDelegatedResourceAccountIndexV2),
  getCanDelegatedMaxSize,
  getAvailableUnfreezeCount,
  getCanWithdrawUnfreezeAmount,
];
