/**
 * Random calls with random arguments into real Solidity: an OpenZeppelin 5.7.0 ERC-20 (burnable,
 * with multicall), an ERC-721, an ERC1967Proxy in front of a campaign contract and an aggregator
 * (oracle/fuzz/contracts), compiled by npm solc. As elsewhere in the fuzzer the values are abstract
 * plain data: a kind, a function by signature, arguments drawn per ABI type toward the edges, and
 * addresses as indices into the campaign's parties and contracts, which `resolve` maps to bytes when
 * the call is built. Aggregated and multicall items are themselves abstract calls (nested to depth 2),
 * and about one call in ten has malformed calldata.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type AbiInput, encodeAbi } from "@tronode/chain";
import { bytesToHex, concatBytes, hexToBytes, keccak256, utf8Encode } from "@tronode/engine/internal";
import fc from "fast-check";

export const SOLIDITY_KINDS = ["FuzzToken", "FuzzNft", "ERC1967Proxy", "FuzzMulticall"] as const;
export type SolidityKind = (typeof SOLIDITY_KINDS)[number];

// biome-ignore lint/suspicious/noExplicitAny: solc's ABI JSON is read loosely
export type SolidityAbiEntry = any;

export interface SolidityArtefact {
  /** The ABI as solc prints it. */
  readonly abi: readonly SolidityAbiEntry[];
  /** Creation code (constructor arguments go after it). */
  readonly bytecode: Uint8Array;
}

export type SolidityArtefacts = Readonly<Record<SolidityKind, SolidityArtefact>>;

/** The index-th deployed contract of a kind (the resolver takes the index modulo how many there are). */
export interface SolidityContractRef {
  readonly contract: SolidityKind;
  readonly index: number;
}

/**
 * An abstract address: a number is an index into the campaign's parties and contracts, a ref a
 * contract of a kind (a party's address when none is deployed), a `0x` string an address as is.
 */
export type SolidityAddress = number | SolidityContractRef | string;

/**
 * An abstract ABI value; its ABI type (from the function's signature) says how to read it:
 * uintN a decimal string, address a SolidityAddress, bool a boolean, bytes/bytesN `0x` hex or (bytes
 * only) a SolidityCall that is encoded as its calldata, string a string, T[] and tuples arrays. A
 * SolidityCall in an `(address,bytes)` slot gives both: its target and its calldata.
 */
export type SolidityArg =
  | string
  | number
  | boolean
  | SolidityContractRef
  | SolidityCall
  | readonly SolidityArg[];

/** Calldata bent out of shape (the arguments are drawn and encoded first). */
export type SolidityMalformation =
  /** Drops this many bytes from the end (all of them when it is more than there are). */
  | { readonly truncate: number }
  /** Replaces the selector with these 4 bytes (8 hex digits), one no function here has. */
  | { readonly selector: string }
  /** Appends these bytes (hex) after the arguments, which Solidity's decoder ignores. */
  | { readonly trailing: string };

export interface SolidityCall {
  readonly kind: SolidityKind;
  /** Which contract of the kind is called (`contractOf(kind, target)`, else the party `address(target)`). */
  readonly target: number;
  /** The function's signature, `name(type,…)`; for the proxy, one of FuzzToken's (it delegates to one). */
  readonly fn: string;
  readonly args: readonly SolidityArg[];
  readonly malformed: SolidityMalformation | null;
}

export interface SolidityDeploy {
  readonly kind: SolidityKind;
  /** The constructor's arguments (SOLIDITY_CONSTRUCTORS[kind] gives their types). */
  readonly args: readonly SolidityArg[];
}

/** How build code maps the abstract addresses to the campaign's. */
export interface SolidityResolver {
  /** A party or contract of the campaign by index: 20 bytes, without TRON's 0x41 prefix. */
  address(index: number): Uint8Array;
  /** The index-th deployed contract of `kind` (20 bytes), or undefined when there is none. */
  contractOf(kind: SolidityKind, index: number): Uint8Array | undefined;
}

/**
 * Every function of each kind's ABI, views included, with its weight in the draw (the test checks
 * the list against solc's ABI). Functions that end the owner's control (renounceOwnership,
 * transferOwnership) are rare, so a campaign keeps minting for a while.
 */
export const SOLIDITY_FUNCTIONS: Readonly<
  Record<Exclude<SolidityKind, "ERC1967Proxy">, readonly (readonly [string, number])[]>
