import { create } from "@bufbuild/protobuf";
import {
  blockReference,
  ChainProperties,
  type Clock,
  ContractType,
  packContract,
  signHash,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chain, createChain } from "../src/index.js";

let node: Chain;
let now = 1_900_000_000_000n;
const clock: Clock = { now: () => now };

beforeAll(async () => {
  node = await createChain({ blockTime: 60, accounts: 2, witnessCount: 3, clock });
});
afterAll(() => node?.stop());

/** One block in the next slot (the three witnesses take turns; this node holds all three keys). */
async function nextBlock() {
  now += 3000n;
  await node.controls.mine(1);
}

describe("reads at the solidified block", () => {
  it("/walletsolidity sees a transfer only once its block is solidified", async () => {
    for (let i = 0; i < 4; i++) await nextBlock();
    const [a, b] = node.accounts;
    const before = (await node.wallet.getAccount(b!.address, "head"))!.balance;
    const props = new ChainProperties(node.service.headView);
    const tx = create(TransactionSchema, {
      rawData: {
        ...blockReference(props.headNumber, props.headBlockId),
        expiration: props.headTimestamp + 60_000n,
        contract: [
          packContract(ContractType.TransferContract, {
            ownerAddress: a!.address,
            toAddress: b!.address,
            amount: 9n,
          }),
        ],
      },
    });
    tx.signature = [signHash(transactionId(tx), a!.privateKey)];
    expect((await node.wallet.broadcastTransaction(tx)).result).toBe(true);
    await nextBlock();
    const committed = new ChainProperties(node.service.committedView);
    const included = committed.headNumber;
    expect(committed.solidifiedNumber).toBeLessThan(included);
    expect((await node.wallet.getAccount(b!.address, "head"))!.balance).toBe(before + 9n);
    expect((await node.wallet.getAccount(b!.address, "solid"))!.balance).toBe(before);
    // the solid view is the state at the solidified block: its head is that block
    expect(new ChainProperties(node.service.solidView).headNumber).toBe(committed.solidifiedNumber);
    while (new ChainProperties(node.service.committedView).solidifiedNumber < included) await nextBlock();
    expect((await node.wallet.getAccount(b!.address, "solid"))!.balance).toBe(before + 9n);
  });
});
