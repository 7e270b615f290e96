/** A chain with the market open, two TRC-10 tokens and four funded traders. */
import { create } from "@bufbuild/protobuf";
import {
  AssetIssueContractSchema,
  AssetTables,
  addressOfPrivateKey,
  bytesToHex,
  ContractType,
  type MemoryState,
  utf8Encode,
} from "../../src/internal.js";
import { ALICE, ALICE_KEY, newChain, WITNESS, WITNESS_KEY } from "../support/chain-fixture.js";
import { CAROL_KEY, commit, DAVE_KEY, edit, mutateAccount, tx } from "../support/tx-helpers.js";

export const CAROL = addressOfPrivateKey(CAROL_KEY);
export const DAVE = addressOfPrivateKey(DAVE_KEY);
export const BOB_KEY = new Uint8Array(32).fill(0x0b);
export const BOB = addressOfPrivateKey(BOB_KEY);
export const TRX = utf8Encode("_");
export const A = utf8Encode("1000001");
export const B = utf8Encode("1000002");
export const keyOf = new Map(
  [ALICE, BOB, CAROL, DAVE].map((a, i) => [bytesToHex(a), [ALICE_KEY, BOB_KEY, CAROL_KEY, DAVE_KEY][i]!]),
);

export function marketChain(parameters: Record<string, bigint> = {}): MemoryState {
  const s = newChain({ ALLOW_MARKET_TRANSACTION: 1n, ALLOW_SAME_TOKEN_NAME: 1n, ...parameters });
  for (const to of [BOB, CAROL, DAVE]) {
    commit(
      s,
      tx(
        s,
        ContractType.TransferContract,
        { ownerAddress: WITNESS, toAddress: to, amount: 10_000_000_000n },
        [WITNESS_KEY],
      ),
    );
  }
  edit(s, (overlay) => {
    for (const id of ["1000001", "1000002"]) {
      overlay.put(
        AssetTables.assetIssuesV2,
        id,
        create(AssetIssueContractSchema, {
          id,
          ownerAddress: WITNESS,
          name: utf8Encode(`T${id}`),
          totalSupply: 10n ** 15n,
        }),
      );
    }
  });
  for (const who of [ALICE, BOB, CAROL, DAVE]) {
    mutateAccount(s, who, (a) => {
      a.assetV2 = { "1000001": 1_000_000n, "1000002": 1_000_000n };
    });
  }
  return s;
}

let sequence = 0n;

export function sell(
  state: MemoryState,
  owner: Uint8Array,
  sellId: Uint8Array,
  sellQ: bigint,
  buyId: Uint8Array,
  buyQ: bigint,
) {
  sequence += 1n;
  return commit(
    state,
    tx(
      state,
      ContractType.MarketSellAssetContract,
      {
        ownerAddress: owner,
        sellTokenId: sellId,
        sellTokenQuantity: sellQ,
        buyTokenId: buyId,
        buyTokenQuantity: buyQ,
      },
      [keyOf.get(bytesToHex(owner))!],
      { timestamp: sequence },
    ),
  );
}

export function cancel(state: MemoryState, owner: Uint8Array, orderId: Uint8Array) {
  sequence += 1n;
  return commit(
    state,
    tx(
      state,
      ContractType.MarketCancelOrderContract,
      { ownerAddress: owner, orderId },
      [keyOf.get(bytesToHex(owner))!],
      {
        timestamp: sequence,
      },
    ),
  );
}
