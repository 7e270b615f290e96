/**
 * java-tron's VM unit tests re-expressed as data (fixtures/java-tron-<test>.json, each naming its
 * source): a chain (flags, accounts, witnesses, TRC-10 assets), then deploys, triggers and checks in
 * java-tron's order. Deployed contracts get fixed addresses by name (java-tron's derive from
 * transaction ids the fixtures cannot reproduce); calldata that mentions a contract names it.
 * Energy limits are fee_limit / 100 (the test chain's energy fee), as java-tron computes them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  AccountSchema,
  AccountType,
  AssetIssueContractSchema,
  AssetTables,
  acquiredV2,
  addPendingVoter,
  ChainProperties,
  ContractResult,
  ContractTables,
  createAccountTokenLedger,
  delegatedResourceKeyV2,
  delegatedV2,
  doMaintenance,
  executeCall,
  executeCreate,
  frozenV2,
  hexToBytes,
  keccak256,
  MemoryState,
  MutableChainProperties,
  newAccount,
  type PropertyName,
  putContract,
  queryReward,
  ResourceCode,
  registerWitness,
  SmartContractSchema,
  StateOverlay,
  storageAddressHash,
  storageRowKey,
  Tables,
  unfreezingV2Count,
  utf8Encode,
  type VmResult,
  VoteSchema,
  VotesSchema,
  WitnessSchema,
} from "../../src/internal.js";

type Hex = string;
type DataPart = Hex | { address: string; prefix?: Hex };
/**
 * Figures a step can check, named `kind:account[:more]`: balance, frozenV2:<res>, delegatedV2:<res>,
 * acquiredV2:<res>, unfreezing (pending count), frozenOrUnfreezing (stake plus pending amounts),
 * record:<to>:<res> (the unlocked Stake 2.0 delegation record), prop:<NAME>.
 */
type Figure = string;
interface Expect {
  result?: keyof typeof ContractResult;
  /** Figure → its change over the step (a number, or another figure's value before the step). */
  changes?: Record<Figure, number | string>;
  /** Figure → its value after the step. */
  after?: Record<Figure, number | string>;
  /** Accounts the step deleted (SELFDESTRUCT). */
  deleted?: string[];
  returnData?: Hex;
  /** The returned word's last 20 bytes are this address's. */
  returnAddress?: Hex;
  /** This step used exactly `by` more energy than the step labelled `label`. */
  energyAbove?: { label: string; by: number };
  energyUsed?: number;
  runtimeError?: string;
}
interface TxStep {
  feeLimit?: string;
  callValue?: string;
  tokenValue?: string;
  tokenId?: string;
  /** Sender (default: the scenario's first account). */
  caller?: string;
  /** Chain properties for this step only. */
  flags?: Record<string, number | string>;
  label?: string;
  expect?: Expect;
}
interface DeployStep extends TxStep {
  deploy: string;
  code: Hex;
  consumeUserResourcePercent?: number;
}
interface CallStep extends TxStep {
  call: string;
  data: DataPart[];
}
interface AccountCheck {
  account?: string;
  /** Number of votes the account holds. */
  votes?: number;
  /** A VotesStore row's new vote counts. */
  votesRow?: string;
  newVotes?: number[];
  /** The account's reward begin cycle is the current cycle plus this. */
  beginCycle?: string;
  aheadOfCurrent?: number;
  balance?: string;
  assetV2?: Record<string, string>;
  /** A Jest-style partial match of the Account message (bigints as decimal strings). */
  matches?: Record<string, unknown>;
  storage?: string;
  slot?: Hex;
  value?: Hex;
  exists?: boolean;
}
interface AccountSpec {
  address: string;
  balance?: string;
  type?: keyof typeof AccountType;
  assetV2?: Record<string, string>;
  /** Other Account fields, bigints as decimal strings. */
  fields?: Record<string, unknown>;
  /** Set step only: amounts added to assetV2. */
  addAssetV2?: Record<string, string>;
  /** Created as a new account of the chain (default owner and active permissions under multi-sign). */
  defaultPermissions?: boolean;
}
interface VotesRow {
  address: string;
  oldVotes: { voteAddress: string; voteCount: number }[];
  newVotes: { voteAddress: string; voteCount: number }[];
}
/** A precompile called directly with `input` (java-tron's tests call `execute`), through a STATICCALL. */
interface PrecompileStep {
  precompile: Hex;
  input: Hex;
  /** BatchValidateSign checks signatures without worker threads in a constant call. */
  constantCall?: boolean;
  expect?: Expect;
}
type Step =
  | DeployStep
  | CallStep
  | PrecompileStep
  | { check: AccountCheck[] }
  | {
      set: {
        flags?: Record<string, number | string>;
        accounts?: AccountSpec[];
        votes?: VotesRow[];
        /** That account's pending unfreezes of `type` expire now (FreezeV2Test.clearUnfreezeV2ExpireTime). */
        expireUnfrozenV2?: { account: string; type: keyof typeof ResourceCode };
      };
    }
  /** `maintenance` rounds, each paying `reward` of voter reward to every listed witness first. */
  | { maintenance: number; reward: string; witnesses: string[] }
  /** VoteTest.checkRewardAndWithdraw through the contract's rewardBalance and withdrawReward calls. */
  | { rewardCheck: { account: string; zero: boolean; query: Hex; withdraw: Hex } };
