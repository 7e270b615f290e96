/**
 * The broadcast pipeline as applyTransaction runs it (reference wire-and-http.md §7, §4.3, §4.4, §6,
 * §2): which check answers first, with java-tron's response code and client text, what each fee
 * costs, how bandwidth bytes are counted and recovered, and that the input view is never touched.
 */
import { create, fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Account_FrozenSchema,
  accountNetReport,
  addressOfPrivateKey,
  addressToBase58,
  bandwidthBytes,
  bytesToHex,
  ChainProperties,
  ContractType,
  encodeTransaction,
  hexToBytes,
  increaseUsage,
  Permission_PermissionType,
  PermissionSchema,
  rawDataBytes,
  Tables,
  type Transaction,
  Transaction_ResultSchema,
  Transaction_rawSchema,
  TransactionSchema,
  TronodeError,
  transactionId,
  utf8Encode,
} from "../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BLACKHOLE,
  BOB,
  BOB_KEY,
  GENESIS_TIME,
  newChain,
  recoverer,
  WITNESS,
} from "./support/chain-fixture.js";
import {
  account,
  balance,
  CAROL_KEY,
  commit,
  contract,
  edit,
  mutateAccount,
  produce,
  prop,
  push,
  pushError,
  RecordingView,
  rawTx,
  reject,
  sign,
  tx,
} from "./support/tx-helpers.js";

const CAROL = addressOfPrivateKey(CAROL_KEY);
const T = ContractType.TransferContract;
const ALICE_START = 1_000_000_000n;
const EXPIRED: [string, string] = ["TRANSACTION_EXPIRATION_ERROR", "Transaction expired"];
const BANDWIDTH: [string, string] = ["BANDWITH_ERROR", "Account resource insufficient error."];

function transfer(
  state: Parameters<typeof tx>[0],
  amount = 1n,
  raw: Parameters<typeof tx>[4] = {},
  keys = [ALICE_KEY],
) {
  return tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount }, keys, raw);
}

/** The inner (internal) message java-tron logs for a rejection whose client text is generic. */
function causeOf(e: TronodeError): string {
  return (e.cause as Error | undefined)?.message ?? "";
}

function withSignatures(t: Transaction, signatures: Uint8Array[]): Transaction {
  return create(TransactionSchema, { rawData: t.rawData, signature: signatures });
}

/** Alice's owner permission becomes threshold 2 over Alice and Bob (weight 1 each). */
function twoKeyOwner(state: ReturnType<typeof newChain>, owner = ALICE, keys = [ALICE, BOB], threshold = 2n) {
  mutateAccount(state, owner, (a) => {
    a.ownerPermission = create(PermissionSchema, {
      type: Permission_PermissionType.Owner,
      id: 0,
      permissionName: "owner",
      threshold,
      keys: keys.map((address) => ({ address, weight: 1n })),
    });
  });
}

