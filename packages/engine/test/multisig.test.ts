/**
 * Multi-signature (reference wire-and-http.md §4): every AccountPermissionUpdateContract check in
 * java-tron's order with its exact message, the update's effects and fee, the broadcast signature
 * check against owner/active/witness permissions end to end through applyTransaction, adversarial
 * signature lists, and getsignweight / getapprovedlist / addtransactionsign / gettransactionsign at
 * every step of a hand-to-hand multi-sign flow.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  addTransactionSign,
  signTransaction,
  transactionApprovedList,
  transactionSignWeight,
} from "../src/chain/sign-weight.js";
import {
  addressOfPrivateKey,
  addressToBase58,
  bytesToHex,
  ContractType,
  INT64_MAX,
  type MemoryState,
  Permission_PermissionType,
  Tables,
  type Transaction,
  TransactionSchema,
  TronodeError,
  transactionId,
} from "../src/internal.js";
import { ChainProperties } from "../src/state/chain-properties.js";
import {
  ALICE,
  ALICE_KEY,
  BLACKHOLE,
  BOB,
  BOB_KEY,
  key,
  newChain,
  recoverer,
  WITNESS,
  WITNESS_KEY,
} from "./support/chain-fixture.js";
import {
  account,
  balance,
  commit,
  edit,
  tx as makeTx,
  mutateAccount,
  produce,
  prop,
  push,
  pushError,
  rawTx,
  reject,
  validateDirect,
} from "./support/tx-helpers.js";

const { Owner, Witness, Active } = Permission_PermissionType;
const UPDATE = ContractType.AccountPermissionUpdateContract;
const TRANSFER = ContractType.TransferContract;
const SET_ID = ContractType.SetAccountIdContract;
const ACCOUNT_UPDATE = ContractType.AccountUpdateContract;

const CVE = "Contract validate error : ";
const SIG = "Validate signature error: ";
const TRX = 1_000_000n;
const UPDATE_FEE = 100n * TRX;
const MULTI_SIGN_FEE = TRX;
const ALICE_START = 1_000_000_000n;

const K = [20, 21, 22, 23, 24, 25].map(key);
const A = K.map(addressOfPrivateKey);
const FOREIGN_KEY = key(99);
const FOREIGN = addressOfPrivateKey(FOREIGN_KEY);
const b58 = addressToBase58;

type KeySpec = [Uint8Array, bigint];
interface PermInit {
  type: Permission_PermissionType;
  id?: number;
  permissionName?: string;
  threshold: bigint;
  parentId?: number;
  operations?: Uint8Array;
  keys: { address: Uint8Array; weight: bigint }[];
}

function perm(
  type: Permission_PermissionType,
  keys: KeySpec[],
  threshold: bigint,
  extra: Partial<Omit<PermInit, "type" | "keys" | "threshold">> = {},
): PermInit {
  return { type, threshold, keys: keys.map(([address, weight]) => ({ address, weight })), ...extra };
}

/** A 32-byte operations mask with the given contract types set. */
function mask(...types: number[]): Uint8Array {
  const m = new Uint8Array(32);
  for (const t of types) m[t >> 3]! |= 1 << (t & 7);
  return m;
}

const DEFAULT_OPS = mask(
  0,
  1,
  2,
  3,
  4,
  5,
  6,
  8,
  9,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
  17,
  18,
  19,
  20,
  30,
  31,
  32,
  33,
  41,
  42,
  43,
  44,
  45,
);

interface UpdateRequest {
  owner?: PermInit;
  witness?: PermInit;
  actives: PermInit[];
}

/** A valid request for `address`: itself as owner and one active with the default operations. */
function selfRequest(address: Uint8Array, extra: Partial<UpdateRequest> = {}): UpdateRequest {
  return {
    owner: perm(Owner, [[address, 1n]], 1n, { permissionName: "owner" }),
    actives: [perm(Active, [[address, 1n]], 1n, { permissionName: "active", operations: DEFAULT_OPS })],
    ...extra,
  };
}

function updateTx(
  state: MemoryState,
  owner: Uint8Array,
  req: UpdateRequest,
  signers: Uint8Array[],
  permissionId = 0,
): Transaction {
  return makeTx(state, UPDATE, { ownerAddress: owner, ...req }, signers, {}, permissionId);
}

function transferTx(
  state: MemoryState,
  from: Uint8Array,
  amount: bigint,
  signers: Uint8Array[],
  permissionId = 0,
  to: Uint8Array = WITNESS,
): Transaction {
  return makeTx(state, TRANSFER, { ownerAddress: from, toAddress: to, amount }, signers, {}, permissionId);
}

/** Alice's multi-sign setup: owner = K0(1), K1(1), K2(2), threshold 2; actives as given (default: two). */
const ALICE_OWNER = perm(
  Owner,
  [
    [A[0]!, 1n],
    [A[1]!, 1n],
    [A[2]!, 2n],
  ],
  2n,
  { permissionName: "owner" },
);
const TRANSFER_ACTIVE = perm(Active, [[A[3]!, 1n]], 1n, {
  permissionName: "transfers",
  operations: mask(TRANSFER),
});
const NAMING_ACTIVE = perm(Active, [[A[4]!, 1n]], 1n, {
  permissionName: "naming",
  operations: mask(SET_ID, ACCOUNT_UPDATE),
});

function aliceMultiSig(): MemoryState {
  const state = newChain();
  commit(
    state,
    updateTx(state, ALICE, { owner: ALICE_OWNER, actives: [TRANSFER_ACTIVE, NAMING_ACTIVE] }, [ALICE_KEY]),
  );
  return state;
}

/** Gives the witness account (Zion) a witness permission. */
function zionWithWitnessPermission(): MemoryState {
  const state = newChain();
  commit(
    state,
    updateTx(
      state,
      WITNESS,
      selfRequest(WITNESS, { witness: perm(Witness, [[A[5]!, 1n]], 1n, { permissionName: "witness" }) }),
      [WITNESS_KEY],
    ),
  );
  return state;
}

/** Pushes and expects a rejection, proving the state did not change. */
function refused(state: MemoryState, t: Transaction): [string, string] {
  const before = account(state, ALICE);
  const result = pushError(state, t);
  expect(account(state, ALICE)).toEqual(before);
  return result;
}

