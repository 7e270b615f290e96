/**
 * Issue 38, item 5: a constant call nesting CREATE2 (and CREATE) 64 frames deep, on a chain from the
 * oracle's config.conf (java-tron's default 50 ms CPU limit). java-tron 4.8.0 runs out of time on it
 * (recorded by `npm run oracle:deep-create` in test/fixtures/oracle/deep-create.json) and finishes a
 * 32-deep one; tronode's deterministic budget, which charges nested frames by their depth
 * (vm/cpu-budget.ts), answers the same — the same code and exception, though the op named in
 * "CPU timeout for '…'" is wherever each machine's clock ran out.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deepCreate, deployDeepCreate } from "../../oracle/deep-create-run.js";
import { defaultOracleNetwork, javaTronConfig } from "../../oracle/network.js";
import { startFromConfigConf } from "../support/config-conf-node.js";

// biome-ignore lint/suspicious/noExplicitAny: java-tron's JSON, read loosely
type Json = any;

const OUT_OF_TIME = "class org.tron.core.vm.program.Program$OutOfTimeException : CPU timeout for '";

let dir: string;
let node: TronNode;
let contract: string;
let recorded: Json;

const text = (answer: Json) => Buffer.from(answer.result.message ?? "", "hex").toString();

beforeAll(async () => {
  recorded = JSON.parse(
    await readFile(new URL("../fixtures/oracle/deep-create.json", import.meta.url), "utf8"),
  );
  dir = await mkdtemp(join(tmpdir(), "tronode-deep-"));
  const network = defaultOracleNetwork();
  const ports = {
    http: 1,
    httpSolidity: 2,
    httpPbft: 3,
    grpc: 4,
    grpcSolidity: 5,
    grpcPbft: 6,
    p2p: 7,
    jsonRpc: 8,
  };
  const path = join(dir, "config.conf");
  await writeFile(path, javaTronConfig(network, ports, { witnessKeys: [network.witnesses[0]!] }));
  node = await startFromConfigConf(path, dir, { blockTime: 0 });
  contract = await deployDeepCreate(node.url!);
}, 60_000);

const go = (n: number, salted: boolean) => deepCreate(node.url!, contract, n, salted);

afterAll(async () => {
  await node?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("a constant call nesting creations 64 frames deep, at java-tron's 50 ms", () => {
  it("the chain has java-tron's CPU limit", async () => {
    const answer = await fetch(`${node.url}/wallet/getchainparameters`, { method: "POST", body: "{}" });
    const params = ((await answer.json()) as Json).chainParameter as Json[];
    expect(params.find((p) => p.key === "getMaxCpuTimeOfOneTx")?.value).toBe(50);
  });

  for (const [kind, salted] of [
    ["create2", true],
    ["create", false],
  ] as const) {
    it(`${kind.toUpperCase()}: runs out of time, as on java-tron`, async () => {
      const theirs = recorded[kind];
      expect(theirs.message.startsWith(OUT_OF_TIME)).toBe(true);
      const ours = await go(64, salted);
      expect(ours.result.code).toBe(theirs.result.code);
      expect(text(ours).startsWith(OUT_OF_TIME)).toBe(true);
    });
  }

  it("32 frames deep: finished, with java-tron's energy", async () => {
    const ours = await go(32, true);
    expect(ours.result.result).toBe(true);
    expect(ours.energy_used).toBe(recorded.create2Depth32.energy_used);
  });
});