> = {
  FuzzToken: [
    ["transfer(address,uint256)", 36],
    ["approve(address,uint256)", 24],
    ["transferFrom(address,address,uint256)", 24],
    ["burn(uint256)", 12],
    ["burnFrom(address,uint256)", 12],
    ["mint(address,uint256)", 18],
    ["multicall(bytes[])", 18],
    ["initialize(address,uint256)", 2],
    ["transferOwnership(address)", 1],
    ["renounceOwnership()", 1],
    ["name()", 3],
    ["symbol()", 3],
    ["decimals()", 3],
    ["totalSupply()", 3],
    ["balanceOf(address)", 6],
    ["allowance(address,address)", 6],
    ["owner()", 3],
  ],
  FuzzNft: [
    ["mint(address,uint256)", 36],
    ["transferFrom(address,address,uint256)", 18],
    ["safeTransferFrom(address,address,uint256)", 12],
    ["safeTransferFrom(address,address,uint256,bytes)", 12],
    ["approve(address,uint256)", 12],
    ["setApprovalForAll(address,bool)", 9],
    ["burn(uint256)", 9],
    ["setBaseURI(string)", 9],
    ["transferOwnership(address)", 1],
    ["renounceOwnership()", 1],
    ["name()", 3],
    ["symbol()", 3],
    ["tokenURI(uint256)", 6],
    ["balanceOf(address)", 3],
    ["ownerOf(uint256)", 6],
    ["getApproved(uint256)", 3],
    ["isApprovedForAll(address,address)", 3],
    ["supportsInterface(bytes4)", 6],
    ["owner()", 3],
  ],
  FuzzMulticall: [
    ["aggregate((address,bytes)[])", 1],
    ["tryAggregate((address,bytes)[])", 1],
  ],
};

/** The constructor's parameter types per kind. */
export const SOLIDITY_CONSTRUCTORS: Readonly<Record<SolidityKind, readonly string[]>> = {
  FuzzToken: ["uint256"],
  FuzzNft: [],
  ERC1967Proxy: ["address", "bytes"],
  FuzzMulticall: [],
};

/** The functions a call of `kind` chooses from (the proxy forwards FuzzToken's). */
export function solidityFunctions(kind: SolidityKind): readonly string[] {
  return functionsOf(kind).map(([signature]) => signature);
}

const functionsOf = (kind: SolidityKind) => SOLIDITY_FUNCTIONS[kind === "ERC1967Proxy" ? "FuzzToken" : kind];

// ---------------------------------------------------------------------------------------------
// Compiling

const CONTRACTS_DIR = join(import.meta.dirname, "contracts");
const CACHE_DIR = join(import.meta.dirname, "..", "..", "test", ".solc-cache");
const OPENZEPPELIN = "@openzeppelin/contracts/";
const SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
};
/** Where each kind is in solc's output. */
const UNITS: Readonly<Record<SolidityKind, string>> = {
  FuzzToken: "FuzzToken.sol",
  FuzzNft: "FuzzNft.sol",
  ERC1967Proxy: `${OPENZEPPELIN}proxy/ERC1967/ERC1967Proxy.sol`,
  FuzzMulticall: "FuzzMulticall.sol",
};

const require = createRequire(import.meta.url);

let loaded: Promise<SolidityArtefacts> | undefined;

/**
 * The four kinds compiled by npm solc (cancun, optimizer 200 runs) with OpenZeppelin from
 * node_modules. solc-js takes seconds, so the output is cached in test/.solc-cache (gitignored),
 * keyed by solc's and OpenZeppelin's versions, the sources and the settings.
 */
export function loadSolidity(): Promise<SolidityArtefacts> {
  loaded ??= compile();
  return loaded;
}

