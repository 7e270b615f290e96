import { type CodeList, TronodeError } from "@tronode/engine/internal";
import "@tronode/chain";

/** The codes of the TronodeErrors the events package adds. */
export const EVENTS_ERROR_CODES = [
  // java-tron's TronError EVENT_SUBSCRIBE_INIT: the publisher cannot start
  "EVENT_SUBSCRIBE_INIT",
] as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeList<typeof EVENTS_ERROR_CODES> {}
}

/** A configuration error (INVALID_CONFIG) naming the key at fault. */
export function configError(message: string): TronodeError {
  return new TronodeError("INVALID_CONFIG", message);
}
