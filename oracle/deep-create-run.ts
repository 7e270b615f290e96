/**
 * `npm run oracle:deep-create` (issue 38, item 5): a constant call that nests CREATE2 (and, second,
 * CREATE) 64 calls deep, asked of java-tron 4.8.0 and of tronode, each started from the oracle's
 * config.conf (so both have java-tron's default MAX_CPU_TIME_OF_ONE_TX of 50 ms). Prints both answers
 * and records java-tron's to test/fixtures/oracle/deep-create.json (also go(32), which java-tron
 * finishes, and go(64) asked five times more). Run isolated (oracle/isolated.sh).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bytesToHex, hexToBytes, signHash } from "@tronode/engine/internal";
import { startFromConfigConf } from "../test/support/config-conf-node.js";
import { compiledContracts } from "../test/support/solidity.js";
import { until } from "../test/support/until.js";
import { findOracle, startJavaTron } from "./java-tron.js";
import { defaultOracleNetwork, javaTronConfig, javaTronPorts } from "./network.js";

// biome-ignore lint/suspicious/noExplicitAny: java-tron's JSON, read loosely
type Json = any;

const PORTS = javaTronPorts(18390);

async function post(url: string, path: string, body: unknown = {}): Promise<Json> {
  return (await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

/** go(n, salted) encoded. */
function goCall(salted: boolean, n: number): string {
  return n.toString(16).padStart(64, "0") + (salted ? "1" : "0").padStart(64, "0");
}

/** A constant call's outcome: its Return, energy and message as text. */
export const summary = (a: Json) => ({
  result: a.result,
  energy_used: a.energy_used,
  message: a.result?.message ? Buffer.from(a.result.message, "hex").toString() : undefined,
});

/** Deploys DeepCreate from the oracle's first account on the node at `url`: its address (hex). */
export async function deployDeepCreate(url: string): Promise<string> {
  const owner = defaultOracleNetwork().accounts[0]!;
  const { DeepCreate } = await compiledContracts();
  await until(
    "block 1",
    async () => {
      const head = await post(url, "/wallet/getnowblock");
      return (head.block_header?.raw_data?.number ?? 0) >= 1 ? head : undefined;
    },
    60_000,
  );
  const deploy = await post(url, "/wallet/deploycontract", {
    owner_address: bytesToHex(owner.address),
    abi: JSON.stringify(DeepCreate!.abi),
    bytecode: DeepCreate!.bytecode,
    fee_limit: 1_000_000_000,
    origin_energy_limit: 10_000_000,
    consume_user_resource_percent: 100,
    name: "DeepCreate",
  });
  const signed = { ...deploy, signature: [bytesToHex(signHash(hexToBytes(deploy.txID), owner.privateKey))] };
  const sent = await post(url, "/wallet/broadcasttransaction", signed);
  if (sent.result !== true) throw new Error(`deploy refused: ${JSON.stringify(sent)}`);
  const info = await until(
    "the deploy's block",
    async () => {
      const i = await post(url, "/wallet/gettransactioninfobyid", { value: deploy.txID });
      return i.id === undefined ? undefined : i;
    },
    60_000,
  );
  return info.contract_address;
}

/** The constant call `go(n, salted)` of DeepCreate at `contract`: n nested creations. */
export function deepCreate(url: string, contract: string, n: number, salted: boolean): Promise<Json> {
  return post(url, "/wallet/triggerconstantcontract", {
    owner_address: bytesToHex(defaultOracleNetwork().accounts[0]!.address),
    contract_address: contract,
    function_selector: "go(uint256,bool)",
    parameter: goCall(salted, n),
  });
}

/** Deploys DeepCreate on the node at `url` and asks the calls the recording holds. */
async function ask(url: string): Promise<{ create2: Json; create: Json; depth32: Json; again: string[] }> {
  const contract = await deployDeepCreate(url);
  const create2 = await deepCreate(url, contract, 64, true);
  const create = await deepCreate(url, contract, 64, false);
  const depth32 = await deepCreate(url, contract, 32, true);
  // java-tron's verdict depends on its JIT: asked again, a warm JVM may finish what a cold one cut
  const again = [];
  for (let i = 0; i < 5; i++)
    again.push(summary(await deepCreate(url, contract, 64, true)).message ?? "finished");
  // DEEP_CREATE_DEPTHS=8,16,…: where java-tron's time limit starts to cut the nesting
  for (const n of (process.env.DEEP_CREATE_DEPTHS ?? "").split(",").filter(Boolean)) {
    for (const salted of [true, false]) {
      const started = performance.now();
      const s = summary(await deepCreate(url, contract, Number(n), salted));
      const ms = (performance.now() - started).toFixed(1);
      console.log(
        `depth ${n} ${salted ? "CREATE2" : "CREATE"}: ${s.message ?? "finished"} energy ${s.energy_used} ${ms} ms`,
      );
    }
  }
  return { create2, create, depth32, again };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = findOracle();
  if ("missing" in found) {
    console.error(`npm run oracle:deep-create needs java-tron's FullNode jar and java: ${found.missing}`);
    process.exit(2);
  }
  const network = defaultOracleNetwork();
  const config = javaTronConfig(network, PORTS, { witnessKeys: [network.witnesses[0]!] });
  const dir = await mkdtemp(join(tmpdir(), "tronode-oracle-deep-"));
  try {
    const javaTron = await startJavaTron({
      jar: found.jar,
      dataDir: join(dir, "java-tron"),
      config,
      httpPort: PORTS.http,
      witness: true,
    });
    let theirs: { create2: Json; create: Json; depth32: Json; again: string[] };
    try {
      theirs = await ask(javaTron.http);
    } finally {
      await javaTron.stop();
    }
    const path = join(dir, "tronode.conf");
    await writeFile(path, config);
    const node = await startFromConfigConf(path, dir);
    let ours: { create2: Json; create: Json; depth32: Json; again: string[] };
    try {
      ours = await ask(node.url!);
    } finally {
      await node.stop();
    }
    await writeFile(
      fileURLToPath(new URL("../test/fixtures/oracle/deep-create.json", import.meta.url)),
      `${JSON.stringify({ javaTron: "4.8.0", recordedAt: new Date().toISOString().slice(0, 10), create2: summary(theirs.create2), create: summary(theirs.create), create2Depth32: summary(theirs.depth32), create2Again: theirs.again }, null, 1)}\n`,
    );
    console.log(
      JSON.stringify(
        {
          javaTron: { create2: summary(theirs.create2), create: summary(theirs.create), again: theirs.again },
          tronode: { create2: summary(ours.create2), create: summary(ours.create), again: ours.again },
        },
        null,
        1,
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