describe("AccountPermissionUpdateContract: validation in java-tron's order", () => {
  /** Pushes Alice's update signed by her (default) owner key and returns the validate message. */
  function aliceUpdate(req: UpdateRequest): string {
    const state = newChain();
    const [code, message] = refused(state, updateTx(state, ALICE, req, [ALICE_KEY]));
    expect(code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(message.startsWith(CVE)).toBe(true);
    return message.slice(CVE.length);
  }
  function zionUpdate(req: UpdateRequest): string {
    const state = newChain();
    const [code, message] = pushError(state, updateTx(state, WITNESS, req, [WITNESS_KEY]));
    expect(code).toBe("CONTRACT_VALIDATE_ERROR");
    return message.slice(CVE.length);
  }
  const ownerWith = (p: PermInit): UpdateRequest => selfRequest(ALICE, { owner: p });
  const activeWith = (...actives: PermInit[]): UpdateRequest => selfRequest(ALICE, { actives });
  const validActive = () => perm(Active, [[ALICE, 1n]], 1n, { operations: DEFAULT_OPS });

  it("refuses the contract while ALLOW_MULTI_SIGN is off (before any other check)", () => {
    const state = newChain({ ALLOW_MULTI_SIGN: 0n });
    expect(account(state, ALICE)?.ownerPermission).toBeUndefined();
    expect(pushError(state, updateTx(state, ALICE, { actives: [] }, [ALICE_KEY]))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `${CVE}multi sign is not allowed, need to be opened by the committee`,
    ]);
  });

  it("checks the owner address and account (reached directly: the pipeline answers first)", () => {
    const state = newChain();
    expect(validateDirect(state, UPDATE, { ownerAddress: ALICE.slice(1), ...selfRequest(ALICE) })).toBe(
      "invalidate ownerAddress",
    );
    expect(validateDirect(state, UPDATE, { ownerAddress: new Uint8Array(), ...selfRequest(ALICE) })).toBe(
      "invalidate ownerAddress",
    );
    expect(validateDirect(state, UPDATE, { ownerAddress: FOREIGN, ...selfRequest(FOREIGN) })).toBe(
      "ownerAddress account does not exist",
    );
    // Through the pipeline a missing owner signing for itself passes the signature check (default
    // owner permission) and is refused by bandwidth first.
    expect(pushError(state, updateTx(state, FOREIGN, selfRequest(FOREIGN), [FOREIGN_KEY]))).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `${CVE}account [${b58(FOREIGN)}] does not exist`,
    ]);
  });

  it("requires owner, witness exactly for witnesses, and 1..8 actives", () => {
    expect(aliceUpdate({ actives: [validActive()] })).toBe("owner permission is missed");
    expect(aliceUpdate(selfRequest(ALICE, { witness: perm(Witness, [[ALICE, 1n]], 1n) }))).toBe(
      "account isn't witness can't set witness permission",
    );
    expect(aliceUpdate(activeWith())).toBe("active permission is missed");
    expect(aliceUpdate(activeWith(...Array.from({ length: 9 }, validActive)))).toBe(
      "active permission is too many",
    );
    expect(zionUpdate(selfRequest(WITNESS))).toBe("witness permission is missed");
    // the structural checks come before any permission content check
    expect(aliceUpdate({ owner: perm(Active, [], 0n), actives: [] })).toBe("active permission is missed");
  });

  it("checks the permission types: owner, then witness, then each active", () => {
    expect(aliceUpdate(ownerWith(perm(Active, [[ALICE, 1n]], 1n)))).toBe("owner permission type is error");
    expect(aliceUpdate(ownerWith(perm(Witness, [[ALICE, 1n]], 1n)))).toBe("owner permission type is error");
    expect(aliceUpdate(activeWith(validActive(), perm(Owner, [[ALICE, 1n]], 1n)))).toBe(
      "active permission type is error",
    );
    expect(zionUpdate(selfRequest(WITNESS, { witness: perm(Active, [[WITNESS, 1n]], 1n) }))).toBe(
      "witness permission type is error",
    );
    // owner checkPermission runs before the witness and active type checks
    expect(
      aliceUpdate({ owner: perm(Owner, [[ALICE, 1n]], 0n), actives: [perm(Owner, [[ALICE, 1n]], 1n)] }),
    ).toBe("permission's threshold should be greater than 0");
    expect(
      zionUpdate({
        owner: perm(Owner, [[WITNESS, 1n]], 1n),
        witness: perm(Witness, [[WITNESS, 1n]], 1n, { operations: DEFAULT_OPS }),
        actives: [perm(Owner, [[WITNESS, 1n]], 1n)],
      }),
    ).toBe("Witness permission needn't operations");
  });

  it("checkPermission: keys, threshold, name, parent — in this order", () => {
    const six = A.map((a) => [a, 1n] as KeySpec);
    expect(aliceUpdate(ownerWith(perm(Owner, six, 0n, { parentId: 3 })))).toBe(
      "number of keys in permission should not be greater than 5",
    );
    expect(aliceUpdate(ownerWith(perm(Owner, [], 0n)))).toBe("key's count should be greater than 0");
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, 1n]], 0n, { permissionName: "x".repeat(33) })))).toBe(
      "permission's threshold should be greater than 0",
    );
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, 1n]], -5n)))).toBe(
      "permission's threshold should be greater than 0",
    );
    expect(
      aliceUpdate(ownerWith(perm(Owner, [[ALICE, 1n]], 1n, { permissionName: "x".repeat(33), parentId: 1 }))),
    ).toBe("permission's name is too long");
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, 1n]], 1n, { parentId: 1 })))).toBe(
      "permission's parent should be owner",
    );
  });

  it("counts the name in Java chars (UTF-16 code units), not bytes", () => {
    // 17 emoji = 34 UTF-16 code units (17 code points): too long
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, 1n]], 1n, { permissionName: "😀".repeat(17) })))).toBe(
      "permission's name is too long",
    );
    // 32 "é" = 64 UTF-8 bytes but 32 chars: accepted
    const state = newChain();
    const long = "é".repeat(32);
    commit(
      state,
      updateTx(state, ALICE, ownerWith(perm(Owner, [[ALICE, 1n]], 1n, { permissionName: long })), [
        ALICE_KEY,
      ]),
    );
    expect(account(state, ALICE)?.ownerPermission?.permissionName).toBe(long);
  });

  it("checkPermission: distinct, valid, positive keys whose sum reaches the threshold", () => {
    expect(
      aliceUpdate(
        ownerWith(
          perm(
            Owner,
            [
              [A[0]!, 1n],
              [A[0]!, 2n],
            ],
            1n,
          ),
        ),
      ),
    ).toBe("address should be distinct in permission Owner");
    expect(
      aliceUpdate(
        activeWith(
          perm(
            Active,
            [
              [A[0]!, 1n],
              [A[0]!, 2n],
            ],
            1n,
            { operations: DEFAULT_OPS },
          ),
        ),
      ),
    ).toBe("address should be distinct in permission Active");
    const badPrefix = A[0]!.slice();
    badPrefix[0] = 0xa0;
    for (const bad of [A[0]!.slice(1), new Uint8Array(), badPrefix, new Uint8Array([...A[0]!, 0])]) {
      expect(
        aliceUpdate(
          ownerWith(
            perm(
              Owner,
              [
                [ALICE, 1n],
                [bad, 1n],
              ],
              1n,
            ),
          ),
        ),
      ).toBe("key is not a validate address");
    }
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, 0n]], 1n)))).toBe(
      "key's weight should be greater than 0",
    );
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, -1n]], 1n)))).toBe(
      "key's weight should be greater than 0",
    );
    // keys are checked one by one: the first key's weight fails before the second key's address
    expect(
      aliceUpdate(
        ownerWith(
          perm(
            Owner,
            [
              [ALICE, 0n],
              [new Uint8Array(3), 1n],
            ],
            1n,
          ),
        ),
      ),
    ).toBe("key's weight should be greater than 0");
    expect(
      aliceUpdate(
        ownerWith(
          perm(
            Owner,
            [
              [ALICE, INT64_MAX],
              [A[0]!, 1n],
            ],
            1n,
          ),
        ),
      ),
    ).toBe("long overflow");
    expect(
      aliceUpdate(
        ownerWith(
          perm(
            Owner,
            [
              [A[0]!, 1n],
              [A[1]!, 2n],
            ],
            4n,
          ),
        ),
      ),
    ).toBe("sum of all key's weight should not be less than threshold in permission Owner");
    expect(aliceUpdate(activeWith(perm(Active, [[A[0]!, 1n]], 2n, { operations: DEFAULT_OPS })))).toBe(
      "sum of all key's weight should not be less than threshold in permission Active",
    );
    expect(zionUpdate(selfRequest(WITNESS, { witness: perm(Witness, [[A[0]!, 1n]], 2n) }))).toBe(
      "sum of all key's weight should not be less than threshold in permission Witness",
    );
  });

  it("checkPermission: operations (none for owner/witness; 32 available bytes for actives)", () => {
    expect(aliceUpdate(ownerWith(perm(Owner, [[ALICE, 1n]], 1n, { operations: new Uint8Array([1]) })))).toBe(
      "Owner permission needn't operations",
    );
    for (const ops of [new Uint8Array(), new Uint8Array(31), new Uint8Array(33)]) {
      expect(aliceUpdate(activeWith(perm(Active, [[ALICE, 1n]], 1n, { operations: ops })))).toBe(
        "operations size must 32",
      );
    }
    expect(aliceUpdate(activeWith(perm(Active, [[ALICE, 1n]], 1n, { operations: mask(1, 47, 48) })))).toBe(
      "47 isn't a validate ContractType",
    );
    expect(aliceUpdate(activeWith(perm(Active, [[ALICE, 1n]], 1n, { operations: mask(7) })))).toBe(
      "7 isn't a validate ContractType",
    );
    expect(aliceUpdate(activeWith(perm(Active, [[ALICE, 1n]], 1n, { operations: mask(255) })))).toBe(
      "255 isn't a validate ContractType",
    );
    // an all-zero mask is valid; bit 46 (this contract) is available
    const state = newChain();
    commit(
      state,
      updateTx(
        state,
        ALICE,
        activeWith(
          perm(Active, [[ALICE, 1n]], 1n, { operations: new Uint8Array(32) }),
          perm(Active, [[ALICE, 1n]], 1n, { operations: mask(UPDATE) }),
        ),
        [ALICE_KEY],
      ),
    );
    expect(account(state, ALICE)?.activePermission.map((p) => p.id)).toEqual([2, 3]);
  });

  it("reads the available types from AVAILABLE_CONTRACT_TYPE", () => {
    const state = newChain();
    edit(state, (_o, props) => props.setBytes("AVAILABLE_CONTRACT_TYPE", mask(1, 47)));
    const req = activeWith(perm(Active, [[ALICE, 1n]], 1n, { operations: mask(1, 47) }));
    commit(state, updateTx(state, ALICE, req, [ALICE_KEY]));
    expect(account(state, ALICE)?.activePermission[0]?.operations).toEqual(mask(1, 47));
    const state2 = newChain();
    edit(state2, (_o, props) => props.setBytes("AVAILABLE_CONTRACT_TYPE", mask(47)));
    expect(pushError(state2, updateTx(state2, ALICE, req, [ALICE_KEY]))[1]).toBe(
      `${CVE}1 isn't a validate ContractType`,
    );
  });

  it("witness permission: exactly one key, no operations", () => {
    expect(
      zionUpdate(
        selfRequest(WITNESS, {
          witness: perm(
            Witness,
            [
              [A[0]!, 1n],
              [A[1]!, 1n],
            ],
            1n,
          ),
        }),
      ),
    ).toBe("Witness permission's key count should be 1");
    expect(
      zionUpdate(
        selfRequest(WITNESS, {
          witness: perm(
            Witness,
            A.map((a) => [a, 1n] as KeySpec),
            1n,
          ),
        }),
      ),
    ).toBe("number of keys in permission should not be greater than 5");
    expect(zionUpdate(selfRequest(WITNESS, { witness: perm(Witness, [], 1n) }))).toBe(
      "key's count should be greater than 0",
    );
    expect(
      zionUpdate(
        selfRequest(WITNESS, { witness: perm(Witness, [[A[0]!, 1n]], 1n, { operations: mask(1) }) }),
      ),
    ).toBe("Witness permission needn't operations");
  });
});

