/**
 * Property test of the multi-signature rules: fast-check generates random permission structures
 * (1–5 keys, weights 1..10, thresholds up to sum + 2, random operation masks, occasional defects),
 * applies them with an AccountPermissionUpdateContract, then pushes a transaction with a random
 * Permission_id, contract type and signer list (duplicates, foreign keys, malformed signatures, up to
 * 6 signatures). An independent model (support/multisig-model.ts, written from the reference rules)
 * predicts every verdict: the update's validation message and stored permissions, the broadcast
 * signature check, getsignweight and getapprovedlist. The node must agree exactly.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transactionApprovedList, transactionSignWeight } from "../src/chain/sign-weight.js";
import {
  addressOfPrivateKey,
  addressToBase58,
  applyTransaction,
  bytesToHex,
  ContractType,
  INT64_MAX,
  type MemoryState,
  type Permission,
  type SignatureRecoverer,
  signHash,
  Tables,
  type Transaction,
  TronodeError,
  transactionId,
  utf8Encode,
} from "../src/internal.js";
import { ChainProperties } from "../src/state/chain-properties.js";
import { ALICE, ALICE_KEY, key, newChain, recoverer, WITNESS, WITNESS_KEY } from "./support/chain-fixture.js";
import {
  ACTIVE,
  type ModelAccount,
  type ModelPermission,
  type ModelSig,
  type ModelUpdate,
  modelApprovedList,
  modelBroadcast,
  modelSignWeight,
  modelUpdate,
  newModelAccount,
  OWNER,
  WITNESS as WITNESS_TYPE,
} from "./support/multisig-model.js";
import { contract as packed, rawTx } from "./support/tx-helpers.js";

const UPDATE_FEE = 100_000_000n;
const MULTI_SIGN_FEE = 1_000_000n;

/** Signer keys: 0..5 a shared pool, 6 the account's own key, 7..8 keys in no permission. */
const POOL = [40, 41, 42, 43, 44, 45].map(key);
const FOREIGN_KEYS = [key(90), key(91)];
const MISSING_OWNER_KEY = key(92);
const MISSING_OWNER = addressOfPrivateKey(MISSING_OWNER_KEY);
const hex = bytesToHex;

/** Recovery is the slow part (~2 ms): recover each (hash, signature) once for the three checks. */
const cache = new Map<string, Uint8Array>();
const cachedRecoverer: SignatureRecoverer = {
  name: "cached-noble",
  recoverAddress(hash, signature) {
    const k = hex(hash) + hex(signature);
    let v = cache.get(k);
    if (!v) {
      v = recoverer.recoverAddress(hash, signature);
      cache.set(k, v);
    }
    return v;
  },
};

// ---------------------------------------------------------------------------------------------
// Generators

const AVAILABLE_CANDIDATES = [0, 1, 2, 4, 10, 11, 19, 46];
const UNAVAILABLE_CANDIDATES = [7, 47, 54];
const NAMES = ["", "owner", "active", "多签", "x".repeat(32)];

type Defect =
  | "sixKeys"
  | "noKeys"
  | "zeroThreshold"
  | "longName"
  | "parent"
  | "dupKey"
  | "badKeyAddr"
  | "zeroWeight"
  | "overflow"
  | "typeSwap"
  | "operations";
type RequestDefect = "noOwner" | "noActives" | "nineActives" | "witnessToggle";
type Target = "owner" | "witness" | "active0" | "activeLast";

interface PermPlan {
  keys: number[];
  weights: number[];
  threshold: number;
  name: string;
  ops: number[];
}

const permPlan: fc.Arbitrary<PermPlan> = fc
  .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 5 })
  .chain((keys) =>
    fc
      .array(fc.integer({ min: 1, max: 10 }), { minLength: keys.length, maxLength: keys.length })
      .chain((weights) =>
        fc.record({
          keys: fc.constant(keys),
          weights: fc.constant(weights),
          // mostly reachable thresholds; sometimes above the weight sum (the update must refuse those)
          threshold: fc.oneof(
            { weight: 15, arbitrary: fc.integer({ min: 1, max: weights.reduce((a, b) => a + b, 0) }) },
            {
              weight: 1,
              arbitrary: fc.integer({ min: 1, max: 2 }).map((d) => weights.reduce((a, b) => a + b, 0) + d),
            },
          ),
          name: fc.constantFrom(...NAMES),
          ops: fc
            .tuple(
              fc.subarray(AVAILABLE_CANDIDATES),
              fc.oneof(
                { weight: 30, arbitrary: fc.constant(undefined) },
                { weight: 1, arbitrary: fc.constantFrom(...UNAVAILABLE_CANDIDATES) },
              ),
            )
            .map(([ok, bad]) => (bad === undefined ? ok : [...ok, bad])),
        }),
      ),
  );

