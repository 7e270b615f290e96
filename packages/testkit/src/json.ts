import { parseJsonText, stringifyJson as writeJson } from "@tronode/engine/internal";

/** A JSON answer as java-tron's HTTP API writes it; integers past 2^53 come as bigint. */
// biome-ignore lint/suspicious/noExplicitAny: answers are java-tron's JSON, read field by field
export type Json = any;

/** Parses an answer, keeping integers past 2^53 exact (as bigint). */
export function parseJson(text: string): Json {
  return parseJsonText(text);
}

/** Writes a request, bigints as exact integer literals. */
export function stringifyJson(value: unknown): string {
  return writeJson(value);
}