interface Scenario {
  name: string;
  flags: Record<string, number | string>;
  accounts: AccountSpec[];
  witnesses?: (string | { address: string; voteCount: number })[];
  /** The genesis Blackhole account. */
  blackhole?: string;
  assets?: string[];
  genesisBlockId?: Hex;
  steps: Step[];
}

const fixtures = readdirSync(join(__dirname, "fixtures"))
  .filter((f) => f.startsWith("java-tron-") && f.endsWith(".json"))
  .map((f) => ({ file: f, doc: JSON.parse(readFileSync(join(__dirname, "fixtures", f), "utf8")) }))
  .filter(({ doc }) => Array.isArray(doc.scenarios)) as {
  file: string;
  doc: { source: string; codes?: Record<string, Hex>; scenarios: Scenario[] };
}[];

const BLOCK = { number: 10n, timestamp: 1_600_000_000n, coinbase: hexToBytes(`41${"00".repeat(20)}`) };
const ENERGY_FEE = 100n;
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** A contract name's fixed address (or the address itself when given as 41…). */
function addressOf(name: string): Uint8Array {
  if (/^41[0-9a-f]{40}$/.test(name)) return hexToBytes(name);
  const h = keccak256(new TextEncoder().encode(`java-tron fixture contract ${name}`));
  return Uint8Array.of(0x41, ...h.subarray(12));
}

function calldata(parts: DataPart[]): Uint8Array {
  return hexToBytes(
    parts
      .map((p) =>
        typeof p === "string"
          ? p
          : `${(p.prefix ?? "00").padStart(24, "0")}${hex(addressOf(p.address).subarray(1))}`,
      )
      .join(""),
  );
}

/** Decimal strings (and numbers) to bigints, recursively, for partial matches of protobuf messages. */
function bigints(v: unknown): unknown {
  if (typeof v === "string" && /^-?\d+$/.test(v)) return BigInt(v);
  if (typeof v === "number") return BigInt(v);
  if (Array.isArray(v)) return v.map(bigints);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => {
        if (k === "address" || k.endsWith("Address") || k === "operations")
          return [k, hexToBytes(x as string)];
        // int32 fields and enums stay numbers; resource types may be named
        if (k === "id" || k === "type")
          return [k, typeof x === "string" ? ResourceCode[x as keyof typeof ResourceCode] : x];
        if (k === "permissionName") return [k, x];
        return [k, bigints(x)];
      }),
    );
  }
  return v;
}