describe("AccountPermissionUpdateContract: effects and fee", () => {
  it("overwrites ids, replaces the actives and charges UPDATE_ACCOUNT_PERMISSION_FEE", () => {
    const state = newChain();
    const blackholeBefore = balance(state, BLACKHOLE);
    const req: UpdateRequest = {
      owner: { ...ALICE_OWNER, id: 9 },
      actives: [
        { ...TRANSFER_ACTIVE, id: 7 },
        { ...NAMING_ACTIVE, id: 7 },
        { ...TRANSFER_ACTIVE, id: 0, permissionName: "third" },
      ],
    };
    const outcome = commit(state, updateTx(state, ALICE, req, [ALICE_KEY]));
    const after = account(state, ALICE)!;
    expect(after.ownerPermission).toMatchObject({
      type: Owner,
      id: 0,
      permissionName: "owner",
      threshold: 2n,
    });
    expect(after.ownerPermission?.keys.map((k) => [bytesToHex(k.address), k.weight])).toEqual([
      [bytesToHex(A[0]!), 1n],
      [bytesToHex(A[1]!), 1n],
      [bytesToHex(A[2]!), 2n],
    ]);
    expect(after.activePermission.map((p) => [p.id, p.permissionName])).toEqual([
      [2, "transfers"],
      [3, "naming"],
      [4, "third"],
    ]);
    expect(after.activePermission[1]?.operations).toEqual(mask(SET_ID, ACCOUNT_UPDATE));
    expect(after.witnessPermission).toBeUndefined();
    expect(prop(state, "UPDATE_ACCOUNT_PERMISSION_FEE")).toBe(UPDATE_FEE);
    expect(outcome.info.fee).toBe(UPDATE_FEE);
    expect(outcome.info.receipt?.netFee).toBe(0n);
    expect(balance(state, ALICE)).toBe(ALICE_START - UPDATE_FEE);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + UPDATE_FEE);

    // a second update (signed under the new owner permission) replaces the list wholesale
    commit(state, updateTx(state, ALICE, { owner: ALICE_OWNER, actives: [NAMING_ACTIVE] }, [K[2]!]));
    expect(account(state, ALICE)?.activePermission.map((p) => [p.id, p.permissionName])).toEqual([
      [2, "naming"],
    ]);
    expect(balance(state, ALICE)).toBe(ALICE_START - 2n * UPDATE_FEE);
  });

  it("takes the fee from the chain parameter and burns it when the blackhole optimization is on", () => {
    const state = newChain({ UPDATE_ACCOUNT_PERMISSION_FEE: 7n, ALLOW_BLACKHOLE_OPTIMIZATION: 1n });
    const blackholeBefore = balance(state, BLACKHOLE);
    const burnedBefore = prop(state, "BURN_TRX_AMOUNT");
    const outcome = commit(state, updateTx(state, ALICE, selfRequest(ALICE), [ALICE_KEY]));
    expect(outcome.info.fee).toBe(7n);
    expect(balance(state, ALICE)).toBe(ALICE_START - 7n);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore);
    expect(prop(state, "BURN_TRX_AMOUNT")).toBe(burnedBefore + 7n);
  });

  it("gives a witness its witness permission with id 1", () => {
    const state = zionWithWitnessPermission();
    expect(account(state, WITNESS)?.witnessPermission).toMatchObject({
      type: Witness,
      id: 1,
      permissionName: "witness",
    });
    expect(account(state, WITNESS)?.witnessPermission?.keys[0]?.address).toEqual(A[5]);
  });

  it("charges the fee in execute: too little balance is an execute error and changes nothing", () => {
    const state = newChain();
    commit(
      state,
      makeTx(state, TRANSFER, { ownerAddress: ALICE, toAddress: BOB, amount: 50n * TRX }, [ALICE_KEY]),
    );
    const before = account(state, BOB);
    expect(pushError(state, updateTx(state, BOB, selfRequest(BOB), [BOB_KEY]))).toEqual([
      "CONTRACT_EXE_ERROR",
      `Contract execute error : ${bytesToHex(BOB)} insufficient balance, balance: ${50n * TRX}, amount: ${UPDATE_FEE}`,
    ]);
    expect(account(state, BOB)).toEqual(before);
  });
});

