/**
 * An independent model of java-tron's multi-signature rules, written from the reference
 * (shared/reference/wire-and-http.md §4) and NOT from the engine: it imports nothing from src/.
 * Property tests feed the same random data to the model and to the node and require equal verdicts.
 *
 * Addresses are lower-case hex strings; the caller supplies each signer's base58 form (formatting is
 * not what is being modelled).
 */

export const OWNER = 0;
export const WITNESS = 1;
export const ACTIVE = 2;
const TYPE_NAMES: Record<number, string> = { [OWNER]: "Owner", [WITNESS]: "Witness", [ACTIVE]: "Active" };

/** Fresh-chain masks from the reference (§4.1). */
export const DEFAULT_ACTIVE_OPS_HEX = `7fff1fc0033e${"00".repeat(26)}`;
export const AVAILABLE_TYPES_HEX = `7fff1fc0037e${"00".repeat(26)}`;
export const MAX_SIGNATURES = 5;
const MAX_KEYS = 5;
const MAX_ACTIVES = 8;
const INT64_MAX = 2n ** 63n - 1n;

export interface ModelKey {
  address: string;
  weight: bigint;
}

export interface ModelPermission {
  type: number;
  id: number;
  name: string;
  threshold: bigint;
  parentId: number;
  /** hex */
  operations: string;
  keys: ModelKey[];
}

export interface ModelAccount {
  address: string;
  isWitness: boolean;
  /** undefined: the implied default owner */
  owner?: ModelPermission;
  witness?: ModelPermission;
  actives: ModelPermission[];
}

export interface ModelUpdate {
  owner?: ModelPermission;
  witness?: ModelPermission;
  actives: ModelPermission[];
}

/** A signature as the model sees it: a good one (signer known), too short, or with a bad v byte. */
export type ModelSig =
  | { kind: "ok"; hex: string; signer: string; signerB58: string }
  | { kind: "short"; length: number }
  | { kind: "badHeader"; v: number };

function hexBytes(hex: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hex.length; i += 2) out.push(Number.parseInt(hex.slice(i, i + 2), 16));
  return out;
}

function bitSet(hex: string, type: number): boolean {
  const bytes = hexBytes(hex);
  const b = bytes[Math.floor(type / 8)] ?? 0;
  return ((b >> (type % 8)) & 1) === 1;
}

function validAddress(hex: string): boolean {
  return hex.length === 42 && hex.startsWith("41");
}

export function defaultOwner(address: string): ModelPermission {
  return {
    type: OWNER,
    id: 0,
    name: "owner",
    threshold: 1n,
    parentId: 0,
    operations: "",
    keys: [{ address, weight: 1n }],
  };
}

export function defaultActive(address: string): ModelPermission {
  return {
    type: ACTIVE,
    id: 2,
    name: "active",
    threshold: 1n,
    parentId: 0,
    operations: DEFAULT_ACTIVE_OPS_HEX,
    keys: [{ address, weight: 1n }],
  };
}

/** A new account on a chain with multi-sign on: default owner and one default active. */
export function newModelAccount(address: string, isWitness: boolean): ModelAccount {
  return { address, isWitness, owner: defaultOwner(address), actives: [defaultActive(address)] };
}

/** One permission's checks in the reference's order (§4.2 checkPermission); the first failure. */
function permissionProblem(p: ModelPermission): string | undefined {
  const typeName = TYPE_NAMES[p.type]!;
  if (p.keys.length > MAX_KEYS) return `number of keys in permission should not be greater than ${MAX_KEYS}`;
  if (p.keys.length === 0) return "key's count should be greater than 0";
  if (p.type === WITNESS && p.keys.length !== 1) return "Witness permission's key count should be 1";
  if (p.threshold <= 0n) return "permission's threshold should be greater than 0";
  if (p.name.length > 32) return "permission's name is too long";
  if (p.parentId !== 0) return "permission's parent should be owner";
  if (new Set(p.keys.map((k) => k.address)).size !== p.keys.length) {
    return `address should be distinct in permission ${typeName}`;
  }
  let sum = 0n;
  for (const k of p.keys) {
    if (!validAddress(k.address)) return "key is not a validate address";
    if (k.weight <= 0n) return "key's weight should be greater than 0";
    sum += k.weight;
    if (sum > INT64_MAX) return "long overflow";
  }
  if (sum < p.threshold)
    return `sum of all key's weight should not be less than threshold in permission ${typeName}`;
  if (p.type !== ACTIVE)
    return p.operations.length > 0 ? `${typeName} permission needn't operations` : undefined;
  if (p.operations.length !== 64) return "operations size must 32";
  for (let t = 0; t < 256; t++) {
    if (bitSet(p.operations, t) && !bitSet(AVAILABLE_TYPES_HEX, t))
      return `${t} isn't a validate ContractType`;
  }
  return undefined;
}

