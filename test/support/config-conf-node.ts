/**
 * A node started from java-tron's config.conf as an operator's would be — its genesis, witness key,
 * chain parameters and VM settings — but with only its HTTP API, on a free port, in memory: no P2P,
 * gRPC, solidity or PBFT listeners (what tests and the oracle's comparisons need).
 */
import {
  baseConfigOf,
  type CreateNodeOptions,
  createNode,
  type TronNode,
  withConfigFile,
} from "@tronode/node";

export async function startFromConfigConf(
  path: string,
  dataRoot: string,
  overrides: CreateNodeOptions = {},
): Promise<TronNode> {
  const { config } = await withConfigFile(baseConfigOf(true), path, dataRoot);
  return createNode({
    ...config,
    port: 0,
    solidityPort: undefined,
    pbftPort: undefined,
    grpcPort: undefined,
    grpcSolidityPort: undefined,
    grpcPbftPort: undefined,
    p2p: undefined,
    dataDir: undefined,
    ...overrides,
  });
}
