/**
 * The campaign generator: a seeded fast-check arbitrary of abstract actions — which system contract,
 * which party owns and signs it, its parameters drawn toward the boundaries java-tron checks, and how
 * the transaction is stamped (expired, too far ahead, a wrong ref-block, a duplicate). Actions name
 * parties, tokens, contracts, exchanges and proposals by index; build.ts resolves them against what
 * the chain holds when the action is sent, so one seed replays the same choices on any chain.
 */
import fc from "fast-check";
import { type Program, programArbitrary } from "./programs.js";

/** Amounts at the edges java-tron checks (0, 1 TRX, the balance, int64's ends) and in between. */
export const amount = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0n, 1n, -1n, 999_999n, 1_000_000n, 1_000_001n, 10n ** 12n) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(10n ** 12n + 1n, 2n ** 63n - 1n, -(2n ** 63n), 10n ** 18n),
  },
  { weight: 6, arbitrary: fc.bigInt(1n, 50_000_000_000n) },
);

const small = fc.oneof(fc.constantFrom(0n, 1n, -1n), fc.bigInt(1n, 1_000_000n));
const bytes = (max: number) => fc.uint8Array({ maxLength: max });
const text = (max: number) => fc.stringMatching(new RegExp(`^[a-zA-Z0-9 ._-]{0,${max}}$`));
/** Index into a list resolved at build time (modulo its length). */
const index = fc.nat(1_000);
/** 0 = BANDWIDTH, 1 = ENERGY, 2 = TRON_POWER (refused before the new resource model), 7 = none. */
const resource = fc.constantFrom(0, 1, 1, 0, 2, 7);

export type Signing = "owner" | "wrong" | "none" | "twice" | "owner+wrong";
export type Stamp = "normal" | "expired" | "far" | "bad-ref" | "duplicate";

export interface Action {
  readonly type: string;
  /** Party index of the owner (build.ts: genesis accounts first, then spares, the witness, strangers). */
  readonly owner: number;
  /** Party index of a counterpart (recipient, receiver, issuer). */
  readonly other: number;
  readonly signing: Signing;
  /** 0 = owner, 2 = the first active permission, 3 = one that usually does not exist. */
  readonly permissionId: number;
  readonly stamp: Stamp;
  /** Extra fields, per type. */
  readonly p: Record<string, unknown>;
}

const party = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 7 }) },
  { weight: 2, arbitrary: fc.integer({ min: 8, max: 11 }) },
  { weight: 1, arbitrary: fc.constant(12) },
  { weight: 1, arbitrary: fc.constant(13) },
);

/** Per contract type: its parameter choices and its weight in the mix. */
const PARAMETERS: Readonly<Record<string, readonly [number, fc.Arbitrary<Record<string, unknown>>]>> = {
  TransferContract: [12, fc.record({ amount, toSelf: fc.boolean(), badTo: fc.nat(20) })],
  TransferAssetContract: [5, fc.record({ token: index, amount })],
  AccountCreateContract: [4, fc.record({ fresh: fc.boolean(), type: fc.constantFrom(0, 0, 1, 2) })],
  AccountUpdateContract: [2, fc.record({ name: text(40) })],
  SetAccountIdContract: [2, fc.record({ id: text(40) })],
  FreezeBalanceV2Contract: [8, fc.record({ amount, resource })],
  UnfreezeBalanceV2Contract: [5, fc.record({ amount, resource })],
  DelegateResourceContract: [
    6,
    fc.record({
      amount,
      resource,
      lock: fc.boolean(),
      lockPeriod: fc.constantFrom(0n, 1n, 20n, 86_400n, -1n),
    }),
  ],
  UnDelegateResourceContract: [5, fc.record({ amount, resource })],
  WithdrawExpireUnfreezeContract: [2, fc.record({})],
  CancelAllUnfreezeV2Contract: [2, fc.record({})],
  FreezeBalanceContract: [1, fc.record({ amount, resource, duration: fc.constantFrom(0n, 3n, 4n) })],
  UnfreezeBalanceContract: [1, fc.record({ resource })],
  VoteWitnessContract: [
    4,
    fc.record({
      votes: fc.array(fc.record({ witness: fc.boolean(), count: small }), { maxLength: 3 }),
    }),
  ],
  WitnessCreateContract: [2, fc.record({ url: text(30) })],
  WitnessUpdateContract: [1, fc.record({ url: text(30) })],
  WithdrawBalanceContract: [2, fc.record({})],
  UpdateBrokerageContract: [1, fc.record({ brokerage: fc.constantFrom(-1, 0, 20, 100, 101) })],
  AssetIssueContract: [
    3,
    fc.record({
      name: fc.constantFrom("Tok", "trx", "TRX", "", "Fuzz", "a-long-token-name-over-the-limit-of-32"),
      abbr: text(6),
      totalSupply: amount,
      trxNum: fc.constantFrom(0, 1, 10),
      num: fc.constantFrom(0, 1, 3),
      startMs: fc.constantFrom(-60_000, 0, 6_000, 60_000),
      lengthMs: fc.constantFrom(-1, 0, 3_600_000, 86_400_000),
      precision: fc.constantFrom(0, 6, 7),
      url: fc.constantFrom("", "http://127.0.0.1/token"),
      freeNet: fc.constantFrom(0n, 1_000n, -1n),
    }),
  ],
  ParticipateAssetIssueContract: [2, fc.record({ token: index, amount })],
  UpdateAssetContract: [1, fc.record({ url: fc.constantFrom("", "http://127.0.0.1/u"), limit: small })],
  UnfreezeAssetContract: [1, fc.record({})],
  AccountPermissionUpdateContract: [
    2,
    fc.record({
      ownerThreshold: fc.constantFrom(0n, 1n, 2n, 3n),
      activeThreshold: fc.constantFrom(1n, 2n),
      weights: fc.array(fc.constantFrom(0n, 1n, 2n), { minLength: 1, maxLength: 3 }),
      operations: fc.constantFrom("all", "transfer", "none"),
    }),
  ],
  ProposalCreateContract: [
    2,
    fc.record({
      entries: fc.array(
        fc.record({
          id: fc.constantFrom(2, 3, 4, 6, 7, 11, 13, 9999),
          value: fc.constantFrom(-1n, 0n, 1n, 100n, 280n, 420n, 10_000_000n),
        }),
        { maxLength: 2 },
      ),
    }),
  ],
  ProposalApproveContract: [2, fc.record({ proposal: index, add: fc.boolean() })],
  ProposalDeleteContract: [1, fc.record({ proposal: index })],
  ExchangeCreateContract: [2, fc.record({ first: index, firstTrx: fc.boolean(), a: amount, b: amount })],
  ExchangeInjectContract: [1, fc.record({ exchange: index, token: index, trx: fc.boolean(), quant: amount })],
  ExchangeWithdrawContract: [
    1,
    fc.record({ exchange: index, token: index, trx: fc.boolean(), quant: amount }),
  ],
  ExchangeTransactionContract: [
    2,
    fc.record({ exchange: index, token: index, trx: fc.boolean(), quant: amount, expected: small }),
  ],
  MarketSellAssetContract: [1, fc.record({ token: index, sellTrx: fc.boolean(), sell: amount, buy: amount })],
  MarketCancelOrderContract: [1, fc.record({ order: bytes(32) })],
  UpdateSettingContract: [
    1,
    fc.record({ contract: index, percent: fc.constantFrom(-1n, 0n, 50n, 100n, 101n) }),
  ],
  UpdateEnergyLimitContract: [
    1,
    fc.record({ contract: index, limit: fc.constantFrom(-1n, 0n, 1n, 10_000_000n) }),
  ],
  ClearABIContract: [1, fc.record({ contract: index })],
  VoteAssetContract: [1, fc.record({})],
  ShieldedTransferContract: [1, fc.record({ amount })],
};

