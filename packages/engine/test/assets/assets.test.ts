/**
 * The TRC-10 actuators (java-tron AssetIssue, ParticipateAssetIssue, TransferAsset, UpdateAsset,
 * UnfreezeAsset): every validation check in java-tron's order with its exact message, under both
 * ALLOW_SAME_TOKEN_NAME settings where they differ, then their effects through the pipeline and
 * the issuer-paid token bandwidth (BandwidthProcessor.useAssetAccountNet).
 */
import { describe, expect, it } from "vitest";
import {
  ACTUATORS,
  AccountType,
  AssetTables,
  addressOfPrivateKey,
  assetBalance,
  bytesToHex,
  ChainProperties,
  ContractType,
  type MemoryState,
  type PropertyName,
  Tables,
  utf8Encode,
} from "../../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BLACKHOLE,
  BOB,
  BOB_KEY,
  newChain,
  WITNESS,
  WITNESS_KEY,
} from "../support/chain-fixture.js";
import {
  account,
  balance,
  CAROL_KEY,
  commit,
  edit,
  mutateAccount,
  produce,
  prop,
  pushError,
  tx,
  validateDirect,
} from "../support/tx-helpers.js";

const TRX = 1_000_000n;
const DAY = 86_400_000n;
const CAROL = addressOfPrivateKey(CAROL_KEY);
const hex = bytesToHex;
const SHORT = ALICE.slice(1);
const name = (text: string) => utf8Encode(text);

let sequence = 0n;
function run(state: MemoryState, type: ContractType, parameter: Record<string, unknown>, key = WITNESS_KEY) {
  sequence += 1n;
  return commit(state, tx(state, type, parameter, [key], { timestamp: sequence }));
}

function head(state: MemoryState): bigint {
  return prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
}

/** A valid AssetIssueContract for WITNESS, sale window starting a minute after the head. */
function issue(state: MemoryState, over: Record<string, unknown> = {}) {
  const now = head(state);
  return {
    ownerAddress: WITNESS,
    name: name("Token"),
    abbr: name("TK"),
    totalSupply: 1_000_000n,
    trxNum: 2,
    num: 10,
    startTime: now + 60_000n,
    endTime: now + 10n * DAY,
    description: name("a token"),
    url: name("https://example.org"),
    freeAssetNetLimit: 0n,
    publicFreeAssetNetLimit: 0n,
    ...over,
  };
}

function setProps(state: MemoryState, values: Record<string, bigint>): void {
  edit(state, (_, props) => {
    for (const [k, v] of Object.entries(values) as [PropertyName, bigint][]) props.set(k, v);
  });
}

/** A chain where WITNESS issued "Token" (id 1000001) and its sale window is open. */
function issued(parameters: Record<string, bigint> = {}, over: Record<string, unknown> = {}): MemoryState {
  const state = newChain(parameters);
  run(state, ContractType.AssetIssueContract, issue(state, over));
  produce(state, [], head(state) + 120_000n);
  return state;
}

type Case = [
  name: string,
  parameter: (s: MemoryState) => Record<string, unknown>,
  message: string,
  setup?: (s: MemoryState) => void,
];

function checkAll(type: ContractType, chain: () => MemoryState, cases: Case[]) {
  it.each(cases)("%s", (_name, parameter, message, setup) => {
    const state = chain();
    setup?.(state);
    expect(validateDirect(state, type, parameter(state))).toBe(message);
  });
}

describe("type-check messages", () => {
  it.each([
    [
      ContractType.AssetIssueContract,
      "contract type error,expected type [AssetIssueContract],real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.ParticipateAssetIssueContract,
      "contract type error,expected type [ParticipateAssetIssueContract],real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.TransferAssetContract,
      "contract type error, expected type [TransferAssetContract], real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.UpdateAssetContract,
      "contract type error, expected type [UpdateAssetContract],real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.UnfreezeAssetContract,
      "contract type error, expected type [UnfreezeAssetContract], real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.ExchangeCreateContract,
      "contract type error,expected type [ExchangeCreateContract],real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.ExchangeInjectContract,
      "contract type error,expected type [ExchangeInjectContract],real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.ExchangeWithdrawContract,
      "contract type error,expected type [ExchangeWithdrawContract],real type[class com.google.protobuf.Any]",
    ],
    [
      ContractType.ExchangeTransactionContract,
      "contract type error,expected type [ExchangeTransactionContract],real type[class com.google.protobuf.Any]",
    ],
  ])("type %i", (type, message) => {
    expect(ACTUATORS.get(type)?.typeErrorMessage).toBe(message);
  });
});