function putAccount(overlay: StateOverlay, spec: AccountSpec): void {
  const address = addressOf(spec.address);
  const existing =
    overlay.get(Tables.accounts, address) ??
    (spec.defaultPermissions
      ? newAccount({ address, createTime: 0n, props: new ChainProperties(overlay) })
      : undefined);
  const assetV2 = { ...(existing?.assetV2 ?? {}) };
  for (const [id, v] of Object.entries(spec.assetV2 ?? {})) assetV2[id] = BigInt(v);
  for (const [id, v] of Object.entries(spec.addAssetV2 ?? {})) assetV2[id] = (assetV2[id] ?? 0n) + BigInt(v);
  overlay.put(
    Tables.accounts,
    address,
    create(AccountSchema, {
      ...(existing ?? { address }),
      ...(spec.balance === undefined ? {} : { balance: BigInt(spec.balance) }),
      ...(spec.type === undefined ? {} : { type: AccountType[spec.type] }),
      assetV2,
      ...((bigints(spec.fields ?? {}) as object) ?? {}),
    }),
  );
}

function setFlags(state: MemoryState, flags: Record<string, number | string>): void {
  const overlay = new StateOverlay(state);
  for (const [k, v] of Object.entries(flags)) overlay.put(Tables.properties, k, BigInt(v));
  state.apply(overlay.changes());
}

/** TransactionTrace.deleteContract for every account SELFDESTRUCT deleted. */
function deleteAccounts(state: MemoryState, result: VmResult): void {
  const overlay = new StateOverlay(state);
  for (const a of result.deletedAccounts) {
    overlay.delete(Tables.accounts, a);
    overlay.delete(ContractTables.contracts, a);
    overlay.delete(ContractTables.contractAbis, a);
    overlay.delete(ContractTables.code, a);
  }
  state.apply(overlay.changes());
}

