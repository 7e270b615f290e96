/**
 * Where a node's config comes from: the defaults (TRE's dev chain, or java-tron's ports for a
 * production node), then the --config file — java-tron's HOCON config.conf or tronode's JSON — and
 * finally the flags the user gave (the CLI applies those).
 */
import { readFile } from "node:fs/promises";
import { DEFAULT_GRPC_PORT, DEFAULT_GRPC_SOLIDITY_PORT } from "@tronode/transport-grpc";
import { applyJsonConfig } from "./config-file.js";
import { applyJavaTronConfig, isHoconConfig, parseHocon } from "./java-tron-config.js";
import { configError, defaultNodeConfig, type NodeConfig } from "./node-config.js";

/** java-tron's ports: what a production node (--no-dev) listens on unless told otherwise. */
export const JAVA_TRON_PORTS = {
  http: 8090,
  solidityHttp: 8091,
  pbftHttp: 8092,
  grpc: 50051,
  grpcSolidity: 50061,
  grpcPbft: 50071,
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
    grpcPbftPort: JAVA_TRON_PORTS.grpcPbft,
  };
}

/** A --config file as read once: java-tron's HOCON config.conf (a production node) or tronode's JSON. */
export interface ConfigFile {
  readonly path: string;
  readonly kind: "java-tron" | "json";
  readonly text: string;
}

/** Reads --config and tells its kind, by extension or content. */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw configError(`cannot read config file ${path}: ${(e as Error).message}`);
  }
  return { path, kind: isHoconConfig(path, text) ? "java-tron" : "json", text };
}

/** Applies a config file read by readConfigFile to `config`. */
export async function applyConfig(
  config: NodeConfig,
  file: ConfigFile,
  dataRoot: string,
  eventSubscription = false,
): Promise<{ config: NodeConfig; unused: readonly string[] }> {
  if (file.kind === "json") return { config: applyJsonConfig(config, file.text, file.path), unused: [] };
  return applyJavaTronConfig(config, await parseHocon(file.text, file.path), { dataRoot, eventSubscription });
}

/** Reads --config and applies it: java-tron's HOCON config.conf or tronode's JSON config. */
export async function withConfigFile(
  config: NodeConfig,
  path: string,
  dataRoot: string,
  eventSubscription = false,
): Promise<{ config: NodeConfig; unused: readonly string[] }> {
  return applyConfig(config, await readConfigFile(path), dataRoot, eventSubscription);
}
