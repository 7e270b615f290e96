import { create } from "@bufbuild/protobuf";
import {
  type AccountBalanceRequest,
  type AccountBalanceResponse,
  AccountBalanceResponseSchema,
  AccountTraceSchema,
  accountTraceKey,
  accountTraceNumber,
  type BalanceHistoryQueries,
  type BlockBalanceTrace,
  type BlockBalanceTrace_BlockIdentifier,
  blockId,
  bytesEqual,
  ChainProperties,
  type ChangeSet,
  checkAccountIdentifier,
  checkBlockIdentifier,
  illegalArgument,
  itemNotFound,
  StateOverlay,
  Tables,
} from "@tronode/engine/internal";
import type { ChainStore } from "@tronode/storage";
import type { ChainService } from "../chain/chain-service.js";

/** The first block with balance history: where the node started recording it (absent = off). */
export const HISTORY_SINCE_PROPERTY = "TRONODE_HISTORY_BALANCE_LOOKUP_SINCE";

/**
 * Turns balance history on or off for a chain at start. Turning it on records every account's
 * balance at the head block (so answers from there on are exact) and remembers that block; turning
 * it off forgets it, so that a later start re-records instead of trusting a history with a gap.
 * Returns the change set to commit, or undefined when nothing changes.
 */
export async function balanceHistoryStartChanges(
  store: ChainStore,
  enabled: boolean,
): Promise<ChangeSet | undefined> {
  const since = store.view.get(Tables.properties, HISTORY_SINCE_PROPERTY);
  if (enabled === (since !== undefined)) return undefined;
  const overlay = new StateOverlay(store.view);
  if (!enabled) {
    overlay.delete(Tables.properties, HISTORY_SINCE_PROPERTY);
    return overlay.changes();
  }
  const head = new ChainProperties(store.view).headNumber;
  for await (const { key, value } of store.iterate(Tables.accounts)) {
    const account = store.view.get(Tables.accounts, key) ?? value;
    overlay.put(
      Tables.accountTraces,
      accountTraceKey(key, head),
      create(AccountTraceSchema, { balance: account.balance }),
    );
  }
  overlay.put(Tables.properties, HISTORY_SINCE_PROPERTY, head);
  return overlay.changes();
}

/** java-tron's getblockbalance / getaccountbalance over the committed chain. */
export class BalanceHistoryService implements BalanceHistoryQueries {
  constructor(private readonly chain: ChainService) {}

  get #store(): ChainStore {
    return this.chain.store;
  }

  /** BlockIndexStore.get + the hash comparison java-tron makes for both operations. */
  async #checkBlock(identifier: BlockBalanceTrace_BlockIdentifier): Promise<void> {
    const head = new ChainProperties(this.#store.view).headNumber;
    const block =
      identifier.number <= head ? await this.#store.read(Tables.blocks, identifier.number) : undefined;
    if (!block) throw itemNotFound(`number: ${identifier.number} is not found!`);
    if (!bytesEqual(blockId(block), identifier.hash)) throw illegalArgument("number and hash do not match");
  }

  async getBlockBalance(identifier: BlockBalanceTrace_BlockIdentifier): Promise<BlockBalanceTrace> {
    checkBlockIdentifier(identifier);
    await this.#checkBlock(identifier);
    const trace = await this.#store.read(Tables.balanceTraces, identifier.number);
    if (!trace) throw itemNotFound("This block does not exist");
    return trace;
  }

  async getAccountBalance(request: AccountBalanceRequest): Promise<AccountBalanceResponse> {
    checkAccountIdentifier(request.accountIdentifier);
    const identifier = request.blockIdentifier;
    checkBlockIdentifier(identifier);
    await this.#checkBlock(identifier!);
    const since = this.#store.view.get(Tables.properties, HISTORY_SINCE_PROPERTY);
    // java-tron answers 0 here (it has no record); tronode says it does not know.
    if (since === undefined) {
      throw itemNotFound("historyBalanceLookup is off: this node keeps no balance history");
    }
    if (identifier!.number < since) {
      throw itemNotFound(`This block does not exist: balance history starts at block ${since}`);
    }
    const address = request.accountIdentifier!.address;
    let found: { number: bigint; balance: bigint } | undefined;
    for await (const { key, value } of this.#store.iterate(Tables.accountTraces, {
      gte: accountTraceKey(address, identifier!.number),
      limit: 1,
    })) {
      if (key.length === address.length + 8 && bytesEqual(key.subarray(0, address.length), address)) {
        found = { number: accountTraceNumber(key), balance: value.balance };
      }
    }
    if (!found || found.number === identifier!.number) {
      return create(AccountBalanceResponseSchema, {
        balance: found?.balance ?? 0n,
        blockIdentifier: identifier,
      });
    }
    const block = await this.#store.read(Tables.blocks, found.number);
    return create(AccountBalanceResponseSchema, {
      balance: found.balance,
      blockIdentifier: { number: found.number, hash: block ? blockId(block) : new Uint8Array() },
    });
  }
}
