/**
 * java-tron's HTTP JSON codec (`org.tron.core.services.http.JsonFormat`), descriptor driven.
 *
 * This is NOT proto3 canonical JSON: keys are proto field names as written, defaults are omitted,
 * 64-bit integers are JSON numbers, enums are names, maps are `[{"key":…,"value":…}]` arrays and
 * bytes are hex — or, with `visible=true`, Base58Check / UTF-8 for the fields listed in
 * `visible-fields.ts`. See wire-and-http.md §3.2/§3.3.
 */
import {
  create,
  type DescEnum,
  type DescField,
  type DescMessage,
  fromBinary,
  type MessageShape,
  type Registry,
  ScalarType,
  toBinary,
} from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { TronodeError } from "../../errors.js";
import {
  bytesToHex,
  decodeFromBase58Check,
  encode58Check,
  parseHexJava,
  utf8DecodeStrict,
  utf8EncodeJava,
} from "./bytes.js";
import { columnOf, JSON_PARSE_ERROR, JsonDecimal, type JsonObject, type JsonValue } from "./json-text.js";
import { protocolRegistry } from "./registry.js";
import { ALWAYS_PRINT_DEFAULTS, BytesMode, bytesModeOf } from "./visible-fields.js";

export const PARSE_EXCEPTION = "org.tron.core.services.http.JsonFormat$ParseException";
export const NULL_POINTER_EXCEPTION = "java.lang.NullPointerException";

export interface PrintOptions {
  /** java-tron's `visible` (a.k.a. selfType): Base58Check addresses and UTF-8 names. */
  visible: boolean;
  /**
   * Full name used instead of `schema.typeName` when looking up the top-level message's fields in
   * the address/name tables (java-tron keys them by `<message full name>.<field>`). Nested messages
   * always use their own full names, as in java-tron.
   */
  path?: string;
  /**
   * java-tron prints 64-bit integers exactly. By default they become JS numbers (`Number(bigint)`), which
   * loses precision beyond 2^53. With `exactInt64`, such values are left as `bigint`; serialise the
   * result with `stringifyJson` to get java-tron's exact digits.
   */
  exactInt64?: boolean;
  /** Registry used to expand `google.protobuf.Any` payloads; defaults to all `protocol.*` types. */
  registry?: Registry;
}

export interface ParseOptions {
  visible: boolean;
  /** Registry used to resolve `google.protobuf.Any` `type_url`s; defaults to all `protocol.*` types. */
  registry?: Registry;
}

// ---------------------------------------------------------------------------------------------
// Per-schema field tables (cached)
// ---------------------------------------------------------------------------------------------

const K_SCALAR = 0;
const K_ENUM = 1;
const K_MESSAGE = 2;
const K_LIST = 3;
const K_MAP = 4;

/** 0 = 32-bit signed, 1 = 32-bit unsigned, 2 = 64-bit signed, 3 = 64-bit unsigned, -1 = not an integer. */
type IntClass = -1 | 0 | 1 | 2 | 3;

interface EnumInfo {
  readonly fullName: string;
  readonly byName: ReadonlyMap<string, number>;
  readonly nameOf: ReadonlyMap<number, string>;
  readonly shortName: string;
}

interface FieldInfo {
  readonly name: string;
  readonly localName: string;
  readonly number: number;
  readonly kind: number;
  /** for K_LIST / K_MAP: kind of the element / map value (K_SCALAR, K_ENUM or K_MESSAGE) */
  readonly valueKind: number;
  readonly scalar: ScalarType | undefined;
  readonly intClass: IntClass;
  readonly longAsString: boolean;
  readonly enumInfo: EnumInfo | undefined;
  readonly message: DescMessage | undefined;
  readonly bytesMode: BytesMode;
  readonly oneofLocal: string | undefined;
  readonly explicitPresence: boolean;
  /** K_MAP only: table of the synthetic `{key, value}` entry */
  readonly entry: Table | undefined;
  readonly mapKey: ScalarType | undefined;
}

interface Table {
  readonly typeName: string;
  readonly fields: readonly FieldInfo[];
  readonly byName: ReadonlyMap<string, FieldInfo>;
  readonly alwaysDefaults: boolean;
  readonly isAny: boolean;
}

