import { bytesToHex } from "../crypto/bytes.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import type { MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { cloneAccount } from "./accounts.js";
import { addExact } from "./arithmetic.js";

/**
 * Where burned fees go, as java-tron does it: with ALLOW_BLACKHOLE_OPTIMIZATION they are counted
 * in BURN_TRX_AMOUNT; otherwise they are credited to the genesis "Blackhole" account.
 */
export function burnFee(state: StateOverlay, props: MutableChainProperties, fee: bigint): void {
  if (fee === 0n) return;
  if (props.isOn("ALLOW_BLACKHOLE_OPTIMIZATION")) {
    props.set("BURN_TRX_AMOUNT", addExact(props.get("BURN_TRX_AMOUNT"), fee));
    return;
  }
  const blackhole = props.getBytes("BLACKHOLE_ADDRESS");
  if (blackhole.length === 0) {
    props.set("BURN_TRX_AMOUNT", addExact(props.get("BURN_TRX_AMOUNT"), fee));
    return;
  }
  adjustBalance(state, blackhole, fee);
}

/** java-tron's adjustBalance: `<hex> insufficient balance, balance: X, amount: Y` when it would go negative. */
export function adjustBalance(state: StateOverlay, address: Uint8Array, amount: bigint): void {
  const current = state.get(CoreTables.accounts, address);
  if (!current) throw new TronodeError("ACCOUNT_MISSING", `account ${bytesToHex(address)} does not exist`);
  if (amount < 0n && current.balance < -amount) {
    throw new TronodeError(
      "INSUFFICIENT_BALANCE",
      `${bytesToHex(address)} insufficient balance, balance: ${current.balance}, amount: ${-amount}`,
      { javaClass: JavaExceptions.illegalArgument },
    );
  }
  const next = cloneAccount(current);
  next.balance = addExact(current.balance, amount);
  state.put(CoreTables.accounts, address, next);
}