async function compile(): Promise<SolidityArtefacts> {
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR).sort()) {
    if (file.endsWith(".sol")) sources[file] = { content: readFileSync(join(CONTRACTS_DIR, file), "utf8") };
  }
  const ozRoot = dirname(require.resolve(`${OPENZEPPELIN}package.json`));
  const versionOf = (packageJson: string) => JSON.parse(readFileSync(packageJson, "utf8")).version as string;
  const key = createHash("sha256")
    .update(
      JSON.stringify({
        for: "oracle-fuzz",
        solc: versionOf(require.resolve("solc/package.json")),
        openzeppelin: versionOf(join(ozRoot, "package.json")),
        sources,
        SETTINGS,
      }),
    )
    .digest("hex")
    .slice(0, 24);
  const cacheFile = join(CACHE_DIR, `oracle-fuzz-${key}.json`);
  let stored: Record<SolidityKind, { abi: SolidityAbiEntry[]; bytecode: string }>;
  if (existsSync(cacheFile)) stored = JSON.parse(readFileSync(cacheFile, "utf8"));
  else {
    const solc = (await import("solc")).default;
    // OpenZeppelin's own relative imports reach here already joined to "@openzeppelin/contracts/…"
    const findImports = (path: string) =>
      path.startsWith(OPENZEPPELIN)
        ? { contents: readFileSync(join(ozRoot, path.slice(OPENZEPPELIN.length)), "utf8") }
        : { error: `not found: ${path}` };
    const output = JSON.parse(
      solc.compile(JSON.stringify({ language: "Solidity", sources, settings: SETTINGS }), {
        import: findImports,
      }),
    );
    const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
    if (errors.length > 0)
      throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join("\n"));
    stored = Object.fromEntries(
      SOLIDITY_KINDS.map((kind) => {
        const c = output.contracts[UNITS[kind]][kind];
        return [kind, { abi: c.abi, bytecode: c.evm.bytecode.object }];
      }),
    ) as typeof stored;
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify(stored));
  }
  return Object.fromEntries(
    SOLIDITY_KINDS.map((kind) => [
      kind,
      { abi: stored[kind].abi, bytecode: hexToBytes(stored[kind].bytecode) },
    ]),
  ) as unknown as SolidityArtefacts;
}

// ---------------------------------------------------------------------------------------------
// Generating

const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;
const MAX_UINT = 2n ** 256n - 1n;
/** Deeper calls hold no more calls. */
const MAX_DEPTH = 2;

/** uint256 toward the edges: tiny (so token ids and amounts meet), word ends, 10^18, up to 10^24. */
const uint = fc
  .oneof(
    { weight: 5, arbitrary: fc.bigInt(0n, 3n) },
    { weight: 2, arbitrary: fc.constantFrom(MAX_UINT, 2n ** 255n, MAX_UINT - 1n, 10n ** 18n) },
    { weight: 2, arbitrary: fc.bigInt(4n, 1_000n) },
    { weight: 3, arbitrary: fc.bigInt(0n, 10n ** 24n) },
  )
  .map(String);

const contractRef: fc.Arbitrary<SolidityContractRef> = fc.record({
  contract: fc.constantFrom(...SOLIDITY_KINDS),
  index: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(3) }),
});

const address: fc.Arbitrary<SolidityAddress> = fc.oneof(
  { weight: 8, arbitrary: fc.nat(15) },
  { weight: 1, arbitrary: fc.nat(1_000) },
  { weight: 3, arbitrary: contractRef },
  // the zero address (ERC20InvalidReceiver and friends), a precompile, the highest address
  {
    weight: 1,
    arbitrary: fc.constantFrom(`0x${"00".repeat(20)}`, `0x${"00".repeat(19)}01`, `0x${"ff".repeat(20)}`),
  },
);

const bytes = fc
  .oneof(
    { weight: 2, arbitrary: fc.constant(new Uint8Array()) },
    { weight: 4, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 100, maxLength: 400 }) },
  )
  .map(hex);

const text = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 100, maxLength: 300 }) },
);

/** ERC-165 ids: ERC-721, ERC-165 itself, ERC-721 metadata, the one that must be false, and others. */
const interfaceId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("0x80ac58cd", "0x01ffc9a7", "0x5b5e139f", "0xffffffff") },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 4, maxLength: 4 }).map(hex) },
);

const malformation: fc.Arbitrary<SolidityMalformation | null> = fc.oneof(
  { weight: 27, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.record({
      truncate: fc.oneof(
        fc.integer({ min: 1, max: 31 }),
        fc.constant(32),
        fc.integer({ min: 33, max: 2_000 }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      selector: fc.oneof(
        fc.constantFrom("00000000", "ffffffff"),
        fc.uint8Array({ minLength: 4, maxLength: 4 }).map(bytesToHex),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ trailing: fc.uint8Array({ minLength: 1, maxLength: 64 }).map(bytesToHex) }),
  },
);

const target = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(3) });

/** An array of 0–3 items. */
const few = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 3 });