/** Every system contract type the campaign draws (the contract types are the contract runs). */
export const SYSTEM_TYPES: readonly string[] = Object.keys(PARAMETERS);

const feeLimit = fc.constantFrom(
  0n,
  1n,
  100_000n,
  10_000_000n,
  100_000_000n,
  1_000_000_000n,
  15_000_000_001n,
);
const tokenCall = fc.record({
  callValue: fc.constantFrom(0n, 0n, 0n, 1n, 1_000_000n, -1n),
  token: fc.option(index, { nil: undefined }),
  tokenValue: fc.constantFrom(0n, 1n, 10n, -1n),
});

const CONTRACT_RUNS: Readonly<Record<string, readonly [number, fc.Arbitrary<Record<string, unknown>>]>> = {
  CreateSmartContract: [
    10,
    fc.record({
      program: programArbitrary,
      /** true: the program is the constructor; false: it is deployed and runs on each trigger. */
      asConstructor: fc.boolean(),
      percent: fc.constantFrom(0n, 50n, 100n),
      originLimit: fc.constantFrom(1n, 10_000n, 10_000_000n),
      feeLimit,
      call: tokenCall,
    }),
  ],
  TriggerSmartContract: [14, fc.record({ contract: index, data: bytes(68), feeLimit, call: tokenCall })],
};

export const CONTRACT_TYPES: readonly string[] = Object.keys(CONTRACT_RUNS);

const common = {
  owner: party,
  other: party,
  signing: fc.constantFrom<Signing>(
    ...Array<Signing>(14).fill("owner"),
    "wrong",
    "none",
    "twice",
    "owner+wrong",
  ),
  permissionId: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3),
  stamp: fc.constantFrom<Stamp>(...Array<Stamp>(16).fill("normal"), "expired", "far", "bad-ref", "duplicate"),
};

function actionOf(table: typeof PARAMETERS): fc.Arbitrary<Action> {
  return fc.oneof(
    ...Object.entries(table).map(([type, [weight, p]]) => ({
      weight,
      arbitrary: fc.record({ type: fc.constant(type), ...common, p }),
    })),
  ) as fc.Arbitrary<Action>;
}

export const systemAction = actionOf(PARAMETERS);
export const contractAction = actionOf(CONTRACT_RUNS);

/** A campaign: `count` actions, about one in four a contract run, the same for the same seed. */
export function generateCampaign(seed: number, count: number): Action[] {
  const action = fc.oneof({ weight: 3, arbitrary: systemAction }, { weight: 1, arbitrary: contractAction });
  return fc.sample(action, { seed, numRuns: count });
}

export type { Program };
