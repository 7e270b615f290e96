import { create } from "@bufbuild/protobuf";
import {
  addressFromBase58,
  addressOfPrivateKey,
  applyTransaction,
  blockReference,
  bytesToHex,
  ChainProperties,
  ContractType,
  contractAddress,
  createCachedRecoverer,
  createGenesis,
  createNobleRecoverer,
  hexToBytes,
  MemoryState,
  packContract,
  type SignatureRecoverer,
  StateOverlay,
  sha256,
  signHash,
  type Transaction,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import {
  createNativeRecoverer,
  createRecoveryPool,
  isNativeRecoveryAvailable,
  precomputeRecoveries,
} from "@tronode/secp256k1-native";
import { Interface } from "ethers";
import { compiledContracts } from "../test/support/solidity.js";
import { BASE, load, readAccountsFile, startNode, stopNode } from "./http.js";

const FLAGS: Record<string, bigint> = {
  ALLOW_MULTI_SIGN: 1n,
  ALLOW_CREATION_OF_CONTRACTS: 1n,
  ALLOW_SAME_TOKEN_NAME: 1n,
  ALLOW_TVM_TRANSFER_TRC10: 1n,
  ALLOW_TVM_CONSTANTINOPLE: 1n,
  ALLOW_TVM_SOLIDITY_059: 1n,
  ALLOW_TVM_ISTANBUL: 1n,
  ALLOW_TVM_FREEZE: 1n,
  ALLOW_TVM_LONDON: 1n,
  ALLOW_TVM_COMPATIBLE_EVM: 1n,
  ALLOW_TVM_SHANGHAI: 1n,
  ALLOW_TVM_CANCUN: 1n,
  UNFREEZE_DELAY_DAYS: 1n,
  ENERGY_LIMIT_BLOCK_NUM: 0n,
};

function keyOf(i: number): Uint8Array {
  const k = new Uint8Array(32);
  new DataView(k.buffer).setUint32(28, i + 5000);
  return k;
}

/** A chain with a deployed TestToken held by `senders` accounts, and `count` signed transfers. */
export async function trc20Fixture(senders: number, count: number) {
  const art = (await compiledContracts()).TestToken!;
  const iface = new Interface(art.abi);
  const keys = Array.from({ length: senders }, (_, i) => keyOf(i));
  const addresses = keys.map(addressOfPrivateKey);
  const state = new MemoryState();
  state.apply(
    createGenesis({
      timestamp: 0n,
      parentHash: new Uint8Array(32),
      accounts: addresses.map((address) => ({ address, balance: 1_000_000_000_000_000n })),
      witnesses: [{ address: addresses[0]!, url: "bench", voteCount: 1n }],
      parameters: FLAGS,
    }).changes,
  );
  const props = new ChainProperties(state);
  const ref = blockReference(props.headNumber, props.headBlockId);
  let stamp = 0n;
  const signed = (key: Uint8Array, type: ContractType, parameter: unknown): Transaction => {
    stamp += 1n;
    const tx = create(TransactionSchema, {
      rawData: {
        ...ref,
        expiration: props.headTimestamp + 3_600_000n,
        timestamp: stamp,
        feeLimit: 1_000_000_000n,
        contract: [packContract(type, parameter as never)],
      },
    });
    tx.signature = [signHash(transactionId(tx), key)];
    return tx;
  };
  const recoverer = createNobleRecoverer();
  const apply = (tx: Transaction) =>
    state.apply(applyTransaction(state, tx, { mode: "push", recoverer }).changes);
  const deploy = signed(keys[0]!, ContractType.CreateSmartContract, {
    ownerAddress: addresses[0]!,
    newContract: {
      originAddress: addresses[0]!,
      bytecode: hexToBytes(art.bytecode + iface.encodeDeploy([10n ** 30n]).slice(2)),
      consumeUserResourcePercent: 100n,
      originEnergyLimit: 10_000_000n,
      name: "TestToken",
    },
  });
  apply(deploy);
  const token = contractAddress(transactionId(deploy), addresses[0]!);
  const evm = (a: Uint8Array) => `0x${Buffer.from(a.subarray(1)).toString("hex")}`;
  const trigger = (from: number, data: string) =>
    signed(keys[from]!, ContractType.TriggerSmartContract, {
      ownerAddress: addresses[from]!,
      contractAddress: token,
      data: hexToBytes(data.slice(2)),
    });
  // Every sender gets tokens first (not timed).
  for (let i = 1; i < senders; i++)
    apply(trigger(0, iface.encodeFunctionData("transfer", [evm(addresses[i]!), 10n ** 24n])));
  const transactions: Transaction[] = [];
  for (let i = 0; i < count; i++) {
    const from = i % senders;
    const to = (from + 1 + (i % (senders - 1))) % senders;
    transactions.push(
      trigger(from, iface.encodeFunctionData("transfer", [evm(addresses[to]!), BigInt(i + 1)])),
    );
  }
  return { state, transactions };
}

export function applyAll(
  state: MemoryState,
  transactions: Transaction[],
  recoverer: SignatureRecoverer,
): number {
  const overlay = new StateOverlay(state);
  const start = performance.now();
  for (const tx of transactions) {
    overlay.merge(applyTransaction(overlay, tx, { mode: "push", recoverer }).changes);
  }
  return transactions.length / ((performance.now() - start) / 1000);
}

export async function engineTrc20(log: (line: string) => void, results: Record<string, number>) {
  const { state, transactions } = await trc20Fixture(200, 6_000);
  // warm-up (JIT, jump tables), then the timed run on fresh transactions of the same state
  applyAll(state, transactions.slice(0, 1_000), createNobleRecoverer());
  const native = isNativeRecoveryAvailable();
  const recoverer = native ? createNativeRecoverer() : createNobleRecoverer();
  results[`TRC-20 transfers/s, ${native ? "native" : "noble"} recovery (1 core)`] = applyAll(
    state,
    transactions.slice(1_000),
    recoverer,
  );
  if (native) {
    // As the node does it: recovery of the next chunk on 2 worker threads while this one is applied.
    const pool = createRecoveryPool({ threads: 2, useNative: true });
    try {
      const timed = transactions.slice(1_000);
      const items = timed.map((x) => ({ hash: transactionId(x), signature: x.signature[0]! }));
      await pool.recoverMany(items.slice(0, 10));
      const chunk = 500;
      const start = performance.now();
      const overlay = new StateOverlay(state);
      let next = precomputeRecoveries(pool, items.slice(0, chunk));
      for (let i = 0; i < timed.length; i += chunk) {
        const lookup = await next;
        if (i + chunk < items.length)
          next = precomputeRecoveries(pool, items.slice(i + chunk, i + 2 * chunk));
        const cached = createCachedRecoverer(createNobleRecoverer(), lookup);
        for (const x of timed.slice(i, i + chunk)) {
          overlay.merge(applyTransaction(overlay, x, { mode: "push", recoverer: cached }).changes);
        }
      }
      results["TRC-20 transfers/s, recovery pipelined on 2 worker threads"] =
        timed.length / ((performance.now() - start) / 1000);
    } finally {
      await pool.close();
    }
  }
  const recovered = new Map<Uint8Array, Uint8Array>();
  for (const tx of transactions)
    recovered.set(tx.signature[0]!, recoverer.recoverAddress(transactionId(tx), tx.signature[0]!));
  results["TRC-20 transfers/s without recovery (apply only)"] = applyAll(state, transactions.slice(1_000), {
    name: "precomputed",
    recoverAddress: (hash, sig) => recovered.get(sig) ?? recoverer.recoverAddress(hash, sig),
  });
  for (const [k, v] of Object.entries(results)) log(`${k.padEnd(52)} ${v.toFixed(0)}`);
}

export async function httpBalanceOf(log: (line: string) => void, results: Record<string, number>) {
  const art = (await compiledContracts()).TestToken!;
  const iface = new Interface(art.abi);
  const accountsFile = "/tmp/tronode-bench-contract-accounts.json";
  const { child } = await startNode([
    "--accounts",
    "20",
    "--block-time",
    "0",
    "--accounts-file",
    accountsFile,
  ]);
  try {
    const accounts = readAccountsFile(accountsFile);
    const post = async (path: string, body: unknown) =>
      (await fetch(`${BASE}${path}`, { method: "POST", body: JSON.stringify(body) })).json() as Promise<
        Record<string, unknown>
      >;
    const owner = accounts[0]!;
    const built = await post("/wallet/deploycontract", {
      owner_address: owner.address,
      abi: JSON.stringify(art.abi),
      bytecode: art.bytecode,
      parameter: iface.encodeDeploy([10n ** 30n]).slice(2),
      fee_limit: 1_000_000_000,
      consume_user_resource_percent: 100,
      origin_energy_limit: 10_000_000,
      name: "TestToken",
      visible: true,
    });
    const signature = signHash(
      sha256(hexToBytes(built.raw_data_hex as string)),
      hexToBytes(owner.privateKey),
    );
    const sent = await post("/wallet/broadcasttransaction", {
      ...built,
      signature: [Buffer.from(signature).toString("hex")],
    });
    if (sent.result !== true) throw new Error(`deploy failed: ${JSON.stringify(sent)}`);
    const contract = built.contract_address as string; // hex even with visible (Util.printCreateTransaction)
    // TronWeb's body: hex addresses, the selector and the ABI-encoded owner
    const hexBodies = accounts.map((a) => {
      const hex = bytesToHex(addressFromBase58(a.address));
      return JSON.stringify({
        owner_address: hex,
        contract_address: contract,
        function_selector: "balanceOf(address)",
        parameter: hex.slice(2).padStart(64, "0"),
      });
    });
    await load("/wallet/triggerconstantcontract", hexBodies.slice(0, 20), 8);
    const all = Array.from({ length: 20_000 }, (_, i) => hexBodies[i % hexBodies.length]!);
    const r = await load("/wallet/triggerconstantcontract", all, 32);
    results["triggerconstantcontract balanceOf req/s (HTTP)"] = r.perSecond;
    results["  p99 latency (ms)"] = r.p99;
    results["  failed answers"] = r.failures;
    log(`${"triggerconstantcontract balanceOf req/s (HTTP)".padEnd(52)} ${r.perSecond.toFixed(0)}`);
    log(`${"  p50 / p99 latency (ms)".padEnd(52)} ${r.p50} / ${r.p99}`);
    log(`${"  failed answers".padEnd(52)} ${r.failures}`);
  } finally {
    await stopNode(child);
  }
}

export async function runContractBench(
  log: (line: string) => void = console.log,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  await engineTrc20(log, results);
  await httpBalanceOf(log, results);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runContractBench();
}