const plan = fc.record({
  witnessAccount: fc.boolean(),
  owner: permPlan,
  // one key; the threshold stays above the weight exactly when the plan's was above its sum
  witness: permPlan.map((p) => ({
    ...p,
    keys: p.keys.slice(0, 1),
    weights: p.weights.slice(0, 1),
    threshold:
      p.threshold > p.weights.reduce((a, b) => a + b, 0)
        ? p.weights[0]! + 1
        : Math.min(p.threshold, p.weights[0]!),
  })),
  actives: fc.array(permPlan, { minLength: 1, maxLength: 3 }),
  defect: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constantFrom<Defect>(
          "sixKeys",
          "noKeys",
          "zeroThreshold",
          "longName",
          "parent",
          "dupKey",
          "badKeyAddr",
          "zeroWeight",
          "overflow",
          "typeSwap",
          "operations",
        ),
        target: fc.constantFrom<Target>("owner", "witness", "active0", "activeLast"),
      }),
    },
  ),
  requestDefect: fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<RequestDefect>("noOwner", "noActives", "nineActives", "witnessToggle"),
    },
  ),
  tx: fc.record({
    missingOwner: fc.oneof(
      { weight: 9, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    permissionId: fc.constantFrom(0, 0, 0, 0, 2, 2, 2, 3, 3, 1, 4, 9),
    contractType: fc.constantFrom(
      ContractType.TransferContract,
      ContractType.TransferContract,
      ContractType.AccountUpdateContract,
      ContractType.SetAccountIdContract,
      ContractType.AccountPermissionUpdateContract,
      ContractType.VoteWitnessContract,
      ContractType.AccountCreateContract,
      ContractType.FreezeBalanceV2Contract,
    ),
    // "permission": distinct keys of the permission the transaction names (by position), plus maybe
    // one more signer; "random": any of the 9 keys, duplicates allowed
    signerMode: fc.oneof(
      { weight: 3, arbitrary: fc.constant("permission" as const) },
      { weight: 2, arbitrary: fc.constant("random" as const) },
    ),
    picks: fc.uniqueArray(fc.nat(4), { minLength: 1, maxLength: 5 }),
    // -1: the first chosen signer once more
    extra: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 8 }) },
      { weight: 1, arbitrary: fc.constant(-1) },
    ),
    signers: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 0, maxLength: 6 }),
    sigDefect: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.record({ at: fc.nat(5), kind: fc.constantFrom("short", "v40", "v200") }) },
    ),
  }),
});
type Plan = typeof plan extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// Turning a plan into engine input and model input

interface Built {
  /** what the contract carries (engine init shape) */
  request: Record<string, unknown>;
  model: ModelUpdate;
}

interface PermData {
  type: number;
  permissionName: string;
  threshold: bigint;
  parentId: number;
  operations: Uint8Array;
  keys: { address: Uint8Array; weight: bigint }[];
}

function opsMask(types: number[]): Uint8Array {
  const m = new Uint8Array(32);
  for (const t of types) m[t >> 3]! |= 1 << (t & 7);
  return m;
}

function toModel(p: PermData): ModelPermission {
  return {
    type: p.type,
    id: 0,
    name: p.permissionName,
    threshold: p.threshold,
    parentId: p.parentId,
    operations: hex(p.operations),
    keys: p.keys.map((k) => ({ address: hex(k.address), weight: k.weight })),
  };
}

/** A stored engine permission in the model's shape. */
function storedToModel(p: Permission): ModelPermission {
  return {
    type: p.type,
    id: p.id,
    name: p.permissionName,
    threshold: p.threshold,
    parentId: p.parentId,
    operations: hex(p.operations),
    keys: p.keys.map((k) => ({ address: hex(k.address), weight: k.weight })),
  };
}

