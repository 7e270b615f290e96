/**
 * protobuf-es builds a message by adding its fields one by one with computed keys (`msg[name] =
 * …`); V8 turns an object that gains more than ~16 properties that way into a dictionary, so every
 * large message (Account, TransactionInfo, AccountResource …) comes out of `create` and
 * `fromBinary` as a hash table: ~50 bytes per field (a pending TransactionInfo held 1.5 KB of
 * property table) and a hash lookup on every field access. An object spread copies one into an
 * object with fast properties. `fastMessage` does that for the message and, recursively, for the
 * large messages inside it, by a plan computed once per message type.
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";

/** Properties V8 keeps fast when they are added by keyed stores (4 in-object + 12 out-of-object). */
const FAST_PROPERTY_LIMIT = 16;

interface Plan {
  /** The message itself has more members than stay fast. */
  readonly copy: boolean;
  /** Message-valued fields whose messages may need copying. */
  readonly nested: readonly { readonly field: DescField; readonly message: DescMessage }[];
}

const plans = new WeakMap<DescMessage, Plan | null>();

/** null: nothing in messages of this type needs copying. */
function planOf(desc: DescMessage, visiting: Set<DescMessage> = new Set()): Plan | null {
  const known = plans.get(desc);
  if (known !== undefined) return known;
  if (visiting.has(desc)) return { copy: false, nested: [] }; // a cycle: copied as data goes
  visiting.add(desc);
  const nested: { field: DescField; message: DescMessage }[] = [];
  for (const field of desc.fields) {
    const message =
      field.fieldKind === "message"
        ? field.message
        : field.fieldKind === "list" && field.listKind === "message"
          ? field.message
          : field.fieldKind === "map" && field.mapKind === "message"
            ? field.message
            : undefined;
    if (message !== undefined && planOf(message, visiting) !== null) nested.push({ field, message });
  }
  visiting.delete(desc);
  // one per member plus $typeName
  const copy = desc.members.length + 1 > FAST_PROPERTY_LIMIT;
  const plan = copy || nested.length > 0 ? { copy, nested } : null;
  plans.set(desc, plan);
  return plan;
}

type AnyMessage = Record<string, unknown>;

function fasten(desc: DescMessage, message: AnyMessage): AnyMessage {
  const plan = planOf(desc);
  if (plan === null) return message;
  // proto3 messages are plain objects; one with a prototype chain (explicit presence) keeps it
  const out = plan.copy && Object.getPrototypeOf(message) === Object.prototype ? { ...message } : message;
  for (const { field, message: inner } of plan.nested) {
    const value = out[field.localName];
    if (value === undefined || value === null) continue;
    if (field.fieldKind === "list") {
      const list = value as AnyMessage[];
      for (let i = 0; i < list.length; i++) list[i] = fasten(inner, list[i]!);
    } else if (field.fieldKind === "map") {
      const map = value as Record<string, AnyMessage>;
      for (const key of Object.keys(map)) map[key] = fasten(inner, map[key]!);
    } else if (field.oneof === undefined) {
      out[field.localName] = fasten(inner, value as AnyMessage);
    }
  }
  return out;
}

/** `message` (of type `desc`, just built, owned by the caller) with fast properties throughout. */
export function fastMessage<T extends object>(desc: DescMessage, message: T): T {
  return fasten(desc, message as unknown as AnyMessage) as unknown as T;
}