function run(scenario: Scenario, codes: Record<string, Hex>): void {
  const state = new MemoryState();
  setFlags(state, scenario.flags);
  const overlay = new StateOverlay(state);
  for (const a of scenario.accounts) putAccount(overlay, a);
  const props = new MutableChainProperties(overlay);
  for (const w of scenario.witnesses ?? []) {
    const spec = typeof w === "string" ? { address: w, voteCount: 0 } : w;
    const address = addressOf(spec.address);
    overlay.put(
      Tables.witnesses,
      address,
      create(WitnessSchema, { address, url: "fixture", voteCount: BigInt(spec.voteCount) }),
    );
    if (!overlay.get(Tables.accounts, address))
      overlay.put(Tables.accounts, address, create(AccountSchema, { address }));
    registerWitness(props, address);
  }
  if (scenario.blackhole) props.setBytes("BLACKHOLE_ADDRESS", addressOf(scenario.blackhole));
  // The scenario's TRC-10 tokens, in the TRC-10 domain's table the VM's ledger reads.
  for (const id of scenario.assets ?? []) {
    overlay.put(
      AssetTables.assetIssuesV2,
      id,
      create(AssetIssueContractSchema, { id, name: utf8Encode(id) }),
    );
  }
  state.apply(overlay.changes());
  const owner = addressOf(scenario.accounts[0]!.address);
  const host = {
    tokens: createAccountTokenLedger(),
    blockId: (_view: unknown, n: bigint) =>
      n === 0n && scenario.genesisBlockId ? hexToBytes(scenario.genesisBlockId) : undefined,
  };
  const energyOf = new Map<string, bigint>();

  scenario.steps.forEach((step, index) => {
    const where = `step ${index + 1} ${JSON.stringify(step).slice(0, 80)}`;
    if ("set" in step) {
      if (step.set.flags) Object.assign(scenario.flags, step.set.flags);
      setFlags(state, scenario.flags);
      const o = new StateOverlay(state);
      for (const a of step.set.accounts ?? []) putAccount(o, a);
      for (const row of step.set.votes ?? []) {
        const vote = (v: { voteAddress: string; voteCount: number }) =>
          create(VoteSchema, { voteAddress: addressOf(v.voteAddress), voteCount: BigInt(v.voteCount) });
        const address = addressOf(row.address);
        o.put(
          Tables.votes,
          address,
          create(VotesSchema, {
            address,
            oldVotes: row.oldVotes.map(vote),
            newVotes: row.newVotes.map(vote),
          }),
        );
        addPendingVoter(new MutableChainProperties(o), address);
      }
      const ex = step.set.expireUnfrozenV2;
      if (ex) {
        const address = addressOf(ex.account);
        const account = o.get(Tables.accounts, address)!;
        const now = new ChainProperties(o).headTimestamp;
        const type = ResourceCode[ex.type];
        o.put(Tables.accounts, address, {
          ...account,
          unfrozenV2: account.unfrozenV2.map((u) =>
            u.type === type ? { ...u, unfreezeExpireTime: now } : u,
          ),
        });
      }
      state.apply(o.changes());
      return;
    }
    if ("check" in step) {
      for (const c of step.check) checkAccount(state, c, where);
      return;
    }
    if ("maintenance" in step) {
      for (let i = 0; i < step.maintenance; i++) {
        const o = new StateOverlay(state);
        const p = new MutableChainProperties(o);
        const cycle = p.get("CURRENT_CYCLE_NUMBER");
        for (const w of step.witnesses) {
          const key = `${cycle}-${hex(addressOf(w))}-reward`;
          o.put(Tables.delegation, key, (o.get(Tables.delegation, key) ?? 0n) + BigInt(step.reward));
        }
        doMaintenance(o, p);
        state.apply(o.changes());
      }
      return;
    }
    if ("rewardCheck" in step) {
      checkRewardAndWithdraw(
        state,
        step.rewardCheck,
        (data) => {
          const r = executeCall(state, {
            txId: keccak256(new TextEncoder().encode(`${scenario.name} ${index} ${hex(data)}`)),
            origin: owner,
            callValue: 0n,
            tokenValue: 0n,
            tokenId: 0n,
            energyLimit: 10_000_000n,
            block: BLOCK,
            host,
            contractAddress: addressOf(step.rewardCheck.account),
            data,
          });
          expect(ContractResult[r.contractResult], where).toBe("SUCCESS");
          state.apply(r.changes);
          return BigInt(`0x${hex(r.returnData)}`);
        },
        where,
      );
      return;
    }
    if ("precompile" in step) {
      setFlags(state, scenario.flags);
      const caller = addressOf(`precompile caller ${step.precompile}`);
      const o = new StateOverlay(state);
      o.put(Tables.accounts, caller, create(AccountSchema, { address: caller, type: AccountType.Contract }));
      putContract(o, create(SmartContractSchema, { contractAddress: caller }));
      o.put(ContractTables.code, caller, hexToBytes(precompileCaller(step.precompile)));
      state.apply(o.changes());
      const r = executeCall(state, {
        txId: keccak256(new TextEncoder().encode(`${scenario.name} ${index}`)),
        origin: owner,
        callValue: 0n,
        tokenValue: 0n,
        tokenId: 0n,
        energyLimit: 10_000_000n,
        block: BLOCK,
        host,
        contractAddress: caller,
        data: hexToBytes(step.input),
        ...(step.constantCall ? { isConstantCall: true } : {}),
      });
      const e = step.expect ?? {};
      expect(ContractResult[r.contractResult], `${where}: ${r.runtimeError}`).toBe(e.result ?? "SUCCESS");
      if (e.returnData !== undefined) expect(hex(r.returnData), where).toBe(e.returnData);
      return;
    }
    setFlags(state, { ...scenario.flags, ...(step.flags ?? {}) });
    const common = {
      txId: keccak256(new TextEncoder().encode(`${scenario.name} ${index}`)),
      origin: step.caller ? addressOf(step.caller) : owner,
      callValue: BigInt(step.callValue ?? 0),
      tokenValue: BigInt(step.tokenValue ?? 0),
      tokenId: BigInt(step.tokenId ?? 0),
      energyLimit: BigInt(step.feeLimit ?? "100000000") / ENERGY_FEE,
      block: BLOCK,
      host,
    };
    const e = step.expect ?? {};
    const before = new Map<string, bigint>();
    for (const [f, v] of Object.entries(e.changes ?? {})) {
      before.set(f, figure(state, f));
      if (typeof v === "string") before.set(v, figure(state, v));
    }
    let result: VmResult;
    if ("deploy" in step) {
      const contract = create(SmartContractSchema, {
        originAddress: common.origin,
        contractAddress: addressOf(step.deploy),
        bytecode: hexToBytes(step.code.startsWith("@") ? codes[step.code.slice(1)]! : step.code),
        consumeUserResourcePercent: BigInt(step.consumeUserResourcePercent ?? 0),
        originEnergyLimit: 10_000_000n,
        name: step.deploy,
      });
      result = executeCreate(state, { ...common, contract });
    } else {
      result = executeCall(state, {
        ...common,
        contractAddress: addressOf(step.call),
        data: calldata(step.data),
      });
    }
    state.apply(result.changes);
    deleteAccounts(state, result);
    if (setFlagsBack(step)) setFlags(state, scenario.flags);
    if (step.label) energyOf.set(step.label, result.energyUsed);
    expect(ContractResult[result.contractResult], `${where}: ${result.runtimeError}`).toBe(
      e.result ?? "SUCCESS",
    );
    if (e.returnData !== undefined) expect(hex(result.returnData), where).toBe(e.returnData);
    if (e.returnAddress !== undefined)
      expect(hex(result.returnData.subarray(12)), where).toBe(e.returnAddress.slice(2));
    if (e.runtimeError !== undefined) expect(result.runtimeError, where).toBe(e.runtimeError);
    if (e.energyUsed !== undefined) expect(result.energyUsed, where).toBe(BigInt(e.energyUsed));
    for (const [f, v] of Object.entries(e.changes ?? {})) {
      const delta = typeof v === "string" ? before.get(v)! : BigInt(v);
      expect(figure(state, f) - before.get(f)!, `${where}: ${f}`).toBe(delta);
    }
    for (const [f, v] of Object.entries(e.after ?? {}))
      expect(figure(state, f), `${where}: ${f}`).toBe(BigInt(v));
    for (const d of e.deleted ?? []) expect(state.get(Tables.accounts, addressOf(d)), where).toBeUndefined();
    if (e.energyAbove !== undefined) {
      expect(result.energyUsed - energyOf.get(e.energyAbove.label)!, where).toBe(BigInt(e.energyAbove.by));
    }
  });
}

