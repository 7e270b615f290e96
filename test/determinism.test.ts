/**
 * Determinism (issue 15): the state digest after every block of a node equals the digest of a
 * from-genesis replay of its stored blocks in a fresh in-memory engine, and a node restarted from
 * its LevelDB data dir produces the same digests, height by height, as one that never stopped.
 * The load mixes transfers that create accounts, staking, delegation, votes and a witness
 * application; the clock is scripted so both runs see the same times and sign the same bytes.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { balanceHistoryStartChanges, genesisOf } from "@tronode/chain";
import {
  applyBlock,
  blockReference,
  bytesToHex,
  ChainProperties,
  type Clock,
  ContractType,
  createGenesis,
  createNobleRecoverer,
  MemoryState,
  packContract,
  ResourceCode,
  signHash,
  Tables,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { createNode, DEFAULT_MNEMONIC, deriveDevAccounts, TRON_HD_PATH, type TronNode } from "@tronode/node";
import { createChainStore, createMemoryStorage } from "@tronode/storage";
import { afterAll, describe, expect, it } from "vitest";

const TRX = 1_000_000n;
const START = 1_800_000_000_000n;

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function stranger(i: number): Uint8Array {
  const a = new Uint8Array(21);
  a[0] = 0x41;
  a[20] = i;
  a[10] = 0x77;
  return a;
}

async function send(node: TronNode, from: number, type: ContractType, value: Record<string, unknown>) {
  const props = new ChainProperties(node.chain.headView);
  const owner = node.accounts[from]!;
  const tx = create(TransactionSchema, {
    rawData: {
      ...blockReference(props.headNumber, props.headBlockId),
      expiration: props.headTimestamp + 60_000n,
      timestamp: props.headTimestamp,
      contract: [packContract(type, { ownerAddress: owner.address, ...value })],
    },
  });
  tx.signature = [signHash(transactionId(tx), owner.privateKey)];
  const answer = await node.wallet.broadcastTransaction(tx);
  expect(answer.result, `${ContractType[type]}: ${answer.message}`).toBe(true);
}

/** The scripted load of block `n` (blocks 2, 3, …; block 1 is mined at start). */
async function load(node: TronNode, n: number): Promise<void> {
  const a = node.accounts;
  const at = (k: number) => ((k % 4) + 4) % 4;
  switch ((n - 2) % 6) {
    case 0:
      await send(node, at(n), ContractType.TransferContract, { toAddress: stranger(n), amount: 2n * TRX });
      await send(node, at(n + 1), ContractType.TransferContract, {
        toAddress: a[at(n + 2)]!.address,
        amount: 7n,
      });
      break;
    case 1: // the energy freezer delegates in the next block, votes in the one after, unfreezes after that
      await send(node, at(n), ContractType.FreezeBalanceV2Contract, {
        frozenBalance: 100n * TRX,
        resource: ResourceCode.ENERGY,
      });
      await send(node, at(n + 1), ContractType.FreezeBalanceV2Contract, { frozenBalance: 50n * TRX });
      break;
    case 2:
      await send(node, at(n - 1), ContractType.DelegateResourceContract, {
        receiverAddress: a[at(n)]!.address,
        balance: 10n * TRX,
        resource: ResourceCode.ENERGY,
      });
      break;
    case 3:
      await send(node, at(n - 2), ContractType.VoteWitnessContract, {
        votes: [{ voteAddress: node.witnesses[0]!.address, voteCount: 5n }],
      });
      break;
    case 4:
      await send(node, at(n - 3), ContractType.UnfreezeBalanceV2Contract, {
        unfreezeBalance: 10n * TRX,
        resource: ResourceCode.ENERGY,
      });
      break;
    default:
      if (n === 7)
        await send(node, 3, ContractType.WitnessCreateContract, { url: new TextEncoder().encode("w") });
  }
}

interface Run {
  digests: string[];
  node?: TronNode;
}

/** Blocks 1..`blocks` with the scripted load; `restartAt` stops and reopens the node at that height. */
async function run(blocks: number, dataDir: string, restartAt?: number): Promise<Run> {
  let now = START;
  const clock: Clock = { now: () => now };
  // account 3 applies to be a witness and enters the schedule at a maintenance: the node holds its key
  const keys = deriveDevAccounts(DEFAULT_MNEMONIC, 4, TRON_HD_PATH).map((k) => k.privateKey);
  const options = {
    dataDir,
    http: false,
    blockTime: 0,
    accounts: 4,
    clock,
    maintenanceInterval: 30,
    historyBalanceLookup: true,
    extraWitnessKeys: [keys[3]!],
  };
  // blockTime 0 would mine a block per transaction; mine by hand on a 3 s grid instead
  let node = await createNode({ ...options });
  node.producer.setBlockTime(60);
  const digests: string[] = [bytesToHex(await node.dev.stateDigest())]; // after block 1 (mined at start)
  for (let n = 2; n <= blocks; n++) {
    if (n === restartAt) {
      await node.stop();
      node = await createNode({ ...options });
      node.producer.setBlockTime(60);
    }
    now += 3000n;
    await load(node, n);
    await node.dev.mine(1);
    digests.push(bytesToHex(await node.dev.stateDigest()));
  }
  return { digests, node };
}

describe("determinism", () => {
  it("a node's digest at every height equals an in-memory replay of its blocks; a restart changes nothing", async () => {
    const blocks = 24; // crosses several 30 s maintenances
    const dirA = await mkdtemp(join(tmpdir(), "tronode-det-"));
    const dirB = await mkdtemp(join(tmpdir(), "tronode-det-"));
    dirs.push(dirA, dirB);
    const a = await run(blocks, dirA);
    const b = await run(blocks, dirB, 11);
    const node = a.node!;
    try {
      expect(new ChainProperties(node.chain.committedView).headNumber).toBe(BigInt(blocks));
      expect(b.digests).toEqual(a.digests);
      expect(new Set(a.digests).size).toBe(blocks); // every block changed the state

      // the replay: genesis, then every stored block through the engine's applyBlock
      // genesis, and the node's own start-up write: the balance-history start (history is on)
      const state = new MemoryState();
      const genesis = createGenesis(genesisOf(node.config, node.accounts)).changes;
      state.apply(genesis);
      const scratch = await createChainStore({ kv: createMemoryStorage() });
      await scratch.commit(genesis);
      state.apply((await balanceHistoryStartChanges(scratch, true))!);
      await scratch.close();
      const recoverer = createNobleRecoverer();
      const replayed: string[] = [];
      for (let n = 1n; n <= BigInt(blocks); n++) {
        const block = node.chain.committedView.get(Tables.blocks, n)!;
        state.apply(applyBlock(state, block, recoverer, { traceBalances: true }).changes);
        replayed.push(bytesToHex(state.digest()));
      }
      expect(replayed).toEqual(a.digests);
    } finally {
      await a.node?.stop();
      await b.node?.stop();
    }
  });
});
