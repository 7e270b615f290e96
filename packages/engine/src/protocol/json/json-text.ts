import { bytesToHex } from "../../crypto/bytes.js";
import { TronodeError } from "../../errors.js";

/** A JSON value as produced/consumed by this codec. Integers beyond 2^53 may be `bigint`. */
export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | JsonDecimal
  | JsonText
  | JsonValue[]
  | JsonObject;

/**
 * A value already serialised (compact JSON text), written as is: lets a printer cache the text of
 * an answer that has not changed (an account between two state changes) instead of printing it again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A number literal with a fraction or an exponent (`1.0`, `1e2`), kept as written: java-tron's
 * tokenizer refuses such a literal for an integer field ("Couldn't parse integer"), which a parsed
 * JavaScript number (1.0 === 1) could not tell.
 */
export class JsonDecimal {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
  valueOf(): number {
    return Number(this.text);
  }
  toJSON(): number {
    return Number(this.text);
  }
}

/** A number literal with a fraction or an exponent somewhere in the text (strings included). */
const MAYBE_DECIMAL = /\d[.eE]/;
export interface JsonObject {
  [key: string]: JsonValue;
}

export const JSON_PARSE_ERROR = "JSON_PARSE_ERROR";
export const FASTJSON_EXCEPTION = "com.alibaba.fastjson.JSONException";

/**
 * A run of 16+ digits may be an integer literal beyond Number's safe range (2^53 has 16 digits).
 * Only then is the (slower) lossless parser needed; otherwise the native JSON.parse is used.
 */
const MAYBE_BIG_INT = /\d{16}/;

/**
 * Parses JSON text like JSON.parse, except that integer literals outside Number's safe range
 * (|n| > 2^53-1, no fraction/exponent) become exact `bigint`s. Invalid text throws a TronodeError
 * (`JSON_PARSE_ERROR`, javaClass `com.alibaba.fastjson.JSONException`), the class java-tron reports
 * when its request body is not JSON. Strict RFC 8259 JSON (fastjson's leniencies — single quotes,
 * unquoted keys, comments — are not accepted). Empty text is an error (fastjson would return null).
 */
export function parseJsonText(text: string): JsonValue {
  checkNestingDepth(text);
  if (!MAYBE_BIG_INT.test(text) && !MAYBE_DECIMAL.test(text)) {
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      // fall through: the lossless parser produces a positioned error
    }
  }
  return new LosslessParser(text).parseDocument();
}

/** fastjson refuses documents nested deeper than 512 levels; so do we, before any recursion. */
export const MAX_JSON_DEPTH = 512;

function checkNestingDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) {
        throw new TronodeError(
          JSON_PARSE_ERROR,
          `${c === 0x5b ? "array" : "object"} level > ${MAX_JSON_DEPTH}`,
          {
            javaClass: FASTJSON_EXCEPTION,
          },
        );
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}

class LosslessParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseDocument(): JsonValue {
    this.ws();
    const v = this.value();
    this.ws();
    if (this.pos < this.text.length) this.fail("syntax error, expect EOF");
    return v;
  }

  private fail(what: string): never {
    const before = this.text.slice(0, this.pos);
    const line = before.split("\n").length;
    const column = this.pos - before.lastIndexOf("\n");
    throw new TronodeError(JSON_PARSE_ERROR, `${what}, pos ${this.pos}, line ${line}, column ${column}`, {
      javaClass: FASTJSON_EXCEPTION,
    });
  }

  private ws(): void {
    const t = this.text;
    let p = this.pos;
    while (p < t.length) {
      const c = t.charCodeAt(p);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  private value(): JsonValue {
    const t = this.text;
    if (this.pos >= t.length) this.fail("syntax error, unexpected EOF");
    const c = t.charCodeAt(this.pos);
    switch (c) {
      case 0x7b /* { */:
        return this.object();
      case 0x5b /* [ */:
        return this.array();
      case 0x22 /* " */:
        return this.string();
      case 0x74 /* t */:
        return this.literal("true", true);
      case 0x66 /* f */:
        return this.literal("false", false);
      case 0x6e /* n */:
        return this.literal("null", null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
        return this.fail(`syntax error, unexpected character '${t[this.pos]}'`);
    }
  }

  private literal<T extends JsonValue>(word: string, v: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail("syntax error, illegal literal");
    this.pos += word.length;
    return v;
  }

  private object(): JsonObject {
    const t = this.text;
    this.pos++; // {
    const out: JsonObject = {};
    this.ws();
    if (t.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      if (t.charCodeAt(this.pos) !== 0x22) this.fail("syntax error, expect property name");
      const key = this.string();
      this.ws();
      if (t.charCodeAt(this.pos) !== 0x3a) this.fail("syntax error, expect ':'");
      this.pos++;
      this.ws();
      const v = this.value();
      if (key === "__proto__")
        Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
      this.ws();
      const c = t.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        continue;
      }
      if (c === 0x7d) {
        this.pos++;
        return out;
      }
      this.fail("syntax error, expect ',' or '}'");
    }
  }

  private array(): JsonValue[] {
    const t = this.text;
    this.pos++; // [
    const out: JsonValue[] = [];
    this.ws();
    if (t.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value());
      this.ws();
      const c = t.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        continue;
      }
      if (c === 0x5d) {
        this.pos++;
        return out;
      }
      this.fail("syntax error, expect ',' or ']'");
    }
  }

  private string(): string {
    const t = this.text;
    const start = ++this.pos;
    // fast path: no escapes
    let p = start;
    for (;;) {
      if (p >= t.length) this.fail("unclosed string");
      const c = t.charCodeAt(p);
      if (c === 0x22) {
        this.pos = p + 1;
        return t.slice(start, p);
      }
      if (c === 0x5c || c < 0x20) break;
      p++;
    }
    let out = t.slice(start, p);
    for (;;) {
      if (p >= t.length) {
        this.pos = p;
        this.fail("unclosed string");
      }
      const c = t.charCodeAt(p);
      if (c === 0x22) {
        this.pos = p + 1;
        return out;
      }
      if (c < 0x20) {
        this.pos = p;
        this.fail("syntax error, control character in string");
      }
      if (c !== 0x5c) {
        out += t[p];
        p++;
        continue;
      }
      const e = t[p + 1];
      p += 2;
      switch (e) {
        case '"':
          out += '"';
          break;
        case "\\":
          out += "\\";
          break;
        case "/":
          out += "/";
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const hex = t.slice(p, p + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            this.pos = p;
            this.fail("syntax error, illegal unicode escape");
          }
          out += String.fromCharCode(Number.parseInt(hex, 16));
          p += 4;
          break;
        }
        default:
          this.pos = p - 1;
          this.fail("syntax error, illegal escape");
      }
    }
  }

  private number(): number | bigint | JsonDecimal {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === 0x2d) p++;
    const intStart = p;
    while (p < t.length && isDigit(t.charCodeAt(p))) p++;
    if (p === intStart) {
      this.pos = p;
      this.fail("syntax error, illegal number");
    }
    if (p - intStart > 1 && t.charCodeAt(intStart) === 0x30) {
      this.pos = intStart;
      this.fail("syntax error, illegal number (leading zero)");
    }
    let integral = true;
    if (t.charCodeAt(p) === 0x2e) {
      integral = false;
      p++;
      const fracStart = p;
      while (p < t.length && isDigit(t.charCodeAt(p))) p++;
      if (p === fracStart) {
        this.pos = p;
        this.fail("syntax error, illegal number");
      }
    }
    const ch = t.charCodeAt(p);
    if (ch === 0x65 || ch === 0x45) {
      integral = false;
      p++;
      const sign = t.charCodeAt(p);
      if (sign === 0x2b || sign === 0x2d) p++;
      const expStart = p;
      while (p < t.length && isDigit(t.charCodeAt(p))) p++;
      if (p === expStart) {
        this.pos = p;
        this.fail("syntax error, illegal number");
      }
    }
    this.pos = p;
    const literal = t.slice(start, p);
    if (!integral) return new JsonDecimal(literal);
    const n = Number(literal);
    if (!Number.isSafeInteger(n)) return BigInt(literal);
    return n;
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * JSON.stringify that also writes `bigint` as a bare integer literal (exact), and Uint8Array as a
 * hex string. Compact output (no whitespace).
 */
export function stringifyJson(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (!containsSpecial(value, 0)) return JSON.stringify(value);
  return write(value) ?? "null";
}

function containsSpecial(v: unknown, depth: number): boolean {
  if (typeof v === "bigint") return true;
  if (v === null || typeof v !== "object") return false;
  if (v instanceof Uint8Array || v instanceof JsonText) return true;
  if (depth > 64) return true;
  if (Array.isArray(v)) {
    for (const e of v) if (containsSpecial(e, depth + 1)) return true;
    return false;
  }
  for (const k in v) if (containsSpecial((v as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

function write(v: unknown): string | undefined {
  switch (typeof v) {
    case "bigint":
      return v.toString();
    case "string":
      return JSON.stringify(v);
    case "number":
      return Number.isFinite(v) ? String(v) : "null";
    case "boolean":
      return v ? "true" : "false";
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  if (v === null) return "null";
  if (v instanceof Uint8Array) return `"${bytesToHex(v)}"`;
  if (v instanceof JsonText) return v.text;
  if (Array.isArray(v)) {
    let s = "[";
    for (let i = 0; i < v.length; i++) {
      if (i > 0) s += ",";
      s += write(v[i]) ?? "null";
    }
    return `${s}]`;
  }
  const o = v as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof o.toJSON === "function") return write(o.toJSON());
  let s = "{";
  let first = true;
  for (const k of Object.keys(o)) {
    const w = write(o[k]);
    if (w === undefined) continue;
    if (!first) s += ",";
    first = false;
    s += `${JSON.stringify(k)}:${w}`;
  }
  return `${s}}`;
}

/**
 * 1-based column of the value at `path` inside the compact serialisation of `root` (what java-tron's
 * JsonFormat tokenizer sees after fastjson re-serialises a request body). Best effort: fastjson's
 * key order is a HashMap's, ours is insertion order.
 */
export function columnOf(root: unknown, path: readonly (string | number)[]): number {
  let col = 0;
  let cur: unknown = root;
  for (const seg of path) {
    if (Array.isArray(cur)) {
      col += 1;
      for (let i = 0; i < (seg as number); i++) col += (write(cur[i]) ?? "null").length + 1;
      cur = cur[seg as number];
    } else if (cur !== null && typeof cur === "object") {
      col += 1;
      const o = cur as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        if (k === seg) break;
        const w = write(o[k]);
        if (w === undefined) continue;
        col += JSON.stringify(k).length + 1 + w.length + 1;
      }
      col += JSON.stringify(String(seg)).length + 1;
      cur = o[seg as string];
    } else {
      break;
    }
  }
  return col + 1;
}