describe("check order and codes of the broadcast pipeline", () => {
  it("no contract → `Contract validate error : No contract!`, before the signature and expiry checks", () => {
    const state = newChain();
    const empty = rawTx(state, [], { expiration: 0n });
    expect(pushError(state, empty)).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : No contract!",
    ]);
  });

  it("expiration before the next slot (head + 3 s) → `Transaction expired`, checked before the signature", () => {
    const state = newChain();
    const head = new ChainProperties(state).headTimestamp;
    expect(pushError(state, transfer(state, 1n, { expiration: head + 2_999n }))).toEqual(EXPIRED);
    expect(pushError(state, transfer(state, 1n, { expiration: head + 2_999n }, [BOB_KEY]))).toEqual(EXPIRED);
    expect(push(state, transfer(state, 1n, { expiration: head + 3_000n })).info.fee).toBe(0n);
    // In a block only `expiration > head` counts.
    expect(() =>
      push(state, transfer(state, 1n, { expiration: head + 1n }), { mode: "block" }),
    ).not.toThrow();
    expect(pushError(state, transfer(state, 1n, { expiration: head }), { mode: "block" })).toEqual(EXPIRED);
  });

  it("after a maintenance block (STATE_FLAG = 1) the next slot is 2 slots further (head + 9 s)", () => {
    const state = newChain();
    // Block 1 is always a maintenance block on a fresh chain (NEXT_MAINTENANCE_TIME = genesis time).
    produce(state, [], GENESIS_TIME + 3_000n);
    expect(prop(state, "STATE_FLAG")).toBe(1n);
    const head = GENESIS_TIME + 3_000n;
    expect(pushError(state, transfer(state, 1n, { expiration: head + 8_999n }))).toEqual(EXPIRED);
    push(state, transfer(state, 1n, { expiration: head + 9_000n }));
    produce(state, [], head + 9_000n);
    expect(prop(state, "STATE_FLAG")).toBe(0n);
    const head2 = head + 9_000n;
    expect(pushError(state, transfer(state, 1n, { expiration: head2 + 2_999n }))).toEqual(EXPIRED);
    push(state, transfer(state, 1n, { expiration: head2 + 3_000n }));
  });

  it("expiration beyond head + 24 h → `Transaction expired`; exactly 24 h is accepted", () => {
    const state = newChain();
    const head = new ChainProperties(state).headTimestamp;
    expect(pushError(state, transfer(state, 1n, { expiration: head + 86_400_001n }))).toEqual(EXPIRED);
    push(state, transfer(state, 1n, { expiration: head + 86_400_000n }));
  });

  it("two contracts → `contract size should be exactly 1` after the signature check (which reads contract 0 only)", () => {
    const state = newChain();
    // The second contract belongs to Carol, who did not sign: java-tron only weighs contract 0.
    const t = sign(
      rawTx(state, [
        contract(T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 1n }),
        contract(T, { ownerAddress: CAROL, toAddress: WITNESS, amount: 1n }),
      ]),
      [ALICE_KEY],
    );
    const id = bytesToHex(transactionId(t));
    expect(pushError(state, t)).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : tx ${id} contract size should be exactly 1, this is extend feature ,actual :2`,
    ]);
    // The signature check still comes first.
    expect(pushError(state, sign(t, [BOB_KEY]))[0]).toBe("SIGERROR");
    // And the contract-size check comes before TaPoS.
    const badRef = sign(
      rawTx(
        state,
        [
          contract(T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 1n }),
          contract(T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }),
        ],
        { refBlockBytes: hexToBytes("1234") },
      ),
      [ALICE_KEY],
    );
    expect(pushError(state, badRef)[1]).toMatch(/contract size should be exactly 1/);
  });

  it("TaPoS: a wrong block hash or an unknown ref block → `Tapos check error.` (after the signature)", () => {
    const state = newChain();
    const props = new ChainProperties(state);
    const wrongHash = props.headBlockId.slice(8, 16);
    wrongHash[0]! ^= 0xff;
    const tapos: [string, string] = ["TAPOS_ERROR", "Tapos check error."];
    expect(pushError(state, transfer(state, 1n, { refBlockHash: wrongHash }))).toEqual(tapos);
    expect(pushError(state, transfer(state, 1n, { refBlockBytes: hexToBytes("0001") }))).toEqual(tapos);
    expect(
      pushError(
        state,
        transfer(state, 1n, { refBlockBytes: new Uint8Array(), refBlockHash: new Uint8Array() }),
      ),
    ).toEqual(tapos);
    expect(pushError(state, transfer(state, 1n, { refBlockHash: wrongHash }, [BOB_KEY]))[0]).toBe("SIGERROR");
  });

  it("too big: raw + signatures + 2 × 64 > 512 000 → `Too big transaction with result…` with that size; TaPoS first, expiry after", () => {
    const state = newChain();
    const big = transfer(state, 1n, { data: new Uint8Array(511_750) });
    const withoutRet = encodeTransaction(big).length;
    expect(withoutRet).toBeLessThanOrEqual(512_000);
    expect(withoutRet + 128).toBeGreaterThan(512_000);
    expect(pushError(state, big)).toEqual([
      "TOO_BIG_TRANSACTION_ERROR",
      `Too big transaction with result, TxId ${bytesToHex(transactionId(big))}, the size is ${withoutRet + 128} bytes, maxTxSize 512000`,
    ]);
    expect(
      pushError(
        state,
        transfer(state, 1n, { data: new Uint8Array(511_750), refBlockBytes: hexToBytes("0001") }),
      )[0],
    ).toBe("TAPOS_ERROR");
    const head = new ChainProperties(state).headTimestamp;
    expect(
      pushError(
        state,
        transfer(state, 1n, { data: new Uint8Array(511_750), expiration: head + 90_000_000n }),
      )[0],
    ).toBe("TOO_BIG_TRANSACTION_ERROR");
  });

  it("too big with its result: a client `ret` counts in the full size when the VM is off → `Too big transaction, …`", () => {
    const state = newChain();
    const t = transfer(state, 1n, { data: new Uint8Array(511_600) });
    const withoutRet = encodeTransaction(t).length;
    expect(withoutRet + 128).toBeLessThanOrEqual(512_000);
    t.ret = [create(Transaction_ResultSchema, { assetIssueID: "x".repeat(400) })];
    const full = encodeTransaction(t).length;
    expect(full).toBeGreaterThan(512_000);
    expect(pushError(state, t)).toEqual([
      "TOO_BIG_TRANSACTION_ERROR",
      `Too big transaction, TxId ${bytesToHex(transactionId(t))}, the size is ${full} bytes, maxTxSize 512000`,
    ]);
  });

  it("duplicate → `Dup transaction.`; an expired duplicate reports the expiry first", () => {
    const state = newChain();
    const t = transfer(state, 1n);
    commit(state, t);
    expect(pushError(state, t)).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
    // Once in a block it is still a duplicate.
    produce(state, [], GENESIS_TIME + 3_000n);
    expect(pushError(state, t)).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
    produce(state, [], GENESIS_TIME + 90_000n);
    expect(pushError(state, t)).toEqual(EXPIRED);
  });

  it("fee steps come before the actuator: bandwidth, then multi-sign fee, then memo fee", () => {
    const state = newChain({ MEMO_FEE: 1_000_000n });
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 999_999n }, [ALICE_KEY]));
    twoKeyOwner(state, BOB, [BOB, CAROL], 1n);
    const tooMuch = (keys: Uint8Array[], data?: Uint8Array) =>
      tx(state, T, { ownerAddress: BOB, toAddress: ALICE, amount: 10n ** 12n }, keys, { data });
    const memo = utf8Encode("m");
    // Everything wrong at once: the multi-sign fee answers (bandwidth still comes from free net).
    const e1 = reject(() => push(state, tooMuch([BOB_KEY, CAROL_KEY], memo)));
    expect([e1.code, e1.message]).toEqual(BANDWIDTH);
    expect(causeOf(e1)).toMatch(/to multiSign$/);
    // One signature: the memo fee answers before the actuator.
    const e2 = reject(() => push(state, tooMuch([BOB_KEY], memo)));
    expect([e2.code, e2.message]).toEqual(BANDWIDTH);
    expect(causeOf(e2)).toMatch(/to memo fee$/);
    expect(pushError(state, tooMuch([BOB_KEY]))[1]).toBe(
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    );
    // Without free net or TRX for bandwidth, bandwidth answers first.
    edit(state, (_, props) => props.set("FREE_NET_LIMIT", 0n));
    mutateAccount(state, BOB, (a) => {
      a.balance = 1_000n;
    });
    const e3 = reject(() => push(state, tooMuch([BOB_KEY, CAROL_KEY], memo)));
    expect([e3.code, e3.message]).toEqual(BANDWIDTH);
    expect(causeOf(e3)).toMatch(
      /has insufficient bandwidth\[\d+\] and balance\[\d+\] to create new account$/,
    );
  });
});

describe("signature validation (§4.3) through the pipeline", () => {
  it("no signature → `miss sig or contract`; six → `too many signatures`", () => {
    const state = newChain();
    const t = transfer(state);
    expect(pushError(state, withSignatures(t, []))).toEqual([
      "SIGERROR",
      "Validate signature error: miss sig or contract",
    ]);
    const sig = t.signature[0]!;
    expect(pushError(state, withSignatures(t, Array(6).fill(sig)))).toEqual([
      "SIGERROR",
      "Validate signature error: too many signatures",
    ]);
  });

  it("a 64-byte signature → `Signature size is 64`; a longer one is read up to 65 bytes", () => {
    const state = newChain();
    const t = transfer(state);
    const sig = t.signature[0]!;
    expect(pushError(state, withSignatures(t, [sig.slice(0, 64)]))).toEqual([
      "SIGERROR",
      "Validate signature error: Signature size is 64",
    ]);
    push(state, withSignatures(t, [new Uint8Array([...sig, 0x99, 0x98])]));
  });

  it.each([
    [35, 35],
    [8, 35],
    [26, 53],
    [0x7f, 127],
    [0xff, 26],
    [0x80, -101],
  ])("v byte %i → `Header byte out of range: %i`", (v, shown) => {
    const state = newChain();
    const t = transfer(state);
    const sig = t.signature[0]!.slice();
    sig[64] = v;
    expect(pushError(state, withSignatures(t, [sig]))).toEqual([
      "SIGERROR",
      `Validate signature error: Header byte out of range: ${shown}`,
    ]);
  });

  it("v as recovery id (0/1, java-tron), as 27/28 (TronWeb) and the +4 forms are all accepted", () => {
    const state = newChain();
    const t = transfer(state);
    const sig = t.signature[0]!;
    const recId = sig[64]!;
    expect(recId === 0 || recId === 1).toBe(true);
    for (const v of [recId, recId + 27, recId + 4, recId + 31]) {
      const s = sig.slice();
      s[64] = v;
      expect(push(state, withSignatures(t, [s])).info.fee).toBe(0n);
    }
  });

  it("a signer outside the permission → `<sig hex> is signed by <base58> but it is not contained of permission.`", () => {
    const state = newChain();
    const t = transfer(state, 1n, {}, [BOB_KEY]);
    expect(pushError(state, t)).toEqual([
      "SIGERROR",
      `Validate signature error: ${bytesToHex(t.signature[0]!)} is signed by ${addressToBase58(BOB)} but it is not contained of permission.`,
    ]);
    // More signatures than keys is refused before any recovery.
    expect(pushError(state, transfer(state, 1n, {}, [ALICE_KEY, BOB_KEY]))).toEqual([
      "SIGERROR",
      "Validate signature error: Signature count is 2 more than key counts of permission : 1",
    ]);
  });

  it("multi-key owner: duplicate signer → `has signed twice!`, weight below threshold → `sig error`", () => {
    const state = newChain();
    twoKeyOwner(state);
    expect(pushError(state, transfer(state, 1n, {}, [ALICE_KEY, ALICE_KEY]))).toEqual([
      "SIGERROR",
      `Validate signature error: ${addressToBase58(ALICE)} has signed twice!`,
    ]);
    expect(pushError(state, transfer(state, 1n, {}, [ALICE_KEY]))).toEqual([
      "SIGERROR",
      "Validate signature error: sig error",
    ]);
    expect(pushError(state, transfer(state, 1n, {}, [ALICE_KEY, BOB_KEY, CAROL_KEY]))).toEqual([
      "SIGERROR",
      "Validate signature error: Signature count is 3 more than key counts of permission : 2",
    ]);
    push(state, transfer(state, 1n, {}, [BOB_KEY, ALICE_KEY]));
  });

  it("Permission_id: 2 = the default active permission; 1 and unknown ids → `permission isn't exit`; ops bit clear → `Permission denied`", () => {
    const state = newChain();
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 10_000_000n }, [ALICE_KEY]));
    const withId = (owner: Uint8Array, key: Uint8Array, id: number) =>
      tx(state, T, { ownerAddress: owner, toAddress: WITNESS, amount: 1n }, [key], {}, id);
    // Bob was created by a transfer with ALLOW_MULTI_SIGN on: owner (0) and active (2) permissions.
    push(state, withId(BOB, BOB_KEY, 2));
    expect(pushError(state, withId(BOB, BOB_KEY, 1))).toEqual([
      "SIGERROR",
      "Validate signature error: permission isn't exit",
    ]);
    expect(pushError(state, withId(BOB, BOB_KEY, 3))).toEqual([
      "SIGERROR",
      "Validate signature error: permission isn't exit",
    ]);
    mutateAccount(state, BOB, (a) => {
      a.activePermission = [
        create(PermissionSchema, { ...a.activePermission[0]!, operations: new Uint8Array(32) }),
      ];
    });
    expect(pushError(state, withId(BOB, BOB_KEY, 2))).toEqual([
      "SIGERROR",
      "Validate signature error: Permission denied",
    ]);
    mutateAccount(state, BOB, (a) => {
      a.activePermission = [
        create(PermissionSchema, { ...a.activePermission[0]!, operations: new Uint8Array(31) }),
      ];
    });
    expect(pushError(state, withId(BOB, BOB_KEY, 2))).toEqual([
      "SIGERROR",
      "Validate signature error: operations size must 32, actual: 31",
    ]);
    push(state, withId(BOB, BOB_KEY, 0));
    // Genesis accounts get the default owner and active permissions (issue #4 asks for it; java-tron's
    // initAccount sets none): Permission_id 2 works, a missing active id does not.
    push(state, withId(ALICE, ALICE_KEY, 0));
    push(state, withId(ALICE, ALICE_KEY, 2));
    expect(pushError(state, withId(ALICE, ALICE_KEY, 3))).toEqual([
      "SIGERROR",
      "Validate signature error: permission isn't exit",
    ]);
    // A missing owner account gets the default owner (0) and active (2) permissions.
    const carolActive = tx(
      state,
      T,
      { ownerAddress: CAROL, toAddress: WITNESS, amount: 1n },
      [CAROL_KEY],
      {},
      2,
    );
    expect(pushError(state, carolActive)[1]).toBe(
      `Contract validate error : account [${addressToBase58(CAROL)}] does not exist`,
    );
  });
});