/** The calls at each depth, built from the deepest up (each one's items are the next depth's calls). */
const callsAt: fc.Arbitrary<SolidityCall>[] = [];
const kindCallsAt: Record<SolidityKind, fc.Arbitrary<SolidityCall>>[] = [];
for (let depth = MAX_DEPTH; depth >= 0; depth--) {
  const inner = depth < MAX_DEPTH ? kindCallsAt[depth + 1] : undefined;
  const anyInner = depth < MAX_DEPTH ? callsAt[depth + 1] : undefined;
  const argOf = (type: string, kind: SolidityKind): fc.Arbitrary<SolidityArg> => {
    if (type === "bytes[]") {
      // multicall delegates each item into the same contract: calls of this kind, and raw bytes
      return few(
        inner ? fc.oneof({ weight: 4, arbitrary: inner[kind] }, { weight: 1, arbitrary: bytes }) : bytes,
      );
    }
    if (type === "(address,bytes)[]") {
      const raw = fc.tuple(address, bytes);
      return few(
        anyInner ? fc.oneof({ weight: 4, arbitrary: anyInner }, { weight: 1, arbitrary: raw }) : raw,
      );
    }
    if (/^uint\d*$/.test(type)) return uint;
    switch (type) {
      case "address":
        return address;
      case "bool":
        return fc.boolean();
      case "bytes":
        return bytes;
      case "bytes4":
        return interfaceId;
      case "string":
        return text;
      default:
        throw new Error(`no arbitrary for the ABI type ${type}`);
    }
  };
  const ofKind = (kind: SolidityKind) =>
    fc.oneof(
      ...functionsOf(kind).map(([fn, weight]) => ({
        weight,
        arbitrary: fc.record({
          kind: fc.constant(kind),
          target,
          fn: fc.constant(fn),
          args: fc.tuple(...parameterTypes(fn).map((type) => argOf(type, kind))),
          malformed: malformation,
        }),
      })),
    ) as fc.Arbitrary<SolidityCall>;
  const byKind = Object.fromEntries(SOLIDITY_KINDS.map((kind) => [kind, ofKind(kind)])) as Record<
    SolidityKind,
    fc.Arbitrary<SolidityCall>
  >;
  kindCallsAt[depth] = byKind;
  callsAt[depth] = fc.oneof(
    { weight: 4, arbitrary: byKind.FuzzToken },
    { weight: 3, arbitrary: byKind.FuzzNft },
    { weight: 2, arbitrary: byKind.ERC1967Proxy },
    { weight: 2, arbitrary: byKind.FuzzMulticall },
  );
}

/** A call into one of the campaign's Solidity contracts, nested calls included. */
export const solidityCallArbitrary: fc.Arbitrary<SolidityCall> = callsAt[0]!;

/** FuzzToken's initialize, as the call an ERC1967Proxy's constructor delegates. */
const initialize: fc.Arbitrary<SolidityCall> = fc.record({
  kind: fc.constant("FuzzToken" as const),
  target: fc.constant(0),
  fn: fc.constant("initialize(address,uint256)"),
  args: fc.tuple(address, uint),
  malformed: fc.constant(null),
});

/**
 * A deploy of one kind. The proxy's implementation is mostly a FuzzToken (else another kind, a party
 * or a literal address, which reverts ERC1967InvalidImplementation when it has no code), and its
 * constructor's call mostly FuzzToken's initialize, else another FuzzToken call, raw bytes or nothing
 * (OpenZeppelin 5.6 and later revert ERC1967ProxyUninitialized on empty data).
 */
export const solidityDeployArbitrary: fc.Arbitrary<SolidityDeploy> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("FuzzToken" as const), args: fc.tuple(uint) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("FuzzNft" as const), args: fc.constant([]) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("ERC1967Proxy" as const),
      args: fc.tuple(
        fc.oneof(
          {
            weight: 6,
            arbitrary: fc.record({ contract: fc.constant("FuzzToken" as const), index: fc.nat(3) }),
          },
          { weight: 1, arbitrary: contractRef },
          { weight: 1, arbitrary: address },
        ),
        fc.oneof(
          { weight: 6, arbitrary: initialize },
          { weight: 2, arbitrary: kindCallsAt[1]!.FuzzToken },
          { weight: 1, arbitrary: bytes },
          { weight: 1, arbitrary: fc.constant("0x") },
        ),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("FuzzMulticall" as const), args: fc.constant([]) }) },
);

// ---------------------------------------------------------------------------------------------
// Encoding

/** Creation code followed by the ABI-encoded constructor arguments. */
export function encodeSolidityDeploy(
  d: SolidityDeploy,
  artefacts: SolidityArtefacts,
  resolve: SolidityResolver,
): Uint8Array {
  const types = SOLIDITY_CONSTRUCTORS[d.kind];
  const args = encodeAbi(
    types,
    types.map((type, i) => abiInput(type, d.args[i]!, artefacts, resolve)),
  );
  return concatBytes(artefacts[d.kind].bytecode, args);
}

