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
  ContractResult,
  ContractTables,
  createAccountTokenLedger,
  executeCall,
  executeCreate,
  hexToBytes,
  keccak256,
  MemoryState,
  SmartContractSchema,
  StateOverlay,
  storageAddressHash,
  storageRowKey,
  Tables,
  type VmResult,
  WitnessSchema,
} from "../../src/index.js";

type Hex = string;
type DataPart = Hex | { address: string; prefix?: Hex };
interface Expect {
  result?: keyof typeof ContractResult;
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
}
type Step =
  | DeployStep
  | CallStep
  | { check: AccountCheck[] }
  | { set: { flags?: Record<string, number | string>; accounts?: AccountSpec[] } };
interface Scenario {
  name: string;
  flags: Record<string, number | string>;
  accounts: AccountSpec[];
  witnesses?: string[];
  assets?: string[];
  genesisBlockId?: Hex;
  steps: Step[];
}

const fixtures = readdirSync(join(__dirname, "fixtures"))
  .filter((f) => f.startsWith("java-tron-") && f.endsWith(".json"))
  .map((f) => ({ file: f, doc: JSON.parse(readFileSync(join(__dirname, "fixtures", f), "utf8")) }))
  .filter(({ doc }) => Array.isArray(doc.scenarios)) as {
  file: string;
  doc: { source: string; scenarios: Scenario[] };
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
      Object.entries(v).map(([k, x]) => [
        k,
        k === "address" || k.endsWith("Address") ? hexToBytes(x as string) : bigints(x),
      ]),
    );
  }
  return v;
}

function putAccount(overlay: StateOverlay, spec: AccountSpec): void {
  const address = addressOf(spec.address);
  const existing = overlay.get(Tables.accounts, address);
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

function run(scenario: Scenario): void {
  const state = new MemoryState();
  setFlags(state, scenario.flags);
  const overlay = new StateOverlay(state);
  for (const a of scenario.accounts) putAccount(overlay, a);
  for (const w of scenario.witnesses ?? []) {
    const address = addressOf(w);
    overlay.put(Tables.witnesses, address, create(WitnessSchema, { address, url: "fixture" }));
  }
  state.apply(overlay.changes());
  const owner = addressOf(scenario.accounts[0]!.address);
  const assets = new Set(scenario.assets ?? []);
  const host = {
    tokens: createAccountTokenLedger({
      exists: (_v, _p, key) => assets.has(key),
      idOfV1Name: () => undefined,
    }),
    blockId: (_view: unknown, n: bigint) =>
      n === 0n && scenario.genesisBlockId ? hexToBytes(scenario.genesisBlockId) : undefined,
  };
  const energyOf = new Map<string, bigint>();

  scenario.steps.forEach((step, index) => {
    const where = `step ${index + 1} ${JSON.stringify(step).slice(0, 80)}`;
    if ("set" in step) {
      if (step.set.flags) Object.assign(scenario.flags, step.set.flags);
      const o = new StateOverlay(state);
      for (const a of step.set.accounts ?? []) putAccount(o, a);
      state.apply(o.changes());
      return;
    }
    if ("check" in step) {
      for (const c of step.check) checkAccount(state, c, where);
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
    let result: VmResult;
    if ("deploy" in step) {
      const contract = create(SmartContractSchema, {
        originAddress: common.origin,
        contractAddress: addressOf(step.deploy),
        bytecode: hexToBytes(step.code),
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
    const e = step.expect ?? {};
    expect(ContractResult[result.contractResult], `${where}: ${result.runtimeError}`).toBe(
      e.result ?? "SUCCESS",
    );
    if (e.returnData !== undefined) expect(hex(result.returnData), where).toBe(e.returnData);
    if (e.returnAddress !== undefined)
      expect(hex(result.returnData.subarray(12)), where).toBe(e.returnAddress.slice(2));
    if (e.runtimeError !== undefined) expect(result.runtimeError, where).toBe(e.runtimeError);
    if (e.energyUsed !== undefined) expect(result.energyUsed, where).toBe(BigInt(e.energyUsed));
    if (e.energyAbove !== undefined) {
      expect(result.energyUsed - energyOf.get(e.energyAbove.label)!, where).toBe(BigInt(e.energyAbove.by));
    }
  });
}

function setFlagsBack(step: TxStep): boolean {
  return step.flags !== undefined;
}

function checkAccount(state: MemoryState, c: AccountCheck, where: string): void {
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
  for (const [id, v] of Object.entries(c.assetV2 ?? {}))
    expect(account!.assetV2[id], `${where} asset ${id}`).toBe(BigInt(v));
  if (c.matches) expect(account, where).toMatchObject(bigints(c.matches) as object);
}

for (const { file, doc } of fixtures) {
  describe(`${file} (${doc.source.split(":")[0]})`, () => {
    for (const scenario of doc.scenarios) it(scenario.name, () => run(scenario));
  });
}