/**
 * Runtime code that STATICCALLs `precompile` with its own call data and returns what it answered
 * (reverting when the call fails): CALLDATACOPY, STATICCALL(gas, address, 0, size, 0, 0),
 * RETURNDATACOPY, RETURN.
 */
function precompileCaller(precompile: Hex): string {
  const address = precompile.padStart(40, "0");
  return `36600060003760006000366000` + `73${address}5afa156032573d60006000` + "3e3d6000f35b60006000fd";
}

/** One named figure of the state (see `Figure`). */
function figure(state: MemoryState, name: Figure): bigint {
  const [kind, who, a, b] = name.split(":") as [string, string, string?, string?];
  if (kind === "prop") return new ChainProperties(state).get(who as PropertyName);
  const account = state.get(Tables.accounts, addressOf(who));
  const now = new ChainProperties(state).headTimestamp;
  switch (kind) {
    case "balance":
      return account?.balance ?? 0n;
    case "frozenV2":
      return account ? frozenV2(account, ResourceCode[a as keyof typeof ResourceCode]) : 0n;
    case "delegatedV2":
      return account ? delegatedV2(account, ResourceCode[a as keyof typeof ResourceCode]) : 0n;
    case "acquiredV2":
      return account ? acquiredV2(account, ResourceCode[a as keyof typeof ResourceCode]) : 0n;
    case "unfreezing":
      return BigInt(account ? unfreezingV2Count(account, now) : 0);
    case "frozenOrUnfreezing": {
      let total = 0n;
      for (const f of account?.frozenV2 ?? []) total += f.amount;
      for (const u of account?.unfrozenV2 ?? []) if (u.unfreezeExpireTime > now) total += u.unfreezeAmount;
      return total;
    }
    case "record": {
      const record = state.get(
        Tables.delegatedResources,
        delegatedResourceKeyV2(addressOf(who), addressOf(a!), false),
      );
      if (!record) return 0n;
      return b === "BANDWIDTH" ? record.frozenBalanceForBandwidth : record.frozenBalanceForEnergy;
    }
    default:
      throw new Error(`unknown figure ${name}`);
  }
}

