/**
 * The solidity node's view of its trust node: java-tron's DatabaseGrpcClient — protocol.Database
 * over plaintext gRPC at `host:port` (a java-tron or tronode full node). Only the two calls a
 * solidity node makes, and block 0 to check both chains share a genesis.
 */
import { type Client, createClient } from "@connectrpc/connect";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { type Block, Database } from "@tronode/engine";

export interface TrustNodeClient {
  /** `GetDynamicProperties.last_solidity_block_num`. */
  latestSolidifiedNumber(): Promise<bigint>;
  /** `GetBlockByNum`; java-tron answers the empty Block for a number it does not have. */
  blockByNum(num: bigint): Promise<Block>;
  close(): void;
}

/** Each call's deadline (java-tron's blocking stub has none; a dead peer must not stall the loop). */
const CALL_TIMEOUT_MS = 10_000;

export function createTrustNodeClient(target: string): TrustNodeClient {
  const baseUrl = `http://${target}`;
  const sessionManager = new Http2SessionManager(baseUrl);
  const transport = createGrpcTransport({
    baseUrl,
    sessionManager,
    // TRON blocks fit java-tron's 4 MiB message limit; allow the same here
    readMaxBytes: 4 * 1024 * 1024,
  });
  const client: Client<typeof Database> = createClient(Database, transport);
  return {
    async latestSolidifiedNumber() {
      const properties = await client.getDynamicProperties({}, { timeoutMs: CALL_TIMEOUT_MS });
      return properties.lastSolidityBlockNum;
    },
    blockByNum: (num) => client.getBlockByNum({ num }, { timeoutMs: CALL_TIMEOUT_MS }),
    close: () => sessionManager.abort(),
  };
}