describe("fees charged by the pipeline", () => {
  it("multi-sign fee: 1 TRX for more than one signature, in TransactionInfo.fee, to the blackhole", () => {
    const state = newChain();
    twoKeyOwner(state);
    const blackholeBefore = balance(state, BLACKHOLE);
    const outcome = commit(state, transfer(state, 5n, {}, [ALICE_KEY, BOB_KEY]));
    expect(outcome.info.fee).toBe(1_000_000n);
    expect(outcome.info.receipt?.netFee).toBe(0n);
    expect(balance(state, ALICE)).toBe(ALICE_START - 5n - 1_000_000n);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + 1_000_000n);
    // Threshold 1 with two signatures: still charged (the count of signatures decides).
    const relaxed = newChain();
    twoKeyOwner(relaxed, ALICE, [ALICE, BOB], 1n);
    expect(commit(relaxed, transfer(relaxed, 5n, {}, [ALICE_KEY, BOB_KEY])).info.fee).toBe(1_000_000n);
    expect(commit(relaxed, transfer(relaxed, 6n, {}, [ALICE_KEY])).info.fee).toBe(0n);
  });

  it("multi-sign fee the owner cannot pay → BANDWITH_ERROR `Account resource insufficient error.`", () => {
    const state = newChain();
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 999_999n }, [ALICE_KEY]));
    twoKeyOwner(state, BOB, [BOB, CAROL]);
    const e = reject(() =>
      push(state, tx(state, T, { ownerAddress: BOB, toAddress: ALICE, amount: 1n }, [BOB_KEY, CAROL_KEY])),
    );
    expect([e.code, e.message]).toEqual(BANDWIDTH);
    expect(causeOf(e)).toBe(`account ${addressToBase58(BOB)} insufficient balance[1000000] to multiSign`);
  });

  it("memo fee: MEMO_FEE when raw_data.data is non-empty, in TransactionInfo.fee; refused when it cannot be paid", () => {
    const state = newChain({ MEMO_FEE: 1_000_000n });
    const blackholeBefore = balance(state, BLACKHOLE);
    const outcome = commit(state, transfer(state, 7n, { data: utf8Encode("hello") }));
    expect(outcome.info.fee).toBe(1_000_000n);
    expect(balance(state, ALICE)).toBe(ALICE_START - 7n - 1_000_000n);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + 1_000_000n);
    expect(commit(state, transfer(state, 8n)).info.fee).toBe(0n);

    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 999_999n }, [ALICE_KEY]));
    const e = reject(() =>
      push(
        state,
        tx(state, T, { ownerAddress: BOB, toAddress: ALICE, amount: 1n }, [BOB_KEY], {
          data: utf8Encode("m"),
        }),
      ),
    );
    expect([e.code, e.message]).toEqual(BANDWIDTH);
    expect(causeOf(e)).toBe(`account ${addressToBase58(BOB)} insufficient balance[1000000] to memo fee`);
  });

  it("memo + multi-sign + create-account fees add up in TransactionInfo.fee (ALLOW_BLACKHOLE_OPTIMIZATION burns them)", () => {
    const state = newChain({
      MEMO_FEE: 2_000n,
      ALLOW_BLACKHOLE_OPTIMIZATION: 1n,
      CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 30n,
    });
    twoKeyOwner(state);
    const outcome = commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 1n }, [ALICE_KEY, BOB_KEY], {
        data: utf8Encode("x"),
      }),
    );
    const expected = 100_000n + 1_000_000n + 2_000n + 30n;
    expect(outcome.info.fee).toBe(expected);
    expect(prop(state, "BURN_TRX_AMOUNT")).toBe(expected);
    expect(balance(state, ALICE)).toBe(ALICE_START - 1n - expected);
  });
});