const tables = new WeakMap<DescMessage, Table>();
const overrideTables = new WeakMap<DescMessage, Map<string, Table>>();
const enums = new WeakMap<DescEnum, EnumInfo>();

const ANY_TYPE = "google.protobuf.Any";
const PRESENCE_EXPLICIT = 1;

function intClassOf(t: ScalarType | undefined): IntClass {
  switch (t) {
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return 0;
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return 1;
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return 2;
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return 3;
    default:
      return -1;
  }
}

function enumInfo(desc: DescEnum): EnumInfo {
  let info = enums.get(desc);
  if (info === undefined) {
    const byName = new Map<string, number>();
    const nameOf = new Map<number, string>();
    for (const v of desc.values) {
      byName.set(v.name, v.number);
      if (!nameOf.has(v.number)) nameOf.set(v.number, v.name);
    }
    info = { fullName: desc.typeName, byName, nameOf, shortName: desc.name };
    enums.set(desc, info);
  }
  return info;
}

function fieldInfo(f: DescField, ownerName: string): FieldInfo {
  let kind: number;
  let valueKind = K_SCALAR;
  let scalar: ScalarType | undefined;
  let en: DescEnum | undefined;
  let message: DescMessage | undefined;
  let entry: Table | undefined;
  let mapKey: ScalarType | undefined;
  let longAsString = false;
  switch (f.fieldKind) {
    case "scalar":
      kind = K_SCALAR;
      scalar = f.scalar;
      longAsString = f.longAsString;
      break;
    case "enum":
      kind = K_ENUM;
      en = f.enum;
      break;
    case "message":
      kind = K_MESSAGE;
      message = f.message;
      break;
    case "list":
      kind = K_LIST;
      if (f.listKind === "scalar") {
        valueKind = K_SCALAR;
        scalar = f.scalar;
        longAsString = f.longAsString;
      } else if (f.listKind === "enum") {
        valueKind = K_ENUM;
        en = f.enum;
      } else {
        valueKind = K_MESSAGE;
        message = f.message;
      }
      break;
    case "map": {
      kind = K_MAP;
      mapKey = f.mapKey;
      if (f.mapKind === "scalar") {
        valueKind = K_SCALAR;
        scalar = f.scalar;
      } else if (f.mapKind === "enum") {
        valueKind = K_ENUM;
        en = f.enum;
      } else {
        valueKind = K_MESSAGE;
        message = f.message;
      }
      entry = mapEntryTable(f, mapKey, valueKind, scalar, en, message);
      break;
    }
  }
  return {
    name: f.name,
    localName: f.localName,
    number: f.number,
    kind,
    valueKind,
    scalar,
    intClass: intClassOf(scalar),
    longAsString,
    enumInfo: en ? enumInfo(en) : undefined,
    message,
    bytesMode: scalar === ScalarType.BYTES ? bytesModeOf(`${ownerName}.${f.name}`) : BytesMode.Hex,
    oneofLocal: f.oneof?.localName,
    explicitPresence: f.presence === PRESENCE_EXPLICIT && kind !== K_MESSAGE && f.oneof === undefined,
    entry,
    mapKey,
  };
}

function simpleField(
  name: string,
  number: number,
  kind: number,
  scalar: ScalarType | undefined,
  en: DescEnum | undefined,
  message: DescMessage | undefined,
): FieldInfo {
  return {
    name,
    localName: name,
    number,
    kind,
    valueKind: K_SCALAR,
    scalar,
    intClass: intClassOf(scalar),
    longAsString: false,
    enumInfo: en ? enumInfo(en) : undefined,
    message,
    bytesMode: BytesMode.Hex,
    oneofLocal: undefined,
    explicitPresence: false,
    entry: undefined,
    mapKey: undefined,
  };
}

function mapEntryTable(
  f: DescField,
  mapKey: ScalarType,
  valueKind: number,
  scalar: ScalarType | undefined,
  en: DescEnum | undefined,
  message: DescMessage | undefined,
): Table {
  const key = simpleField("key", 1, K_SCALAR, mapKey, undefined, undefined);
  const value = simpleField("value", 2, valueKind, scalar, en, message);
  return {
    typeName: `${f.parent.typeName}.${f.name}Entry`,
    fields: [key, value],
    byName: new Map([
      ["key", key],
      ["value", value],
    ]),
    // protobuf-java MapEntry.hasField() is always true: key and value are always printed
    alwaysDefaults: true,
    isAny: false,
  };
}

