/**
 * protobuf-es builds a message by adding its fields one by one with computed keys (`msg[name] =
 * …`); V8 turns an object that gains more than ~16 properties that way into a dictionary, so every
 * large message (Account, TransactionInfo, AccountResource …) comes out of `create` and
 * `fromBinary` as a hash table: ~50 bytes per field (a pending TransactionInfo held 1.5 KB of
 * property table) and a hash lookup on every field access. `fastMessage` copies the message and,
 * recursively, the large messages inside it into objects built by an object literal of the type's
 * fields (fast properties), by a plan made once per message type. The literal is compiled once per
 * type: an object spread of a dictionary-mode message cost ~8 µs for an Account (it doubled the
 * cost of decoding one); the compiled literal costs a fraction of that.
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";

/** Properties V8 keeps fast when they are added by keyed stores (4 in-object + 12 out-of-object). */
const FAST_PROPERTY_LIMIT = 16;

type AnyMessage = Record<string, unknown>;

interface Plan {
  /** The copier of a message with more members than stay fast; undefined for a small one. */
  readonly copy: ((message: AnyMessage) => AnyMessage) | undefined;
  /** Message-valued fields whose messages may need copying. */
  readonly nested: readonly { readonly field: DescField; readonly message: DescMessage }[];
}

const plans = new WeakMap<DescMessage, Plan | null>();

/** null: nothing in messages of this type needs copying. */
function planOf(desc: DescMessage, visiting: Set<DescMessage> = new Set()): Plan | null {
  const known = plans.get(desc);
  if (known !== undefined) return known;
  if (visiting.has(desc)) return { copy: undefined, nested: [] }; // a cycle: copied as data goes
  visiting.add(desc);
  const nested: { field: DescField; message: DescMessage }[] = [];
  for (const field of desc.fields) {
    if (field.oneof !== undefined) continue; // a oneof's message stays inside its { case, value }
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
  // one property per member plus $typeName
  const copy = desc.members.length + 1 > FAST_PROPERTY_LIMIT ? compileCopier(desc) : undefined;
  const plan = copy !== undefined || nested.length > 0 ? { copy, nested } : null;
  plans.set(desc, plan);
  return plan;
}

/**
 * `(m) => ({ $typeName: m.$typeName, field: m.field, … })` over the members a message always has
 * (implicit-presence scalars, lists, maps, oneof groups), then the message-valued fields and the
 * unknown fields only where set, so the copy has exactly the original's own properties. The names
 * come from the descriptor and are written as quoted string literals.
 */
function compileCopier(desc: DescMessage): (message: AnyMessage) => AnyMessage {
  const always: string[] = [];
  const optional: string[] = [];
  for (const member of desc.members) {
    if (member.kind === "field" && member.fieldKind === "message") optional.push(member.localName);
    else always.push(member.localName);
  }
  const read = (name: string) => `m[${JSON.stringify(name)}]`;
  const body = [
    `const o = { "$typeName": m.$typeName, ${always.map((n) => `${JSON.stringify(n)}: ${read(n)}`).join(", ")} };`,
    ...[...optional, "$unknown"].map(
      (n) => `if (${read(n)} !== undefined) o[${JSON.stringify(n)}] = ${read(n)};`,
    ),
    "return o;",
  ].join("\n");
  return new Function("m", body) as (message: AnyMessage) => AnyMessage;
}

function fasten(desc: DescMessage, message: AnyMessage): AnyMessage {
  const plan = planOf(desc);
  if (plan === null) return message;
  // proto3 messages are plain objects; one with a prototype chain (explicit presence) keeps it
  const out =
    plan.copy !== undefined && Object.getPrototypeOf(message) === Object.prototype
      ? plan.copy(message)
      : message;
  for (const { field, message: inner } of plan.nested) {
    const value = out[field.localName];
    if (value === undefined || value === null) continue;
    if (field.fieldKind === "list") {
      const list = value as AnyMessage[];
      for (let i = 0; i < list.length; i++) list[i] = fasten(inner, list[i]!);
    } else if (field.fieldKind === "map") {
      const map = value as Record<string, AnyMessage>;
      for (const key of Object.keys(map)) map[key] = fasten(inner, map[key]!);
    } else {
      out[field.localName] = fasten(inner, value as AnyMessage);
    }
  }
  return out;
}

/** `message` (of type `desc`, just built, owned by the caller) with fast properties throughout. */
export function fastMessage<T extends object>(desc: DescMessage, message: T): T {
  return fasten(desc, message as unknown as AnyMessage) as unknown as T;
}
