/**
 * The generated protos' file descriptors, embedded as JSON of their fields instead of protoc-gen-es's
 * base64 (scripts/embed-descriptors.ts rewrites each generated file after `buf generate`).
 *
 * protobuf-es turns its base64 into a FileDescriptorProto with the reflective binary reader, which
 * was most of what the descriptors cost a start (tens of ms on the development VM); setting the
 * same fields on the same zero messages is a fraction of that. `embeddedFileDesc` then does what
 * protobuf-es's `fileDesc` does with the decoded message, so the two give equal files; the generate
 * step checks every embedded descriptor against the base64 it replaces: the same prototypes, the
 * same own fields in the same order, the same bytes.
 */
import { create, createFileRegistry, type DescMessage, type Message } from "@bufbuild/protobuf";
import type { GenFile } from "@bufbuild/protobuf/codegenv2";
import { type FileDescriptorProto, FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import { TronodeError } from "../errors.js";

/** A descriptor message as embedded: its set fields by local name, lists as arrays, messages as objects. */
export type DescriptorFields = { readonly [localName: string]: unknown };

/** One zero message per descriptor type (protobuf-es's create()), copied for each message hydrated. */
const zeroMessages = new WeakMap<DescMessage, { prototype: object; own: [string, unknown][] }>();

/**
 * A copy of create(schema): its prototype (the defaults) and its own fields — the type name, empty
 * lists — in the same order. Calling create() for each of the thousands of descriptor messages
 * walked every field of the type each time, and allocated as it went while the code is still cold.
 */
function zeroMessage(schema: DescMessage): Record<string, unknown> {
  let zero = zeroMessages.get(schema);
  if (zero === undefined) {
    const made = create(schema) as unknown as Record<string, unknown>;
    zero = { prototype: Object.getPrototypeOf(made) as object, own: Object.entries(made) };
    zeroMessages.set(schema, zero);
  }
  const message = Object.create(zero.prototype) as Record<string, unknown>;
  for (const [name, value] of zero.own) {
    if (Array.isArray(value)) message[name] = [];
    else if (typeof value === "object" && value !== null)
      message[name] = { ...value }; // a oneof's { case }
    else message[name] = value;
  }
  return message;
}

/** The message of `schema` with these fields set, in their order, on the zero message fromBinary starts from. */
export function hydrateDescriptor(schema: DescMessage, fields: DescriptorFields): Message {
  const message = zeroMessage(schema);
  for (const name in fields) {
    const field = schema.field[name];
    const value = fields[name];
    if (field === undefined) {
      throw new TronodeError(
        "PROTOBUF_DECODE",
        `embedded descriptor: ${schema.typeName} has no field ${name}`,
      );
    }
    if (field.fieldKind === "message") {
      message[name] = hydrateDescriptor(field.message, value as DescriptorFields);
    } else if (field.fieldKind === "list" && field.listKind === "message") {
      const nested = field.message;
      message[name] = (value as DescriptorFields[]).map((item) => hydrateDescriptor(nested, item));
    } else {
      // scalars, enums and lists of them: the descriptors use strings, numbers and booleans only
      message[name] = value;
    }
  }
  return message as unknown as Message;
}

/** protobuf-es's `fileDesc(base64, imports)`, from the embedded JSON of the same descriptor. */
export function embeddedFileDesc(json: string, imports?: readonly GenFile[]): GenFile {
  const root = hydrateDescriptor(FileDescriptorProtoSchema, JSON.parse(json)) as FileDescriptorProto;
  root.dependency = imports?.map((f) => f.proto.name) ?? [];
  const registry = createFileRegistry(root, (name) => imports?.find((f) => f.proto.name === name));
  const file = registry.getFile(root.name);
  if (file === undefined) {
    throw new TronodeError("PROTOBUF_DECODE", `embedded descriptor: ${root.name} is not in its registry`);
  }
  return file;
}