function build(pl: Plan, ownKey: Uint8Array): Built {
  const keyOf = (i: number) => (i === 6 ? ownKey : POOL[i]!);
  const make = (pp: PermPlan, type: number): PermData => ({
    type,
    permissionName: pp.name,
    threshold: BigInt(pp.threshold),
    parentId: 0,
    operations: type === ACTIVE ? opsMask(pp.ops) : new Uint8Array(),
    keys: pp.keys.map((i, n) => ({ address: addressOfPrivateKey(keyOf(i)), weight: BigInt(pp.weights[n]!) })),
  });
  let owner: PermData | undefined = make(pl.owner, OWNER);
  let witness: PermData | undefined = pl.witnessAccount ? make(pl.witness, WITNESS_TYPE) : undefined;
  let actives = pl.actives.map((a) => make(a, ACTIVE));

  if (pl.defect) {
    const target =
      pl.defect.target === "owner"
        ? owner
        : pl.defect.target === "witness"
          ? witness
          : pl.defect.target === "active0"
            ? actives[0]
            : actives[actives.length - 1];
    if (target) applyDefect(target, pl.defect.kind);
  }
  switch (pl.requestDefect) {
    case "noOwner":
      owner = undefined;
      break;
    case "noActives":
      actives = [];
      break;
    case "nineActives":
      actives = Array.from({ length: 9 }, () => make(pl.actives[0]!, ACTIVE));
      break;
    case "witnessToggle":
      witness = witness ? undefined : make(pl.witness, WITNESS_TYPE);
      break;
    default:
  }
  const request: Record<string, unknown> = { actives };
  if (owner) request.owner = owner;
  if (witness) request.witness = witness;
  return {
    request,
    model: {
      ...(owner ? { owner: toModel(owner) } : {}),
      ...(witness ? { witness: toModel(witness) } : {}),
      actives: actives.map(toModel),
    },
  };
}

function applyDefect(p: PermData, kind: Defect): void {
  const firstAddress = p.keys[0]?.address ?? addressOfPrivateKey(POOL[0]!);
  switch (kind) {
    case "sixKeys":
      p.keys = POOL.map((k) => ({ address: addressOfPrivateKey(k), weight: 1n }));
      p.threshold = 1n;
      break;
    case "noKeys":
      p.keys = [];
      break;
    case "zeroThreshold":
      p.threshold = 0n;
      break;
    case "longName":
      p.permissionName = "n".repeat(33);
      break;
    case "parent":
      p.parentId = 1;
      break;
    case "dupKey":
      p.keys = [...p.keys.slice(0, 4), { address: firstAddress, weight: 1n }];
      break;
    case "badKeyAddr":
      p.keys = [...p.keys.slice(0, 4), { address: firstAddress.slice(1), weight: 1n }];
      break;
    case "zeroWeight":
      p.keys = p.keys.map((k, i) => (i === p.keys.length - 1 ? { ...k, weight: 0n } : k));
      break;
    case "overflow":
      p.keys = [
        { address: addressOfPrivateKey(FOREIGN_KEYS[0]!), weight: INT64_MAX },
        ...p.keys.slice(0, 4).filter((k) => hex(k.address) !== hex(addressOfPrivateKey(FOREIGN_KEYS[0]!))),
      ];
      if (p.keys.length === 1) p.keys.push({ address: addressOfPrivateKey(FOREIGN_KEYS[1]!), weight: 1n });
      break;
    case "typeSwap":
      p.type = p.type === ACTIVE ? OWNER : ACTIVE;
      break;
    case "operations":
      p.operations = p.type === ACTIVE ? new Uint8Array(31) : opsMask([1]);
      break;
  }
}

function parameterFor(type: ContractType, owner: Uint8Array, other: Uint8Array): Record<string, unknown> {
  switch (type) {
    case ContractType.TransferContract:
      return { ownerAddress: owner, toAddress: other, amount: 1n };
    case ContractType.AccountUpdateContract:
      return { ownerAddress: owner, accountName: utf8Encode("renamed") };
    case ContractType.SetAccountIdContract:
      return { ownerAddress: owner, accountId: utf8Encode("property-id") };
    case ContractType.AccountPermissionUpdateContract:
      return {
        ownerAddress: owner,
        owner: { type: OWNER, threshold: 1n, keys: [{ address: owner, weight: 1n }] },
        actives: [
          { type: ACTIVE, threshold: 1n, operations: opsMask([1]), keys: [{ address: owner, weight: 1n }] },
        ],
      };
    case ContractType.VoteWitnessContract:
      return { ownerAddress: owner, votes: [{ voteAddress: WITNESS, voteCount: 1n }] };
    case ContractType.AccountCreateContract:
      return { ownerAddress: owner, accountAddress: addressOfPrivateKey(FOREIGN_KEYS[1]!) };
    default:
      return { ownerAddress: owner, frozenBalance: 1_000_000n };
  }
}

