/**
 * Random sequences of Stake 2.0 operations (freeze, unfreeze, withdraw, cancel, energy delegation
 * and undelegation, transfers, time passing) checked against a small independent model: the same
 * verdict (accepted, or refused with the same text), the same balances and stakes, and the
 * invariants — TRX is conserved, the total weights equal the sum of whole-TRX stakes, nothing is
 * negative. Free bandwidth is made unlimited so that no fee is burned and conservation is exact.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKey,
  ContractType,
  type MemoryState,
  ResourceCode,
  TronodeError,
} from "../../src/internal.js";
import { ALICE, ALICE_KEY, newChain, WITNESS, WITNESS_KEY } from "../support/chain-fixture.js";
import {
  account,
  CAROL_KEY,
  commit,
  DAVE_KEY,
  edit,
  produce,
  prop,
  push,
  tx,
} from "../support/tx-helpers.js";

const TRX = 1_000_000n;
const DAY = 86_400_000n;
const KEYS = [ALICE_KEY, CAROL_KEY, DAVE_KEY];
const ADDRESSES = [ALICE, addressOfPrivateKey(CAROL_KEY), addressOfPrivateKey(DAVE_KEY)];
const START = 1_000n * TRX;
const { BANDWIDTH, ENERGY } = ResourceCode;
type Resource = typeof BANDWIDTH | typeof ENERGY;

type Op =
  | { kind: "freeze"; who: number; amount: bigint; resource: Resource }
  | { kind: "unfreeze"; who: number; amount: bigint; resource: Resource }
  | { kind: "withdraw"; who: number }
  | { kind: "cancel"; who: number }
  | { kind: "delegate"; who: number; to: number; amount: bigint }
  | { kind: "undelegate"; who: number; to: number; amount: bigint }
  | { kind: "transfer"; who: number; to: number; amount: bigint }
  | { kind: "wait"; ms: bigint };

// ---- the model: plain numbers of sun, nothing shared with the engine ----------------------------

interface Pending {
  resource: Resource;
  amount: bigint;
  expire: bigint;
}
interface ModelAccount {
  balance: bigint;
  frozen: Record<Resource, bigint>;
  delegatedOut: bigint; // energy
  acquired: bigint; // energy
  pending: Pending[];
}
interface Model {
  now: bigint;
  accounts: ModelAccount[];
  /** energy delegated from i to j */
  delegations: Map<string, bigint>;
}

const pair = (a: number, b: number) => `${a}>${b}`;

/** The model's verdict: the refusal text, or undefined after applying the operation. */
function modelApply(m: Model, op: Op): string | undefined {
  if (op.kind === "wait") {
    m.now += op.ms;
    return undefined;
  }
  const a = m.accounts[op.who]!;
  switch (op.kind) {
    case "freeze":
      if (op.amount <= 0n) return "frozenBalance must be positive";
      if (op.amount < TRX) return "frozenBalance must be greater than or equal to 1 TRX";
      if (op.amount > a.balance) return "frozenBalance must be less than or equal to accountBalance";
      a.balance -= op.amount;
      a.frozen[op.resource] += op.amount;
      return undefined;
    case "unfreeze": {
      if (a.frozen[op.resource] <= 0n)
        return op.resource === BANDWIDTH ? "no frozenBalance(BANDWIDTH)" : "no frozenBalance(Energy)";
      if (op.amount <= 0n || op.amount > a.frozen[op.resource])
        return `Invalid unfreeze_balance, [${op.amount}] is error`;
      if (a.pending.filter((p) => p.expire > m.now).length >= 32)
        return "Invalid unfreeze operation, unfreezing times is over limit";
      for (const p of a.pending) if (p.expire <= m.now) a.balance += p.amount;
      a.pending = a.pending.filter((p) => p.expire > m.now);
      a.pending.push({ resource: op.resource, amount: op.amount, expire: m.now + DAY });
      a.frozen[op.resource] -= op.amount;
      return undefined;
    }
    case "withdraw": {
      const due = a.pending.filter((p) => p.expire <= m.now).reduce((s, p) => s + p.amount, 0n);
      if (due <= 0n) return "no unFreeze balance to withdraw ";
      a.balance += due;
      a.pending = a.pending.filter((p) => p.expire > m.now);
      return undefined;
    }
    case "cancel":
      if (a.pending.length === 0) return "No unfreezeV2 list to cancel";
      for (const p of a.pending) {
        if (p.expire <= m.now) a.balance += p.amount;
        else a.frozen[p.resource] += p.amount;
      }
      a.pending = [];
      return undefined;
    case "delegate": {
      if (op.amount < TRX) return "delegateBalance must be greater than or equal to 1 TRX";
      if (a.frozen[ENERGY] < op.amount)
        return "delegateBalance must be less than or equal to available FreezeEnergyV2 balance";
      if (op.to === op.who) return "receiverAddress must not be the same as ownerAddress";
      a.frozen[ENERGY] -= op.amount;
      a.delegatedOut += op.amount;
      m.accounts[op.to]!.acquired += op.amount;
      m.delegations.set(pair(op.who, op.to), (m.delegations.get(pair(op.who, op.to)) ?? 0n) + op.amount);
      return undefined;
    }
    case "undelegate": {
      if (op.to === op.who) return "receiverAddress must not be the same as ownerAddress";
      const held = m.delegations.get(pair(op.who, op.to));
      if (held === undefined) return "delegated Resource does not exist";
      if (op.amount <= 0n) return "unDelegateBalance must be more than 0 TRX";
      if (held < op.amount)
        return `insufficient delegateFrozenBalance(Energy), request=${op.amount}, unlock_balance=${held}`;
      if (held === op.amount) m.delegations.delete(pair(op.who, op.to));
      else m.delegations.set(pair(op.who, op.to), held - op.amount);
      a.frozen[ENERGY] += op.amount;
      a.delegatedOut -= op.amount;
      m.accounts[op.to]!.acquired -= op.amount;
      return undefined;
    }
    case "transfer":
      if (op.to === op.who) return "Cannot transfer TRX to yourself.";
      if (op.amount <= 0n) return "Amount must be greater than 0.";
      if (a.balance < op.amount) return "Validate TransferContract error, balance is not sufficient.";
      a.balance -= op.amount;
      m.accounts[op.to]!.balance += op.amount;
      return undefined;
  }
}

