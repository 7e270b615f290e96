/**
 * The post-generation step of `npm run proto:generate`: rewrites each protoc-gen-es file under the
 * given directory so its file descriptor is embedded as JSON (`embeddedFileDesc`) instead of base64
 * (`fileDesc`), which starts faster (packages/engine/src/protocol/embedded-descriptor.ts says why).
 *
 *   embed-descriptors.ts <generated dir> <module with embeddedFileDesc: a .ts path or a package>
 *
 * Each JSON is checked against the base64 it replaces before the file is written: hydrated, it must
 * be the message protobuf-es's fileDesc() builds — the same prototypes, the same own fields in the
 * same order, the same values and bytes. Files already embedded are left as they are.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { type DescMessage, fromBinary, isFieldSet, type Message, toBinary } from "@bufbuild/protobuf";
import { protoCamelCase } from "@bufbuild/protobuf/reflect";
import { base64Decode } from "@bufbuild/protobuf/wire";
import {
  type DescriptorProto,
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
} from "@bufbuild/protobuf/wkt";
import { TronodeError } from "../packages/engine/src/errors.js";
import {
  type DescriptorFields,
  hydrateDescriptor,
} from "../packages/engine/src/protocol/embedded-descriptor.js";

const [directory, module] = process.argv.slice(2);
if (directory === undefined || module === undefined) {
  throw new TronodeError("ILLEGAL_ARGUMENT", "usage: embed-descriptors.ts <generated dir> <module>");
}

const FILE_DESC = /fileDesc\("([A-Za-z0-9+/]+=*)"/;
const CODEGEN_IMPORT = /^import \{ ([^}]*) \} from "@bufbuild\/protobuf\/codegenv2";$/m;

/** fileDesc()'s restoreJsonNames: a field without a json_name gets protoc's camel case. */
function restoreJsonNames(message: DescriptorProto): void {
  for (const field of message.field) {
    if (!isFieldSet(field, FieldDescriptorProtoSchema.field.jsonName))
      field.jsonName = protoCamelCase(field.name);
  }
  message.nestedType.forEach(restoreJsonNames);
}

/** A decoded message's own fields, in their order; empty lists are the zero message's own. */
function fieldsOf(schema: DescMessage, message: Message): DescriptorFields {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(message as Record<string, unknown>)) {
    if (name === "$typeName") continue;
    const field = schema.field[name];
    if (field === undefined) {
      throw new TronodeError(
        "PROTOBUF_DECODE",
        `${schema.typeName}.${name} is not a field (unknown fields?)`,
      );
    }
    if (field.fieldKind === "message") {
      out[name] = fieldsOf(field.message, value as Message);
    } else if (field.fieldKind === "list") {
      const items = value as unknown[];
      if (items.length === 0) continue;
      const nested = field.listKind === "message" ? field.message : undefined;
      out[name] = nested ? items.map((item) => fieldsOf(nested, item as Message)) : [...items];
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      out[name] = value;
    } else {
      // 64-bit integers and bytes do not survive JSON; no descriptor of ours has any
      throw new TronodeError(
        "PROTOBUF_DECODE",
        `${schema.typeName}.${name}: a ${typeof value} in a descriptor`,
      );
    }
  }
  return out;
}

/** The same prototypes, the same own keys in the same order, the same values, all the way down. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length || keys.some((key, i) => key !== otherKeys[i])) return false;
  return keys.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function embed(path: string, text: string): string | undefined {
  const found = FILE_DESC.exec(text);
  if (!found) return undefined;
  const decoded = fromBinary(FileDescriptorProtoSchema, base64Decode(found[1]!));
  decoded.messageType.forEach(restoreJsonNames);
  const json = JSON.stringify(fieldsOf(FileDescriptorProtoSchema, decoded));
  const hydrated = hydrateDescriptor(FileDescriptorProtoSchema, JSON.parse(json));
  const bytes = (message: Message) => Buffer.from(toBinary(FileDescriptorProtoSchema, message as never));
  if (!same(hydrated, decoded) || !bytes(hydrated).equals(bytes(decoded))) {
    throw new TronodeError("PROTOBUF_DECODE", `${path}: the embedded descriptor differs from the base64 one`);
  }
  const imports = CODEGEN_IMPORT.exec(text);
  if (!imports)
    throw new TronodeError("PROTOBUF_DECODE", `${path}: no import from @bufbuild/protobuf/codegenv2`);
  const names = imports[1]!.split(", ").filter((name) => name !== "fileDesc");
  const from = module!.endsWith(".ts")
    ? `./${relative(dirname(path), module!)}`.replace(/^\.\/\.\.\//, "../").replace(/\.ts$/, ".js")
    : module!;
  const codegen =
    names.length > 0 ? `import { ${names.join(", ")} } from "@bufbuild/protobuf/codegenv2";\n` : "";
  return text
    .replace(imports[0], `${codegen}import { embeddedFileDesc } from "${from}";`)
    .replace(
      "/* eslint-disable */",
      "// descriptor embedded as JSON by scripts/embed-descriptors.ts (npm run proto:generate)\n/* eslint-disable */",
    )
    .replace(found[0], `embeddedFileDesc(${JSON.stringify(json)}`);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat().filter((file) => file.endsWith("_pb.ts"));
}

for (const path of await filesUnder(directory)) {
  const embedded = embed(path, await readFile(path, "utf8"));
  if (embedded !== undefined) await writeFile(path, embedded);
}