describe("AssetIssue checks", () => {
  const byName = () => newChain();
  const byId = () => newChain({ ALLOW_SAME_TOKEN_NAME: 1n });
  const c = (
    n: string,
    over: Record<string, unknown>,
    message: string,
    setup?: (s: MemoryState) => void,
  ): Case => [
    n,
    (s) =>
      issue(s, typeof over === "function" ? (over as (s: MemoryState) => Record<string, unknown>)(s) : over),
    message,
    setup,
  ];
  describe("by name (ALLOW_SAME_TOKEN_NAME = 0)", () => {
    checkAll(ContractType.AssetIssueContract, byName, [
      c("owner", { ownerAddress: SHORT }, "Invalid ownerAddress"),
      c("empty name", { name: new Uint8Array() }, "Invalid assetName"),
      c("name with a space", { name: name("my token") }, "Invalid assetName"),
      c("name of 33 bytes", { name: name("x".repeat(33)) }, "Invalid assetName"),
      c("trx is a valid name by name", { name: name("TRX"), url: new Uint8Array() }, "Invalid url"),
      c("precision is not checked by name", { precision: 9, url: new Uint8Array() }, "Invalid url"),
      c("abbreviation", { abbr: name("a b") }, "Invalid abbreviation for token"),
      c("url empty", { url: new Uint8Array() }, "Invalid url"),
      c("url of 257 bytes", { url: name("u".repeat(257)) }, "Invalid url"),
      c("description of 201 bytes", { description: name("d".repeat(201)) }, "Invalid description"),
      c("start time", { startTime: 0n }, "Start time should be not empty"),
      c("end time", { endTime: 0n }, "End time should be not empty"),
      c("end before start", { endTime: 1n }, "End time should be greater than start time"),
      c("start not after the head", { startTime: 1_000n }, "Start time should be greater than HeadBlockTime"),
      c("name taken", {}, "Token exists", (s) =>
        run(s, ContractType.AssetIssueContract, issue(s, { ownerAddress: WITNESS })),
      ),
      c("total supply", { totalSupply: 0n }, "TotalSupply must greater than 0!"),
      c("trx num", { trxNum: 0 }, "TrxNum must greater than 0!"),
      c("num", { num: -1 }, "Num must greater than 0!"),
      c("public usage", { publicFreeAssetNetUsage: 1n }, "PublicFreeAssetNetUsage must be 0!"),
      c(
        "frozen list",
        { frozenSupply: Array.from({ length: 11 }, () => ({ frozenAmount: 1n, frozenDays: 1n })) },
        "Frozen supply list length is too long",
      ),
      c("free limit negative", { freeAssetNetLimit: -1n }, "Invalid FreeAssetNetLimit"),
      c("free limit a day", { freeAssetNetLimit: 57_600_000_000n }, "Invalid FreeAssetNetLimit"),
      c("public limit", { publicFreeAssetNetLimit: 57_600_000_000n }, "Invalid PublicFreeAssetNetLimit"),
      c(
        "frozen amount",
        { frozenSupply: [{ frozenAmount: 0n, frozenDays: 1n }] },
        "Frozen supply must be greater than 0!",
      ),
      c(
        "frozen beyond supply",
        {
          frozenSupply: [
            { frozenAmount: 600_000n, frozenDays: 1n },
            { frozenAmount: 400_001n, frozenDays: 1n },
          ],
        },
        "Frozen supply cannot exceed total supply",
      ),
      c(
        "frozen days",
        { frozenSupply: [{ frozenAmount: 1n, frozenDays: 3653n }] },
        "frozenDuration must be less than 3652 days and more than 1 days",
      ),
      c("owner missing", { ownerAddress: CAROL }, "Account not exists"),
      c("one asset per account", { name: name("Other") }, "An account can only issue one asset", (s) =>
        run(s, ContractType.AssetIssueContract, issue(s)),
      ),
      c("fee", { ownerAddress: ALICE }, "No enough balance for fee!"),
    ]);
  });
  describe("by id (ALLOW_SAME_TOKEN_NAME = 1)", () => {
    checkAll(ContractType.AssetIssueContract, byId, [
      c("trx", { name: name("tRx") }, "assetName can't be trx"),
      c("precision", { precision: 7 }, "precision cannot exceed 6"),
      c("precision negative", { precision: -1 }, "precision cannot exceed 6"),
      c("a name may repeat", { ownerAddress: ALICE }, "No enough balance for fee!", (s) =>
        run(s, ContractType.AssetIssueContract, issue(s)),
      ),
    ]);
  });
});