/** The planned signer indexes: random, or taken from the keys of the permission the transaction names. */
function signerList(pl: Plan, account: ModelAccount | undefined, ownKey: Uint8Array): number[] {
  const t = pl.tx;
  if (t.signerMode === "random") return t.signers;
  const named =
    account === undefined
      ? undefined
      : t.permissionId === 0
        ? account.owner
        : t.permissionId === 1
          ? account.witness
          : account.actives.find((a) => a.id === t.permissionId);
  const keys = (named ?? account?.owner)?.keys ?? [{ address: hex(addressOfPrivateKey(ownKey)), weight: 1n }];
  const all = [...POOL, ownKey, ...FOREIGN_KEYS].map((k) => hex(addressOfPrivateKey(k)));
  const chosen = [...new Set(t.picks.map((i) => i % keys.length))].map((i) => all.indexOf(keys[i]!.address));
  const list = chosen.filter((i) => i >= 0);
  const extra = t.extra === -1 ? list[0] : t.extra;
  if (extra !== undefined) list.splice(t.picks[0]! % (list.length + 1), 0, extra);
  return list;
}

/** Signs `tx` with the planned signers and returns the model's view of each signature. */
function signAll(
  tx: Transaction,
  signers: number[],
  ownKey: Uint8Array,
  sigDefect: Plan["tx"]["sigDefect"],
): ModelSig[] {
  const id = transactionId(tx);
  const keyOf = (i: number) => (i < 6 ? POOL[i]! : i === 6 ? ownKey : FOREIGN_KEYS[i - 7]!);
  const model: ModelSig[] = [];
  tx.signature = signers.map((i, n) => {
    const sig = signHash(id, keyOf(i));
    if (sigDefect && sigDefect.at === n) {
      if (sigDefect.kind === "short") {
        model.push({ kind: "short", length: 64 });
        return sig.slice(0, 64);
      }
      const v = sigDefect.kind === "v40" ? 40 : 200;
      sig[64] = v;
      model.push({ kind: "badHeader", v });
      return sig;
    }
    const signer = addressOfPrivateKey(keyOf(i));
    model.push({ kind: "ok", hex: hex(sig), signer: hex(signer), signerB58: addressToBase58(signer) });
    return sig;
  });
  return model;
}

