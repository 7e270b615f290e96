import { readFile, rename, writeFile } from "node:fs/promises";
import type { ChangeSet, DevApi, Logger } from "@tronode/engine/internal";
import { readStateDump } from "./state-dump.js";

/** `--state <file>` at start: the dump's rows when the file exists, undefined when it does not. */
export async function readStateFile(file: string, chainId: Uint8Array): Promise<ChangeSet | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  return readStateDump(bytes, chainId);
}

export interface StateWriterOptions {
  readonly file: string;
  readonly dev: DevApi;
  /** Seconds between dumps; 0 = only at stop. */
  readonly intervalSeconds: number;
  readonly logger: Logger;
}

/**
 * Dumps the chain to the state file every `intervalSeconds` and once more at stop. Each dump is
 * written beside the file and renamed over it, so a kill mid-write leaves the previous dump whole.
 */
export function startStateWriter(options: StateWriterOptions): { stop(): Promise<void> } {
  let writing: Promise<void> = Promise.resolve();
  const dump = (): Promise<void> => {
    writing = writing.then(async () => {
      try {
        const bytes = await options.dev.dumpState();
        const temp = `${options.file}.${process.pid}.tmp`;
        await writeFile(temp, bytes);
        await rename(temp, options.file);
      } catch (e) {
        options.logger.error({ file: options.file, err: (e as Error).message }, "state dump failed");
      }
    });
    return writing;
  };
  const timer =
    options.intervalSeconds > 0 ? setInterval(() => void dump(), options.intervalSeconds * 1000) : undefined;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await dump();
    },
  };
}