describe("broadcast signature check against permissions", () => {
  it("owner of 3 keys (1, 1, 2; threshold 2): weight sum ≥ threshold, multi-sign fee for 2+ signatures", () => {
    const state = aliceMultiSig();
    const start = balance(state, ALICE);
    expect(refused(state, transferTx(state, ALICE, 1n, [K[0]!]))).toEqual(["SIGERROR", `${SIG}sig error`]);
    expect(refused(state, transferTx(state, ALICE, 1n, [K[1]!]))).toEqual(["SIGERROR", `${SIG}sig error`]);

    const alone = commit(state, transferTx(state, ALICE, 2n, [K[2]!]));
    expect(alone.info.fee).toBe(0n);
    expect(balance(state, ALICE)).toBe(start - 2n);

    const pair = commit(state, transferTx(state, ALICE, 3n, [K[0]!, K[1]!]));
    expect(pair.info.fee).toBe(MULTI_SIGN_FEE);
    expect(pair.info.receipt?.netFee).toBe(0n);
    expect(balance(state, ALICE)).toBe(start - 2n - 3n - MULTI_SIGN_FEE);

    // signature order does not matter; three signers are fine too (weight 4)
    const all = commit(state, transferTx(state, ALICE, 4n, [K[2]!, K[1]!, K[0]!]));
    expect(all.info.fee).toBe(MULTI_SIGN_FEE);
    // the old single owner key is gone
    expect(refused(state, transferTx(state, ALICE, 5n, [ALICE_KEY]))[1]).toMatch(
      new RegExp(`^${SIG}[0-9a-f]{130} is signed by ${b58(ALICE)} but it is not contained of permission\\.$`),
    );
  });

  it("actives: the operations mask decides, the owner permission is never checked against it", () => {
    const state = aliceMultiSig();
    commit(state, transferTx(state, ALICE, 1n, [K[3]!], 2));
    expect(refused(state, transferTx(state, ALICE, 2n, [K[4]!], 3))).toEqual([
      "SIGERROR",
      `${SIG}Permission denied`,
    ]);
    commit(
      state,
      makeTx(
        state,
        SET_ID,
        { ownerAddress: ALICE, accountId: new TextEncoder().encode("alice-001") },
        [K[4]!],
        {},
        3,
      ),
    );
    expect(
      refused(
        state,
        makeTx(
          state,
          SET_ID,
          { ownerAddress: ALICE, accountId: new TextEncoder().encode("alice-002") },
          [K[3]!],
          {},
          2,
        ),
      ),
    ).toEqual(["SIGERROR", `${SIG}Permission denied`]);
    // a key of another permission is not part of this one
    expect(refused(state, transferTx(state, ALICE, 3n, [K[2]!], 2))[1]).toMatch(
      new RegExp(`is signed by ${b58(A[2]!)} but it is not contained of permission\\.$`),
    );
    // the owner may do anything, including the contract no default active allows (46)
    commit(state, updateTx(state, ALICE, { owner: ALICE_OWNER, actives: [TRANSFER_ACTIVE] }, [K[2]!]));
  });

  it("the default active permission does not include AccountPermissionUpdate (46)", () => {
    const state = newChain();
    expect(pushError(state, updateTx(state, ALICE, selfRequest(ALICE), [ALICE_KEY], 2))).toEqual([
      "SIGERROR",
      `${SIG}Permission denied`,
    ]);
    commit(state, transferTx(state, ALICE, 1n, [ALICE_KEY], 2));
  });

  it("Permission_id 1 is never valid for transactions", () => {
    const plain = aliceMultiSig();
    expect(refused(plain, transferTx(plain, ALICE, 1n, [K[2]!], 1))).toEqual([
      "SIGERROR",
      `${SIG}permission isn't exit`,
    ]);
    const zion = newChain();
    // a witness without a witness permission: no such permission
    expect(pushError(zion, transferTx(zion, WITNESS, 1n, [WITNESS_KEY], 1, ALICE))).toEqual([
      "SIGERROR",
      `${SIG}permission isn't exit`,
    ]);
    const withPermission = zionWithWitnessPermission();
    expect(pushError(withPermission, transferTx(withPermission, WITNESS, 1n, [K[5]!], 1, ALICE))).toEqual([
      "SIGERROR",
      `${SIG}Permission type is error`,
    ]);
  });

  it("missing permission ids, and defaults for a missing owner account", () => {
    const state = aliceMultiSig();
    for (const id of [4, 7, 255, -1]) {
      expect(refused(state, transferTx(state, ALICE, 1n, [K[2]!], id))).toEqual([
        "SIGERROR",
        `${SIG}permission isn't exit`,
      ]);
    }
    // an owner without an account: id 0 and 2 are its default permissions (then bandwidth refuses it)
    for (const id of [0, 2]) {
      expect(pushError(state, transferTx(state, FOREIGN, 1n, [FOREIGN_KEY], id))).toEqual([
        "CONTRACT_VALIDATE_ERROR",
        `${CVE}account [${b58(FOREIGN)}] does not exist`,
      ]);
    }
    expect(pushError(state, transferTx(state, FOREIGN, 1n, [FOREIGN_KEY], 3))).toEqual([
      "SIGERROR",
      `${SIG}permission isn't exit`,
    ]);
  });

  it("active permissions with a stored mask of the wrong size", () => {
    const state = aliceMultiSig();
    mutateAccount(state, ALICE, (a) => {
      a.activePermission[0]!.operations = new Uint8Array(31);
    });
    expect(refused(state, transferTx(state, ALICE, 1n, [K[3]!], 2))).toEqual([
      "SIGERROR",
      `${SIG}operations size must 32, actual: 31`,
    ]);
  });

  describe("adversarial signature lists (each refused, state unchanged)", () => {
    it("no signature, six signatures, more signatures than keys", () => {
      const state = aliceMultiSig();
      expect(refused(state, transferTx(state, ALICE, 1n, []))).toEqual([
        "SIGERROR",
        `${SIG}miss sig or contract`,
      ]);
      expect(
        refused(state, transferTx(state, ALICE, 1n, [K[0]!, K[1]!, K[2]!, K[3]!, K[4]!, K[5]!])),
      ).toEqual(["SIGERROR", `${SIG}too many signatures`]);
      expect(refused(state, transferTx(state, ALICE, 1n, [K[0]!, K[1]!, K[2]!, K[3]!]))).toEqual([
        "SIGERROR",
        `${SIG}Signature count is 4 more than key counts of permission : 3`,
      ]);
      expect(refused(state, transferTx(state, ALICE, 1n, [K[3]!, K[3]!], 2))).toEqual([
        "SIGERROR",
        `${SIG}Signature count is 2 more than key counts of permission : 1`,
      ]);
    });

    it("the same signer twice (same or different signature bytes)", () => {
      const state = aliceMultiSig();
      expect(refused(state, transferTx(state, ALICE, 1n, [K[0]!, K[0]!]))).toEqual([
        "SIGERROR",
        `${SIG}${b58(A[0]!)} has signed twice!`,
      ]);
      // v = 27 instead of 0/1: other bytes, same signer — duplicates are detected by address
      const t = transferTx(state, ALICE, 2n, [K[0]!, K[0]!]);
      const second = t.signature[1]!.slice();
      second[64] = second[64]! + 27;
      t.signature = [t.signature[0]!, second];
      expect(refused(state, t)).toEqual(["SIGERROR", `${SIG}${b58(A[0]!)} has signed twice!`]);
      // a foreign signer is reported before the duplicate check
      expect(refused(state, transferTx(state, ALICE, 3n, [FOREIGN_KEY, FOREIGN_KEY]))[1]).toMatch(
        /is signed by .* but it is not contained of permission\.$/,
      );
    });

    it("malformed signatures", () => {
      const state = aliceMultiSig();
      const short = transferTx(state, ALICE, 1n, [K[2]!]);
      short.signature = [short.signature[0]!.slice(0, 64)];
      expect(refused(state, short)).toEqual(["SIGERROR", `${SIG}Signature size is 64`]);
      const badV = transferTx(state, ALICE, 2n, [K[2]!]);
      badV.signature[0]![64] = 40;
      expect(refused(state, badV)).toEqual(["SIGERROR", `${SIG}Header byte out of range: 40`]);
      // a longer signature is read from its first 65 bytes
      const longer = transferTx(state, ALICE, 3n, [K[2]!]);
      longer.signature = [new Uint8Array([...longer.signature[0]!, 1, 2, 3])];
      commit(state, longer);
    });

    it("a key removed by a later update no longer signs", () => {
      const state = aliceMultiSig();
      const early = transferTx(state, ALICE, 9n, [K[2]!]);
      commit(
        state,
        updateTx(
          state,
          ALICE,
          {
            owner: perm(
              Owner,
              [
                [A[0]!, 1n],
                [A[1]!, 1n],
              ],
              2n,
            ),
            actives: [TRANSFER_ACTIVE],
          },
          [K[2]!],
        ),
      );
      const [code, message] = refused(state, early);
      expect(code).toBe("SIGERROR");
      expect(message).toBe(
        `${SIG}${bytesToHex(early.signature[0]!)} is signed by ${b58(A[2]!)} but it is not contained of permission.`,
      );
      commit(state, transferTx(state, ALICE, 10n, [K[0]!, K[1]!]));
    });

    it("a replayed transaction", () => {
      const state = aliceMultiSig();
      const t = transferTx(state, ALICE, 1n, [K[0]!, K[1]!]);
      commit(state, t);
      expect(refused(state, t)).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
    });

    it("an update whose threshold exceeds the weight sum", () => {
      const state = aliceMultiSig();
      const t = updateTx(
        state,
        ALICE,
        {
          owner: perm(
            Owner,
            [
              [A[0]!, 1n],
              [A[1]!, 1n],
            ],
            3n,
          ),
          actives: [TRANSFER_ACTIVE],
        },
        [K[2]!],
      );
      expect(refused(state, t)).toEqual([
        "CONTRACT_VALIDATE_ERROR",
        `${CVE}sum of all key's weight should not be less than threshold in permission Owner`,
      ]);
    });
  });
});