describe("AssetIssue effects", () => {
  it("by name: id 1000001, V1 and V2 records (V2 precision 0), supply less frozen parts to the issuer, fee burned", () => {
    const state = newChain();
    const before = balance(state, WITNESS);
    const blackhole = balance(state, BLACKHOLE);
    const p = issue(state, { precision: 3, frozenSupply: [{ frozenAmount: 100n, frozenDays: 2n }] });
    const outcome = run(state, ContractType.AssetIssueContract, p);
    expect(outcome.info.assetIssueID).toBe("1000001");
    expect(outcome.info.fee).toBe(1024n * TRX);
    expect(prop(state, "TOKEN_ID_NUM")).toBe(1_000_001n);
    expect(balance(state, WITNESS)).toBe(before - 1024n * TRX);
    expect(balance(state, BLACKHOLE)).toBe(blackhole + 1024n * TRX);
    expect(state.get(AssetTables.assetIssues, name("Token"))?.precision).toBe(3);
    expect(state.get(AssetTables.assetIssuesV2, "1000001")?.precision).toBe(0);
    expect(state.get(AssetTables.assetIssuesV2, "1000001")?.id).toBe("1000001");
    const owner = account(state, WITNESS)!;
    expect(owner.asset).toEqual({ Token: 999_900n });
    expect(owner.assetV2).toEqual({ "1000001": 999_900n });
    expect(new TextDecoder().decode(owner.assetIssuedName)).toBe("Token");
    expect(new TextDecoder().decode(owner.assetIssuedID)).toBe("1000001");
    expect(owner.frozenSupply.map((f) => [f.frozenBalance, f.expireTime])).toEqual([
      [100n, p.startTime + 2n * DAY],
    ]);
  });

  it("by id: only the V2 record (precision kept), only assetV2, names may repeat; the name index lists both", () => {
    const state = newChain({ ALLOW_SAME_TOKEN_NAME: 1n, ALLOW_BLACKHOLE_OPTIMIZATION: 1n });
    run(state, ContractType.AssetIssueContract, issue(state, { precision: 6 }));
    run(state, ContractType.TransferContract, { ownerAddress: WITNESS, toAddress: BOB, amount: 2000n * TRX });
    run(state, ContractType.AssetIssueContract, issue(state, { ownerAddress: BOB }), BOB_KEY);
    expect(state.get(AssetTables.assetIssues, name("Token"))).toBeUndefined();
    expect(state.get(AssetTables.assetIssuesV2, "1000001")?.precision).toBe(6);
    expect(state.get(AssetTables.assetNameIndex, name("Token"))).toEqual([1_000_001n, 1_000_002n]);
    expect(account(state, BOB)!.asset).toEqual({});
    expect(account(state, BOB)!.assetV2).toEqual({ "1000002": 1_000_000n });
    // two issue fees and the 0.1 TRX for creating BOB
    expect(prop(state, "BURN_TRX_AMOUNT")).toBe(2048n * TRX + 100_000n);
  });
});

