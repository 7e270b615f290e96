/**
 * Networked tronode processes for end-to-end tests: each node a CLI child process on its own
 * 127.0.0.x (java-tron's bans and limits are per IP), with its own data dir, talking TRON's P2P
 * protocol; helpers read heads, block ids and state digests over HTTP, and a TCP relay can stand
 * between two groups to partition and heal them.
 */
import { mkdtempSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CliProcess, startCli, startedUrl, waitForOutput } from "./cli-process.js";
import { until } from "./until.js";

export { until };

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
export type Json = any;

export const NETWORK_ID = 333;

export interface ClusterNode {
  readonly name: string;
  readonly ip: string;
  readonly dataDir: string;
  readonly args: readonly string[];
  cli: CliProcess;
  url: string;
  p2pPort: number;
}

export function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `tronode-${name}-`));
}

export interface NodeSpec {
  readonly name: string;
  readonly ip: string;
  /** Witness indexes held (of `--witnesses 3`); empty = a follower. */
  readonly witnesses: readonly number[];
  readonly peers?: readonly string[];
  readonly trusted?: readonly string[];
  readonly p2pPort?: number;
  readonly dataDir?: string;
  readonly extra?: readonly string[];
}

export function nodeArgs(spec: NodeSpec, dataDir: string): string[] {
  return [
    "--witnesses",
    "3",
    "--local-witnesses",
    spec.witnesses.length === 0 ? "none" : spec.witnesses.join(","),
    "--accounts",
    "2",
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--network-id",
    String(NETWORK_ID),
    "--p2p-host",
    spec.ip,
    "--p2p-port",
    String(spec.p2pPort ?? 0),
    ...(spec.peers ?? []).flatMap((p) => ["--peer", p]),
    ...(spec.trusted ?? []).flatMap((ip) => ["--trusted-ip", ip]),
    ...(spec.extra ?? []),
    "-q",
  ];
}

async function launch(name: string, ip: string, dataDir: string, args: readonly string[]) {
  const cli = startCli(args);
  const url = await waitForOutput(cli, startedUrl, 60_000);
  const line = cli.logLines().find((l) => l.msg === "tronode started")!;
  return { name, ip, dataDir, args, cli, url, p2pPort: Number(line.p2pPort) };
}

export async function startNode(spec: NodeSpec): Promise<ClusterNode> {
  const dataDir = spec.dataDir ?? tempDir(spec.name);
  return launch(spec.name, spec.ip, dataDir, nodeArgs(spec, dataDir));
}

/** Starts a stopped node again with the same arguments (same data dir, same P2P port). */
export async function restart(node: ClusterNode, extra: readonly string[] = []): Promise<void> {
  const args = node.args.map((a, i) => (node.args[i - 1] === "--p2p-port" ? String(node.p2pPort) : a));
  const started = await launch(node.name, node.ip, node.dataDir, [...args, ...extra]);
  node.cli = started.cli;
  node.url = started.url;
}

export async function kill(node: ClusterNode): Promise<void> {
  node.cli.child.kill("SIGKILL");
  await node.cli.exited;
}

export async function getJson(url: string, body?: unknown): Promise<Json> {
  const response = await fetch(url, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

export async function rpc(node: ClusterNode, method: string, params: unknown[] = []): Promise<Json> {
  const answer = await getJson(`${node.url}/tre`, { jsonrpc: "2.0", id: 1, method, params });
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}

export async function head(node: ClusterNode): Promise<{ number: number; id: string; witness: string }> {
  const block = await getJson(`${node.url}/wallet/getnowblock`);
  return {
    number: block.block_header.raw_data.number ?? 0,
    id: block.blockID,
    witness: block.block_header.raw_data.witness_address,
  };
}

export async function solid(node: ClusterNode): Promise<number> {
  return (await getJson(`${node.url}/walletsolidity/getnowblock`)).block_header.raw_data.number ?? 0;
}

/** Block ids from `from` to `to` inclusive. */
export async function blockIds(node: ClusterNode, from: number, to: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = from; start <= to; start += 100) {
    const end = Math.min(to + 1, start + 100);
    const answer = await getJson(`${node.url}/wallet/getblockbylimitnext`, { startNum: start, endNum: end });
    for (const b of (answer.block ?? []) as Json[]) ids.push(b.blockID);
  }
  return ids;
}

/** The state digest together with the head it was taken at (the head did not move meanwhile). */
export async function digestAtHead(
  node: ClusterNode,
): Promise<{ number: number; digest: string } | undefined> {
  const before = await head(node);
  const digest = (await rpc(node, "tre_stateDigest")) as string;
  const after = await head(node);
  return before.id === after.id ? { number: after.number, digest } : undefined;
}

/**
 * A TCP relay standing for a network link: connections to `listen` are forwarded to `target`
 * from `sourceIp` (so the target sees the real peer's IP). `cut()` drops every connection and
 * refuses new ones; `heal()` accepts again.
 */
export class Link {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private open = true;

  constructor(
    readonly listenIp: string,
    readonly target: { host: string; port: number },
    readonly sourceIp: string,
  ) {}

  port = 0;

  async start(): Promise<void> {
    const server = createServer((inbound) => {
      if (!this.open) {
        inbound.destroy();
        return;
      }
      const outbound = connect({
        host: this.target.host,
        port: this.target.port,
        localAddress: this.sourceIp,
      });
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => undefined);
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
      inbound.on("close", () => outbound.destroy());
      outbound.on("close", () => inbound.destroy());
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, this.listenIp, resolve));
    const address = server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
  }

  heal(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
