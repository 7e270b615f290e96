import { defaultChainConfig, TRE_CHAIN_PARAMETERS } from "@tronode/chain";
import { createTestClient, memory, type TestClient } from "../src/index.js";

/** A kit client on a memory chain of two accounts whose genesis changes TRE's parameters by `changed`. */
export async function clientWithParameters(changed: Readonly<Record<string, bigint>>): Promise<TestClient> {
  const genesis = defaultChainConfig().genesis;
  return createTestClient(
    await memory({
      accounts: 2,
      genesis: { ...genesis, parameters: { ...TRE_CHAIN_PARAMETERS, ...changed } },
    }),
  );
}
