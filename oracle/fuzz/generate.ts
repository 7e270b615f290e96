/**
 * The campaign generator: a seeded fast-check arbitrary of abstract actions — which system contract,
 * which party owns and signs it, its parameters drawn toward the boundaries java-tron checks, and how
 * the transaction is stamped (expired, too far ahead, a wrong ref-block, a duplicate). Actions name
 * parties, tokens, contracts, exchanges and proposals by index; build.ts resolves them against what
 * the chain holds when the action is sent, so one seed replays the same choices on any chain.
 *
 * The mix leans valid: most actions are signed as their owner's permission asks, stamped on the head
 * and owned by whoever can own them (a token's issuer, a contract's creator, the witness), so that
 * about half reach execution and later actions find state to act on; each kind of fault (a wrong or
 * missing signature, a weight under the threshold, a wrong permission id, an expired, far or
 * unlinked stamp, a duplicate, an owner that cannot own it, an amount at an edge) stays in the mix.
 * fast-check's `path` replays one action of a campaign and shrinks it (see shrinkAction).
 */
import fc from "fast-check";
import { type Program, programArbitrary } from "./programs.js";
import {
  type SolidityCall,
  type SolidityDeploy,
  solidityCallArbitrary,
  solidityDeployArbitrary,
} from "./solidity.js";

/** Amounts at the edges java-tron checks (0, 1 TRX, int64's ends) and, mostly, ones an account can pay. */
export const amount = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(0n, 1n, -1n, 999_999n, 1_000_000n, 1_000_001n, 10n ** 12n) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(10n ** 12n + 1n, 2n ** 63n - 1n, -(2n ** 63n), 10n ** 18n),
  },
  { weight: 10, arbitrary: fc.bigInt(1_000_000n, 20_000_000_000n) },
  { weight: 3, arbitrary: fc.bigInt(1n, 999_999n) },
);

