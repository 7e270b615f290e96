/**
 * The test contracts (test/contracts/*.sol) compiled by npm `solc` (pinned in package.json) with
 * evmVersion cancun, the newest EVM version the TVM's flags cover (tvm.md §4). Compiling takes
 * seconds, so the artefacts are cached in test/.solc-cache (gitignored), keyed by the compiler
 * version and a hash of the sources and settings.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface CompiledContract {
  /** The ABI as solc prints it (TronWeb and /wallet/deploycontract take it as is). */
  readonly abi: AbiEntry[];
  /** Creation bytecode, hex without 0x. */
  readonly bytecode: string;
  /** Runtime bytecode, hex without 0x. */
  readonly deployedBytecode: string;
}

// biome-ignore lint/suspicious/noExplicitAny: solc's ABI JSON is read loosely
export type AbiEntry = any;

const CONTRACTS_DIR = join(import.meta.dirname, "..", "contracts");
const CACHE_DIR = join(import.meta.dirname, "..", ".solc-cache");
const SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
};

let memo: Record<string, CompiledContract> | undefined;

/** Every contract of test/contracts by name (TestToken, Events, Reverter, Factory, Child, Receiver, …). */
export async function compiledContracts(): Promise<Record<string, CompiledContract>> {
  if (memo) return memo;
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR).sort()) {
    if (file.endsWith(".sol")) sources[file] = { content: readFileSync(join(CONTRACTS_DIR, file), "utf8") };
  }
  const solcVersion = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "..", "node_modules", "solc", "package.json"), "utf8"),
  ).version as string;
  const key = createHash("sha256")
    .update(JSON.stringify({ solcVersion, sources, SETTINGS }))
    .digest("hex")
    .slice(0, 24);
  const cacheFile = join(CACHE_DIR, `${key}.json`);
  if (existsSync(cacheFile)) {
    memo = JSON.parse(readFileSync(cacheFile, "utf8")) as Record<string, CompiledContract>;
    return memo;
  }
  const solc = (await import("solc")).default;
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: "Solidity", sources, settings: SETTINGS })),
  );
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0)
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join("\n"));
  const contracts: Record<string, CompiledContract> = {};
  for (const file of Object.keys(output.contracts)) {
    for (const [name, c] of Object.entries(output.contracts[file] as Record<string, AbiEntry>)) {
      contracts[name] = {
        abi: c.abi,
        bytecode: c.evm.bytecode.object,
        deployedBytecode: c.evm.deployedBytecode.object,
      };
    }
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(contracts));
  memo = contracts;
  return contracts;
}