/**
 * AccountPermissionUpdate on an existing account (§4.2): the validation message, or the account
 * as it is afterwards (ids overwritten, actives replaced).
 */
export function modelUpdate(
  account: ModelAccount,
  req: ModelUpdate,
): { error: string } | { account: ModelAccount } {
  if (!req.owner) return { error: "owner permission is missed" };
  if (account.isWitness && !req.witness) return { error: "witness permission is missed" };
  if (!account.isWitness && req.witness)
    return { error: "account isn't witness can't set witness permission" };
  if (req.actives.length === 0) return { error: "active permission is missed" };
  if (req.actives.length > MAX_ACTIVES) return { error: "active permission is too many" };
  if (req.owner.type !== OWNER) return { error: "owner permission type is error" };
  const ownerProblem = permissionProblem(req.owner);
  if (ownerProblem) return { error: ownerProblem };
  if (account.isWitness) {
    if (req.witness!.type !== WITNESS) return { error: "witness permission type is error" };
    const problem = permissionProblem(req.witness!);
    if (problem) return { error: problem };
  }
  for (const a of req.actives) {
    if (a.type !== ACTIVE) return { error: "active permission type is error" };
    const problem = permissionProblem(a);
    if (problem) return { error: problem };
  }
  return {
    account: {
      ...account,
      owner: { ...req.owner, id: 0 },
      witness: account.isWitness ? { ...req.witness!, id: 1 } : account.witness,
      actives: req.actives.map((a, i) => ({ ...a, id: i + 2 })),
    },
  };
}

/** getPermissionById, plus broadcast's defaults when the account does not exist (§4.3 step 3). */
function lookup(
  account: ModelAccount | undefined,
  ownerAddress: string,
  id: number,
  defaultsForMissing: boolean,
): ModelPermission | undefined {
  if (!account) {
    if (!defaultsForMissing) return undefined;
    if (id === 0) return defaultOwner(ownerAddress);
    if (id === 2) return defaultActive(ownerAddress);
    return undefined;
  }
  if (id === 0) return account.owner ?? defaultOwner(account.address);
  if (id === 1) return account.witness;
  return account.actives.find((a) => a.id === id);
}

type WeighResult =
  | { ok: true; approved: string[]; weight: bigint }
  | { ok: false; kind: "format" | "recover" | "permission"; message: string };

/** checkWeight (§4.3 step 5). */
function weigh(p: ModelPermission, sigs: ModelSig[]): WeighResult {
  if (sigs.length > p.keys.length) {
    return {
      ok: false,
      kind: "permission",
      message: `Signature count is ${sigs.length} more than key counts of permission : ${p.keys.length}`,
    };
  }
  const approved: string[] = [];
  let weight = 0n;
  for (const s of sigs) {
    if (s.kind === "short") return { ok: false, kind: "format", message: `Signature size is ${s.length}` };
    if (s.kind === "badHeader")
      return { ok: false, kind: "recover", message: `Header byte out of range: ${header(s.v)}` };
    const key = p.keys.find((k) => k.address === s.signer);
    if (!key) {
      return {
        ok: false,
        kind: "permission",
        message: `${s.hex} is signed by ${s.signerB58} but it is not contained of permission.`,
      };
    }
    if (approved.includes(s.signer))
      return { ok: false, kind: "permission", message: `${s.signerB58} has signed twice!` };
    approved.push(s.signer);
    weight += key.weight;
  }
  return { ok: true, approved, weight };
}

