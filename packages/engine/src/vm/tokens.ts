import { addExact, subtractExact } from "../chain/arithmetic.js";
import { isValidAddress } from "../crypto/address.js";
import { AccountType } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { Tables } from "../state/tables.js";
import { runtimeException } from "./errors.js";
import { createBareAccount } from "./world.js";

/**
 * Where the VM learns which TRC-10 assets exist. The TRC-10 domain owns the asset-issue tables;
 * until it provides its lookup, `NO_ASSETS` answers truthfully for a chain on which no asset can
 * be issued yet.
 */
export interface AssetLookup {
  /** Commons.getAssetIssueStoreFinal(...).has(key): V1 store (by name) or V2 (by id) per ALLOW_SAME_TOKEN_NAME. */
  exists(view: StateView, props: ChainProperties, key: string): boolean;
  /** AssetIssueStore (V1, keyed by name).get(name).getId(): used while ALLOW_SAME_TOKEN_NAME = 0. */
  idOfV1Name(view: StateView, name: string): string | undefined;
}

export const NO_ASSETS: AssetLookup = {
  exists: () => false,
  idOfV1Name: () => undefined,
};

/** A transfer validation failure (VMUtils.validateForSmartContract); the caller words the exception. */
export class TransferValidationError extends Error {}

/**
 * TRC-10 balances as the VM reads and moves them (RepositoryImpl.getTokenBalance/addTokenBalance,
 * AccountCapsule.addAssetAmountV2/reduceAssetAmountV2, MUtil.transferAllToken), over the Account's
 * `asset` (by name) / `assetV2` (by id) maps.
 */
export interface TokenLedger {
  balance(view: StateView, address: Uint8Array, tokenId: string): bigint;
  add(
    state: StateOverlay,
    props: ChainProperties,
    address: Uint8Array,
    tokenId: string,
    delta: bigint,
  ): bigint;
  /** VMUtils.validateForSmartContract (token form): throws TransferValidationError with java-tron's text. */
  validateTransfer(
    state: StateView,
    props: ChainProperties,
    from: Uint8Array,
    to: Uint8Array,
    tokenId: string,
    amount: bigint,
  ): void;
  /** MUtil.transferAllToken: every assetV2 balance of `from` moves to `to`. */
  transferAll(state: StateOverlay, from: Uint8Array, to: Uint8Array): void;
}

const LONG_MAX = (1n << 63n) - 1n;
const LONG_MIN = -(1n << 63n);

export function createAccountTokenLedger(assets: AssetLookup = NO_ASSETS): TokenLedger {
  const sameTokenName = (props: ChainProperties) => props.get("ALLOW_SAME_TOKEN_NAME") === 1n;
  return {
    balance(view, address, tokenId) {
      const account = view.get(Tables.accounts, address);
      if (!account) return 0n;
      return account.assetV2[tokenId] ?? 0n;
    },

    add(state, props, address, tokenId, delta) {
      const account =
        state.get(Tables.accounts, address) ?? createBareAccount(state, address, AccountType.Normal);
      const balance = account.assetV2[tokenId] ?? 0n;
      if (delta === 0n) return balance;
      if (delta < 0n && balance < -delta) throw runtimeException(`${hex(address)} insufficient balance`);
      const asset = { ...account.asset };
      const assetV2 = { ...account.assetV2 };
      const exact = (f: () => bigint) => {
        try {
          return f();
        } catch {
          throw runtimeException("long overflow", "java.lang.ArithmeticException");
        }
      };
      if (!sameTokenName(props)) {
        // java-tron looks the id up in the V1 (by name) store: a numeric id finds nothing there.
        const id = assets.idOfV1Name(state, tokenId);
        if (id === undefined) throw runtimeException("", "java.lang.NullPointerException");
        const current = asset[tokenId];
        if (delta > 0n) {
          const next = exact(() => addExact(current ?? 0n, delta));
          asset[tokenId] = next;
          assetV2[id] = next;
        } else if (current !== undefined && -delta <= current) {
          const next = exact(() => subtractExact(current, -delta));
          asset[tokenId] = next;
          assetV2[id] = next;
        }
      } else if (delta > 0n) {
        assetV2[tokenId] = exact(() => addExact(assetV2[tokenId] ?? 0n, delta));
      } else {
        const current = assetV2[tokenId];
        if (current !== undefined && -delta <= current)
          assetV2[tokenId] = exact(() => subtractExact(current, -delta));
      }
      state.put(Tables.accounts, address, { ...account, asset, assetV2 });
      return assetV2[tokenId] ?? 0n;
    },

    validateTransfer(state, props, from, to, tokenId, amount) {
      if (!isValidAddress(from)) throw new TransferValidationError("Invalid ownerAddress");
      if (!isValidAddress(to)) throw new TransferValidationError("Invalid toAddress");
      if (amount <= 0n) throw new TransferValidationError("Amount must greater than 0.");
      if (bytesEqual(from, to)) throw new TransferValidationError("Cannot transfer asset to yourself.");
      const owner = state.get(Tables.accounts, from);
      if (!owner) throw new TransferValidationError("No owner account!");
      if (!assets.exists(state, props, tokenId)) throw new TransferValidationError("No asset !");
      const ownerBalance = sameTokenName(props) ? owner.assetV2[tokenId] : owner.asset[tokenId];
      if (ownerBalance === undefined || ownerBalance <= 0n) {
        throw new TransferValidationError("assetBalance must greater than 0.");
      }
      if (amount > ownerBalance) throw new TransferValidationError("assetBalance is not sufficient.");
      const receiver = state.get(Tables.accounts, to);
      if (!receiver) {
        throw new TransferValidationError(
          "Validate InternalTransfer error, no ToAccount. And not allowed to create account in smart contract.",
        );
      }
      const toBalance = sameTokenName(props) ? receiver.assetV2[tokenId] : receiver.asset[tokenId];
      if (toBalance !== undefined) {
        const sum = toBalance + amount;
        if (sum > LONG_MAX || sum < LONG_MIN) throw new TransferValidationError("long overflow");
      }
    },

    transferAll(state, from, to) {
      const source = state.get(Tables.accounts, from);
      const target = state.get(Tables.accounts, to);
      if (!source || !target) throw runtimeException("", "java.lang.NullPointerException");
      const fromV2 = { ...source.assetV2 };
      const toV2 = { ...target.assetV2 };
      for (const [id, amount] of Object.entries(source.assetV2)) {
        // Plain Java long addition: wraps rather than failing.
        toV2[id] = BigInt.asIntN(64, (toV2[id] ?? 0n) + amount);
        fromV2[id] = 0n;
      }
      state.put(Tables.accounts, from, { ...source, assetV2: fromV2 });
      const refreshed = state.get(Tables.accounts, to)!;
      state.put(Tables.accounts, to, { ...refreshed, assetV2: toV2 });
    },
  };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function hex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}
