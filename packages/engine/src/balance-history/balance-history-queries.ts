/**
 * getblockbalance / getaccountbalance (java-tron's Wallet.getBlockBalance / getAccountBalance):
 * the `BalanceHistoryQueries` contract and java-tron's input checks with their texts.
 */
import { JavaExceptions, TronodeError } from "../errors.js";
import type {
  AccountBalanceRequest,
  AccountBalanceResponse,
  AccountIdentifier,
  BlockBalanceTrace,
  BlockBalanceTrace_BlockIdentifier,
} from "../protocol/generated/protocol/contracts_pb.js";

export interface BalanceHistoryQueries {
  /** The block's balance trace; java-tron's errors for bad identifiers and untraced blocks. */
  getBlockBalance(identifier: BlockBalanceTrace_BlockIdentifier): Promise<BlockBalanceTrace>;
  /** The account's balance at the end of a block (and the block it was last changed in, if earlier). */
  getAccountBalance(request: AccountBalanceRequest): Promise<AccountBalanceResponse>;
}

export function illegalArgument(message: string): TronodeError {
  return new TronodeError("ILLEGAL_ARGUMENT", message, { javaClass: JavaExceptions.illegalArgument });
}

export function itemNotFound(message: string): TronodeError {
  return new TronodeError("ITEM_NOT_FOUND", message, { javaClass: JavaExceptions.itemNotFound });
}

const BLOCK_HASH_SIZE = 32;

/**
 * Wallet.checkBlockIdentifier. java-tron's "null" test compares with the default instance by
 * reference, which only an absent field is (a parsed `{}` is a new, empty message).
 */
export function checkBlockIdentifier(identifier: BlockBalanceTrace_BlockIdentifier | undefined): void {
  if (identifier === undefined) throw illegalArgument("block_identifier null");
  if (identifier.number < 0n) throw illegalArgument("block_identifier number less than 0");
  if (identifier.hash.length !== BLOCK_HASH_SIZE)
    throw illegalArgument("block_identifier hash length not equals 32");
}

/**
 * Wallet.checkAccountIdentifier: an identifier without an address is protobuf's default instance,
 * which java-tron reports as "account_identifier is null" (its "address is null" branch needs a
 * non-default identifier without an address, which this message cannot be).
 */
export function checkAccountIdentifier(identifier: AccountIdentifier | undefined): void {
  if (identifier === undefined || identifier.address.length === 0)
    throw illegalArgument("account_identifier is null");
}
