/**
 * JSON as java-tron's event publisher writes it (Jackson's default ObjectMapper on the trigger
 * POJOs): properties in declaration order, superclass first, nulls written, longs as plain numbers,
 * maps in their Java iteration order, strings escaped as Jackson escapes them (short escapes for
 * \b \t \n \f \r, `\u00XX` in upper case for the other control characters, nothing else).
 *
 * A trigger is a plain object whose keys are in that order (JavaScript keeps insertion order for
 * keys that are not integers); a Java map is a `Map`, since its keys ("0", "1", …) may be integers.
 */

export type JavaValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | readonly JavaValue[]
  | ReadonlyMap<string, JavaValue>
  | { readonly [key: string]: JavaValue };

const SHORT: Readonly<Record<number, string>> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };

function javaString(s: string): string {
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(from, i);
    out +=
      c === 0x22
        ? '\\"'
        : c === 0x5c
          ? "\\\\"
          : (SHORT[c] ?? `\\u00${c.toString(16).toUpperCase().padStart(2, "0")}`);
    from = i + 1;
  }
  return `${out}${s.slice(from)}"`;
}

export function toJavaJson(value: JavaValue | undefined): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
    case "bigint":
      return value.toString();
    case "string":
      return javaString(value);
  }
  if (Array.isArray(value)) return `[${value.map(toJavaJson).join(",")}]`;
  const entries: [string, JavaValue][] =
    value instanceof Map ? [...value] : Object.entries(value as Record<string, JavaValue>);
  return `{${entries.map(([k, v]) => `${javaString(k)}:${toJavaJson(v)}`).join(",")}}`;
}