describe("bandwidth (§6)", () => {
  it("counts bytes as java-tron does: the §2.4 fixture is raw 131 + 3 + 67 per signature (+ 64 with the VM on)", () => {
    const raw = fromBinary(
      Transaction_rawSchema,
      hexToBytes(
        "0a02d8ed22082e066c3259e756f540a090bcea89305a65080112610a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412300a1541c076305e35aea1fe45a772fcaaab8a36e87bdb551215415624c12e308b03a1a6b21d9b86e3942fac1ab92b180a70b2ccb8ea8930",
      ),
    );
    const sig = hexToBytes(
      "5c23bddabccd3e4e5ebdf7d2f21dc58af9f88e0b99620374c5354e0dd9efb3a436167d95b70d2d825180bf90bc84525acb13a203f209afd5d397316f6b2c387c01",
    );
    const t = create(TransactionSchema, { rawData: raw, signature: [sig] });
    expect(bytesToHex(transactionId(t))).toBe(
      "fc33817936b06e50d4b6f1797e62f52d69af6c0da580a607241a9c03a48e390e",
    );
    expect(bytesToHex(recoverer.recoverAddress(transactionId(t), sig))).toBe(
      "415624c12e308b03a1a6b21d9b86e3942fac1ab92b",
    );
    expect(rawDataBytes(t).length).toBe(131);
    expect(bandwidthBytes(t, true)).toBe(131n + 3n + 67n + 64n);
    expect(bandwidthBytes(t, false)).toBe(131n + 3n + 67n);
    // A client `ret` is not charged when the VM is on (broadcast clears it), and is when it is off.
    t.ret = [create(Transaction_ResultSchema, { fee: 5n })];
    expect(bandwidthBytes(t, true)).toBe(265n);
    expect(bandwidthBytes(t, false)).toBe(201n + 4n);
    // Two signatures: +67.
    expect(bandwidthBytes(create(TransactionSchema, { rawData: raw, signature: [sig, sig] }), true)).toBe(
      265n + 67n,
    );
  });

  it("the pipeline charges that count: VM on → +64 per contract in receipt.net_usage", () => {
    const state = newChain({ ALLOW_CREATION_OF_CONTRACTS: 1n });
    const t = transfer(state);
    const raw = rawDataBytes(t).length;
    const wrapper = 1 + (raw < 128 ? 1 : 2);
    const outcome = commit(state, t);
    expect(outcome.info.receipt?.netUsage).toBe(BigInt(raw + wrapper + 67 + 64));
    expect(account(state, ALICE)?.freeNetUsage).toBe(BigInt(raw + wrapper + 67 + 64));
    // With the VM on, the stored transaction carries the node's own result.
    expect(outcome.transaction.ret).toHaveLength(1);
  });

  it("free net first (account and public usage), then TRX burned at TRANSACTION_FEE per byte", () => {
    const state = newChain();
    const b = bandwidthBytes(transfer(state, 1n), false);
    edit(state, (_, props) => props.set("FREE_NET_LIMIT", 2n * b + b / 2n));
    const first = commit(state, transfer(state, 1n));
    expect(first.info.receipt?.netUsage).toBe(b);
    expect(account(state, ALICE)?.freeNetUsage).toBe(b);
    expect(account(state, ALICE)?.latestConsumeFreeTime).toBe(0n);
    expect(account(state, ALICE)?.latestOprationTime).toBe(GENESIS_TIME);
    expect(prop(state, "PUBLIC_NET_USAGE")).toBe(b);
    commit(state, transfer(state, 2n));
    expect(account(state, ALICE)?.freeNetUsage).toBe(2n * b);
    expect(prop(state, "PUBLIC_NET_USAGE")).toBe(2n * b);

    const blackholeBefore = balance(state, BLACKHOLE);
    const aliceBefore = balance(state, ALICE);
    const third = commit(state, transfer(state, 3n));
    const fee = 10n * b;
    expect(third.info.receipt?.netUsage).toBe(0n);
    expect(third.info.receipt?.netFee).toBe(fee);
    expect(third.info.fee).toBe(fee);
    expect(account(state, ALICE)?.freeNetUsage).toBe(2n * b);
    expect(balance(state, ALICE)).toBe(aliceBefore - 3n - fee);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + fee);
  });

  it("the public free-net pool is a limit too", () => {
    const state = newChain();
    const b = bandwidthBytes(transfer(state, 1n), false);
    edit(state, (_, props) => props.set("PUBLIC_NET_LIMIT", b - 1n));
    const outcome = commit(state, transfer(state, 1n));
    expect(outcome.info.receipt?.netFee).toBe(10n * b);
    expect(account(state, ALICE)?.freeNetUsage).toBe(0n);
  });

  it("TRANSACTION_FEE burned goes to the fee pool with ALLOW_TRANSACTION_FEE_POOL; the create-account fee never does", () => {
    const state = newChain({ ALLOW_TRANSACTION_FEE_POOL: 1n, FREE_NET_LIMIT: 0n });
    const b = bandwidthBytes(transfer(state, 1n), false);
    const blackholeBefore = balance(state, BLACKHOLE);
    commit(state, transfer(state, 1n));
    expect(prop(state, "TRANSACTION_FEE_POOL")).toBe(10n * b);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore);
    // BandwidthProcessor.consumeFeeForNewAccount: burned or to the blackhole, not the pool.
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]));
    expect(prop(state, "TRANSACTION_FEE_POOL")).toBe(10n * b);
    expect(balance(state, BLACKHOLE)).toBe(blackholeBefore + 100_000n);
  });

  it("creating an account never uses free net: 0.1 TRX without staked net", () => {
    const state = newChain();
    const outcome = commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]),
    );
    expect(outcome.info.receipt).toMatchObject({ netUsage: 0n, netFee: 100_000n });
    expect(account(state, ALICE)?.freeNetUsage).toBe(0n);
    expect(prop(state, "PUBLIC_NET_USAGE")).toBe(0n);
  });

  it("creating an account uses staked net × CREATE_NEW_ACCOUNT_BANDWIDTH_RATE when there is enough", () => {
    const state = newChain({ CREATE_NEW_ACCOUNT_BANDWIDTH_RATE: 3n });
    mutateAccount(state, ALICE, (a) => {
      a.frozen = [create(Account_FrozenSchema, { frozenBalance: 5_000_000n })];
    });
    // Limit = 5 TRX × TOTAL_NET_LIMIT / TOTAL_NET_WEIGHT = 5 × 1000 / 5 = 1000 bytes.
    edit(state, (_, props) => {
      props.set("TOTAL_NET_WEIGHT", 5n);
      props.set("TOTAL_NET_LIMIT", 1_000n);
    });
    const t = tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]);
    const b = bandwidthBytes(t, false);
    expect(3n * b).toBeLessThanOrEqual(1_000n);
    const outcome = commit(state, t);
    expect(outcome.info.receipt).toMatchObject({ netUsage: 3n * b, netFee: 0n });
    expect(account(state, ALICE)?.netUsage).toBe(3n * b);
    expect(balance(state, ALICE)).toBe(ALICE_START - 1n);
    // The next one does not fit in what is left: the flat fee again.
    const second = commit(
      state,
      tx(state, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 1n }, [ALICE_KEY]),
    );
    expect(second.info.receipt).toMatchObject({ netUsage: 0n, netFee: 100_000n });
    // A plain transfer uses the staked net before free net.
    const plain = commit(state, transfer(state, 1n));
    expect(account(state, ALICE)?.netUsage).toBe(3n * b + (plain.info.receipt?.netUsage ?? 0n));
    expect(account(state, ALICE)?.freeNetUsage).toBe(0n);
  });

  it("BANDWITH_ERROR when neither net nor balance can pay (plain transfer and account creation)", () => {
    const state = newChain({ FREE_NET_LIMIT: 0n });
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1_000n }, [ALICE_KEY]));
    const plain = tx(state, T, { ownerAddress: BOB, toAddress: ALICE, amount: 1n }, [BOB_KEY]);
    const b = bandwidthBytes(plain, false);
    expect(10n * b).toBeGreaterThan(1_000n);
    const e1 = reject(() => push(state, plain));
    expect([e1.code, e1.message]).toEqual(BANDWIDTH);
    expect(causeOf(e1)).toBe(
      `account [${addressToBase58(BOB)}] has insufficient bandwidth[${b}] and balance[${10n * b}] to create new account`,
    );

    const creating = tx(state, T, { ownerAddress: BOB, toAddress: CAROL, amount: 1n }, [BOB_KEY]);
    const e2 = reject(() => push(state, creating));
    expect([e2.code, e2.message]).toEqual(BANDWIDTH);
    expect(causeOf(e2)).toBe(
      `account [${addressToBase58(BOB)}] has insufficient bandwidth[${bandwidthBytes(creating, false)}] and balance[100000] to create new account`,
    );
  });

  it("an account-creating transaction over MAX_CREATE_ACCOUNT_TX_SIZE (signatures excluded) → TOO_BIG_TRANSACTION_ERROR", () => {
    const state = newChain();
    const t = tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY], {
      data: new Uint8Array(1_000),
    });
    const size = encodeTransaction(t).length - 65;
    expect(pushError(state, t)).toEqual([
      "TOO_BIG_TRANSACTION_ERROR",
      `Too big new account transaction, TxId ${bytesToHex(transactionId(t))}, the size is ${size} bytes, maxTxSize 1000`,
    ]);
    // The same memo to an existing account is fine.
    push(state, transfer(state, 1n, { data: new Uint8Array(1_000) }));
    // A missing owner is reported before the size.
    const orphan = tx(state, T, { ownerAddress: CAROL, toAddress: BOB, amount: 1n }, [CAROL_KEY], {
      data: new Uint8Array(1_000),
    });
    expect(pushError(state, orphan)).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      `Contract validate error : account [${addressToBase58(CAROL)}] does not exist`,
    ]);
  });

  it("increaseUsage follows java-tron's formula over the 28 800-slot window", () => {
    // avgLast = ceil(1000·1e6/28800) = 34723; half the window later round(34723 × 0.5) = 17362 → 500.
    expect(increaseUsage(1_000n, 0n, 0n, 14_400n)).toBe(500n);
    expect(increaseUsage(1_000n, 0n, 10n, 10n)).toBe(1_000n);
    expect(increaseUsage(1_000n, 0n, 0n, 1n)).toBe(999n);
    expect(increaseUsage(1_000n, 0n, 0n, 28_799n)).toBe(0n);
    expect(increaseUsage(1_000n, 0n, 0n, 28_800n)).toBe(0n);
    expect(increaseUsage(1_000n, 270n, 0n, 14_400n)).toBe(770n);
    expect(increaseUsage(0n, 270n, 5n, 9n)).toBe(270n);
  });

  it("free-net usage recovers with the head slot: decayed to now, then the new bytes added at now", () => {
    const state = newChain();
    const t1 = transfer(state, 1n);
    const b1 = bandwidthBytes(t1, false);
    commit(state, t1);
    // Three slots later (the head slot comes from block time, never the wall clock).
    produce(state, [], GENESIS_TIME + 9_000n);
    const props = new ChainProperties(state);
    expect(props.headSlot).toBe(3n);
    const decayed = increaseUsage(b1, 0n, 0n, 3n);
    expect(accountNetReport(props, account(state, ALICE)!).freeNetUsed).toBe(decayed);
    const t2 = transfer(state, 2n);
    const b2 = bandwidthBytes(t2, false);
    commit(state, t2);
    // java-tron: increase(increase(u, 0, last, now), bytes, now, now); one combined step would differ here.
    const expected = increaseUsage(decayed, b2, 3n, 3n);
    expect(increaseUsage(b1, b2, 0n, 3n)).not.toBe(expected);
    expect(account(state, ALICE)?.freeNetUsage).toBe(expected);
    expect(account(state, ALICE)?.latestConsumeFreeTime).toBe(3n);
    expect(prop(state, "PUBLIC_NET_USAGE")).toBe(expected);
    expect(prop(state, "PUBLIC_NET_TIME")).toBe(3n);

    // Half a day later half is left; a whole day later nothing.
    produce(state, [], GENESIS_TIME + 9_000n + 14_400n * 3_000n);
    const later = new ChainProperties(state);
    expect(accountNetReport(later, account(state, ALICE)!).freeNetUsed).toBe(
      increaseUsage(expected, 0n, 3n, 14_403n),
    );
    produce(state, [], GENESIS_TIME + 9_000n + 28_800n * 3_000n);
    expect(accountNetReport(new ChainProperties(state), account(state, ALICE)!).freeNetUsed).toBe(0n);
  });
});