describe("getsignweight, getapprovedlist, addtransactionsign, gettransactionsign", () => {
  const props = (state: MemoryState) => new ChainProperties(state);
  const weight = (state: MemoryState, t: Transaction) =>
    transactionSignWeight(state, props(state), t, recoverer);
  const approved = (state: MemoryState, t: Transaction) =>
    transactionApprovedList(state, props(state), t, recoverer);
  const addSign = (state: MemoryState, t: Transaction, k: Uint8Array) =>
    addTransactionSign(state, props(state), t, k, recoverer);
  const hexes = (list: Uint8Array[]) => list.map(bytesToHex);
  function error(fn: () => unknown): [string, string] {
    const e = reject(fn);
    return [e.javaClass, e.message];
  }
  const PERMISSION_EXCEPTION = "org.tron.core.exception.PermissionException";

  it("a hand-to-hand multi-sign flow, checked at every step", () => {
    const state = aliceMultiSig();
    const unsigned = transferTx(state, ALICE, 1_000n, []);
    const w0 = weight(state, unsigned);
    expect(w0).toMatchObject({ code: "NOT_ENOUGH_PERMISSION", currentWeight: 0n, approvedList: [] });
    expect(w0.message).toBeUndefined();
    expect(w0.permission).toMatchObject({ type: Owner, id: 0, threshold: 2n });
    expect(approved(state, unsigned)).toEqual({ code: "SUCCESS", approvedList: [] });

    // signer K0 (weight 1)
    const s1 = addSign(state, unsigned, K[0]!);
    expect(unsigned.signature).toEqual([]);
    expect(s1.signature).toHaveLength(1);
    expect(transactionId(s1)).toEqual(transactionId(unsigned));
    const w1 = weight(state, s1);
    expect(w1).toMatchObject({ code: "NOT_ENOUGH_PERMISSION", currentWeight: 1n });
    expect(hexes(w1.approvedList)).toEqual(hexes([A[0]!]));
    expect(hexes(approved(state, s1).approvedList)).toEqual(hexes([A[0]!]));
    expect(pushError(state, s1)).toEqual(["SIGERROR", `${SIG}sig error`]);

    // K0 again, and a key outside the permission
    expect(error(() => addSign(state, s1, K[0]!))).toEqual([
      PERMISSION_EXCEPTION,
      `${b58(A[0]!)} had signed!`,
    ]);
    expect(error(() => addSign(state, s1, FOREIGN_KEY))).toEqual([
      PERMISSION_EXCEPTION,
      `${bytesToHex(FOREIGN_KEY)}'s address is ${b58(FOREIGN)} but it is not contained of permission.`,
    ]);

    // signer K1 (weight 1): enough
    const s2 = addSign(state, s1, K[1]!);
    const w2 = weight(state, s2);
    expect(w2).toMatchObject({ code: "ENOUGH_PERMISSION", currentWeight: 2n });
    expect(hexes(w2.approvedList)).toEqual(hexes([A[0]!, A[1]!]));
    expect(approved(state, s2)).toMatchObject({ code: "SUCCESS" });

    // a third signer is still possible (K2), and the node accepts any of the complete versions
    const s3 = addSign(state, s2, K[2]!);
    expect(weight(state, s3)).toMatchObject({ code: "ENOUGH_PERMISSION", currentWeight: 4n });
    const before = balance(state, ALICE);
    const outcome = commit(state, s2);
    expect(outcome.info.fee).toBe(MULTI_SIGN_FEE);
    expect(balance(state, ALICE)).toBe(before - 1_000n - MULTI_SIGN_FEE);
    // after acceptance the weights are unchanged (getsignweight does not look at the transaction store)
    expect(weight(state, s2)).toMatchObject({ code: "ENOUGH_PERMISSION", currentWeight: 2n });
    expect(pushError(state, s3)).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
  });

  it("signs under an active permission (Permission_id 2)", () => {
    const state = aliceMultiSig();
    const unsigned = transferTx(state, ALICE, 5n, [], 2);
    expect(weight(state, unsigned)).toMatchObject({
      code: "NOT_ENOUGH_PERMISSION",
      permission: { id: 2, permissionName: "transfers" },
    });
    const signed = addSign(state, unsigned, K[3]!);
    expect(weight(state, signed)).toMatchObject({ code: "ENOUGH_PERMISSION", currentWeight: 1n });
    commit(state, signed);
  });

  it("getsignweight errors: codes, messages, and whether the permission is reported", () => {
    const state = aliceMultiSig();
    const noContract = create(TransactionSchema, { rawData: { expiration: 1n } });
    expect(weight(state, noContract)).toEqual({
      approvedList: [],
      currentWeight: 0n,
      code: "OTHER_ERROR",
      message: "Invalid transaction: no valid contract",
    });
    expect(weight(state, transferTx(state, FOREIGN, 1n, [FOREIGN_KEY]))).toEqual({
      approvedList: [],
      currentWeight: 0n,
      code: "PERMISSION_ERROR",
      message: "Account does not exist!",
    });
    const id1 = weight(state, transferTx(state, ALICE, 1n, [K[2]!], 1));
    expect(id1).toMatchObject({ code: "PERMISSION_ERROR", message: "Permission for this, does not exist!" });
    expect(id1.permission).toBeUndefined();
    expect(weight(state, transferTx(state, ALICE, 1n, [K[2]!], 5))).toMatchObject({
      code: "PERMISSION_ERROR",
      message: "Permission for this, does not exist!",
    });
    const denied = weight(state, transferTx(state, ALICE, 1n, [K[4]!], 3));
    expect(denied).toMatchObject({ code: "PERMISSION_ERROR", message: "Permission denied!" });
    expect(denied.permission).toBeUndefined();
    const zion = zionWithWitnessPermission();
    expect(weight(zion, transferTx(zion, WITNESS, 1n, [K[5]!], 1, ALICE))).toMatchObject({
      code: "PERMISSION_ERROR",
      message: "Permission type is wrong!",
    });

    // signature problems keep the permission in the answer, with no approvals
    const six = transferTx(state, ALICE, 1n, [K[0]!, K[1]!, K[2]!, K[3]!, K[4]!, K[5]!]);
    const sixWeight = weight(state, six);
    expect(sixWeight).toMatchObject({
      code: "PERMISSION_ERROR",
      message: "Signature count is 6 more than key counts of permission : 3",
      approvedList: [],
      currentWeight: 0n,
    });
    expect(sixWeight.permission?.id).toBe(0);
    const foreign = transferTx(state, ALICE, 1n, [K[0]!, FOREIGN_KEY]);
    expect(weight(state, foreign)).toMatchObject({
      code: "PERMISSION_ERROR",
      message: `${bytesToHex(foreign.signature[1]!)} is signed by ${b58(FOREIGN)} but it is not contained of permission.`,
      approvedList: [],
      currentWeight: 0n,
      permission: { id: 0 },
    });
    expect(weight(state, transferTx(state, ALICE, 1n, [K[1]!, K[1]!]))).toMatchObject({
      code: "PERMISSION_ERROR",
      message: `${b58(A[1]!)} has signed twice!`,
    });
    const short = transferTx(state, ALICE, 1n, [K[0]!]);
    short.signature = [short.signature[0]!.slice(0, 10)];
    expect(weight(state, short)).toMatchObject({
      code: "SIGNATURE_FORMAT_ERROR",
      message: "Signature size is 10",
      permission: { id: 0 },
    });
    const badV = transferTx(state, ALICE, 1n, [K[0]!]);
    badV.signature[0]![64] = 200;
    expect(weight(state, badV)).toMatchObject({
      code: "COMPUTE_ADDRESS_ERROR",
      message: "Header byte out of range: -29",
    });

    // no expiration, TaPoS or signature-count cap: an expired, unreferenced transaction still weighs
    const stale = rawTx(state, transferTx(state, ALICE, 1n, []).rawData!.contract, {
      expiration: 1n,
      refBlockHash: new Uint8Array(8),
    });
    const staleSigned = addSign(state, stale, K[2]!);
    expect(weight(state, staleSigned)).toMatchObject({ code: "ENOUGH_PERMISSION", currentWeight: 2n });
  });

  it("operations mask of the wrong size: each path's own message", () => {
    const state = aliceMultiSig();
    mutateAccount(state, ALICE, (a) => {
      a.activePermission[0]!.operations = new Uint8Array(31);
    });
    const t = transferTx(state, ALICE, 1n, [], 2);
    expect(weight(state, t)).toMatchObject({
      code: "PERMISSION_ERROR",
      message: "operations size must be 32",
    });
    expect(error(() => addSign(state, t, K[3]!))).toEqual([
      PERMISSION_EXCEPTION,
      "operations size must 32, actual: 31",
    ]);
  });

  it("getapprovedlist: every signer, no permission check", () => {
    const state = aliceMultiSig();
    const t = transferTx(state, ALICE, 1n, [FOREIGN_KEY, K[0]!, K[0]!, BOB_KEY, K[5]!, WITNESS_KEY]);
    expect(approved(state, t)).toEqual({
      code: "SUCCESS",
      approvedList: [FOREIGN, A[0]!, A[0]!, addressOfPrivateKey(BOB_KEY), A[5]!, WITNESS],
    });
    expect(approved(state, create(TransactionSchema, {}))).toEqual({
      approvedList: [],
      code: "OTHER_ERROR",
      message: "Invalid transaction: no valid contract",
    });
    expect(approved(state, transferTx(state, FOREIGN, 1n, [FOREIGN_KEY]))).toEqual({
      approvedList: [],
      code: "OTHER_ERROR",
      message: "class org.tron.core.exception.PermissionException : Account does not exist!",
    });
    const short = transferTx(state, ALICE, 1n, [K[0]!, K[1]!]);
    short.signature = [short.signature[0]!, new Uint8Array(64)];
    expect(approved(state, short)).toEqual({
      approvedList: [],
      code: "SIGNATURE_FORMAT_ERROR",
      message: "Signature size is 64",
    });
    const badV = transferTx(state, ALICE, 1n, [K[0]!]);
    badV.signature[0]![64] = 40;
    expect(approved(state, badV)).toEqual({
      approvedList: [],
      code: "COMPUTE_ADDRESS_ERROR",
      message: "Header byte out of range: 40",
    });
  });

  it("addtransactionsign's own checks, in java-tron's order", () => {
    const state = aliceMultiSig();
    expect(error(() => addSign(state, transferTx(state, FOREIGN, 1n, []), FOREIGN_KEY))).toEqual([
      PERMISSION_EXCEPTION,
      "Account is not exist!",
    ]);
    expect(error(() => addSign(state, transferTx(state, ALICE, 1n, [], 1), K[0]!))).toEqual([
      PERMISSION_EXCEPTION,
      "permission isn't exit",
    ]);
    expect(error(() => addSign(state, transferTx(state, ALICE, 1n, [], 3), K[4]!))).toEqual([
      PERMISSION_EXCEPTION,
      "Permission denied",
    ]);
    const zion = zionWithWitnessPermission();
    expect(error(() => addSign(zion, transferTx(zion, WITNESS, 1n, [], 1, ALICE), K[5]!))).toEqual([
      PERMISSION_EXCEPTION,
      "Permission type is error",
    ]);
    // existing signatures are weighed first: their errors come before the new key's
    const foreign = transferTx(state, ALICE, 1n, [FOREIGN_KEY]);
    expect(error(() => addSign(state, foreign, K[0]!))).toEqual([
      PERMISSION_EXCEPTION,
      `${bytesToHex(foreign.signature[0]!)} is signed by ${b58(FOREIGN)} but it is not contained of permission.`,
    ]);
    const short = transferTx(state, ALICE, 1n, [K[0]!]);
    short.signature = [new Uint8Array(3)];
    expect(error(() => addSign(state, short, K[1]!))).toEqual([
      "org.tron.core.exception.SignatureFormatException",
      "Signature size is 3",
    ]);
    // three signatures on a 3-key permission weigh fine; the 4th key is simply not in it
    const full = transferTx(state, ALICE, 1n, [K[0]!, K[1]!, K[2]!]);
    expect(error(() => addSign(state, full, K[3]!))).toEqual([
      PERMISSION_EXCEPTION,
      `${bytesToHex(K[3]!)}'s address is ${b58(A[3]!)} but it is not contained of permission.`,
    ]);
    const over = transferTx(state, ALICE, 1n, [K[0]!, K[1]!, K[2]!, K[3]!]);
    expect(error(() => addSign(state, over, K[0]!))).toEqual([
      PERMISSION_EXCEPTION,
      "Signature count is 4 more than key counts of permission : 3",
    ]);
    expect(() => addSign(state, create(TransactionSchema, {}), K[0]!)).toThrow(TronodeError);
  });

  it("gettransactionsign appends a signature without any permission check", () => {
    const state = aliceMultiSig();
    const unsigned = transferTx(state, ALICE, 1n, []);
    const signed = signTransaction(unsigned, FOREIGN_KEY);
    expect(unsigned.signature).toEqual([]);
    expect(signed.signature).toHaveLength(1);
    expect(recoverer.recoverAddress(transactionId(signed), signed.signature[0]!)).toEqual(FOREIGN);
    // java-tron's own signatures use v = 0/1 and are deterministic
    expect(signed.signature[0]![64]).toBeLessThan(2);
    expect(signTransaction(unsigned, FOREIGN_KEY).signature).toEqual(signed.signature);
    // java reads the key as an unsigned big integer: leading zero bytes do not matter
    expect(signTransaction(unsigned, new Uint8Array([0, 0, ...FOREIGN_KEY])).signature).toEqual(
      signed.signature,
    );
    const twice = signTransaction(signed, K[0]!);
    expect(approved(state, twice).approvedList).toEqual([FOREIGN, A[0]!]);
    expect(() => signTransaction(unsigned, new Uint8Array(32))).toThrow(TronodeError);
  });
});

