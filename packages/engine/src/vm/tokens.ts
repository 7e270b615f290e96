import {
  addAssetAmount,
  assetBalance,
  assetBalanceById,
  findToken,
  reduceAssetAmount,
  tokensById,
} from "../assets/asset-balances.js";
import { AssetTables } from "../assets/tables.js";
import { isValidAddress } from "../crypto/address.js";
import { utf8Encode } from "../crypto/bytes.js";
import { TronodeError } from "../errors.js";
import { AccountType } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { runtimeException } from "./errors.js";
import { createBareAccount } from "./world.js";

/** A transfer validation failure (VMUtils.validateForSmartContract); the caller words the exception. */
export class TransferValidationError extends Error {}

/**
 * TRC-10 balances as the VM reads and moves them (RepositoryImpl.getTokenBalance/addTokenBalance,
 * MUtil.transferAllToken). The arithmetic and the token lookups are the TRC-10 domain's own
 * (assets/asset-balances.ts, AccountCapsule's rules under ALLOW_SAME_TOKEN_NAME) over its tables.
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

/** Java's ArithmeticException from Math.addExact / subtractExact, as the VM reports it. */
function exact<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TronodeError && e.code === "ARITHMETIC")
      throw runtimeException("long overflow", "java.lang.ArithmeticException");
    throw e;
  }
}

/** The ledger over the accounts and the TRC-10 domain's token tables. */
export function createAccountTokenLedger(): TokenLedger {
  return {
    balance(view, address, tokenId) {
      const account = view.get(CoreTables.accounts, address);
      return account ? assetBalanceById(account, tokenId) : 0n;
    },

    add(state, props, address, tokenId, delta) {
      const account =
        state.get(CoreTables.accounts, address) ?? createBareAccount(state, address, AccountType.Normal);
      const balance = assetBalanceById(account, tokenId);
      if (delta === 0n) return balance;
      if (delta < 0n && balance < -delta) {
        throw runtimeException(`${hex(address)} insufficient balance`);
      }
      const key = utf8Encode(tokenId);
      // Before ALLOW_SAME_TOKEN_NAME java-tron dereferences the V1 (by name) store's entry for the
      // id without a check: an id that is no token name there is a NullPointerException.
      if (!tokensById(props) && state.get(AssetTables.assetIssues, key) === undefined) {
        throw runtimeException("", "java.lang.NullPointerException");
      }
      const next =
        delta > 0n
          ? exact(() => addAssetAmount(state, props, account, key, delta))
          : (exact(() => reduceAssetAmount(state, props, account, key, -delta)) ?? account);
      state.put(CoreTables.accounts, address, next);
      return assetBalanceById(next, tokenId);
    },

    validateTransfer(state, props, from, to, tokenId, amount) {
      if (!isValidAddress(from)) throw new TransferValidationError("Invalid ownerAddress");
      if (!isValidAddress(to)) throw new TransferValidationError("Invalid toAddress");
      if (amount <= 0n) throw new TransferValidationError("Amount must greater than 0.");
      if (bytesEqual(from, to)) throw new TransferValidationError("Cannot transfer asset to yourself.");
      const owner = state.get(CoreTables.accounts, from);
      if (!owner) throw new TransferValidationError("No owner account!");
      const key = utf8Encode(tokenId);
      if (findToken(state, props, key) === undefined) throw new TransferValidationError("No asset !");
      const ownerBalance = assetBalance(props, owner, key);
      if (ownerBalance === undefined || ownerBalance <= 0n) {
        throw new TransferValidationError("assetBalance must greater than 0.");
      }
      if (amount > ownerBalance) throw new TransferValidationError("assetBalance is not sufficient.");
      const receiver = state.get(CoreTables.accounts, to);
      if (!receiver) {
        throw new TransferValidationError(
          "Validate InternalTransfer error, no ToAccount. And not allowed to create account in smart contract.",
        );
      }
      const toBalance = assetBalance(props, receiver, key);
      if (toBalance !== undefined) {
        const sum = toBalance + amount;
        if (sum > LONG_MAX || sum < LONG_MIN) throw new TransferValidationError("long overflow");
      }
    },

    transferAll(state, from, to) {
      const source = state.get(CoreTables.accounts, from);
      const target = state.get(CoreTables.accounts, to);
      if (!source || !target) throw runtimeException("", "java.lang.NullPointerException");
      const fromV2: { [id: string]: bigint } = { ...source.assetV2 };
      const toV2: { [id: string]: bigint } = { ...target.assetV2 };
      for (const [id, amount] of Object.entries(source.assetV2)) {
        // Plain Java long addition: wraps rather than failing.
        toV2[id] = BigInt.asIntN(64, assetBalanceById(target, id) + amount);
        fromV2[id] = 0n;
      }
      state.put(CoreTables.accounts, from, { ...source, assetV2: fromV2 });
      const refreshed = state.get(CoreTables.accounts, to)!;
      state.put(CoreTables.accounts, to, { ...refreshed, assetV2: toV2 });
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
