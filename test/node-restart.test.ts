import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import {
  blockReference,
  ChainProperties,
  ContractType,
  packContract,
  signHash,
  Tables,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterEach, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function transfer(node: TronNode<string | undefined>, from: number, to: number, amount: bigint) {
  const props = new ChainProperties(node.chain.headView);
  const tx = create(TransactionSchema, {
    rawData: {
      ...blockReference(props.headNumber, props.headBlockId),
      expiration: props.headTimestamp + 60_000n,
      timestamp: props.headTimestamp,
      contract: [
        packContract(ContractType.TransferContract, {
          ownerAddress: node.accounts[from]!.address,
          toAddress: node.accounts[to]!.address,
          amount,
        }),
      ],
    },
  });
  tx.signature = [signHash(transactionId(tx), node.accounts[from]!.privateKey)];
  return node.wallet.broadcastTransaction(tx);
}

describe("a node with a LevelDB data directory", () => {
  it("resumes at the last committed block with identical state after a restart", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tronode-restart-"));
    dirs.push(dataDir);
    const first = await createNode({ dataDir, http: false, blockTime: 0, accounts: 3 });
    for (let i = 0; i < 5; i++) {
      const r = await transfer(first, 0, 1, 1_000n + BigInt(i));
      expect(r.result).toBe(true);
    }
    await first.dev.mine(2);
    const props = new ChainProperties(first.chain.committedView);
    const head = props.headNumber;
    const headId = props.headBlockId;
    const balances = first.accounts.map(
      (a) => first.chain.committedView.get(Tables.accounts, a.address)?.balance,
    );
    expect(head).toBe(8n); // block 1 at start, 5 instamined transfers, 2 mined
    await first.stop();

    const second = await createNode({ dataDir, http: false, blockTime: 0, accounts: 3 });
    try {
      const after = new ChainProperties(second.chain.committedView);
      expect(after.headNumber).toBe(head);
      expect(after.headBlockId).toEqual(headId);
      expect(
        second.accounts.map((a) => second.chain.committedView.get(Tables.accounts, a.address)?.balance),
      ).toEqual(balances);
      const block = await second.wallet.getBlockByNum(3n, "head");
      expect(block?.transactions.length).toBe(1);
      // the chain goes on from there
      expect((await transfer(second, 1, 2, 5n)).result).toBe(true);
      expect(new ChainProperties(second.chain.committedView).headNumber).toBe(head + 1n);
    } finally {
      await second.stop();
    }
  });
});