describe("the state view is never changed by the read-only helpers", () => {
  it("getsignweight and getapprovedlist only read", () => {
    const state = aliceMultiSig();
    const before = account(state, ALICE);
    const t = transferTx(state, ALICE, 1n, [K[0]!, K[1]!]);
    transactionSignWeight(state, new ChainProperties(state), t, recoverer);
    transactionApprovedList(state, new ChainProperties(state), t, recoverer);
    expect(account(state, ALICE)).toEqual(before);
    expect(state.get(Tables.transactionIndex, transactionId(t))).toBeUndefined();
    push(state, t);
    expect(account(state, ALICE)).toEqual(before);
  });
});

describe("a contract type java-tron has no actuator for", () => {
  // found by the oracle's generated campaign (seed 3): java-tron answers the owner's own signature so
  it("has no owner: a VoteAssetContract's signatures are checked against the empty address's permission", () => {
    const state = newChain();
    const vote = (keys: Uint8Array[]) =>
      makeTx(
        state,
        ContractType.VoteAssetContract,
        { ownerAddress: ALICE, voteAddress: [BOB], count: 1 },
        keys,
      );
    expect(pushError(state, vote([ALICE_KEY]))).toEqual([
      "SIGERROR",
      expect.stringMatching(
        new RegExp(
          `^${SIG}[0-9a-f]{130} is signed by ${b58(ALICE)} but it is not contained of permission\\.$`,
        ),
      ),
    ]);
    expect(pushError(state, vote([ALICE_KEY, BOB_KEY]))).toEqual([
      "SIGERROR",
      `${SIG}Signature count is 2 more than key counts of permission : 1`,
    ]);
  });
});

describe("producing a block after an owner's permission update", () => {
  // found by the oracle's generated campaign: java-tron's generateBlock takes no later transaction of
  // an owner whose AccountPermissionUpdateContract it took, and drops it from its queue
  it("leaves the owner's later transactions out; other owners' go in", () => {
    const state = newChain();
    const update = updateTx(state, ALICE, { owner: ALICE_OWNER, actives: [TRANSFER_ACTIVE] }, [ALICE_KEY]);
    const after = transferTx(state, ALICE, 1n, [ALICE_KEY]);
    const other = transferTx(state, WITNESS, 2n, [WITNESS_KEY], 0, BOB);
    const produced = produce(state, [update, after, other]);
    expect(produced.block.transactions.map((t) => bytesToHex(transactionId(t)))).toEqual(
      [update, other].map((t) => bytesToHex(transactionId(t))),
    );
    expect(produced.rejected.map((r) => [bytesToHex(transactionId(r.transaction)), r.error.message])).toEqual(
      [[bytesToHex(transactionId(after)), "its owner's permission update is in this block"]],
    );
  });
});
