/**
 * Where a node's config comes from: the defaults (TRE's dev chain, or java-tron's ports for a
 * production node), then the --config file — java-tron's HOCON config.conf or tronode's JSON — and
 * finally the flags the user gave (the CLI applies those).
 */
import { readFile } from "node:fs/promises";
import { DEFAULT_GRPC_PORT, DEFAULT_GRPC_SOLIDITY_PORT } from "@tronode/transport-grpc";
import { applyConfigFile } from "./config-file.js";
import { applyJavaTronConfig, isHoconConfig, parseHocon } from "./java-tron-config.js";
import { configError, defaultNodeConfig, type NodeConfig } from "./node-config.js";

/** java-tron's ports: what a production node (--no-dev) listens on unless told otherwise. */
export const JAVA_TRON_PORTS = {
  http: 8090,
  solidityHttp: 8091,
  pbftHttp: 8092,
  grpc: 50051,
  grpcSolidity: 50061,
  p2p: 18888,
} as const;

/** The defaults a node starts from: TRE's dev chain on 9090, or java-tron's ports with --no-dev. */
export function baseConfigOf(production: boolean): NodeConfig {
  const base = defaultNodeConfig();
  if (!production)
    return { ...base, grpcPort: DEFAULT_GRPC_PORT, grpcSolidityPort: DEFAULT_GRPC_SOLIDITY_PORT };
  return {
    ...base,
    dev: false,
    port: JAVA_TRON_PORTS.http,
    solidityPort: JAVA_TRON_PORTS.solidityHttp,
    pbftPort: JAVA_TRON_PORTS.pbftHttp,
    grpcPort: JAVA_TRON_PORTS.grpc,
    grpcSolidityPort: JAVA_TRON_PORTS.grpcSolidity,
  };
}

/** Whether --config names java-tron's HOCON config.conf (a production node) or tronode's JSON. */
export async function configFileKind(path: string): Promise<"java-tron" | "json"> {
  return isHoconConfig(path, await readConfigText(path)) ? "java-tron" : "json";
}

async function readConfigText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    throw configError(`cannot read config file ${path}: ${(e as Error).message}`);
  }
}

/** Reads --config: java-tron's HOCON config.conf or tronode's JSON config, by extension or content. */
export async function withConfigFile(
  config: NodeConfig,
  path: string,
  dataRoot: string,
  eventSubscription = false,
): Promise<{ config: NodeConfig; unused: readonly string[] }> {
  const text = await readConfigText(path);
  if (!isHoconConfig(path, text)) return { config: await applyConfigFile(config, path), unused: [] };
  return applyJavaTronConfig(config, await parseHocon(text, path), { dataRoot, eventSubscription });
}