/** The call's calldata: the selector and the ABI-encoded arguments, then its malformation if any. */
export function encodeSolidityCall(
  c: SolidityCall,
  artefacts: SolidityArtefacts,
  resolve: SolidityResolver,
): Uint8Array {
  if (!abiSignatures(artefacts, c.kind).has(c.fn)) throw new Error(`${c.kind} has no function ${c.fn}`);
  const types = parameterTypes(c.fn);
  const data = concatBytes(
    selectorOf(c.fn),
    encodeAbi(
      types,
      types.map((type, i) => abiInput(type, c.args[i]!, artefacts, resolve)),
    ),
  );
  const m = c.malformed;
  if (m === null) return data;
  if ("truncate" in m) return data.subarray(0, Math.max(0, data.length - m.truncate));
  if ("selector" in m) return concatBytes(hexToBytes(m.selector), data.subarray(4));
  return concatBytes(data, hexToBytes(m.trailing));
}

/** The address a call goes to: the target-th contract of its kind, else a party. */
export function solidityCallTarget(c: SolidityCall, resolve: SolidityResolver): Uint8Array {
  return resolve.contractOf(c.kind, c.target) ?? resolve.address(c.target);
}

/** The 4-byte selector of a signature (`transfer(address,uint256)`). */
export function selectorOf(signature: string): Uint8Array {
  return keccak256(utf8Encode(signature)).subarray(0, 4);
}

/** The parameter types of a signature, split at its top-level commas. */
export function parameterTypes(signature: string): string[] {
  return splitTop(signature.slice(signature.indexOf("(") + 1, -1));
}

function splitTop(inner: string): string[] {
  if (inner === "") return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "(") depth++;
    else if (inner[i] === ")") depth--;
    else if (inner[i] === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

const isCall = (arg: SolidityArg): arg is SolidityCall =>
  typeof arg === "object" && arg !== null && "fn" in arg;

function resolveAddress(a: SolidityAddress, resolve: SolidityResolver): Uint8Array {
  if (typeof a === "number") return resolve.address(a);
  if (typeof a === "string") return hexToBytes(a.replace(/^0x/, ""));
  return resolve.contractOf(a.contract, a.index) ?? resolve.address(a.index);
}

/** An abstract argument as the value encodeAbi takes for `type`. */
function abiInput(
  type: string,
  arg: SolidityArg,
  artefacts: SolidityArtefacts,
  resolve: SolidityResolver,
): AbiInput {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array)
    return (arg as readonly SolidityArg[]).map((item) => abiInput(array[1]!, item, artefacts, resolve));
  if (type.startsWith("(")) {
    const items = splitTop(type.slice(1, -1));
    // an aggregated call: its target and its calldata
    if (isCall(arg)) return [solidityCallTarget(arg, resolve), encodeSolidityCall(arg, artefacts, resolve)];
    return items.map((item, i) => abiInput(item, (arg as readonly SolidityArg[])[i]!, artefacts, resolve));
  }
  if (type === "address") return resolveAddress(arg as SolidityAddress, resolve);
  if (type === "bytes" && isCall(arg)) return encodeSolidityCall(arg, artefacts, resolve);
  if (/^u?int\d*$/.test(type)) return BigInt(arg as string);
  return arg as AbiInput;
}

const signatureMemo = new WeakMap<SolidityArtefacts, Map<SolidityKind, Set<string>>>();

/** The signatures of the functions the kind's compiled ABI has (the proxy forwards FuzzToken's). */
function abiSignatures(artefacts: SolidityArtefacts, kind: SolidityKind): Set<string> {
  const byKind = signatureMemo.get(artefacts) ?? new Map<SolidityKind, Set<string>>();
  signatureMemo.set(artefacts, byKind);
  let set = byKind.get(kind);
  if (!set) {
    set = new Set(
      artefacts[kind === "ERC1967Proxy" ? "FuzzToken" : kind].abi
        .filter((e: SolidityAbiEntry) => e.type === "function")
        .map((e: SolidityAbiEntry) => solidityAbiSignature(e)),
    );
    byKind.set(kind, set);
  }
  return set;
}

/** `name(type,…)` of an ABI entry, tuples written `(…)` from their components. */
export function solidityAbiSignature(entry: SolidityAbiEntry): string {
  const typeOf = (p: SolidityAbiEntry): string =>
    p.type.startsWith("tuple") ? `(${(p.components ?? []).map(typeOf).join(",")})${p.type.slice(5)}` : p.type;
  return `${entry.name ?? ""}(${(entry.inputs ?? []).map(typeOf).join(",")})`;
}