describe("ParticipateAssetIssue checks", () => {
  const p =
    (over: Record<string, unknown> = {}) =>
    () => ({
      ownerAddress: ALICE,
      toAddress: WITNESS,
      assetName: name("Token"),
      amount: 2n,
      ...over,
    });
  checkAll(ContractType.ParticipateAssetIssueContract, () => issued(), [
    ["owner", p({ ownerAddress: SHORT }), "Invalid ownerAddress"],
    ["to", p({ toAddress: SHORT }), "Invalid toAddress"],
    ["amount", p({ amount: 0n }), "Amount must greater than 0!"],
    ["yourself", p({ ownerAddress: WITNESS }), "Cannot participate asset Issue yourself !"],
    ["owner missing", p({ ownerAddress: CAROL }), "Account does not exist!"],
    ["balance", p({ amount: 1_000_000_001n }), "No enough balance !"],
    ["asset", p({ assetName: name("Nope") }), "No asset named Nope"],
    ["issuer", p({ toAddress: BOB }), `The asset is not issued by ${hex(BOB)}`],
    ["asset balance", p({ amount: 200_002n }), "Asset balance is not enough !"],
  ]);

  it("refuses an amount that buys no token, and an issuer account that is gone", () => {
    const state = issued({}, { trxNum: 10, num: 1 });
    expect(validateDirect(state, ContractType.ParticipateAssetIssueContract, p({ amount: 9n })())).toBe(
      "Can not process the exchange!",
    );
    edit(state, (o) => o.delete(Tables.accounts, WITNESS));
    expect(validateDirect(state, ContractType.ParticipateAssetIssueContract, p({ amount: 10n })())).toBe(
      "To account does not exist!",
    );
  });

  it("refuses before the window and from its end on", () => {
    const state = newChain();
    run(state, ContractType.AssetIssueContract, issue(state));
    expect(validateDirect(state, ContractType.ParticipateAssetIssueContract, p()())).toBe(
      "No longer valid period!",
    );
    produce(state, [], head(state) + 10n * DAY);
    expect(validateDirect(state, ContractType.ParticipateAssetIssueContract, p()())).toBe(
      "No longer valid period!",
    );
  });

  it("by id the asset is named by its id", () => {
    const state = issued({ ALLOW_SAME_TOKEN_NAME: 1n });
    expect(validateDirect(state, ContractType.ParticipateAssetIssueContract, p()())).toBe(
      "No asset named Token",
    );
    expect(
      validateDirect(state, ContractType.ParticipateAssetIssueContract, p({ assetName: name("1000001") })()),
    ).toBe(undefined);
  });

  it("buys floor(amount·num/trx_num) tokens; the TRX goes to the issuer", () => {
    const state = issued();
    const issuerBefore = balance(state, WITNESS);
    run(state, ContractType.ParticipateAssetIssueContract, p({ amount: 7n })(), ALICE_KEY);
    expect(balance(state, ALICE)).toBe(1_000_000_000n - 7n);
    expect(balance(state, WITNESS)).toBe(issuerBefore + 7n);
    expect(account(state, ALICE)!.asset).toEqual({ Token: 35n });
    expect(account(state, ALICE)!.assetV2).toEqual({ "1000001": 35n });
    expect(account(state, WITNESS)!.asset).toEqual({ Token: 1_000_000n - 35n });
  });
});

describe("TransferAsset checks", () => {
  const p =
    (over: Record<string, unknown> = {}) =>
    () => ({
      ownerAddress: WITNESS,
      toAddress: ALICE,
      assetName: name("Token"),
      amount: 10n,
      ...over,
    });
  checkAll(ContractType.TransferAssetContract, () => issued(), [
    ["owner", p({ ownerAddress: SHORT }), "Invalid ownerAddress"],
    ["to", p({ toAddress: SHORT }), "Invalid toAddress"],
    ["amount", p({ amount: 0n }), "Amount must be greater than 0."],
    ["yourself", p({ toAddress: WITNESS }), "Cannot transfer asset to yourself."],
    ["owner missing", p({ ownerAddress: CAROL }), "No owner account!"],
    ["asset", p({ assetName: name("Nope") }), "No asset!"],
    ["no balance", p({ ownerAddress: ALICE, toAddress: WITNESS }), "assetBalance must be greater than 0."],
    ["not enough", p({ amount: 1_000_001n }), "assetBalance is not sufficient."],
    [
      "to a contract",
      p(),
      "Cannot transfer asset to smartContract.",
      (s) => {
        setProps(s, { FORBID_TRANSFER_TO_CONTRACT: 1n });
        mutateAccount(s, ALICE, (a) => {
          a.type = AccountType.Contract;
        });
      },
    ],
    [
      "recipient overflow",
      p(),
      "long overflow",
      (s) =>
        mutateAccount(s, ALICE, (a) => {
          a.asset = { Token: 0x7fffffffffffffffn };
        }),
    ],
    [
      "fee of a new account",
      p({ toAddress: CAROL }),
      "Validate TransferAssetActuator error, insufficient fee.",
      (s) => setProps(s, { CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT: 0x7fffffffffffffffn }),
    ],
  ]);

  it("moves the token and creates the recipient (both maps by name, assetV2 only by id)", () => {
    const state = issued();
    const outcome = run(state, ContractType.TransferAssetContract, p({ toAddress: CAROL })());
    // No actuator fee: only the 0.1 TRX account creation, charged as bandwidth.
    expect(outcome.info.fee).toBe(outcome.info.receipt!.netFee);
    expect(account(state, CAROL)!.asset).toEqual({ Token: 10n });
    expect(account(state, CAROL)!.assetV2).toEqual({ "1000001": 10n });
    expect(account(state, WITNESS)!.assetV2).toEqual({ "1000001": 999_990n });

    const byId = issued({ ALLOW_SAME_TOKEN_NAME: 1n });
    expect(pushError(byId, tx(byId, ContractType.TransferAssetContract, p()(), [WITNESS_KEY]))[1]).toBe(
      'Contract validate error : asset [<ByteString size=5 contents="Token">] does not exist',
    );
    run(byId, ContractType.TransferAssetContract, p({ assetName: name("1000001") })());
    expect(account(byId, ALICE)!.asset).toEqual({});
    expect(account(byId, ALICE)!.assetV2).toEqual({ "1000001": 10n });
    expect(assetBalance(propsOf(byId), account(byId, ALICE)!, name("1000001"))).toBe(10n);
  });
});

