/**
 * The engine is pure: no storage, no transport, no I/O builtins, no wall clock, no randomness.
 * Every .ts file under packages/engine/src is scanned; failures name the file and line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ENGINE, "src");
const PKG = JSON.parse(readFileSync(join(ENGINE, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const DEPENDENCIES = Object.keys(PKG.dependencies ?? {});

/** Packages that would bring storage, a transport, or I/O into the engine. */
const FORBIDDEN_PACKAGE =
  /^(@tronode\/|level|classic-level|leveldown|levelup|abstract-level|memory-level|rocksdb|lmdb|sqlite|better-sqlite3|pg$|mysql|redis|ioredis|express|fastify|koa|hono|ws$|undici|axios|node-fetch|got$|@grpc\/|grpc)/;

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split("/")[0]!]));

function listTs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listTs(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/**
 * Blanks comments (always) and the text of string/template literals (when `strings`), keeping every
 * newline so that offsets still map to the original lines. Template `${…}` expressions stay code.
 */
function blank(source: string, strings: boolean): string {
  const out = source.split("");
  const wipe = (i: number) => {
    if (out[i] !== "\n") out[i] = " ";
  };
  // Each frame is a template literal; its number counts the braces opened inside its current ${ }.
  const templates: number[] = [];
  let i = 0;
  const n = source.length;
  const inTemplateText = () => templates.length > 0 && templates[templates.length - 1] === -1;
  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (inTemplateText()) {
      if (c === "\\") {
        if (strings) {
          wipe(i);
          wipe(i + 1);
        }
        i += 2;
      } else if (c === "`") {
        templates.pop();
        i++;
      } else if (c === "$" && next === "{") {
        templates[templates.length - 1] = 0;
        i += 2;
      } else {
        if (strings) wipe(i);
        i++;
      }
      continue;
    }
    if (c === "/" && next === "/") {
      while (i < n && source[i] !== "\n") wipe(i++);
      continue;
    }
    if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      while (i < stop) wipe(i++);
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < n && source[i] !== c && source[i] !== "\n") {
        if (source[i] === "\\") {
          if (strings) wipe(i);
          i++;
        }
        if (strings) wipe(i);
        i++;
      }
      i++;
      continue;
    }
    if (c === "`") {
      templates.push(-1);
      i++;
      continue;
    }
    if (templates.length > 0) {
      const top = templates.length - 1;
      if (c === "{") templates[top]!++;
      else if (c === "}") {
        if (templates[top] === 0) templates[top] = -1;
        else templates[top]!--;
      }
    }
    i++;
  }
  return out.join("");
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const IMPORT_PATTERNS = [
  /\bimport\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*["']([^"']+)["']/g,
  /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

const CODE_PATTERNS: [RegExp, string][] = [
  [/\bimport\s*\(\s*(?!["'])/g, "dynamic import() with a computed specifier"],
  [/\brequire\s*\(/g, "require()"],
  [/\bDate\s*\.\s*now\b/g, "reads the wall clock (Date.now)"],
  [/\bnew\s+Date\s*\(\s*\)/g, "reads the wall clock (new Date())"],
  [/\bnew\s+Date\b(?!\s*\()/g, "reads the wall clock (new Date)"],
  [/\bperformance\s*\.\s*now\b/g, "reads the clock (performance.now)"],
  [/\bprocess\s*\.\s*hrtime\b/g, "reads the clock (process.hrtime)"],
  [/\bprocess\s*[.[]/g, "uses the global process object"],
  [/\bMath\s*\.\s*random\b/g, "uses Math.random"],
  [/\bcrypto\s*\.\s*(getRandomValues|randomUUID|randomBytes)\b/g, "uses a random source"],
  // Node's globals are not there in a browser or a worker bundle, and the engine's build has no @types/node
  [/(?<![\w.])Buffer\s*[.(]/g, "uses Node's Buffer"],
  [/\bsetTimeout\s*\(|\bsetInterval\s*\(|\bsetImmediate\s*\(/g, "uses a timer"],
];

/** Everything impure in one source file, as `file:line: reason`. */
function checkSource(file: string, source: string): string[] {
  const problems: string[] = [];
  const noComments = blank(source, false);
  const code = blank(source, true);
  const seen = new Set<number>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const m of noComments.matchAll(pattern)) {
      const at = m.index! + m[0].lastIndexOf(m[1]!);
      if (seen.has(at)) continue;
      seen.add(at);
      const why = importProblem(file, m[1]!);
      if (why) problems.push(`${file}:${lineOf(source, at)}: ${why}`);
    }
  }
  for (const [pattern, why] of CODE_PATTERNS) {
    for (const m of code.matchAll(pattern)) {
      // `require(` inside an import specifier scan already reported it.
      problems.push(`${file}:${lineOf(source, m.index!)}: ${why}`);
    }
  }
  return problems;
}

function importProblem(file: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) {
    const target = resolve(dirname(join(SRC, file)), specifier);
    if (target !== SRC && !target.startsWith(SRC + sep))
      return `imports "${specifier}", outside packages/engine/src`;
    return undefined;
  }
  const bare = specifier.startsWith("node:") ? specifier.slice(5) : specifier;
  if (specifier.startsWith("node:") || NODE_BUILTINS.has(bare) || NODE_BUILTINS.has(bare.split("/")[0]!)) {
    return `imports the Node builtin "${specifier}"`;
  }
  const pkg = specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : specifier.split("/")[0]!;
  if (FORBIDDEN_PACKAGE.test(pkg)) return `imports "${specifier}" (storage, transport or I/O package)`;
  if (!DEPENDENCIES.includes(pkg))
    return `imports "${specifier}", which is not a dependency of @tronode/engine`;
  return undefined;
}

describe("engine purity", () => {
  const files = listTs(SRC);

  it("scans the whole source tree", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files.some((f) => f.includes(`${sep}generated${sep}`))).toBe(true);
    expect(files.some((f) => f.endsWith(`processor${sep}apply-transaction.ts`))).toBe(true);
  });

  it("no file imports storage, a transport, an I/O builtin, reads the clock or uses randomness", () => {
    const problems = files.flatMap((f) => checkSource(relative(SRC, f), readFileSync(f, "utf8")));
    expect(problems, `impure engine code:\n${problems.join("\n")}`).toEqual([]);
  });

  it("package.json depends on no storage, transport or level package", () => {
    const all = [
      ...Object.keys(PKG.dependencies ?? {}),
      ...Object.keys(PKG.peerDependencies ?? {}),
      ...Object.keys(PKG.optionalDependencies ?? {}),
    ];
    const bad = all.filter(
      (d) => FORBIDDEN_PACKAGE.test(d) || /storage|transport|level|http|grpc|socket/i.test(d),
    );
    expect(bad, `forbidden dependencies in packages/engine/package.json: ${bad.join(", ")}`).toEqual([]);
  });

  describe("the checker itself catches violations (file and line in the message)", () => {
    const cases: [string, string, RegExp][] = [
      ['import { readFileSync } from "node:fs";', "x.ts", /^x\.ts:1: imports the Node builtin "node:fs"$/],
      ['const a = 1;\nimport * as net from "net";', "x.ts", /^x\.ts:2: imports the Node builtin "net"$/],
      ['import {\n  a,\n  b,\n} from "http2";', "x.ts", /^x\.ts:4: imports the Node builtin "http2"$/],
      ['export * from "child_process";', "x.ts", /Node builtin "child_process"/],
      ['import "worker_threads";', "x.ts", /Node builtin "worker_threads"/],
      ['const m = await import("dgram");', "x.ts", /Node builtin "dgram"/],
      ["const m = await import(name);", "x.ts", /dynamic import\(\) with a computed specifier/],
      ['import { env } from "process";', "x.ts", /Node builtin "process"/],
      ['import { Level } from "classic-level";', "x.ts", /storage, transport or I\/O package/],
      ['import { ChainStore } from "@tronode/storage";', "x.ts", /storage, transport or I\/O package/],
      ['import { serve } from "@tronode/transport-http";', "x.ts", /storage, transport or I\/O package/],
      ['import x from "left-pad";', "x.ts", /not a dependency of @tronode\/engine/],
      [
        'import { ChainStore } from "../../../storage/src/index.js";',
        "chain/x.ts",
        /outside packages\/engine\/src/,
      ],
      ["const t = Date.now();", "x.ts", /^x\.ts:1: reads the wall clock \(Date\.now\)$/],
      ["\n\nconst t = new Date();", "x.ts", /^x\.ts:3: reads the wall clock \(new Date\(\)\)$/],
      ["const t = new Date;", "x.ts", /new Date\)$/],
      ["const t = performance.now();", "x.ts", /performance\.now/],
      ["const t = process.hrtime.bigint();", "x.ts", /process\.hrtime/],
      ["const e = process.env.X;", "x.ts", /global process object/],
      ["const r = Math.random();", "x.ts", /Math\.random/],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test contains a template literal
      ["const s = `${Date.now()}`;", "x.ts", /Date\.now/],
    ];
    it.each(cases)("%j in %s", (source, file, expected) => {
      const problems = checkSource(file, source);
      expect(problems.length).toBeGreaterThan(0);
      expect(
        problems.some((p) => expected.test(p)),
        problems.join("\n"),
      ).toBe(true);
    });

    it.each([
      ['import { x } from "./y.js";', "a/b.ts"],
      ['import { create } from "@bufbuild/protobuf";', "x.ts"],
      ['import { sha256 } from "@noble/hashes/sha2.js";', "x.ts"],
      ["// Date.now() is never read here; Math.random neither", "x.ts"],
      ['/* import fs from "node:fs" */ const a = 1;', "x.ts"],
      ['const msg = "new Date() and process.env are not called";', "x.ts"],
      ["const msg = `timestamps come from blocks, not Date.now()`;", "x.ts"],
      ["const d = new Date(Number(ms));", "x.ts"],
    ])("accepts %j", (source, file) => {
      expect(checkSource(file, source)).toEqual([]);
    });
  });
});