function pushOutcome(state: MemoryState, tx: Transaction) {
  try {
    return {
      ok: true as const,
      outcome: applyTransaction(state, tx, { mode: "push", recoverer: cachedRecoverer }),
    };
  } catch (e) {
    if (e instanceof TronodeError) return { ok: false as const, code: e.code, message: e.message };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------

/** Runs one plan; counts which branches were exercised. */
function check(pl: Plan, stats: Map<string, number>): void {
  const bump = (k: string) => stats.set(k, (stats.get(k) ?? 0) + 1);
  const state = newChain();
  const address = pl.witnessAccount ? WITNESS : ALICE;
  const ownKey = pl.witnessAccount ? WITNESS_KEY : ALICE_KEY;
  const other = pl.witnessAccount ? ALICE : WITNESS;
  let model: ModelAccount = newModelAccount(hex(address), pl.witnessAccount);

  // 1. the update
  const built = build(pl, ownKey);
  const update = rawTx(state, [
    packed(ContractType.AccountPermissionUpdateContract, { ownerAddress: address, ...built.request }),
  ]);
  signAll(update, [6], ownKey, undefined);
  const balanceBefore = state.get(Tables.accounts, address)!.balance;
  const predicted = modelUpdate(model, built.model);
  const updated = pushOutcome(state, update);
  if ("error" in predicted) {
    bump("update refused");
    bump(`refused: ${predicted.error}`);
    expect(updated).toEqual({
      ok: false,
      code: "CONTRACT_VALIDATE_ERROR",
      message: `Contract validate error : ${predicted.error}`,
    });
  } else {
    bump("update accepted");
    expect(updated.ok).toBe(true);
    if (!updated.ok) return;
    state.apply(updated.outcome.changes);
    expect(updated.outcome.info.fee).toBe(UPDATE_FEE);
    expect(state.get(Tables.accounts, address)!.balance).toBe(balanceBefore - UPDATE_FEE);
    model = predicted.account;
  }
  const stored = state.get(Tables.accounts, address)!;
  expect(storedToModel(stored.ownerPermission!)).toEqual(model.owner);
  expect(stored.witnessPermission ? storedToModel(stored.witnessPermission) : undefined).toEqual(
    model.witness,
  );
  expect(stored.activePermission.map(storedToModel)).toEqual(model.actives);

  // 2. a transaction under a random permission, contract type and signer list
  const t = pl.tx;
  const owner = t.missingOwner ? MISSING_OWNER : address;
  const ownerModel = t.missingOwner ? undefined : model;
  const signerKey = t.missingOwner ? MISSING_OWNER_KEY : ownKey;
  const tx = rawTx(state, [
    packed(t.contractType, parameterFor(t.contractType, owner, other), t.permissionId),
  ]);
  const sigs = signAll(tx, signerList(pl, ownerModel, signerKey), signerKey, t.sigDefect);

  const verdict = modelBroadcast(ownerModel, hex(owner), t.contractType, t.permissionId, sigs);
  const result = pushOutcome(state, tx);
  if (verdict !== undefined) {
    bump(
      `sig: ${verdict.replace(/^[0-9a-f]{130} is signed by \w+/, "<sig> is signed by <addr>").replace(/T\w{33} has/, "<addr> has")}`,
    );
    expect(result).toEqual({ ok: false, code: "SIGERROR", message: `Validate signature error: ${verdict}` });
  } else {
    bump("sig: accepted");
    if (!result.ok) expect(result.code).not.toBe("SIGERROR");
    if (t.contractType === ContractType.TransferContract && !t.missingOwner) {
      expect(result.ok).toBe(true);
      if (result.ok) {
        bump("transfer executed");
        expect(result.outcome.info.fee).toBe(tx.signature.length > 1 ? MULTI_SIGN_FEE : 0n);
      }
    }
  }

  // 3. getsignweight and getapprovedlist on the same transaction
  const props = new ChainProperties(state);
  const weight = transactionSignWeight(state, props, tx, cachedRecoverer);
  const expected = modelSignWeight(ownerModel, t.contractType, t.permissionId, sigs);
  bump(`weight: ${expected.code}`);
  expect({
    code: weight.code,
    message: weight.message,
    permission: weight.permission ? storedToModel(weight.permission) : undefined,
    approved: weight.approvedList.map(hex),
    weight: weight.currentWeight,
  }).toEqual({ message: undefined, permission: undefined, ...expected });

  const list = transactionApprovedList(state, props, tx, cachedRecoverer);
  const expectedList = modelApprovedList(ownerModel, sigs);
  expect({ code: list.code, message: list.message, approved: list.approvedList.map(hex) }).toEqual({
    message: undefined,
    ...expectedList,
  });
}

describe("multi-signature rules against an independent model", () => {
  it("agrees on updates, broadcast verdicts, sign weights and approved lists (200 random cases)", () => {
    const stats = new Map<string, number>();
    fc.assert(
      fc.property(plan, (pl) => check(pl, stats)),
      { seed: 20240611, numRuns: 200, endOnFailure: true },
    );
    if (process.env.MULTISIG_STATS) console.log([...stats.entries()].sort());
    // the generators reach the interesting branches, not just the happy path
    const seen = [...stats.keys()];
    expect(stats.get("update accepted") ?? 0).toBeGreaterThan(40);
    expect(stats.get("update refused") ?? 0).toBeGreaterThan(40);
    expect(stats.get("transfer executed") ?? 0).toBeGreaterThan(5);
    for (const fragment of [
      "sig: sig error",
      "sig: Permission denied",
      "sig: permission isn't exit",
      "sig: Permission type is error",
      "sig: too many signatures",
      "sig: miss sig or contract",
      "not contained of permission",
      "has signed twice!",
      "more than key counts",
      "weight: ENOUGH_PERMISSION",
      "weight: NOT_ENOUGH_PERMISSION",
      "weight: PERMISSION_ERROR",
    ]) {
      expect(
        seen.some((k) => k.includes(fragment)),
        fragment,
      ).toBe(true);
    }
  });
});
