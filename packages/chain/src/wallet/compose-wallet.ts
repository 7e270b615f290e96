/**
 * The node's WalletApi is composed from one service per domain (core, resources, …), so no single
 * class or file grows with every capability. Each part's methods are bound to it and exposed on one
 * object; a name defined by two parts is a wiring mistake and throws. Services keep their helpers
 * in `#private` members (or module functions), which are not exposed.
 */
import { TronodeError } from "@tronode/engine/internal";

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

function methodNames(part: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(part);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== "constructor" && typeof (part as Record<string, unknown>)[name] === "function")
        names.add(name);
    }
  }
  for (const name of Object.keys(part)) {
    if (typeof (part as Record<string, unknown>)[name] === "function") names.add(name);
  }
  return [...names];
}

/** One object answering every method of the parts (the Wallet and its domain services): java-tron's WalletApi. Refuses two parts with the same method. */
export function composeWallet<Parts extends object[]>(...parts: Parts): UnionToIntersection<Parts[number]> {
  const wallet: Record<string, unknown> = {};
  for (const part of parts) {
    for (const name of methodNames(part)) {
      if (name in wallet) {
        throw new TronodeError("WALLET_COMPOSITION", `wallet operation ${name} is defined by two services`);
      }
      wallet[name] = ((part as Record<string, unknown>)[name] as (...args: unknown[]) => unknown).bind(part);
    }
  }
  return wallet as UnionToIntersection<Parts[number]>;
}
