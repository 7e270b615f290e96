/**
 * One network of the two implementations: a two-witness chain where tronode holds one witness key
 * and java-tron the other. tronode starts alone and produces in its slots; java-tron starts later,
 * syncs those blocks from tronode, and from then on the two take turns. The run checks that both
 * keep the same head through a maintenance, that each produced blocks the other accepted, and that
 * a transaction sent to java-tron lands in the shared chain (whoever's block packs it).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import { createLogger, createNode } from "@tronode/node";
import { findOracle, startJavaTron } from "./java-tron.js";
import { defaultOracleNetwork, javaTronConfig, javaTronPorts, tronodeOptions } from "./network.js";
import { LiveSession, post, signBuilt } from "./session.js";

const PORTS = javaTronPorts(18290);
const TRONODE_P2P = 18999;

export interface NetworkCheck {
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
}

interface JsonBlock {
  blockID: string;
  block_header: { raw_data: { number?: number; witness_address: string; timestamp: number } };
  transactions?: { txID: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runNetworkOracle(): Promise<NetworkCheck[]> {
  const found = findOracle();
  if ("missing" in found) throw new Error(`oracle not available: ${found.missing}`);
  const network = defaultOracleNetwork({ witnesses: 2 });
  const [w1, w2] = network.witnesses as [(typeof network.witnesses)[0], (typeof network.witnesses)[0]];
  const dir = await mkdtemp(join(tmpdir(), "tronode-oracle-net-"));
  const checks: NetworkCheck[] = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ check: name, ok, detail });
    console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
  };
  const node = await createNode({
    ...tronodeOptions(network, {
      witnessKeys: [w2],
      p2pPort: TRONODE_P2P,
      peers: [{ host: "127.0.0.1", port: PORTS.p2p }],
    }),
    ...(process.env.TRONODE_ORACLE_LOG ? { logger: createLogger(process.env.TRONODE_ORACLE_LOG) } : {}),
  });
  let javaTron: Awaited<ReturnType<typeof startJavaTron>> | undefined;
  try {
    // tronode alone: it produces in its own slots only
    while (node.chain.properties.headNumber < 4n) await sleep(500);
    const alone = Number(node.chain.properties.headNumber);
    javaTron = await startJavaTron({
      jar: found.jar,
      dataDir: join(dir, "java-tron"),
      config: javaTronConfig(network, PORTS, { witnessKeys: [w1], peers: [`127.0.0.1:${TRONODE_P2P}`] }),
      httpPort: PORTS.http,
      witness: true,
    });
    const session = new LiveSession({ http: javaTron.http }, { http: node.url! });
    const synced = await session.synced(120_000);
    check(
      "java-tron syncs tronode's blocks",
      synced.number >= alone,
      `both at block ${synced.number}, tronode had produced ${alone} alone`,
    );

    // a transaction sent to java-tron
    const [a0, a1] = network.accounts;
    const built = await post(javaTron.http, "/wallet/createtransaction", {
      owner_address: bytesToHex(a0!.address),
      to_address: bytesToHex(a1!.address),
      amount: 1_000_000,
    });
    const answer = (await post(javaTron.http, "/wallet/broadcasttransaction", signBuilt(built, [a0!]))) as {
      result?: boolean;
    };
    const txId = (built as { txID: string }).txID;
    await session.confirmed(txId, 60_000).then(
      () => check("a transaction sent to java-tron is in a block both hold", answer.result === true, txId),
      (e) => check("a transaction sent to java-tron is in a block both hold", false, (e as Error).message),
    );

    // through a maintenance, taking turns
    const next = (await post(javaTron.http, "/wallet/getnextmaintenancetime", {})) as { num: number };
    for (;;) {
      const head = (await post(javaTron.http, "/wallet/getnowblock", {})) as unknown as JsonBlock;
      if (head.block_header.raw_data.timestamp > next.num + 9_000) break;
      await sleep(1000);
    }
    const head = await session.synced(60_000);
    const ids: string[][] = [[], []];
    const producers = new Map<string, number>();
    for (let n = 1; n <= head.number; n++) {
      const [a, b] = (await Promise.all([
        post(javaTron.http, "/wallet/getblockbynum", { num: n }),
        post(node.url!, "/wallet/getblockbynum", { num: n }),
      ])) as unknown as [JsonBlock, JsonBlock];
      ids[0]!.push(a.blockID);
      ids[1]!.push(b.blockID);
      const w = a.block_header.raw_data.witness_address;
      producers.set(w, (producers.get(w) ?? 0) + 1);
    }
    const same = ids[0]!.every((id, i) => id === ids[1]![i]);
    check("both hold the same chain", same, `blocks 1..${head.number}, same ids on both: ${same}`);
    const byW1 = producers.get(bytesToHex(w1.address)) ?? 0;
    const byW2 = producers.get(bytesToHex(w2.address)) ?? 0;
    check(
      "java-tron follows blocks produced by tronode's witness",
      byW2 > alone,
      `${addressToBase58(w2.address)} (tronode) produced ${byW2}`,
    );
    check(
      "tronode follows blocks produced by java-tron's witness",
      byW1 > 0,
      `${addressToBase58(w1.address)} (java-tron) produced ${byW1}`,
    );
    const after = (await post(javaTron.http, "/wallet/getnextmaintenancetime", {})) as { num: number };
    check(
      "both passed a maintenance together",
      after.num > next.num,
      `next maintenance ${next.num} → ${after.num}`,
    );
    const [wa, wb] = await Promise.all([
      post(javaTron.http, "/wallet/listwitnesses", {}),
      post(node.url!, "/wallet/listwitnesses", {}),
    ]);
    check(
      "witness statistics agree",
      JSON.stringify(wa) === JSON.stringify(wb),
      JSON.stringify(wa).slice(0, 200),
    );
    return checks;
  } finally {
    await node.stop();
    await javaTron?.stop();
    if (!process.env.TRONODE_ORACLE_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const checks = await runNetworkOracle();
  process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
}