// ---- the engine ------------------------------------------------------------------------------------

let sequence = 0n;

function engineApply(state: MemoryState, op: Op): string | undefined {
  if (op.kind === "wait") {
    produce(state, [], prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP") + op.ms);
    return undefined;
  }
  const owner = ADDRESSES[op.who]!;
  let type: ContractType;
  let parameter: Record<string, unknown>;
  switch (op.kind) {
    case "freeze":
      [type, parameter] = [
        ContractType.FreezeBalanceV2Contract,
        { ownerAddress: owner, frozenBalance: op.amount, resource: op.resource },
      ];
      break;
    case "unfreeze":
      [type, parameter] = [
        ContractType.UnfreezeBalanceV2Contract,
        { ownerAddress: owner, unfreezeBalance: op.amount, resource: op.resource },
      ];
      break;
    case "withdraw":
      [type, parameter] = [ContractType.WithdrawExpireUnfreezeContract, { ownerAddress: owner }];
      break;
    case "cancel":
      [type, parameter] = [ContractType.CancelAllUnfreezeV2Contract, { ownerAddress: owner }];
      break;
    case "delegate":
    case "undelegate":
      type =
        op.kind === "delegate"
          ? ContractType.DelegateResourceContract
          : ContractType.UnDelegateResourceContract;
      parameter = {
        ownerAddress: owner,
        receiverAddress: ADDRESSES[op.to],
        balance: op.amount,
        resource: ENERGY,
      };
      break;
    case "transfer":
      [type, parameter] = [
        ContractType.TransferContract,
        { ownerAddress: owner, toAddress: ADDRESSES[op.to], amount: op.amount },
      ];
      break;
  }
  sequence += 1n;
  const t = tx(state, type, parameter, [KEYS[op.who]!], { timestamp: sequence });
  try {
    state.apply(push(state, t).changes);
    return undefined;
  } catch (e) {
    if (!(e instanceof TronodeError)) throw e;
    return e.message.replace(/^Contract validate error : /, "");
  }
}

// ---- generators ----------------------------------------------------------------------------------

/** Mostly the first two accounts, so that sequences build on each other. */
const who = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constant(2) },
);
const resource = fc.constantFrom<Resource>(BANDWIDTH, ENERGY);
/** Amounts around the interesting edges: 0, under 1 TRX, whole and fractional TRX, over the balance. */
const amount = fc.oneof(
  fc.constantFrom(0n, -1n, TRX - 1n, TRX, 1_500_000n, START, START + 1n),
  fc.bigInt({ min: 1n, max: 300n * TRX }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("freeze" as const), who, amount, resource }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("unfreeze" as const), who, amount, resource }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), who }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delegate" as const), who, to: who, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("undelegate" as const), who, to: who, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("transfer" as const), who, to: who, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("wait" as const),
      ms: fc.constantFrom(3000n, DAY / 2n, DAY, DAY + 3000n),
    }),
  },
);

function freshChain(): MemoryState {
  const state = newChain({
    UNFREEZE_DELAY_DAYS: 1n,
    ALLOW_DELEGATE_RESOURCE: 1n,
    ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
    ALLOW_BLACKHOLE_OPTIMIZATION: 1n,
    // no bandwidth fee can be burned: conservation is exact
    FREE_NET_LIMIT: 1_000_000_000n,
  });
  edit(state, (_, props) => props.set("PUBLIC_NET_LIMIT", 1_000_000_000_000n));
  // ALICE starts with 1000 TRX at genesis; CAROL and DAVE are funded to the same.
  for (const address of ADDRESSES.slice(1)) {
    commit(
      state,
      tx(state, ContractType.TransferContract, { ownerAddress: WITNESS, toAddress: address, amount: START }, [
        WITNESS_KEY,
      ]),
    );
  }
  produce(state);
  return state;
}