const propsOf = (s: MemoryState) => new ChainProperties(s);

describe("UpdateAsset checks", () => {
  const p =
    (over: Record<string, unknown> = {}) =>
    () => ({
      ownerAddress: WITNESS,
      description: name("new"),
      url: name("https://new.example"),
      newLimit: 100n,
      newPublicLimit: 1000n,
      ...over,
    });
  checkAll(ContractType.UpdateAssetContract, () => issued(), [
    ["owner", p({ ownerAddress: SHORT }), "Invalid ownerAddress"],
    ["owner missing", p({ ownerAddress: CAROL }), "Account does not exist"],
    ["not an issuer", p({ ownerAddress: ALICE }), "Account has not issued any asset"],
    [
      "V1 record missing",
      p(),
      "Asset is not existed in AssetIssueStore",
      (s) => edit(s, (o) => o.delete(AssetTables.assetIssues, name("Token"))),
    ],
    ["url", p({ url: new Uint8Array() }), "Invalid url"],
    ["description", p({ description: name("d".repeat(201)) }), "Invalid description"],
    ["limit", p({ newLimit: -1n }), "Invalid FreeAssetNetLimit"],
    ["public limit", p({ newPublicLimit: 57_600_000_000n }), "Invalid PublicFreeAssetNetLimit"],
  ]);
  checkAll(ContractType.UpdateAssetContract, () => issued({ ALLOW_SAME_TOKEN_NAME: 1n }), [
    ["by id: not an issuer", p({ ownerAddress: ALICE }), "Account has not issued any asset"],
    [
      "by id: V2 record missing",
      p(),
      "Asset is not existed in AssetIssueV2Store",
      (s) => edit(s, (o) => o.delete(AssetTables.assetIssuesV2, "1000001")),
    ],
  ]);

  it("updates both records by name", () => {
    const state = issued();
    run(state, ContractType.UpdateAssetContract, p()());
    for (const token of [
      state.get(AssetTables.assetIssues, name("Token"))!,
      state.get(AssetTables.assetIssuesV2, "1000001")!,
    ]) {
      expect([
        token.freeAssetNetLimit,
        token.publicFreeAssetNetLimit,
        new TextDecoder().decode(token.url),
      ]).toEqual([100n, 1000n, "https://new.example"]);
    }
  });
});

