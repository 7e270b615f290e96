import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { compiledContracts } from "../test/support/solidity.js";
import { startUpstreamProxy } from "../test/support/upstream-proxy.js";

const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

async function upstreamRequests(node: TronNode): Promise<number> {
  const answer = await fetch(`${node.url}/tre`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tre_forkInfo", params: [] }),
  });
  return (
    ((await answer.json()) as { result: { upstreamRequests: number } | null }).result?.upstreamRequests ?? 0
  );
}

/**
 * A first push starts the signature-recovery worker (a second on this VM): one TRX transfer between
 * the node's own accounts first, so the figures below are the fork's, not the worker's start.
 */
async function warmUp(node: TronNode): Promise<void> {
  const tw = new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(node.accounts[0]!.privateKey) });
  const witness = TronWeb.address.fromHex(bytesToHex(node.witnesses[0]!.address));
  const answer = (await tw.trx.sendTransaction(witness, 1)) as { result?: boolean };
  if (answer.result !== true) throw new Error(`warm-up refused: ${JSON.stringify(answer)}`);
}

/** One TRC-20 transfer by `holderKey` on `node`, built, signed and accepted: ms and upstream requests. */
async function transfer(node: TronNode, holderKey: string, token: string, to: string) {
  const tw = new TronWeb({ fullHost: node.url!, privateKey: holderKey });
  const before = await upstreamRequests(node);
  const started = performance.now();
  const { transaction } = await tw.transactionBuilder.triggerSmartContract(
    token,
    "transfer(address,uint256)",
    { feeLimit: 100_000_000 },
    [
      { type: "address", value: to },
      { type: "uint256", value: "1" },
    ],
  );
  const answer = (await tw.trx.sendRawTransaction(await tw.trx.sign(transaction))) as { result?: boolean };
  const ms = performance.now() - started;
  if (answer.result !== true) throw new Error(`transfer refused: ${JSON.stringify(answer)}`);
  return { ms, requests: (await upstreamRequests(node)) - before };
}

export async function runForkBench(): Promise<void> {
  const upstream = await createNode({ port: 0, blockTime: 0, accounts: 3 });
  const holderKey = bytesToHex(upstream.accounts[0]!.privateKey);
  const to = TronWeb.address.fromHex(bytesToHex(upstream.accounts[1]!.address));
  const artefacts = await compiledContracts();
  const tw = new TronWeb({ fullHost: upstream.url!, privateKey: holderKey });
  const contract = await tw.contract().new({
    abi: artefacts.TestToken!.abi,
    bytecode: artefacts.TestToken!.bytecode,
    feeLimit: 1_000_000_000,
    parameters: ["1000000000"],
  });
  await upstream.dev.mine(1);
  const token = contract.address as string;

  const rows: [string, string, string][] = [];
  // the reference: a fresh dev chain (no upstream) and the same transfer on it, deployed there
  let started = performance.now();
  const fresh = await createNode({ port: 0, blockTime: 0, accounts: 3 });
  const freshStart = performance.now() - started;
  await warmUp(fresh);
  const local = await new TronWeb({ fullHost: fresh.url!, privateKey: holderKey }).contract().new({
    abi: artefacts.TestToken!.abi,
    bytecode: artefacts.TestToken!.bytecode,
    feeLimit: 1_000_000_000,
    parameters: ["1000000000"],
  });
  const freshFirst = await transfer(fresh, holderKey, local.address, to);
  const freshAgain = await transfer(fresh, holderKey, local.address, to);
  await fresh.stop();

  const proxy = await startUpstreamProxy(upstream.url!, { delayMs: 50 });
  try {
    for (const [label, url] of [
      ["loopback upstream", upstream.url!],
      ["upstream +50 ms per answer", proxy.url],
    ] as const) {
      started = performance.now();
      const fork = await createNode({
        port: 0,
        blockTime: 0,
        accounts: 1,
        mnemonic: MNEMONIC,
        fork: { url, cache: false },
      });
      const startMs = performance.now() - started;
      const startRequests = await upstreamRequests(fork);
      await warmUp(fork);
      const first = await transfer(fork, holderKey, token, to);
      const again = await transfer(fork, holderKey, token, to);
      await fork.stop();
      rows.push([
        `fork start (${label})`,
        `${startMs.toFixed(0)} ms, ${startRequests} requests`,
        `fresh dev chain ${freshStart.toFixed(0)} ms`,
      ]);
      rows.push([
        `first TRC-20 transfer on the fork (${label})`,
        `${first.ms.toFixed(0)} ms, ${first.requests} requests`,
        `fresh chain ${freshFirst.ms.toFixed(1)} ms`,
      ]);
      rows.push([
        `the same transfer again (${label})`,
        `${again.ms.toFixed(1)} ms, ${again.requests} requests`,
        `fresh chain ${freshAgain.ms.toFixed(1)} ms`,
      ]);
    }
  } finally {
    await proxy.close();
    await upstream.stop();
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, value, reference] of rows)
    console.log(`${name.padEnd(width)}  ${value.padStart(22)}   (${reference})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runForkBench();