function engineTotals(state: MemoryState) {
  let trx = 0n;
  let net = 0n;
  let energy = 0n;
  for (const address of ADDRESSES) {
    const a = account(state, address)!;
    const bw = a.frozenV2.filter((f) => f.type === BANDWIDTH).reduce((s, f) => s + f.amount, 0n);
    const en = a.frozenV2.filter((f) => f.type === ENERGY).reduce((s, f) => s + f.amount, 0n);
    const delegatedEnergy = a.accountResource?.delegatedFrozenV2BalanceForEnergy ?? 0n;
    const pending = a.unfrozenV2.reduce((s, u) => s + u.unfreezeAmount, 0n);
    for (const value of [a.balance, bw, en, delegatedEnergy, pending])
      expect(value).toBeGreaterThanOrEqual(0n);
    trx += a.balance + bw + en + delegatedEnergy + pending;
    net += bw / TRX;
    energy += (en + delegatedEnergy) / TRX;
  }
  return { trx, net, energy };
}

/** Hand-picked sequences run before the random ones: boundaries random sequences rarely hit. */
const EDGE_SEQUENCES: Op[][] = [
  // an unfreeze paid out exactly at its expiry, by the next unfreeze and by a withdraw
  [
    { kind: "freeze", who: 0, amount: 10n * TRX, resource: ENERGY },
    { kind: "unfreeze", who: 0, amount: TRX, resource: ENERGY },
    { kind: "wait", ms: DAY },
    { kind: "unfreeze", who: 0, amount: TRX, resource: ENERGY },
    { kind: "wait", ms: DAY },
    { kind: "withdraw", who: 0 },
  ],
  // 32 pending unfreezes, the 33rd refused, a cancel re-freezing all of them
  [
    { kind: "freeze", who: 1, amount: 100n * TRX, resource: BANDWIDTH },
    ...Array.from({ length: 33 }, (): Op => ({ kind: "unfreeze", who: 1, amount: TRX, resource: BANDWIDTH })),
    { kind: "cancel", who: 1 },
  ],
  // delegated stake cannot be unfrozen until it is undelegated
  [
    { kind: "freeze", who: 0, amount: 5n * TRX, resource: ENERGY },
    { kind: "delegate", who: 0, to: 1, amount: 3n * TRX },
    { kind: "unfreeze", who: 0, amount: 3n * TRX, resource: ENERGY },
    { kind: "undelegate", who: 0, to: 1, amount: TRX },
    { kind: "unfreeze", who: 0, amount: 3n * TRX, resource: ENERGY },
    { kind: "undelegate", who: 0, to: 1, amount: 3n * TRX },
  ],
  // fractional TRX stakes: weights move by whole-TRX floor differences
  [
    { kind: "freeze", who: 2, amount: 1_500_000n, resource: ENERGY },
    { kind: "freeze", who: 2, amount: 1_500_000n, resource: ENERGY },
    { kind: "unfreeze", who: 2, amount: 1_500_001n, resource: ENERGY },
  ],
];

describe("Stake 2.0 against an independent model", () => {
  it("agrees on verdicts and state, conserves TRX and keeps total weights equal to the stakes", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const state = freshChain();
        const model: Model = {
          now: prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP"),
          accounts: ADDRESSES.map(() => ({
            balance: START,
            frozen: { [BANDWIDTH]: 0n, [ENERGY]: 0n } as Record<Resource, bigint>,
            delegatedOut: 0n,
            acquired: 0n,
            pending: [],
          })),
          delegations: new Map(),
        };
        const start = engineTotals(state);
        expect(start.trx).toBe(3n * START);
        for (const o of ops) {
          const expected = modelApply(model, o);
          const actual = engineApply(state, o);
          expect(
            actual,
            `${o.kind} ${JSON.stringify(o, (_, v) => (typeof v === "bigint" ? `${v}` : v))}`,
          ).toBe(expected);
          ADDRESSES.forEach((address, i) => {
            const a = account(state, address)!;
            const m = model.accounts[i]!;
            expect(a.balance).toBe(m.balance);
            expect(a.frozenV2.filter((f) => f.type === ENERGY).reduce((s, f) => s + f.amount, 0n)).toBe(
              m.frozen[ENERGY],
            );
            expect(a.frozenV2.filter((f) => f.type === BANDWIDTH).reduce((s, f) => s + f.amount, 0n)).toBe(
              m.frozen[BANDWIDTH],
            );
            expect(a.accountResource?.acquiredDelegatedFrozenV2BalanceForEnergy ?? 0n).toBe(m.acquired);
            expect(a.unfrozenV2.length).toBe(m.pending.length);
          });
          const totals = engineTotals(state);
          expect(totals.trx).toBe(3n * START);
          expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(totals.net);
          expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(totals.energy);
        }
      }),
      { numRuns: 100, examples: EDGE_SEQUENCES.map((sequence) => [sequence] as [Op[]]) },
    );
  });
});
