/**
 * A WalletRequest over an HTTP request: query parameters as java-tron's `getParameter` (first
 * value), the body parsed on first use (so servlets that never read it never fail on it), and
 * `visible` per java-tron's rules (§3.3): GET and doGet-style servlets read `?visible=`, the others
 * the body's top-level `visible` key, both with `Boolean.parseBoolean` semantics.
 */
import type { ReadScope } from "@tronode/engine/internal";
import type { JsonObject } from "./engine-protocol.js";
import type { RawQuery } from "./http-exchange.js";
import { parseJavaBoolean } from "./java-value-readers.js";
import { parseRequestBody } from "./request-body.js";
import type { HttpMethod, VisibleSource, WalletRequest } from "./route-row.js";

const SOLIDITY_PREFIX = "/walletsolidity/";
const PBFT_PREFIX = "/walletpbft/";

/**
 * /walletsolidity reads the solidified state; so does /walletpbft: java-tron's PBFT view serves the
 * last PBFT-committed block, and on a chain without PBFT that is the solidified one.
 */
export function scopeOfPath(path: string): ReadScope {
  return path.startsWith(SOLIDITY_PREFIX) || path.startsWith(PBFT_PREFIX) ? "solid" : "head";
}

export class WalletHttpRequest implements WalletRequest {
  readonly scope: ReadScope;
  private parsedBody: JsonObject | undefined;

  constructor(
    readonly method: HttpMethod,
    readonly path: string,
    private readonly rawQuery: RawQuery,
    private readonly rawBody: string | undefined,
    private readonly contentType: string | undefined,
    private readonly visibleFrom: VisibleSource,
  ) {
    this.scope = scopeOfPath(path);
  }

  query(name: string): string | undefined {
    const value = this.rawQuery[name];
    return Array.isArray(value) ? value[0] : value;
  }

  body(): JsonObject {
    if (this.parsedBody === undefined) {
      this.parsedBody = this.method === "POST" ? parseRequestBody(this.rawBody ?? "", this.contentType) : {};
    }
    return this.parsedBody;
  }

  visible(): boolean {
    if (this.method === "GET" || this.visibleFrom === "query") return parseJavaBoolean(this.query("visible"));
    const body = this.body();
    return "visible" in body && parseJavaBoolean(body.visible);
  }

  /** `visible` for printing: a body that does not parse counts as not visible (java-tron's default). */
  visibleOrDefault(): boolean {
    try {
      return this.visible();
    } catch {
      return false;
    }
  }
}