/**
 * VoteTest.checkRewardAndWithdraw: MortgageService's pending reward is zero (or not); the contract's
 * rewardBalance() and withdrawReward() answer at least that and at most that plus the cycles since
 * the account's begin cycle; the balance grows by what withdrawReward answered.
 */
function checkRewardAndWithdraw(
  state: MemoryState,
  check: { account: string; zero: boolean; query: Hex; withdraw: Hex },
  call: (data: Uint8Array) => bigint,
  where: string,
): void {
  const address = addressOf(check.account);
  const props = new ChainProperties(state);
  const bySystem = queryReward(state, props, address);
  const begin = state.get(Tables.delegation, `begin-${hex(address)}`) ?? 0n;
  const current = props.get("CURRENT_CYCLE_NUMBER");
  const passed = current - begin > 0n ? current - begin : 0n;
  if (check.zero) expect(bySystem, where).toBe(0n);
  else expect(bySystem > 0n, `${where}: reward ${bySystem}`).toBe(true);
  const inRange = (v: bigint) =>
    expect(v >= bySystem && v <= bySystem + passed, `${where}: ${v} vs ${bySystem}`).toBe(true);
  inRange(call(hexToBytes(check.query)));
  const balance = state.get(Tables.accounts, address)!.balance;
  const withdrawn = call(hexToBytes(check.withdraw));
  inRange(withdrawn);
  expect(state.get(Tables.accounts, address)!.balance, where).toBe(balance + withdrawn);
}

function setFlagsBack(step: TxStep): boolean {
  return step.flags !== undefined;
}

function checkAccount(state: MemoryState, c: AccountCheck, where: string): void {
  if (c.votesRow !== undefined) {
    const row = state.get(Tables.votes, addressOf(c.votesRow));
    expect(
      row?.newVotes.map((v) => Number(v.voteCount)),
      where,
    ).toEqual(c.newVotes);
    return;
  }
  if (c.beginCycle !== undefined) {
    const begin = state.get(Tables.delegation, `begin-${hex(addressOf(c.beginCycle))}`) ?? 0n;
    expect(begin, where).toBe(
      new ChainProperties(state).get("CURRENT_CYCLE_NUMBER") + BigInt(c.aheadOfCurrent!),
    );
    return;
  }
  if (c.storage !== undefined) {
    const address = addressOf(c.storage);
    const contract = state.get(ContractTables.contracts, address)!;
    const row = storageRowKey(
      storageAddressHash(address, contract.trxHash),
      hexToBytes(c.slot!),
      contract.version,
    );
    const value = state.get(ContractTables.storageRows, row);
    expect(value ? hex(value) : "0".repeat(64), where).toBe(c.value);
    return;
  }
  const account = state.get(Tables.accounts, addressOf(c.account!));
  if (c.exists === false) {
    expect(account, where).toBeUndefined();
    return;
  }
  expect(account, where).toBeDefined();
  if (c.balance !== undefined) expect(account!.balance, where).toBe(BigInt(c.balance));
  if (c.votes !== undefined) expect(account!.votes.length, where).toBe(c.votes);
  for (const [id, v] of Object.entries(c.assetV2 ?? {}))
    expect(account!.assetV2[id], `${where} asset ${id}`).toBe(BigInt(v));
  if (c.matches) expect(account, where).toMatchObject(bigints(c.matches) as object);
}

for (const { file, doc } of fixtures) {
  describe(`${file} (${doc.source.split(":")[0]})`, () => {
    for (const scenario of doc.scenarios)
      it(scenario.name, () => run(structuredClone(scenario), doc.codes ?? {}));
  });
}