/** The header value java-tron reports for a v byte it refuses (§2: signed byte, +27 when below 27). */
function header(v: number): number {
  const signed = v > 127 ? v - 256 : v;
  return signed < 27 ? signed + 27 : signed;
}

/** The broadcast signature check (§4.3): undefined when it passes, else the SIGERROR detail. */
export function modelBroadcast(
  account: ModelAccount | undefined,
  ownerAddress: string,
  contractType: number,
  permissionId: number,
  sigs: ModelSig[],
): string | undefined {
  if (sigs.length === 0) return "miss sig or contract";
  if (sigs.length > MAX_SIGNATURES) return "too many signatures";
  const p = lookup(account, ownerAddress, permissionId, true);
  if (!p) return "permission isn't exit";
  if (permissionId !== 0) {
    if (p.type !== ACTIVE) return "Permission type is error";
    if (p.operations.length !== 64) return `operations size must 32, actual: ${p.operations.length / 2}`;
    if (!bitSet(p.operations, contractType)) return "Permission denied";
  }
  const w = weigh(p, sigs);
  if (!w.ok) return w.message;
  return w.weight >= p.threshold ? undefined : "sig error";
}

export interface ModelSignWeight {
  code: string;
  message?: string;
  permission?: ModelPermission;
  approved: string[];
  weight: bigint;
}

/** getsignweight (§4.5). */
export function modelSignWeight(
  account: ModelAccount | undefined,
  contractType: number,
  permissionId: number,
  sigs: ModelSig[],
): ModelSignWeight {
  const fail = (code: string, message: string, permission?: ModelPermission): ModelSignWeight => ({
    code,
    message,
    ...(permission ? { permission } : {}),
    approved: [],
    weight: 0n,
  });
  if (!account) return fail("PERMISSION_ERROR", "Account does not exist!");
  const p = lookup(account, account.address, permissionId, false);
  if (!p) return fail("PERMISSION_ERROR", "Permission for this, does not exist!");
  if (permissionId !== 0) {
    if (p.type !== ACTIVE) return fail("PERMISSION_ERROR", "Permission type is wrong!");
    if (p.operations.length !== 64) return fail("PERMISSION_ERROR", "operations size must be 32");
    if (!bitSet(p.operations, contractType)) return fail("PERMISSION_ERROR", "Permission denied!");
  }
  if (sigs.length === 0) {
    return {
      code: p.threshold <= 0n ? "ENOUGH_PERMISSION" : "NOT_ENOUGH_PERMISSION",
      permission: p,
      approved: [],
      weight: 0n,
    };
  }
  const w = weigh(p, sigs);
  if (!w.ok) {
    const code = {
      format: "SIGNATURE_FORMAT_ERROR",
      recover: "COMPUTE_ADDRESS_ERROR",
      permission: "PERMISSION_ERROR",
    }[w.kind];
    return fail(code, w.message, p);
  }
  return {
    code: w.weight >= p.threshold ? "ENOUGH_PERMISSION" : "NOT_ENOUGH_PERMISSION",
    permission: p,
    approved: w.approved,
    weight: w.weight,
  };
}

/** getapprovedlist (§4.6). */
export function modelApprovedList(
  account: ModelAccount | undefined,
  sigs: ModelSig[],
): { code: string; message?: string; approved: string[] } {
  if (!account) {
    return {
      code: "OTHER_ERROR",
      message: "class org.tron.core.exception.PermissionException : Account does not exist!",
      approved: [],
    };
  }
  const approved: string[] = [];
  for (const s of sigs) {
    if (s.kind === "short")
      return { code: "SIGNATURE_FORMAT_ERROR", message: `Signature size is ${s.length}`, approved: [] };
    if (s.kind === "badHeader") {
      return {
        code: "COMPUTE_ADDRESS_ERROR",
        message: `Header byte out of range: ${header(s.v)}`,
        approved: [],
      };
    }
    approved.push(s.signer);
  }
  return { code: "SUCCESS", approved };
}
