/**
 * The test kit's rates (build with java-tron's builder, sign, send, mine, read the receipt) for a
 * TRX transfer and a TRC-20 transfer on its in-memory chain, beside the engine's raw apply rate
 * of signed transfers measured in the same run (the floor the kit's HTTP-shaped path stands on).
 */
import { createNativeRecoverer, isNativeRecoveryAvailable } from "@tronode/secp256k1-native";
import { createTestClient, memory } from "@tronode/testkit";
import { compiledContracts } from "../test/support/solidity.js";
import { applyAll, engineFixture } from "./engine.js";

export async function runTestkitBench(
  log: (line: string) => void = console.log,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const fixture = engineFixture(200, 2_000);
  if (isNativeRecoveryAvailable())
    results["engine: signed transfers applied/s (native recovery, 1 core)"] = applyAll(
      fixture,
      createNativeRecoverer(),
    );

  const client = createTestClient(await memory({ accounts: 2 }));
  try {
    const [alice, bob] = await client.accounts();
    const transfers = 300;
    let t = performance.now();
    for (let i = 0; i < transfers; i++) await client.transfer(alice!, bob!, 1n + BigInt(i));
    results["kit: TRX transfers/s (build, sign, send, mine, receipt)"] =
      (transfers * 1000) / (performance.now() - t);

    const { KitToken } = await compiledContracts();
    const { contract: token } = await client.deploy({ ...KitToken!, from: alice!, args: [10n ** 12n] });
    const calls = 150;
    t = performance.now();
    for (let i = 0; i < calls; i++) await token!.write("transfer", [bob!.base58, 1n], { from: alice! });
    results["kit: TRC-20 transfers/s (build, sign, send, mine, receipt)"] =
      (calls * 1000) / (performance.now() - t);
  } finally {
    await client.close();
  }
  for (const [name, value] of Object.entries(results)) log(`${name.padEnd(64)} ${value.toFixed(0)}`);
  return results;
}