function buildTable(schema: DescMessage, ownerName: string): Table {
  const fields = schema.fields.map((f) => fieldInfo(f, ownerName)).sort((a, b) => a.number - b.number);
  return {
    typeName: ownerName,
    fields,
    byName: new Map(fields.map((f) => [f.name, f])),
    alwaysDefaults: ALWAYS_PRINT_DEFAULTS.has(ownerName),
    isAny: schema.typeName === ANY_TYPE,
  };
}

function tableOf(schema: DescMessage): Table {
  let t = tables.get(schema);
  if (t === undefined) {
    t = buildTable(schema, schema.typeName);
    tables.set(schema, t);
  }
  return t;
}

function tableFor(schema: DescMessage, path: string | undefined): Table {
  if (path === undefined || path === schema.typeName) return tableOf(schema);
  let m = overrideTables.get(schema);
  if (m === undefined) {
    m = new Map();
    overrideTables.set(schema, m);
  }
  let t = m.get(path);
  if (t === undefined) {
    t = buildTable(schema, path);
    m.set(path, t);
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------------

export interface PrintCtx {
  readonly visible: boolean;
  readonly exact: boolean;
  readonly registry: Registry;
}

export type AnyRecord = Record<string, unknown>;

/**
 * Prints a message as java-tron's JsonFormat does, returning a plain object (serialise it with
 * `JSON.stringify`, or `stringifyJson` when `exactInt64` is set).
 *
 * `google.protobuf.Any` fields whose type URL names a message in the registry print as
 * `{"value":{…payload…},"type_url":"…"}`; otherwise as `{"type_url":"…","value":"<hex>"}`.
 * (For transactions use `printTransaction`, which reproduces java-tron's `printTransactionToJSON`.)
 */
export function printMessage<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  options: PrintOptions,
): JsonObject {
  const ctx = makePrintCtx(options);
  const table = tableFor(schema, options.path);
  if (table.isAny) return printAny(message as unknown as AnyRecord, ctx);
  return printFields(table, message as unknown as AnyRecord, ctx, {}, -1);
}

/** Internal. */
export function makePrintCtx(options: PrintOptions): PrintCtx {
  return {
    visible: options.visible,
    exact: options.exactInt64 === true,
    registry: options.registry ?? protocolRegistry,
  };
}

/** Internal: prints `message`'s fields (except field number `skip`) into `out`. */
export function printInto(
  schema: DescMessage,
  message: unknown,
  ctx: PrintCtx,
  out: JsonObject = {},
  skip = -1,
): JsonObject {
  return printFields(tableOf(schema), message as AnyRecord, ctx, out, skip);
}

function printFields(table: Table, msg: AnyRecord, ctx: PrintCtx, out: JsonObject, skip: number): JsonObject {
  const always = table.alwaysDefaults;
  const fields = table.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.number === skip) continue;
    let v: unknown;
    if (f.oneofLocal !== undefined) {
      const o = msg[f.oneofLocal] as { case: string | undefined; value: unknown };
      if (o === undefined || o.case !== f.localName) continue;
      out[f.name] = printValue(f, f.kind, o.value, ctx);
      continue;
    }
    v = msg[f.localName];
    switch (f.kind) {
      case K_SCALAR:
        if (f.explicitPresence) {
          if (v === undefined) continue;
        } else if (!always && isDefaultScalar(f, v)) continue;
        out[f.name] = printScalar(f, v, ctx);
        break;
      case K_ENUM:
        if (f.explicitPresence) {
          if (v === undefined) continue;
        } else if (!always && v === 0) continue;
        out[f.name] = enumName(f.enumInfo!, v as number);
        break;
      case K_MESSAGE:
        if (v === undefined || v === null) continue;
        out[f.name] = printSub(f.message!, v as AnyRecord, ctx);
        break;
      case K_LIST: {
        const arr = v as unknown[];
        if (arr.length === 0 && !always) continue;
        const res: JsonValue[] = new Array(arr.length);
        for (let j = 0; j < arr.length; j++) res[j] = printValue(f, f.valueKind, arr[j], ctx);
        out[f.name] = res;
        break;
      }
      case K_MAP: {
        const obj = v as AnyRecord;
        const keys = Object.keys(obj);
        if (keys.length === 0 && !always) continue;
        const entry = f.entry!;
        const kf = entry.fields[0];
        const vf = entry.fields[1];
        const res: JsonValue[] = new Array(keys.length);
        for (let j = 0; j < keys.length; j++) {
          const k = keys[j];
          res[j] = { key: printMapKey(kf.scalar!, k, ctx), value: printValue(vf, vf.kind, obj[k], ctx) };
        }
        out[f.name] = res;
        break;
      }
    }
  }
  return out;
}

