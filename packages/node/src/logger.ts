import type { Logger } from "@tronode/engine/internal";
import { pino } from "pino";

/** A pino logger (JSON lines on stdout) that never prints request bodies or keys. */
export function createLogger(level: string): Logger & { level: string } {
  return pinoLogger(level);
}

function pinoLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: ["privateKey", "passPhrase", "*.privateKey", "*.passPhrase"],
  });
}

/** The CLI's output when it is JSON lines: the logger, and the start banner as one of its lines. */
export interface JsonOutput {
  readonly logger: Logger & { level: string };
  /**
   * Writes the start banner as one line in pino's shape (`level` 30, `time`, `msg`) on the logger's
   * own stream, so it never interleaves with the log lines. It is written whatever the log level
   * (as the text banner is; `--quiet` is what leaves it out) and its keys are not redacted: the dev
   * accounts' and witnesses' keys are the banner's point, and nothing else ever logs a key.
   */
  banner(fields: Record<string, unknown>, msg: string): void;
}

/** A pino logger at `level` and the banner writer of the same stream (see JsonOutput). */
export function createJsonOutput(level: string): JsonOutput {
  const logger = pinoLogger(level);
  const banner = logger.child({}, { level: "info", redact: [] });
  return { logger, banner: (fields, msg) => banner.info(fields, msg) };
}

/** A logger that discards everything (embedding in tests). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
