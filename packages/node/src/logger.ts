import type { Logger } from "@tronode/engine/internal";
import { pino } from "pino";

/** A pino logger (JSON lines on stdout) that never prints request bodies or keys. */
export function createLogger(level: string): Logger & { level: string } {
  return pino({
    level,
    base: undefined,
    redact: ["privateKey", "passPhrase", "*.privateKey", "*.passPhrase"],
  });
}

/** A logger that discards everything (embedding in tests). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