function printValue(f: FieldInfo, kind: number, v: unknown, ctx: PrintCtx): JsonValue {
  switch (kind) {
    case K_SCALAR:
      return printScalar(f, v, ctx);
    case K_ENUM:
      return enumName(f.enumInfo!, v as number);
    default:
      return printSub(f.message!, v as AnyRecord, ctx);
  }
}

function printSub(desc: DescMessage, v: AnyRecord, ctx: PrintCtx): JsonObject {
  const t = tableOf(desc);
  if (t.isAny) return printAny(v, ctx);
  return printFields(t, v, ctx, {}, -1);
}

function printAny(any: AnyRecord, ctx: PrintCtx): JsonObject {
  const typeUrl = any.typeUrl as string;
  const value = any.value as Uint8Array;
  if (typeUrl !== "") {
    const i = typeUrl.lastIndexOf("/");
    const schema = ctx.registry.getMessage(i < 0 ? typeUrl : typeUrl.slice(i + 1));
    if (schema !== undefined) {
      let payload: AnyRecord | undefined;
      try {
        payload = fromBinary(schema, value) as unknown as AnyRecord;
      } catch {
        payload = undefined;
      }
      if (payload !== undefined) {
        return { value: printFields(tableOf(schema), payload, ctx, {}, -1), type_url: typeUrl };
      }
    }
  }
  return printFields(tableOf(AnySchema), any, ctx, {}, -1);
}

function isDefaultScalar(f: FieldInfo, v: unknown): boolean {
  switch (f.scalar) {
    case ScalarType.BYTES:
      return (v as Uint8Array).length === 0;
    case ScalarType.STRING:
      return v === "";
    case ScalarType.BOOL:
      return v === false;
    default:
      // numbers (0 / -0), bigint 0n, or "0" for jstype=JS_STRING longs
      return v === 0 || v === 0n || v === "0";
  }
}

