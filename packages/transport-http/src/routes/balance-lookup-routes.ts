/**
 * getblockbalance / getaccountbalance (POST only, GET → 405). java-tron keeps balance traces only
 * with `historyBalanceLookup` (off by default); tronode keeps none.
 *
 * - getblockbalance answers what a default java-tron answers: the block identifier checks
 *   (`block_identifier number less than 0`, `block_identifier hash length not equals 32`,
 *   `number: <n> is not found!`, `number and hash do not match`) and then, because no trace was
 *   recorded, ItemNotFoundException `This block does not exist`.
 * - getaccountbalance on a default java-tron silently answers a balance of 0 (no trace found);
 *   tronode does not reproduce that wrong figure and answers "not supported yet" instead.
 */
import {
  BlockBalanceTrace_BlockIdentifierSchema,
  bytesEqual,
  TronodeError,
  type WalletApi,
} from "@tronode/engine";
import { notImplementedError, TransportErrorCodes, TransportJavaClasses } from "../java-error-body.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";

const BLOCK_HASH_SIZE = 32;

interface BlockIdentifierInput {
  readonly hash: Uint8Array;
  readonly number: bigint;
}

function illegalArgument(message: string): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, message, {
    javaClass: TransportJavaClasses.illegalArgument,
  });
}

function itemNotFound(message: string): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, message, {
    javaClass: TransportJavaClasses.itemNotFound,
  });
}

async function getBlockBalance(api: WalletApi, identifier: BlockIdentifierInput): Promise<never> {
  if (identifier.number < 0n) throw illegalArgument("block_identifier number less than 0");
  if (identifier.hash.length !== BLOCK_HASH_SIZE)
    throw illegalArgument("block_identifier hash length not equals 32");
  const block = await api.getBlockByNum(identifier.number, "head");
  if (block === undefined) throw itemNotFound(`number: ${identifier.number} is not found!`);
  if (!bytesEqual(api.blockIdOf(block), identifier.hash))
    throw illegalArgument("number and hash do not match");
  throw itemNotFound("This block does not exist");
}

const getBlockBalanceRow = defineRoute({
  name: "getblockbalance",
  paths: walletPaths("getblockbalance"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  availability: "served",
  note: "answers like java-tron without historyBalanceLookup",
  read: (request): BlockIdentifierInput => readBodyMessage(request, BlockBalanceTrace_BlockIdentifierSchema),
  handle: getBlockBalance,
  print: () => ({}),
});

const getAccountBalanceRow = defineRoute({
  name: "getaccountbalance",
  paths: walletPaths("getaccountbalance"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  availability: "not-implemented",
  note: "needs historyBalanceLookup balance traces",
  read: () => undefined,
  handle: async (): Promise<never> => {
    throw notImplementedError(
      "getaccountbalance is not supported by tronode yet: it needs historyBalanceLookup balance traces",
    );
  },
  print: () => ({}),
});

export const BALANCE_LOOKUP_ROUTES: readonly RouteRow[] = [getBlockBalanceRow, getAccountBalanceRow];
