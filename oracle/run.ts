/**
 * `npm run oracle`: java-tron (its FullNode jar, see java-tron.ts) produces blocks on a private
 * network on loopback; tronode joins it over TRON's P2P protocol as a follower; the scenarios ask
 * both the same questions and send transactions through tronode. Prints the table of operations
 * compared, identical and different, writes the report and the recording (java-tron's answers, the
 * blocks) that `test/oracle.test.ts` replays against tronode without java-tron.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { blockBytes, bytesToHex, Tables } from "@tronode/engine/internal";
import { createNode } from "@tronode/node";
import { closeGrpcStubs } from "./grpc.js";
import { findOracle, startJavaTron } from "./java-tron.js";
import { defaultOracleNetwork, followerOptions, javaTronConfig, javaTronPorts } from "./network.js";
import { summarize } from "./report.js";
import { Scenario } from "./scenario.js";
import { SCENARIOS } from "./scenarios/index.js";
import { LiveSession } from "./session.js";

const PORTS = javaTronPorts(18190);

/** java-tron's codeVersion, from its getnodeinfo. */
async function javaTronVersion(http: string): Promise<string> {
  const info = (await (await fetch(`${http}/wallet/getnodeinfo`)).json()) as {
    configNodeInfo?: { codeVersion?: string };
  };
  return info.configNodeInfo?.codeVersion ?? "unknown";
}

export async function runOracle(options: { only?: string; recordTo?: string } = {}) {
  const found = findOracle();
  if ("missing" in found) throw new Error(`oracle not available: ${found.missing}`);
  const network = defaultOracleNetwork();
  const dir = await mkdtemp(join(tmpdir(), "tronode-oracle-"));
  const javaTron = await startJavaTron({
    jar: found.jar,
    dataDir: join(dir, "java-tron"),
    config: javaTronConfig(network, PORTS, { witnessKeys: [network.witnesses[0]!] }),
    httpPort: PORTS.http,
    witness: true,
  });
  const node = await createNode(followerOptions(network, PORTS));
  try {
    const session = new LiveSession(
      {
        http: javaTron.http,
        jsonRpc: `http://127.0.0.1:${PORTS.jsonRpc}`,
        pbft: `http://127.0.0.1:${PORTS.httpPbft}`,
        solidity: `http://127.0.0.1:${PORTS.httpSolidity}`,
        grpc: `127.0.0.1:${PORTS.grpc}`,
        grpcSolidity: `127.0.0.1:${PORTS.grpcSolidity}`,
      },
      { http: node.url!, grpc: node.grpc.full, grpcSolidity: node.grpc.solidity },
    );
    const scenario = new Scenario(session);
    await session.connected();
    try {
      for (const [name, run] of Object.entries(SCENARIOS)) {
        if (options.only && name !== options.only) continue;
        console.log(`-- ${name}`);
        await run(scenario, network);
      }
    } catch (e) {
      console.log(summarize(session.results).text);
      throw e;
    }
    const head = node.chain.properties.headNumber;
    const blocks: string[] = [];
    for (let n = 1n; n <= head; n++)
      blocks.push(bytesToHex(blockBytes(node.chain.committedView.get(Tables.blocks, n)!)));
    console.log(summarize(session.results).text);
    if (options.recordTo) {
      await mkdir(dirname(options.recordTo), { recursive: true });
      await writeFile(
        options.recordTo,
        `${JSON.stringify({ network: "default", javaTron: await javaTronVersion(javaTron.http), recordedAt: new Date().toISOString().slice(0, 10), blocks, steps: session.recording }, null, 1)}\n`,
      );
    }
    return { ...summarize(session.results), results: session.results };
  } finally {
    closeGrpcStubs();
    await node.stop();
    await javaTron.stop();
    if (!process.env.TRONODE_ORACLE_KEEP) await rm(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  const report = await runOracle({ only, recordTo: process.env.TRONODE_ORACLE_RECORD });
  console.log(report.text);
}
