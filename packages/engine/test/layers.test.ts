/**
 * The engine's layer rule: its folders stack in one order, and a file imports only from folders
 * below its own (type-only and re-exporting imports included). Inside a domain, the actuators
 * (`<domain>/actuators/`) sit above the domain's tables and rules: the VM's processors and the
 * other domains use the rules, and only the processor's registry (and the package index) import
 * an actuator. No
 * exceptions list: a new folder must be placed in LAYERS, and ARCHITECTURE.md shows the same order.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

/** Bottom to top. A top-level file is its own entry (`errors.ts`); a folder covers all below it. */
export const LAYERS: readonly (readonly string[])[] = [
  ["errors.ts"],
  ["crypto"],
  ["protocol", "text-codec.d.ts"],
  ["state"],
  ["chain"],
  ["actuator"],
  // the domains, each above the ones it uses
  ["accounts"],
  ["proposals"],
  ["witnesses"],
  ["assets"],
  ["resources"],
  ["exchanges"],
  ["market"],
  ["shielded"],
  ["balance-history"],
  ["events"],
  ["vm"],
  ["contracts"],
  ["processor"],
  ["tracing"],
  ["interfaces.ts"],
  ["index.ts", "internal.ts"],
];

/** The only units that wire actuators: the registry's layer and the package's entry point. */
const WIRING = new Set(["processor", "index.ts", "internal.ts"]);

const LEVEL = new Map(LAYERS.flatMap((names, level) => names.map((name) => [name, level] as const)));

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : listTs(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The layer unit of a file: its top folder (or the file itself at the top), and whether it is an actuator. */
function unitOf(file: string): { folder: string; actuator: boolean } {
  const parts = relative(SRC, file).split(sep);
  return { folder: parts[0]!, actuator: parts.length > 2 && parts[1] === "actuators" };
}

/** A unit's rank: the folder's level, its actuators half a level above the rest of the domain. */
function rankOf(unit: { folder: string; actuator: boolean }): number {
  const level = LEVEL.get(unit.folder);
  if (level === undefined) return Number.NaN;
  return level + (unit.actuator ? 0.5 : 0);
}

const nameOf = (unit: { folder: string; actuator: boolean }) =>
  unit.actuator ? `${unit.folder}/actuators` : unit.folder;

interface Arrow {
  readonly from: string;
  readonly to: string;
  readonly line: number;
  readonly fromUnit: string;
  readonly toUnit: string;
  readonly upward: boolean;
}

function arrows(): Arrow[] {
  const out: Arrow[] = [];
  for (const file of listTs(SRC)) {
    const source = readFileSync(file, "utf8");
    const { importedFiles } = ts.preProcessFile(source, true, true);
    for (const imported of importedFiles) {
      if (!imported.fileName.startsWith(".")) continue;
      const target = resolve(dirname(file), imported.fileName.replace(/\.js$/, ".ts"));
      const from = unitOf(file);
      const to = unitOf(target);
      if (nameOf(from) === nameOf(to)) continue;
      const line = source.slice(0, imported.pos).split("\n").length;
      out.push({
        from: relative(SRC, file),
        to: relative(SRC, target),
        line,
        fromUnit: nameOf(from),
        toUnit: nameOf(to),
        upward: !(rankOf(to) < rankOf(from)) || (to.actuator && !WIRING.has(nameOf(from))),
      });
    }
  }
  return out;
}

describe("engine layers", () => {
  const all = arrows();

  it("every folder of the engine has a place in the order", () => {
    const unplaced = readdirSync(SRC).filter((name) => !LEVEL.has(name));
    expect(unplaced).toEqual([]);
  });

  it("no file imports from its own layer's actuators or from a layer above", () => {
    const upward = all.filter((a) => a.upward).map((a) => `${a.from}:${a.line} → ${a.to}`);
    expect(upward).toEqual([]);
  });

  it("no import circle between folders", () => {
    const edges = new Map<string, Set<string>>();
    for (const a of all) {
      if (!edges.has(a.fromUnit)) edges.set(a.fromUnit, new Set());
      edges.get(a.fromUnit)!.add(a.toUnit);
    }
    // Tarjan's strongly connected components: any component of two or more units is a circle
    let index = 0;
    const indexOf = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (v: string) => {
      indexOf.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!indexOf.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
      if (low.get(v) === indexOf.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const v of edges.keys()) if (!indexOf.has(v)) visit(v);
    expect(circles).toEqual([]);
  });
});
