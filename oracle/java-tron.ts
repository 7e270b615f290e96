/**
 * java-tron as a child process: its FullNode jar (from `TRONODE_ORACLE_JAR`, else
 * `~/.cache/tronode-oracle/FullNode.jar`), a config written by `javaTronConfig`, its data in a
 * directory of the caller's. java-tron's p2p library asks public "what is my IP" services at start;
 * Java's HTTP(S) proxy is pointed at a closed loopback port so those requests fail on this machine.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

export const DEFAULT_JAR = join(homedir(), ".cache", "tronode-oracle", "FullNode.jar");

/** The jar to run, or undefined (with the reason) when this machine cannot run the oracle. */
export function findOracle(): { jar: string } | { missing: string } {
  const jar = process.env.TRONODE_ORACLE_JAR ?? DEFAULT_JAR;
  if (!existsSync(jar)) return { missing: `no java-tron jar at ${jar} (set TRONODE_ORACLE_JAR)` };
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.status !== 0) return { missing: "no java on PATH" };
  return { jar };
}

export interface JavaTronProcess {
  readonly http: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

const NO_PUBLIC_LOOKUPS = [
  "-Dhttp.proxyHost=127.0.0.1",
  "-Dhttp.proxyPort=9",
  "-Dhttps.proxyHost=127.0.0.1",
  "-Dhttps.proxyPort=9",
];

export async function startJavaTron(options: {
  jar: string;
  dataDir: string;
  config: string;
  httpPort: number;
  witness: boolean;
  /** ms to wait for the HTTP API (java-tron takes ~20 s on two cores). */
  timeoutMs?: number;
}): Promise<JavaTronProcess> {
  await mkdir(options.dataDir, { recursive: true });
  const configPath = join(options.dataDir, "config.conf");
  await writeFile(configPath, options.config);
  const args = [
    "-Xmx1g",
    ...NO_PUBLIC_LOOKUPS,
    "-jar",
    options.jar,
    "-c",
    configPath,
    "-d",
    join(options.dataDir, "data"),
    ...(options.witness ? ["--witness"] : []),
  ];
  const child: ChildProcess = spawn("java", args, { cwd: options.dataDir, stdio: "ignore" });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const http = `http://127.0.0.1:${options.httpPort}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited) throw new Error(`java-tron exited at start (see ${options.dataDir}/logs/tron.log)`);
    try {
      const res = await fetch(`${http}/wallet/getnowblock`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`java-tron did not answer on ${http} in time`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    http,
    dataDir: options.dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