const small = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(0n, -1n) },
  { weight: 6, arbitrary: fc.bigInt(1n, 1_000n) },
);
const bytes = (max: number) => fc.uint8Array({ maxLength: max });
const text = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-zA-Z0-9 ._-]{${min},${max}}$`));
/** Index into a list resolved at build time (modulo its length). */
const index = fc.nat(1_000);
/** 0 = BANDWIDTH, 1 = ENERGY, 2 = TRON_POWER (refused before the new resource model), 7 = none. */
const resource = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(0, 1) },
  { weight: 1, arbitrary: fc.constantFrom(2, 7) },
);
/** Whether the owner is the one who may act (a token's issuer, a contract's creator, ...). */
const own = fc.oneof(
  { weight: 5, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);

/**
 * How the transaction is signed: `valid` with the keys its permission needs (the owner's key until
 * the campaign changes the permission), `under` one key short of the threshold, `wrong` with a key
 * the permission does not hold, `none`, `twice` the same key twice, `extra` valid plus a stranger.
 */
export type Signing = "valid" | "under" | "wrong" | "none" | "twice" | "extra";
export type Stamp = "normal" | "expired" | "far" | "bad-ref" | "duplicate";

export interface Action {
  readonly type: string;
  /** Party index of the owner (build.ts: genesis accounts first, then spares, the witness, strangers). */
  readonly owner: number;
  /** Party index of a counterpart (recipient, receiver, issuer). */
  readonly other: number;
  readonly signing: Signing;
  /** 0 = owner, 2 = the first active permission, 3 = a second one (usually missing), 9 = none. */
  readonly permissionId: number;
  readonly stamp: Stamp;
  /** Extra fields, per type. */
  readonly p: Record<string, unknown>;
}

/** Party indices: 0–7 genesis accounts, 8–11 spares (created by the campaign), 12 the witness, 13 nobody. */
export const PARTIES = { genesis: 8, spares: 4, witness: 12, stranger: 13, count: 14 } as const;

const party = fc.oneof(
  { weight: 14, arbitrary: fc.integer({ min: 0, max: 7 }) },
  { weight: 3, arbitrary: fc.integer({ min: 8, max: 11 }) },
  { weight: 1, arbitrary: fc.constant(PARTIES.witness) },
  { weight: 1, arbitrary: fc.constant(PARTIES.stranger) },
);

/** Types only a witness may send: the witness owns them most of the time. */
export const WITNESS_TYPES: ReadonlySet<string> = new Set([
  "WitnessUpdateContract",
  "UpdateBrokerageContract",
  "WithdrawBalanceContract",
  "ProposalCreateContract",
  "ProposalApproveContract",
  "ProposalDeleteContract",
]);

/** Proposal ids with values java-tron takes and values it refuses (9999 is no parameter). */
const proposalEntry = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      { id: 2, value: 1_000_000n }, // ACCOUNT_UPGRADE_COST
      { id: 3, value: 200_000n }, // CREATE_ACCOUNT_FEE
      { id: 4, value: 1_000n }, // TRANSACTION_FEE
      { id: 6, value: 200_000_000n }, // ASSET_ISSUE_FEE
      { id: 7, value: 0n }, // WITNESS_PAY_PER_BLOCK
      { id: 11, value: 420n }, // ENERGY_FEE
      { id: 13, value: 100_000_000n }, // EXCHANGE_CREATE_FEE
      { id: 19, value: 90_000_000_000n }, // TOTAL_ENERGY_LIMIT
      { id: 47, value: 1_000_000_000n }, // MAX_FEE_LIMIT
      { id: 68, value: 2_000_000n }, // MEMO_FEE
      { id: 70, value: 2n }, // UNFREEZE_DELAY_DAYS
      { id: 72, value: 1n }, // ALLOW_DYNAMIC_ENERGY
      { id: 77, value: 1n }, // ALLOW_CANCEL_ALL_UNFREEZE_V2
      { id: 78, value: 100_000n }, // MAX_DELEGATE_LOCK_PERIOD
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      id: fc.constantFrom(2, 3, 4, 6, 7, 11, 13, 9999),
      value: fc.constantFrom(-1n, 0n, 1n, 100n, 280n, 420n, 10_000_000n, 2n ** 63n - 1n),
    }),
  },
);

/** Per contract type: its parameter choices and its weight in the mix. */
const PARAMETERS: Readonly<Record<string, readonly [number, fc.Arbitrary<Record<string, unknown>>]>> = {
  TransferContract: [12, fc.record({ amount, toSelf: fc.nat(20), badTo: fc.nat(20) })],
  TransferAssetContract: [5, fc.record({ token: index, amount, own })],
  AccountCreateContract: [4, fc.record({ fresh: own, type: fc.constantFrom(0, 0, 0, 1, 2) })],
  AccountUpdateContract: [2, fc.record({ name: text(0, 40) })],
  SetAccountIdContract: [
    2,
    fc.record({ id: fc.oneof({ weight: 4, arbitrary: text(8, 32) }, { weight: 1, arbitrary: text(0, 40) }) }),
  ],
  FreezeBalanceV2Contract: [9, fc.record({ amount, resource })],
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
  UnDelegateResourceContract: [5, fc.record({ amount, resource, known: own, delegation: index })],
  WithdrawExpireUnfreezeContract: [2, fc.record({})],
  CancelAllUnfreezeV2Contract: [2, fc.record({})],
  FreezeBalanceContract: [1, fc.record({ amount, resource, duration: fc.constantFrom(0n, 3n, 4n) })],
  UnfreezeBalanceContract: [1, fc.record({ resource })],
  VoteWitnessContract: [
    4,
    fc.record({
      votes: fc.oneof(
        {
          weight: 8,
          arbitrary: fc.array(fc.record({ witness: own, count: small }), { minLength: 1, maxLength: 3 }),
        },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
    }),
  ],
  WitnessCreateContract: [2, fc.record({ url: text(0, 30) })],
  WitnessUpdateContract: [1, fc.record({ url: text(0, 30), asWitness: own })],
  WithdrawBalanceContract: [2, fc.record({ asWitness: own })],
  UpdateBrokerageContract: [
    1,
    fc.record({ brokerage: fc.constantFrom(-1, 0, 20, 100, 101), asWitness: own }),
  ],
  AssetIssueContract: [
    3,
    fc.record({
      name: fc.constantFrom(
        "Tok",
        "Fuzz",
        "Fuzz",
        "trx",
        "TRX",
        "",
        "a-long-token-name-over-the-limit-of-32",
      ),
      abbr: text(0, 6),
      totalSupply: fc.oneof(
        { weight: 4, arbitrary: fc.bigInt(1n, 10n ** 15n) },
        { weight: 1, arbitrary: amount },
      ),
      trxNum: fc.constantFrom(0, 1, 1, 10),
      num: fc.constantFrom(0, 1, 1, 3),
      startMs: fc.constantFrom(-60_000, 0, 6_000, 6_000, 60_000),
      lengthMs: fc.constantFrom(-1, 0, 3_600_000, 3_600_000, 86_400_000),
      precision: fc.constantFrom(0, 6, 6, 7),
      url: fc.constantFrom("", "http://127.0.0.1/token", "http://127.0.0.1/token"),
      freeNet: fc.constantFrom(0n, 0n, 1_000n, -1n),
      frozen: fc.constantFrom(0, 0, 0, 1),
    }),
  ],
  ParticipateAssetIssueContract: [3, fc.record({ token: index, amount, own })],
  UpdateAssetContract: [1, fc.record({ url: fc.constantFrom("", "http://127.0.0.1/u"), limit: small, own })],
  UnfreezeAssetContract: [1, fc.record({})],
  AccountPermissionUpdateContract: [
    3,
    fc.record({
      ownerThreshold: fc.constantFrom(0n, 1n, 1n, 2n, 3n),
      activeThreshold: fc.constantFrom(1n, 1n, 2n, 3n),
      weights: fc.array(fc.constantFrom(0n, 1n, 1n, 2n), { minLength: 1, maxLength: 3 }),
      operations: fc.constantFrom("all", "all", "transfer", "none"),
      keepOwner: fc.boolean(),
    }),
  ],
  ProposalCreateContract: [
    2,
    fc.record({
      entries: fc.oneof(
        { weight: 8, arbitrary: fc.array(proposalEntry, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
      asWitness: own,
    }),
  ],
  ProposalApproveContract: [2, fc.record({ proposal: index, add: own, asWitness: own })],
  ProposalDeleteContract: [1, fc.record({ proposal: index, asWitness: own })],
  ExchangeCreateContract: [2, fc.record({ first: index, firstTrx: own, a: amount, b: amount, own })],
  ExchangeInjectContract: [
    2,
    fc.record({ exchange: index, token: index, trx: fc.boolean(), quant: amount, own }),
  ],
  ExchangeWithdrawContract: [
    1,
    fc.record({ exchange: index, token: index, trx: fc.boolean(), quant: amount, own }),
  ],
  ExchangeTransactionContract: [
    2,
    fc.record({ exchange: index, token: index, trx: fc.boolean(), quant: amount, expected: small, own }),
  ],
  MarketSellAssetContract: [
    1,
    fc.record({ token: index, sellTrx: fc.boolean(), sell: amount, buy: amount, own }),
  ],
  MarketCancelOrderContract: [1, fc.record({ order: bytes(32) })],
  UpdateSettingContract: [
    1,
    fc.record({ contract: index, percent: fc.constantFrom(-1n, 0n, 50n, 100n, 101n), own }),
  ],
  UpdateEnergyLimitContract: [
    1,
    fc.record({ contract: index, limit: fc.constantFrom(-1n, 0n, 1n, 10_000_000n), own }),
  ],
  ClearABIContract: [1, fc.record({ contract: index, own })],
  VoteAssetContract: [1, fc.record({})],
  ShieldedTransferContract: [1, fc.record({ amount })],
};

/** Every system contract type the campaign draws (the contract types are the contract runs). */
export const SYSTEM_TYPES: readonly string[] = Object.keys(PARAMETERS);

const feeLimit = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(0n, 1n, 100_000n, 15_000_000_001n, -1n) },
  { weight: 6, arbitrary: fc.constantFrom(10_000_000n, 100_000_000n, 1_000_000_000n) },
);
const tokenCall = fc.record({
  callValue: fc.oneof(
    { weight: 8, arbitrary: fc.constant(0n) },
    { weight: 2, arbitrary: fc.constantFrom(1n, 1_000_000n, -1n) },
  ),
  token: fc.option(index, { nil: undefined, freq: 4 }),
  tokenValue: fc.constantFrom(0n, 1n, 10n, -1n),
});

/** A Solidity run: an OpenZeppelin-based contract deployed, or a call into one the campaign deployed. */
export type SolidityRun =
  | { readonly deploy: SolidityDeploy; readonly call?: undefined }
  | { readonly deploy?: undefined; readonly call: SolidityCall };

const CONTRACT_RUNS: Readonly<Record<string, readonly [number, fc.Arbitrary<Record<string, unknown>>]>> = {
  CreateSmartContract: [
    8,
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
  TriggerSmartContract: [12, fc.record({ contract: index, data: bytes(68), feeLimit, call: tokenCall })],
};

/** Solidity runs are CreateSmartContract and TriggerSmartContract transactions too. */
const SOLIDITY_RUNS: readonly [number, fc.Arbitrary<Record<string, unknown>>][] = [
  [3, fc.record({ solidity: fc.record({ deploy: solidityDeployArbitrary }), feeLimit })],
  [
    10,
    fc.record({
      solidity: fc.record({ call: solidityCallArbitrary }),
      feeLimit,
      callValue: fc.constantFrom(0n, 0n, 0n, 1n),
    }),
  ],
];

export const CONTRACT_TYPES: readonly string[] = Object.keys(CONTRACT_RUNS);

const common = {
  owner: party,
  other: party,
  signing: fc.oneof(
    { weight: 93, arbitrary: fc.constant<Signing>("valid") },
    { weight: 7, arbitrary: fc.constantFrom<Signing>("under", "wrong", "none", "twice", "extra") },
  ),
  permissionId: fc.oneof(
    { weight: 92, arbitrary: fc.constant(0) },
    { weight: 5, arbitrary: fc.constant(2) },
    { weight: 3, arbitrary: fc.constantFrom(3, 9) },
  ),
  stamp: fc.oneof(
    { weight: 95, arbitrary: fc.constant<Stamp>("normal") },
    { weight: 5, arbitrary: fc.constantFrom<Stamp>("expired", "far", "bad-ref", "duplicate") },
  ),
};

function actionsOf(type: string, weight: number, p: fc.Arbitrary<Record<string, unknown>>) {
  return { weight, arbitrary: fc.record({ type: fc.constant(type), ...common, p }) as fc.Arbitrary<Action> };
}

export const systemAction: fc.Arbitrary<Action> = fc.oneof(
  ...Object.entries(PARAMETERS).map(([type, [weight, p]]) => actionsOf(type, weight, p)),
);
export const contractAction: fc.Arbitrary<Action> = fc.oneof(
  ...Object.entries(CONTRACT_RUNS).map(([type, [weight, p]]) => actionsOf(type, weight, p)),
  actionsOf("CreateSmartContract", SOLIDITY_RUNS[0]![0], SOLIDITY_RUNS[0]![1]),
  actionsOf("TriggerSmartContract", SOLIDITY_RUNS[1]![0], SOLIDITY_RUNS[1]![1]),
);

/** One campaign action: about one in three a contract run. */
export const campaignAction: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: systemAction },
  { weight: 1, arbitrary: contractAction },
);

const valid = { signing: "valid", permissionId: 0, stamp: "normal" } as const;
const TRX = 1_000_000n;

/**
 * The first actions of every campaign, valid by construction, so the generated ones find state to act
 * on: the spares funded (created), every genesis account staked for both resources, three tokens on
 * sale, two delegations, votes, a 2-of-3 multi-signature account, the witness proposing to switch on
 * CancelAllUnfreezeV2 and approving it, and one of each Solidity contract the calls go to.
 */
export const PROLOGUE: readonly Action[] = [
  ...[8, 9, 10, 11].map((spare, i) => ({
    type: "TransferContract",
    owner: i,
    other: spare,
    ...valid,
    p: { amount: 50_000n * TRX, toSelf: 1, badTo: 1 },
  })),
  ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((owner) => [
    {
      type: "FreezeBalanceV2Contract",
      owner,
      other: owner,
      ...valid,
      p: { amount: 100_000n * TRX, resource: 1 },
    },
    {
      type: "FreezeBalanceV2Contract",
      owner,
      other: owner,
      ...valid,
      p: { amount: 20_000n * TRX, resource: 0 },
    },
  ]),
  ...[0, 1, 2].map((owner) => ({
    type: "AssetIssueContract",
    owner,
    other: owner,
    ...valid,
    p: {
      name: "Fuzz",
      abbr: `FZ${owner}`,
      totalSupply: 10n ** 15n,
      trxNum: 1,
      num: 1,
      startMs: 6_000,
      lengthMs: 86_400_000,
      precision: 6,
      url: "http://127.0.0.1/token",
      freeNet: 1_000n,
      frozen: 0,
    },
  })),
  ...[
    [0, 1, 1],
    [2, 3, 0],
  ].map(([owner, other, resource]) => ({
    type: "DelegateResourceContract",
    owner: owner!,
    other: other!,
    ...valid,
    p: { amount: 5_000n * TRX, resource, lock: false, lockPeriod: 0n },
  })),
  ...[0, 1, 2, 3].map((owner) => ({
    type: "VoteWitnessContract",
    owner,
    other: owner,
    ...valid,
    p: { votes: [{ witness: true, count: 1_000n }] },
  })),
  {
    type: "AccountPermissionUpdateContract",
    owner: 6,
    other: 5,
    ...valid,
    p: {
      ownerThreshold: 2n,
      activeThreshold: 2n,
      weights: [1n, 1n, 1n],
      operations: "all",
      keepOwner: false,
    },
  },
  {
    type: "ProposalCreateContract",
    owner: PARTIES.witness,
    other: 0,
    ...valid,
    p: { entries: [{ id: 77, value: 1n }], asWitness: true },
  },
  {
    type: "ProposalApproveContract",
    owner: PARTIES.witness,
    other: 0,
    ...valid,
    p: { proposal: 0, add: true, asWitness: true },
  },
  ...(
    [
      ["FuzzToken", ["1000000000000000000000000"]],
      ["FuzzNft", []],
      ["FuzzMulticall", []],
    ] as const
  ).map(([kind, args], owner) => ({
    type: "CreateSmartContract",
    owner,
    other: owner,
    ...valid,
    p: { solidity: { deploy: { kind, args } }, feeLimit: 1_000_000_000n },
  })),
];

/** A campaign: the prologue, then `count` minus its length generated actions, the same for the same seed. */
export function generateCampaign(seed: number, count: number): Action[] {
  const generated = Math.max(0, count - PROLOGUE.length);
  return [...PROLOGUE, ...fc.sample(campaignAction, { seed, numRuns: generated })].slice(0, count);
}

/**
 * Shrinks action `index` of the campaign of `seed` while `diverges` says the smaller action still
 * makes java-tron and tronode differ: fast-check replays that action (its `path`) and walks its
 * shrink tree. Returns the smallest diverging action found (the original when nothing smaller is).
 */
export async function shrinkAction(
  seed: number,
  index: number,
  diverges: (action: Action) => Promise<boolean>,
  options: { maxAttempts?: number } = {},
): Promise<{ action: Action; attempts: number }> {
  const original = generateCampaign(seed, index + 1)[index]!;
  // the prologue's actions are fixed, not drawn: nothing to shrink
  if (index < PROLOGUE.length) return { action: original, attempts: 0 };
  let smallest: Action | undefined;
  let attempts = 0;
  const max = options.maxAttempts ?? 40;
  await fc
    .assert(
      fc.asyncProperty(campaignAction, async (action) => {
        if (attempts++ >= max) return true;
        const differs = await diverges(action);
        if (differs) smallest = action;
        return !differs;
      }),
      { seed, path: String(index - PROLOGUE.length), numRuns: 1, endOnFailure: false, verbose: 0 },
    )
    .catch(() => undefined);
  return { action: smallest ?? original, attempts };
}

export type { Program, SolidityCall, SolidityDeploy };
