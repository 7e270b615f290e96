/**
 * Every code block of the documentation is checked against what runs in `npm test`:
 * - a JavaScript, TypeScript or JSON block carries `<!-- snippet: <file> -->` above it, and each of
 *   its statements is a line of that file (a test, or a file a test runs), in order — comments,
 *   spacing and a leading `const`/`let` aside; or `<!-- example: <name> -->`, a whole program a test
 *   reads from the page and runs (test/packages/registry-install.test.ts); or
 *   `<!-- checked by: <test> -->`, a test that reads the page and checks the block itself;
 * - a shell block either names a file the same way, or holds commands: `npm install`, `npm test`,
 *   `npm start -- <flags>` / `npx tronode <flags>` whose every flag is one the CLI declares, and
 *   `npm run <script>` for a script package.json has;
 * - output is fenced as `text` and is not checked.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/cli-process.js";
import { type CodeBlock, codeBlocks, docPages } from "../support/doc-pages.js";

const CODE = new Set(["js", "ts", "json", "javascript", "typescript", "jsonc", "solidity"]);
const SHELL = new Set(["sh", "bash", "shell"]);

/**
 * A statement of a snippet, without comments, `const`/`let` or spacing differences; what a page
 * prints with `console.log(…)` a test asserts, so the printed expression is the statement.
 */
const statement = (line: string) =>
  line
    .replace(/\/\/.*$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(const|let|var) /, "")
    .replace(/^console\.log\((.*)\);?$/, "$1");

/** The flags the CLI declares (both commands), read from its source. */
function cliFlags(): Set<string> {
  const source = readFileSync(join(REPO_ROOT, "packages", "node", "src", "cli.ts"), "utf8");
  const flags = new Set<string>(["--help", "--version"]);
  for (const m of source.matchAll(/"(?:-\w, )?(--(?:no-)?[\w-]+)[ "<[]/g)) flags.add(m[1]!);
  return flags;
}

const scripts = Object.keys(
  (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts,
);

function fromFile(block: CodeBlock, file: string): string[] {
  if (!existsSync(join(REPO_ROOT, file))) return [`${block.page}:${block.line}: no file ${file}`];
  const source = readFileSync(join(REPO_ROOT, file), "utf8").split("\n").map(statement);
  const problems: string[] = [];
  let at = 0;
  for (const line of block.content.split("\n").map(statement)) {
    if (line === "") continue;
    const found = source.findIndex((s, i) => i >= at && s.includes(line));
    if (found < 0)
      problems.push(`${block.page}:${block.line}: "${line}" is not a line of ${file} (after line ${at})`);
    else at = found + 1;
  }
  return problems;
}

function commands(block: CodeBlock): string[] {
  const flags = cliFlags();
  const problems: string[] = [];
  for (const raw of block.content.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    for (const command of line.split(/\s*&&\s*/)) {
      if (/^npm (install|test|start)$/.test(command)) continue;
      const run = /^npm run ([\w:-]+)/.exec(command);
      if (run) {
        if (!scripts.includes(run[1]!)) problems.push(`${block.page}:${block.line}: no npm script ${run[1]}`);
        continue;
      }
      if (/^(npm start --|npx tronode|tronode)( |$)/.test(command)) {
        for (const flag of command.match(/(?<=\s)--?[\w-]+/g) ?? []) {
          if (flag === "--" || !flag.startsWith("--")) continue;
          if (!flags.has(flag)) problems.push(`${block.page}:${block.line}: the CLI has no flag ${flag}`);
        }
        continue;
      }
      problems.push(
        `${block.page}:${block.line}: "${command}" is neither checked by a file nor a known command`,
      );
    }
  }
  return problems;
}

describe("the documentation's code blocks", () => {
  const blocks = docPages().flatMap(codeBlocks);

  it("are many and all tagged with their language", () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(blocks.filter((b) => b.lang === "").map((b) => `${b.page}:${b.line}`)).toEqual([]);
  });

  it("are lines of the tests that run them, or commands the CLI and package.json have", () => {
    const problems = blocks.flatMap((block): string[] => {
      if (block.lang === "text") return [];
      if (block.marker?.kind === "example") return [];
      if (block.marker?.kind === "checked by") {
        const test = join(REPO_ROOT, block.marker.value);
        return existsSync(test) && readFileSync(test, "utf8").includes(block.page)
          ? []
          : [`${block.page}:${block.line}: ${block.marker.value} does not read ${block.page}`];
      }
      if (block.marker?.kind === "snippet" && block.marker.value !== "command")
        return fromFile(block, block.marker.value);
      if (SHELL.has(block.lang)) return commands(block);
      if (CODE.has(block.lang))
        return [`${block.page}:${block.line}: a ${block.lang} block without <!-- snippet: … -->`];
      return [`${block.page}:${block.line}: a ${block.lang} block neither text, code nor shell`];
    });
    expect(problems).toEqual([]);
  });

  it("each example a test runs is named by that test", () => {
    const examples = blocks.filter((b) => b.marker?.kind === "example");
    const runner = readFileSync(join(REPO_ROOT, "test", "packages", "registry-install.test.ts"), "utf8");
    for (const b of examples) expect(runner, `${b.page}:${b.line}`).toContain(`"${b.marker!.value}"`);
  });
});
