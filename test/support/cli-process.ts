/**
 * Runs the tronode CLI (packages/node/src/cli.ts, from source through tsx) as a child process and
 * tracks every child so a test's afterAll can kill whatever is still running, even after a failure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLI_ENTRY = join("packages", "node", "src", "cli.ts");
/** The bundle `npm start` runs (built by `npm test` before vitest). */
export const BUNDLED_CLI = join("packages", "node", "dist", "tronode.mjs");

export interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface CliProcess {
  readonly child: ChildProcess;
  /** Everything written to stdout / stderr so far. */
  stdout(): string;
  stderr(): string;
  /** stdout lines that are JSON (the pino log). */
  logLines(): Record<string, unknown>[];
  /** Resolves when the process has exited (immediately if it already has). */
  readonly exited: Promise<ExitStatus>;
  /** Whether the process has exited. */
  hasExited(): boolean;
}

const running = new Set<ChildProcess>();

export function startCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  options: { bundled?: boolean } = {},
): CliProcess {
  const child = spawn(
    process.execPath,
    options.bundled
      ? [BUNDLED_CLI, ...args]
      : ["--conditions=tronode-source", "--import", "tsx", CLI_ENTRY, ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.add(child);
  const cli = watchProcess(child);
  void cli.exited.then(() => running.delete(child));
  return cli;
}

/**
 * Starts the CLI with a pseudo-terminal as its stdout and stderr (util-linux `script`, as a
 * developer's shell gives it one); `stdout()` is what the terminal showed, `\r\n` line ends and
 * colours included. SIGTERM to `child` (script) reaches the CLI; killAllClis covers it too.
 */
export function startCliInTerminal(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  options: { bundled?: boolean } = {},
): CliProcess {
  const argv = [
    process.execPath,
    ...(options.bundled ? [BUNDLED_CLI] : ["--conditions=tronode-source", "--import", "tsx", CLI_ENTRY]),
    ...args,
  ];
  const command = argv.map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd: REPO_ROOT,
    env: { ...process.env, TERM: "xterm", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  running.add(child);
  const cli = watchProcess(child);
  void cli.exited.then(() => running.delete(child));
  return cli;
}

/** A spawned child (stdout and stderr piped) as a CliProcess: its output kept, its exit awaited. */
export function watchProcess(child: ChildProcess): CliProcess {
  let out = "";
  let err = "";
  let done = false;
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", () => resolve({ code: null, signal: null }));
  }).finally(() => {
    done = true;
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    logLines: () =>
      out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    hasExited: () => done,
  };
}

/** Waits until `test` holds on the process output; fails with the output if it exits or times out. */
export async function waitForOutput<T>(
  cli: CliProcess,
  test: (cli: CliProcess) => T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = test(cli);
    if (found !== undefined) return found;
    if (cli.hasExited()) {
      throw new Error(`the CLI exited early\nstdout:\n${cli.stdout()}\nstderr:\n${cli.stderr()}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for the CLI\nstdout:\n${cli.stdout()}\nstderr:\n${cli.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The URL from the "tronode started" log line (present with or without --quiet). */
export function startedUrl(cli: CliProcess): string | undefined {
  const line = cli.logLines().find((entry) => entry.msg === "tronode started");
  return typeof line?.url === "string" ? line.url : undefined;
}

/** The start banner as a JSON line (stdout not a terminal; absent with --quiet). */
export function bannerLine(cli: CliProcess): Record<string, unknown> | undefined {
  return cli.logLines().find((entry) => entry.msg === "tronode banner");
}

/** The URL of the human banner `tronode http://…  (block time …)` (absent with --quiet). */
export function bannerUrl(cli: CliProcess): string | undefined {
  return /^tronode (http:\/\/\S+) {2}\(block time /m.exec(cli.stdout())?.[1];
}

/** Waits for the process to exit, up to `timeoutMs`; undefined if it is still running then. */
export async function exitWithin(cli: CliProcess, timeoutMs: number): Promise<ExitStatus | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([cli.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs every CLI child still running (afterAll). */
export async function killAllClis(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}
