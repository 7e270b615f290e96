import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKey,
  applyBlock,
  ContractType,
  Permission_PermissionType,
  produceBlock,
  Tables,
  TronodeError,
} from "../src/internal.js";
import {
  GENESIS_TIME,
  newChain,
  recoverer,
  signedTx,
  WITNESS,
  WITNESS_KEY,
} from "./support/chain-fixture.js";
import { CAROL_KEY } from "./support/tx-helpers.js";

/** A block produced on `state` and checked by applyBlock on the same state. */
function produceAndCheck(state: ReturnType<typeof newChain>, key: Uint8Array, timestamp: bigint) {
  const produced = produceBlock(state, {
    timestamp,
    witnessPrivateKey: key,
    witnessAddress: WITNESS,
    transactions: [],
    recoverer,
  });
  return { produced, check: () => applyBlock(state, produced.block, recoverer) };
}

describe("a witness signing blocks with its witness permission's key (localWitnessAccountAddress)", () => {
  it("accepts the first key of the witness permission once it is set, and only that key", () => {
    const state = newChain();
    const witnessKey = CAROL_KEY;
    const witnessKeyAddress = addressOfPrivateKey(witnessKey);
    // The witness's own key signs while it has no witness permission.
    const first = produceAndCheck(state, WITNESS_KEY, GENESIS_TIME + 3_000n);
    first.check();
    state.apply(first.produced.changes);

    // The witness gives its witness permission to another key (AccountPermissionUpdate).
    const update = signedTx(
      state,
      ContractType.AccountPermissionUpdateContract,
      {
        ownerAddress: WITNESS,
        owner: {
          type: Permission_PermissionType.Owner,
          permissionName: "owner",
          threshold: 1n,
          keys: [{ address: WITNESS, weight: 1n }],
        },
        witness: {
          type: Permission_PermissionType.Witness,
          permissionName: "witness",
          threshold: 1n,
          keys: [{ address: witnessKeyAddress, weight: 1n }],
        },
        actives: [
          {
            type: Permission_PermissionType.Active,
            permissionName: "active",
            threshold: 1n,
            operations: Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 0x02 : 0)), // TransferContract only
            keys: [{ address: WITNESS, weight: 1n }],
          },
        ],
      },
      [WITNESS_KEY],
    );
    const withUpdate = produceBlock(state, {
      timestamp: GENESIS_TIME + 6_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [update],
      recoverer,
    });
    expect(withUpdate.rejected.map((r) => r.error.message)).toEqual([]);
    state.apply(withUpdate.changes);
    expect(state.get(Tables.accounts, WITNESS)?.witnessPermission?.keys[0]?.address).toEqual(
      witnessKeyAddress,
    );

    // Now the witness permission's key signs valid blocks for the witness account…
    produceAndCheck(state, witnessKey, GENESIS_TIME + 9_000n).check();
    // …and the witness's own key no longer does.
    expect(() => produceAndCheck(state, WITNESS_KEY, GENESIS_TIME + 9_000n).check()).toThrow(TronodeError);
  });
});
