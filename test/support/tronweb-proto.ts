/**
 * Access to the protobuf encoder that npm `tronweb` ships (google-protobuf generated classes that
 * register themselves on `globalThis.TronWebProto`), plus a generic converter that copies a
 * protobuf-es message of ours into the matching TronWeb class, field by field, so that both
 * encoders can serialise the same content.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { ScalarType } from "@bufbuild/protobuf";
import { utils as tronwebUtils } from "tronweb";

// biome-ignore lint/suspicious/noExplicitAny: google-protobuf classes are untyped
type Jspb = any;

const requireHere = createRequire(import.meta.url);
const tronwebMain = requireHere.resolve("tronweb");
const requireFromTronweb = createRequire(tronwebMain);

// `import { utils } from "tronweb"` above already loaded Tron_pb and the contract files that
// TronWeb's transaction utilities use. vote_asset_contract_pb is shipped but not loaded by TronWeb;
// load it by file path (the package's "exports" map does not expose it).
requireFromTronweb(join(dirname(tronwebMain), "protocol/core/contract/vote_asset_contract_pb.cjs"));

/** google.protobuf.Any of the google-protobuf build TronWeb depends on. */
const AnyClass: Jspb = requireFromTronweb("google-protobuf/google/protobuf/any_pb.js").Any;

/** TronWeb's registry of generated classes (namespace `protocol` flattened onto one object). */
export const TronWebProto: Jspb = (globalThis as unknown as { TronWebProto: Jspb }).TronWebProto;

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's transaction helpers, typed loosely on purpose
export const tronwebTx: any = tronwebUtils.transaction;

/** TronWeb's own class for a protobuf type name such as `protocol.SmartContract.ABI.Entry`. */
export function tronwebClass(typeName: string): Jspb | undefined {
  const parts = typeName.split(".");
  if (parts[0] !== "protocol") return undefined;
  let cur: Jspb = TronWebProto;
  for (const p of parts.slice(1)) {
    cur = cur?.[p];
    if (cur === undefined) return undefined;
  }
  return typeof cur === "function" ? cur : undefined;
}

/** google-protobuf JS accessor stem for a proto field name: `owner_address` → `OwnerAddress`, `stateMutability` → `Statemutability`. */
export function jspbStem(protoFieldName: string): string {
  return protoFieldName
    .split("_")
    .map((p) => (p.length === 0 ? "" : p[0].toUpperCase() + p.slice(1).toLowerCase()))
    .join("");
}

/** The accessor names a TronWeb class exposes for writing fields (set…, set…List, get…Map). */
export function jspbWriteAccessors(cls: Jspb): string[] {
  return Object.getOwnPropertyNames(cls.prototype)
    .filter((n) => (/^set[A-Z0-9]/.test(n) && !n.endsWith("_asU8")) || /^get\w+Map$/.test(n))
    .sort();
}

/** The accessor names our descriptor implies for the same class. */
export function expectedWriteAccessors(desc: DescMessage): string[] {
  return desc.fields
    .map((f) => {
      const stem = jspbStem(f.name);
      if (f.fieldKind === "list") return `set${stem}List`;
      if (f.fieldKind === "map") return `get${stem}Map`;
      return `set${stem}`;
    })
    .sort();
}

function exactNumber(v: bigint, where: string): number {
  const n = Number(v);
  if (BigInt(n) !== v) throw new Error(`${where}: ${v} is not exactly representable as a JS number`);
  return n;
}

function is64Bit(type: ScalarType): boolean {
  return (
    type === ScalarType.INT64 ||
    type === ScalarType.UINT64 ||
    type === ScalarType.SINT64 ||
    type === ScalarType.FIXED64 ||
    type === ScalarType.SFIXED64
  );
}

function scalarToJspb(type: ScalarType, v: unknown, where: string): unknown {
  // numbers, booleans, strings and Uint8Array are taken as they are
  return is64Bit(type) ? exactNumber(v as bigint, where) : v;
}

function call(obj: Jspb, method: string, arg: unknown, where: string): Jspb {
  if (typeof obj[method] !== "function") throw new Error(`TronWeb's class for ${where} has no ${method}()`);
  return obj[method](arg);
}

/**
 * Copies a protobuf-es message into TronWeb's google-protobuf class of the same type name.
 * `Any` fields are re-packed from the *TronWeb* serialisation of the embedded message when
 * `anyPayload` supplies one (so that the embedded bytes are TronWeb's too), else copied verbatim.
 */
export function toTronweb(
  desc: DescMessage,
  // biome-ignore lint/suspicious/noExplicitAny: generic reflection over generated messages
  msg: any,
  anyPayload?: (typeUrl: string, value: Uint8Array) => Uint8Array,
): Jspb {
  if (desc.typeName === "google.protobuf.Any") {
    const any = new AnyClass();
    any.setTypeUrl(msg.typeUrl);
    any.setValue(anyPayload ? anyPayload(msg.typeUrl, msg.value) : msg.value);
    return any;
  }
  const Cls = tronwebClass(desc.typeName);
  if (!Cls) throw new Error(`TronWeb ships no class for ${desc.typeName}`);
  const out = new Cls();
  for (const f of desc.fields) writeField(out, f, msg[f.localName], `${desc.typeName}.${f.name}`, anyPayload);
  return out;
}

function writeField(
  out: Jspb,
  f: DescField,
  v: unknown,
  where: string,
  anyPayload?: (typeUrl: string, value: Uint8Array) => Uint8Array,
): void {
  const stem = jspbStem(f.name);
  switch (f.fieldKind) {
    case "scalar":
      call(out, `set${stem}`, scalarToJspb(f.scalar, v, where), where);
      return;
    case "enum":
      call(out, `set${stem}`, v, where);
      return;
    case "message":
      if (v !== undefined) call(out, `set${stem}`, toTronweb(f.message, v, anyPayload), where);
      return;
    case "list": {
      const items = v as unknown[];
      if (items.length === 0) return;
      const converted =
        f.listKind === "message"
          ? items.map((x) => toTronweb(f.message, x, anyPayload))
          : f.listKind === "enum"
            ? items
            : items.map((x) => scalarToJspb(f.scalar, x, where));
      call(out, `set${stem}List`, converted, where);
      return;
    }
    case "map": {
      const map = call(out, `get${stem}Map`, undefined, where);
      for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
        const key =
          f.mapKey === ScalarType.STRING
            ? k
            : f.mapKey === ScalarType.BOOL
              ? k === "true"
              : is64Bit(f.mapKey)
                ? exactNumber(BigInt(k), where)
                : Number(k);
        const value =
          f.mapKind === "message"
            ? toTronweb(f.message, val, anyPayload)
            : f.mapKind === "enum"
              ? val
              : scalarToJspb(f.scalar, val, where);
        map.set(key, value);
      }
      return;
    }
  }
}
