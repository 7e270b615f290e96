/**
 * The rule for `handlesKeys` operations on every transport: served on a listener whose host only
 * accepts local connections, or with the operator's explicit opt-in.
 *
 * Whether a listener host only accepts local connections: 127.0.0.0/8, ::1 (also IPv4-mapped
 * ::ffff:127.x.x.x) and `localhost`. Wildcards (0.0.0.0, ::) and every other address are not.
 */
import { isIPv4, isIPv6 } from "node:net";

/** Whether a listener host only accepts local connections (127.0.0.0/8, ::1, `localhost`). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === "localhost") return true;
  if (isIPv4(lower)) return lower.startsWith("127.");
  if (isIPv6(lower)) {
    if (lower === "::1" || lower === "0:0:0:0:0:0:0:1") return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    return mapped !== null && mapped[1]!.startsWith("127.");
  }
  return false;
}

/** Whether a listener on `host` serves key operations (loopback, or `optIn`). */
export function keyOperationsAllowedOn(host: string, optIn: boolean | undefined): boolean {
  return optIn === true || isLoopbackHost(host);
}

/** The refusal text of a key operation on a listener that does not serve them (HTTP and gRPC alike). */
export function keyOperationRefusedMessage(name: string): string {
  return (
    `this API is unavailable due to config: ${name} handles private keys and is served only on a ` +
    "loopback listener or with allowKeyOperations: true"
  );
}