describe("the view passed to applyTransaction is never modified", () => {
  function snapshot(state: ReturnType<typeof newChain>) {
    return [ALICE, BOB, CAROL, WITNESS, BLACKHOLE].map((a) => {
      const acc = state.get(Tables.accounts, a);
      return acc ? bytesToHex(Tables.accounts.encodeValue(acc)) : "-";
    });
  }

  type Build = (s: ReturnType<typeof newChain>) => Transaction;
  const cases: [string, boolean, Build][] = [
    [
      "a transfer that creates an account",
      true,
      (s) =>
        tx(s, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 5n }, [ALICE_KEY], {
          data: utf8Encode("m"),
        }),
    ],
    ["a multi-signed transfer", true, (s) => transfer(s, 5n, {}, [ALICE_KEY, BOB_KEY])],
    [
      "an account name update",
      true,
      (s) =>
        tx(s, ContractType.AccountUpdateContract, { ownerAddress: BOB, accountName: utf8Encode("bob") }, [
          BOB_KEY,
        ]),
    ],
    [
      "an account id",
      true,
      (s) =>
        tx(
          s,
          ContractType.SetAccountIdContract,
          { ownerAddress: BOB, accountId: utf8Encode("bob-the-1st") },
          [BOB_KEY],
        ),
    ],
    [
      "a balance failure after fees",
      false,
      (s) =>
        tx(s, T, { ownerAddress: ALICE, toAddress: CAROL, amount: 10n ** 15n }, [ALICE_KEY], {
          data: utf8Encode("m"),
        }),
    ],
    [
      "a bandwidth failure",
      false,
      (s) => tx(s, T, { ownerAddress: BOB, toAddress: CAROL, amount: 1n }, [BOB_KEY]),
    ],
    ["a signature failure", false, (s) => transfer(s, 1n, {}, [CAROL_KEY])],
  ];

  it.each(cases)("%s (succeeds: %s)", (_, succeeds, build) => {
    const state = newChain({ MEMO_FEE: 10n, FREE_NET_LIMIT: 0n });
    commit(state, tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 50_000n }, [ALICE_KEY]));
    twoKeyOwner(state, ALICE, [ALICE, BOB], 1n);
    const t = build(state);
    const before = snapshot(state);
    const props = [
      prop(state, "PUBLIC_NET_USAGE"),
      prop(state, "BURN_TRX_AMOUNT"),
      prop(state, "TOTAL_TRANSACTION_COUNT"),
    ];
    const view = new RecordingView(state);
    let succeeded = true;
    try {
      push(view, t);
    } catch (e) {
      if (!(e instanceof TronodeError)) throw e;
      succeeded = false;
    }
    expect(succeeded).toBe(succeeds);
    expect(view.reads).toBeGreaterThan(0);
    expect(view.mutated()).toEqual([]);
    expect(snapshot(state)).toEqual(before);
    expect([
      prop(state, "PUBLIC_NET_USAGE"),
      prop(state, "BURN_TRX_AMOUNT"),
      prop(state, "TOTAL_TRANSACTION_COUNT"),
    ]).toEqual(props);
    expect(state.get(Tables.transactionIndex, transactionId(t))).toBeUndefined();
  });
});