describe("UnfreezeAsset checks", () => {
  const p =
    (over: Record<string, unknown> = {}) =>
    () => ({ ownerAddress: WITNESS, ...over });
  const frozen = () =>
    issued(
      {},
      {
        frozenSupply: [
          { frozenAmount: 100n, frozenDays: 1n },
          { frozenAmount: 50n, frozenDays: 3n },
        ],
      },
    );
  checkAll(ContractType.UnfreezeAssetContract, frozen, [
    ["owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["owner missing", p({ ownerAddress: CAROL }), `Account[${hex(CAROL)}] does not exist`],
    ["nothing frozen", p({ ownerAddress: ALICE }), "no frozen supply balance"],
    [
      "not an issuer",
      p({ ownerAddress: ALICE }),
      "this account has not issued any asset",
      (s) =>
        mutateAccount(s, ALICE, (a) => {
          a.frozenSupply = account(s, WITNESS)!.frozenSupply;
        }),
    ],
    ["too early", p(), "It's not time to unfreeze asset supply"],
  ]);

  it("returns the expired parts to the issuer and keeps the rest", () => {
    const state = frozen();
    produce(state, [], head(state) + 2n * DAY);
    run(state, ContractType.UnfreezeAssetContract, p()());
    const owner = account(state, WITNESS)!;
    expect(owner.asset).toEqual({ Token: 1_000_000n - 50n });
    expect(owner.assetV2).toEqual({ "1000001": 1_000_000n - 50n });
    expect(owner.frozenSupply.map((f) => f.frozenBalance)).toEqual([50n]);
  });
});

describe("token bandwidth (issuer-paid free asset net)", () => {
  /** WITNESS stakes for bandwidth and sets the token's free limits; ALICE holds tokens. */
  function sponsored(limit: bigint, publicLimit: bigint): MemoryState {
    const state = issued({ ALLOW_SAME_TOKEN_NAME: 1n });
    run(state, ContractType.FreezeBalanceContract, {
      ownerAddress: WITNESS,
      frozenBalance: 1_000_000n * TRX,
      frozenDuration: 3n,
      resource: 0,
    });
    run(state, ContractType.UpdateAssetContract, {
      ownerAddress: WITNESS,
      url: name("https://example.org"),
      newLimit: limit,
      newPublicLimit: publicLimit,
    });
    run(state, ContractType.TransferAssetContract, {
      ownerAddress: WITNESS,
      toAddress: ALICE,
      assetName: name("1000001"),
      amount: 100n,
    });
    produce(state);
    return state;
  }
  const send = (state: MemoryState) =>
    run(
      state,
      ContractType.TransferAssetContract,
      { ownerAddress: ALICE, toAddress: WITNESS, assetName: name("1000001"), amount: 1n },
      ALICE_KEY,
    );

  it("spends the issuer's staked bandwidth and the token's free limits, not the sender's", () => {
    const state = sponsored(10_000n, 100_000n);
    const issuerBefore = account(state, WITNESS)!.netUsage;
    // The issuer's own transfer in the set-up used the token's public limit too (java-tron's
    // "sender is issuer" shortcut never applies); one slot of decay leaves it unchanged.
    const publicBefore = state.get(AssetTables.assetIssuesV2, "1000001")!.publicFreeAssetNetUsage;
    const outcome = send(state);
    const bytes = outcome.info.receipt!.netUsage;
    expect(bytes).toBeGreaterThan(0n);
    expect(outcome.info.receipt!.netFee).toBe(0n);
    const alice = account(state, ALICE)!;
    expect(alice.freeNetUsage).toBe(0n);
    expect(alice.freeAssetNetUsageV2).toEqual({ "1000001": bytes });
    expect(alice.latestAssetOperationTimeV2["1000001"]).toBe(propsOf(state).headSlot);
    expect(account(state, WITNESS)!.netUsage).toBe(issuerBefore + bytes);
    expect(state.get(AssetTables.assetIssuesV2, "1000001")!.publicFreeAssetNetUsage).toBe(
      publicBefore + bytes,
    );
  });

  it("falls back to the sender's own free bandwidth when the token's limit is too small", () => {
    const state = sponsored(10n, 100_000n);
    const outcome = send(state);
    const alice = account(state, ALICE)!;
    expect(alice.freeNetUsage).toBe(outcome.info.receipt!.netUsage);
    expect(alice.freeAssetNetUsageV2).toEqual({});
  });

  it("falls back when the public limit is exhausted", () => {
    const state = sponsored(10_000n, 10n);
    send(state);
    expect(account(state, ALICE)!.freeAssetNetUsageV2).toEqual({});
  });
});

describe("refusals keep state untouched", () => {
  it("a refused transfer changes nothing", () => {
    const state = issued();
    const before = account(state, WITNESS);
    const [code] = pushError(
      state,
      tx(
        state,
        ContractType.TransferAssetContract,
        { ownerAddress: WITNESS, toAddress: ALICE, assetName: name("Token"), amount: 2_000_000n },
        [WITNESS_KEY],
      ),
    );
    expect(code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(account(state, WITNESS)).toEqual(before);
    expect(state.get(Tables.accounts, CAROL)).toBeUndefined();
  });
});