function printScalar(f: FieldInfo, v: unknown, ctx: PrintCtx): JsonValue {
  switch (f.scalar) {
    case ScalarType.BYTES: {
      const b = v as Uint8Array;
      if (ctx.visible) {
        if (f.bytesMode === BytesMode.Address) return encode58Check(b);
        if (f.bytesMode === BytesMode.Name) {
          const s = utf8DecodeStrict(b);
          if (s !== undefined) return s;
        }
      }
      return bytesToHex(b);
    }
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return int64ToJson(typeof v === "bigint" ? v : BigInt(v as string | number), ctx);
    case ScalarType.FLOAT:
    case ScalarType.DOUBLE: {
      const n = v as number;
      if (Number.isFinite(n)) return n;
      return Number.isNaN(n) ? "NaN" : n > 0 ? "Infinity" : "-Infinity";
    }
    default:
      return v as JsonValue;
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

function int64ToJson(v: bigint, ctx: PrintCtx): number | bigint {
  if (ctx.exact && (v > MAX_SAFE || v < MIN_SAFE)) return v;
  return Number(v);
}

function printMapKey(keyType: ScalarType, k: string, ctx: PrintCtx): JsonValue {
  switch (keyType) {
    case ScalarType.STRING:
      return k;
    case ScalarType.BOOL:
      return k === "true";
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return int64ToJson(BigInt(k), ctx);
    default:
      return Number(k);
  }
}

function enumName(info: EnumInfo, n: number): string {
  // protobuf-java names an unknown proto3 enum number "UNKNOWN_ENUM_VALUE_<EnumName>_<n>"
  return info.nameOf.get(n) ?? `UNKNOWN_ENUM_VALUE_${info.shortName}_${n}`;
}

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

export interface ParseCtx {
  readonly visible: boolean;
  readonly registry: Registry;
}

/** Internal failure; becomes a TronodeError at the public boundary (with a position when known). */
export class JsonFormatFailure extends Error {
  readonly path: (string | number)[] = [];
  constructor(
    readonly description: string,
    readonly javaClass: string = PARSE_EXCEPTION,
  ) {
    super(description);
  }
}

function fail(description: string): never {
  throw new JsonFormatFailure(description);
}

/** java-tron: an invalid Base58Check address yields null → `ByteString.copyFrom(null)` → NPE. */
function failNpe(): never {
  throw new JsonFormatFailure("null", NULL_POINTER_EXCEPTION);
}

/** Converts an internal failure into the public TronodeError (message `line:col: text` like java-tron). */
export function toTronodeError(e: JsonFormatFailure, root: unknown): TronodeError {
  let message = e.description;
  if (e.javaClass === PARSE_EXCEPTION) {
    let col = 1;
    try {
      col = columnOf(root, e.path);
    } catch {
      col = 1;
    }
    message = `1:${col}: ${e.description}`;
  }
  return new TronodeError(JSON_PARSE_ERROR, message, { javaClass: e.javaClass, cause: e });
}

/**
 * Merges a JSON value (as produced by `JSON.parse` / `parseJsonText`) into a new message, with
 * java-tron's JsonFormat.merge semantics:
 * - keys are proto field names; unknown keys and `null` values are ignored (fastjson drops nulls);
 * - an array given to any field applies each element in turn (repeated: append; singular: last wins);
 *   a non-array given to a repeated field appends one element;
 * - integers must be JSON numbers or `bigint` (quoted numbers fail: "Couldn't parse integer");
 * - enums: a name, a number, or an all-lowercase name whose first letter is then capitalised;
 * - bytes: hex with optional `0x`, odd length left-padded; with `visible`, address fields are
 *   Base58Check (invalid → NullPointerException like java-tron) and name fields UTF-8 text;
 * - maps: arrays of `{"key":…,"value":…}`;
 * - `google.protobuf.Any`: `{"type_url":…, "value": {…}}` (payload parsed with the message the
 *   type URL names) or `{"type_url":…, "value":"<hex>"}`.
 * Errors throw TronodeError `JSON_PARSE_ERROR` with java-tron's exception class.
 */
export function parseMessage<Desc extends DescMessage>(
  schema: Desc,
  json: unknown,
  options: ParseOptions,
): MessageShape<Desc> {
  const ctx = makeParseCtx(options);
  try {
    return parseMessageInternal(schema, json, ctx);
  } catch (e) {
    if (e instanceof JsonFormatFailure) throw toTronodeError(e, json);
    throw e;
  }
}

/** Internal. */
export function makeParseCtx(options: ParseOptions): ParseCtx {
  return { visible: options.visible, registry: options.registry ?? protocolRegistry };
}

/** Internal: parse without converting failures (positions are resolved by the caller). */
export function parseMessageInternal<Desc extends DescMessage>(
  schema: Desc,
  json: unknown,
  ctx: ParseCtx,
): MessageShape<Desc> {
  const table = tableOf(schema);
  if (!isObject(json)) fail('Expected "{".');
  if (table.isAny) return parseAny(json, ctx) as unknown as MessageShape<Desc>;
  const msg = create(schema);
  parseInto(table, msg as unknown as AnyRecord, json, ctx);
  return msg;
}

export function isObject(v: unknown): v is AnyRecord {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

function parseInto(table: Table, msg: AnyRecord, obj: AnyRecord, ctx: ParseCtx): void {
  const byName = table.byName;
  let key: string | undefined;
  let idx = -1;
  try {
    for (key in obj) {
      const f = byName.get(key);
      if (f === undefined) continue;
      const v = obj[key];
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        for (idx = 0; idx < v.length; idx++) applyValue(f, msg, v[idx], ctx);
        idx = -1;
      } else {
        applyValue(f, msg, v, ctx);
      }
    }
  } catch (e) {
    if (e instanceof JsonFormatFailure && key !== undefined) {
      if (idx >= 0) e.path.unshift(idx);
      e.path.unshift(key);
    }
    throw e;
  }
}

function setSingular(f: FieldInfo, msg: AnyRecord, value: unknown): void {
  if (f.oneofLocal !== undefined) msg[f.oneofLocal] = { case: f.localName, value };
  else msg[f.localName] = value;
}

function applyValue(f: FieldInfo, msg: AnyRecord, v: unknown, ctx: ParseCtx): void {
  switch (f.kind) {
    case K_SCALAR:
      if (v === null) return;
      setSingular(f, msg, parseScalar(f, v, ctx));
      return;
    case K_ENUM:
      if (v === null) return;
      setSingular(f, msg, parseEnum(f.enumInfo!, v));
      return;
    case K_MESSAGE:
      setSingular(f, msg, parseSub(f.message!, v, ctx));
      return;
    case K_LIST: {
      const list = msg[f.localName] as unknown[];
      switch (f.valueKind) {
        case K_SCALAR:
          if (v !== null) list.push(parseScalar(f, v, ctx));
          return;
        case K_ENUM:
          if (v !== null) list.push(parseEnum(f.enumInfo!, v));
          return;
        default:
          list.push(parseSub(f.message!, v, ctx));
          return;
      }
    }
    case K_MAP: {
      if (!isObject(v)) fail('Expected "{".');
      const entry = f.entry!;
      const tmp: AnyRecord = { key: undefined, value: undefined };
      parseInto(entry, tmp, v, ctx);
      const vf = entry.fields[1];
      let value = tmp.value;
      if (value === undefined) {
        value =
          vf.kind === K_MESSAGE
            ? create(vf.message!)
            : vf.kind === K_ENUM
              ? 0
              : scalarZero(vf.scalar!, false);
      }
      (msg[f.localName] as AnyRecord)[mapKeyString(f.mapKey!, tmp.key)] = value;
      return;
    }
  }
}

function mapKeyString(keyType: ScalarType, k: unknown): string {
  if (k === undefined) {
    if (keyType === ScalarType.STRING) return "";
    if (keyType === ScalarType.BOOL) return "false";
    return "0";
  }
  return String(k);
}

function scalarZero(t: ScalarType, longAsString: boolean): unknown {
  switch (t) {
    case ScalarType.BYTES:
      return new Uint8Array(0);
    case ScalarType.STRING:
      return "";
    case ScalarType.BOOL:
      return false;
    default:
      return intClassOf(t) >= 2 ? (longAsString ? "0" : 0n) : 0;
  }
}

function parseSub(desc: DescMessage, v: unknown, ctx: ParseCtx): unknown {
  if (!isObject(v)) fail('Expected "{".');
  const t = tableOf(desc);
  if (t.isAny) return parseAny(v, ctx);
  const m = create(desc) as unknown as AnyRecord;
  parseInto(t, m, v, ctx);
  return m;
}

/**
 * A copy of `text` that holds no reference to the text it was parsed from. The JSON reader's
 * strings are slices of the request body (V8 keeps a slice of 13+ characters as a view of its
 * parent): a type_url or a contract name kept in a pending transaction kept the whole request body
 * alive with it.
 */
function detached(text: string): string {
  return text.length < 13 ? text : [...text].join("");
}

function parseAny(obj: AnyRecord, ctx: ParseCtx): unknown {
  const any = create(AnySchema);
  let key = "type_url";
  try {
    const typeUrl = lastOf(obj.type_url);
    if (typeUrl !== undefined && typeUrl !== null) {
      if (typeof typeUrl !== "string") fail("Expected string.");
      any.typeUrl = detached(typeUrl);
    }
    key = "value";
    const value = lastOf(obj.value);
    if (value !== undefined && value !== null) {
      if (value instanceof Uint8Array) any.value = value;
      else if (typeof value === "string") {
        const b = parseHexJava(value);
        if (b === undefined) fail("INVALID hex String");
        any.value = b;
      } else if (isObject(value)) {
        const i = any.typeUrl.lastIndexOf("/");
        const schema = ctx.registry.getMessage(i < 0 ? any.typeUrl : any.typeUrl.slice(i + 1));
        if (schema === undefined)
          fail(`Cannot resolve type_url "${any.typeUrl}" for an Any value given as an object.`);
        any.value = toBinary(schema, parseMessageInternal(schema, value, ctx));
      } else {
        fail("Expected string.");
      }
    }
  } catch (e) {
    if (e instanceof JsonFormatFailure) e.path.unshift(key);
    throw e;
  }
  return any;
}

function lastOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 0 ? undefined : v[v.length - 1];
  return v;
}

function parseScalar(f: FieldInfo, v: unknown, ctx: ParseCtx): unknown {
  switch (f.scalar) {
    case ScalarType.STRING:
      if (typeof v !== "string") fail("Expected string.");
      return detached(v);
    case ScalarType.BOOL:
      if (typeof v !== "boolean") fail('Expected "true" or "false".');
      return v;
    case ScalarType.BYTES:
      return parseBytes(f.bytesMode, v, ctx);
    case ScalarType.FLOAT:
    case ScalarType.DOUBLE:
      if (typeof v === "number") return v;
      if (typeof v === "bigint") return Number(v);
      if (v instanceof JsonDecimal) return Number(v.text);
      return fail(`Couldn't parse number: For input string: "${tokenText(v)}"`);
    default: {
      const ic = f.intClass;
      if (ic <= 1) return parseInt32(v, ic === 1);
      const b = parseInt64(v, ic === 3);
      return f.longAsString ? b.toString() : b;
    }
  }
}

function parseBytes(mode: BytesMode, v: unknown, ctx: ParseCtx): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v !== "string") fail("Expected string.");
  if (ctx.visible) {
    if (mode === BytesMode.Address) return decodeFromBase58Check(v) ?? failNpe();
    if (mode === BytesMode.Name) return utf8EncodeJava(v);
  }
  return parseHexJava(v) ?? fail("INVALID hex String");
}

