import protobuf from "protobufjs";
import * as e1 from "./packages/engine/src/protocol/generated/protocol/api_pb.js";
import * as e2 from "./packages/engine/src/protocol/generated/protocol/core_pb.js";
import * as e3 from "./packages/engine/src/protocol/generated/protocol/contracts_pb.js";
import * as e4 from "./packages/engine/src/protocol/generated/protocol/shielded_api_pb.js";
import * as e5 from "./packages/engine/src/protocol/generated/protocol/p2p_pb.js";
import * as e6 from "./packages/engine/src/protocol/generated/protocol/node_pb.js";
import * as e7 from "./packages/engine/src/protocol/generated/protocol/common_pb.js";
const engine = { ...e1, ...e2, ...e3, ...e4, ...e5, ...e6, ...e7 };
import { createFileRegistry } from "@bufbuild/protobuf";
const root = new protobuf.Root();
root.resolvePath = (_o, t) => (t.startsWith("google/api") ? `/tmp/gstub/${t}` : t.startsWith("google/protobuf") ? t : (t.startsWith("/") ? t : `/tmp/tronproto/${t}`));
// load all proto files
const files = ["api/api.proto","core/Tron.proto","core/Discover.proto","core/TronInventoryItems.proto","core/contract/vote_asset_contract.proto","core/contract/storage_contract.proto"];
root.loadSync(files, { keepCase: true });
root.resolveAll();
// our registry: collect all GenMessage/GenService exported
const ours = new Map<string, any>();
for (const v of Object.values(engine)) { const d = v as any; if (d && typeof d === "object" && (d.kind === "message" || d.kind === "service" || d.kind === "enum") && d.typeName) ours.set(d.typeName, d); }
let problems = 0;
function walk(ns: any) {
  for (const obj of ns.nestedArray ?? []) {
    const full = obj.fullName.replace(/^\./, "");
    if (obj instanceof protobuf.Type) {
      const o = ours.get(full);
      if (!o) { console.log("MISSING message", full); problems++; }
      else for (const f of obj.fieldsArray) {
        const of = o.fields.find((x: any) => x.number === f.id);
        const tronType = f.resolvedType ? f.resolvedType.fullName.replace(/^\./, "") : f.type;
        if (!of) { console.log("MISSING field", full, f.name, f.id); problems++; continue; }
        const ourType = of.message?.typeName ?? of.enum?.typeName ?? (of.fieldKind === "map" ? "map" : of.scalar !== undefined ? engine && Object.keys(protobuf.types.basic)[0] : "?");
        if (of.name !== f.name) { console.log("NAME", full, f.id, f.name, "ours", of.name); problems++; }
        const SC: Record<string, number> = { double: 1, float: 2, int64: 3, uint64: 4, int32: 5, fixed64: 6, fixed32: 7, bool: 8, string: 9, bytes: 12, uint32: 13, sfixed32: 15, sfixed64: 16, sint32: 17, sint64: 18 };
        if (!f.resolvedType && !f.map && SC[f.type] !== of.scalar) { console.log("SCALAR", full, f.name, f.type, of.scalar); problems++; }
        const tronRepeated = f.repeated; const ourRepeated = of.fieldKind === "list";
        if (tronRepeated !== ourRepeated && !f.map) { console.log("REPEATED", full, f.name); problems++; }
        if (f.resolvedType && (of.message?.typeName ?? of.enum?.typeName ?? (of.fieldKind==="map" ? (of.message?.typeName ?? of.enum?.typeName) : undefined)) !== tronType && !f.map) { console.log("TYPE", full, f.name, tronType, of.message?.typeName ?? of.enum?.typeName); problems++; }
      }
      if (o) for (const of of o.fields) if (!obj.fieldsArray.find((f: any) => f.id === of.number)) { console.log("EXTRA field ours", full, of.name, of.number); }
      walk(obj);
    } else if (obj instanceof protobuf.Service) {
      const o = ours.get(full);
      if (!o) { console.log("MISSING service", full); problems++; continue; }
      for (const m of obj.methodsArray) {
        const om = o.methods.find((x: any) => x.name === m.name);
        if (!om) { console.log("MISSING rpc", full, m.name); problems++; continue; }
        const rq = m.resolvedRequestType.fullName.replace(/^\./, ""), rs = m.resolvedResponseType.fullName.replace(/^\./, "");
        if (om.input.typeName !== rq || om.output.typeName !== rs) { console.log("RPC TYPES", full, m.name, rq, rs, om.input.typeName, om.output.typeName); problems++; }
      }
      if (o.methods.length !== obj.methodsArray.length) console.log("COUNT", full, o.methods.length, obj.methodsArray.length);
    } else if (obj instanceof protobuf.Enum) {
      const o = ours.get(full);
      if (!o) { console.log("MISSING enum", full); problems++; continue; }
      for (const [k, v] of Object.entries(obj.values)) { const ov = o.values.find((x: any) => x.name === k); if (!ov || ov.number !== v) { console.log("ENUM", full, k, v, ov?.number); problems++; } }
    } else if (obj.nestedArray) walk(obj);
  }
}
walk(root.lookup("protocol"));
console.log("problems", problems, "ours", ours.size);