/** The text java-tron's tokenizer would have handed to Long.parseLong for this value. */
function tokenText(v: unknown): string {
  if (v instanceof JsonDecimal) return v.text;
  switch (typeof v) {
    case "string":
      return `"${v}"`;
    case "number":
    case "bigint":
    case "boolean":
      return String(v);
    default:
      return "{";
  }
}

function integerFail(v: unknown): never {
  return fail(`Couldn't parse integer: For input string: "${tokenText(v)}"`);
}

function toBigIntStrict(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  return integerFail(v);
}

function parseInt32(v: unknown, unsigned: boolean): number {
  let n: number;
  if (typeof v === "number" && Number.isInteger(v)) n = v;
  else if (typeof v === "bigint") {
    if (v > 0xffffffffn || v < -0x80000000n) n = Number.POSITIVE_INFINITY * (v < 0n ? -1 : 1);
    else n = Number(v);
  } else return integerFail(v);
  if (unsigned) {
    if (n < 0) fail(`Number must be positive: ${String(v)}`);
    if (n > 0xffffffff) fail(`Number out of range for 32-bit unsigned integer: ${String(v)}`);
  } else if (n > 0x7fffffff || n < -0x80000000) {
    fail(`Number out of range for 32-bit signed integer: ${String(v)}`);
  }
  return n === 0 ? 0 : n; // normalise -0
}

const I64_MAX = (1n << 63n) - 1n;
const I64_MIN = -(1n << 63n);
const U64_MAX = (1n << 64n) - 1n;

function parseInt64(v: unknown, unsigned: boolean): bigint {
  const b = toBigIntStrict(v);
  if (unsigned) {
    if (b < 0n) fail(`Number must be positive: ${String(v)}`);
    if (b > U64_MAX) fail(`Number out of range for 64-bit unsigned integer: ${String(v)}`);
  } else if (b > I64_MAX || b < I64_MIN) {
    fail(`Number out of range for 64-bit signed integer: ${String(v)}`);
  }
  return b;
}

const ALL_LOWER = /^\p{Lowercase}+$/u;

function parseEnum(info: EnumInfo, v: unknown): number {
  if (typeof v === "number" || typeof v === "bigint") {
    const n = parseInt32(v, false);
    if (!info.nameOf.has(n)) fail(`Enum type "${info.fullName}" has no value with number ${n}.`);
    return n;
  }
  let id: string;
  if (typeof v === "string") id = v;
  else if (typeof v === "boolean") id = String(v);
  else return fail("Expected identifier.");
  // commons-lang StringUtils.isAllLowerCase → capitalise the first letter ("active" → "Active")
  if (ALL_LOWER.test(id)) id = id.charAt(0).toUpperCase() + id.slice(1);
  const n = info.byName.get(id);
  if (n === undefined) fail(`Enum type "${info.fullName}" has no value named "${id}".`);
  return n;
}
