/**
 * The documentation as the tests read it: README.md, ARCHITECTURE.md and the book in docs/ (the
 * generated API reference in docs/api aside), parsed with markdown-it; a page's sections, its code
 * blocks with the marker line above each, its links and its headings' GitHub anchors.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import MarkdownIt from "markdown-it";
import { REPO_ROOT } from "./cli-process.js";

const markdown = new MarkdownIt({ html: true });

/** Every documentation page, as paths relative to the repository. */
export function docPages(): string[] {
  const pages = ["README.md", "ARCHITECTURE.md"];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(REPO_ROOT, dir)).sort()) {
      const path = join(dir, name);
      if (path === join("docs", "api")) continue;
      if (statSync(join(REPO_ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith(".md")) pages.push(path);
    }
  };
  walk("docs");
  return pages;
}

export function readPage(page: string): string {
  return readFileSync(join(REPO_ROOT, page), "utf8");
}

export interface CodeBlock {
  readonly page: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly content: string;
  /**
   * The marker on the lines just above, if any: `<!-- snippet: <file> -->`, `<!-- example: <name> -->`
   * or `<!-- checked by: <test> -->` (a test that reads the page and checks the block itself).
   */
  readonly marker?: { readonly kind: "snippet" | "example" | "checked by"; readonly value: string };
}

export function codeBlocks(page: string): CodeBlock[] {
  const text = readPage(page);
  const lines = text.split("\n");
  return markdown
    .parse(text, {})
    .filter((t) => t.type === "fence" && t.map)
    .map((t) => {
      const line = t.map![0] + 1;
      const above = lines.slice(Math.max(0, line - 4), line - 1).join("\n");
      const m = /<!-- (snippet|example|checked by): (.+?) -->\s*$/.exec(above);
      return {
        page,
        line,
        lang: t.info.trim().split(/\s+/)[0] ?? "",
        content: t.content,
        ...(m ? { marker: { kind: m[1] as "snippet" | "example" | "checked by", value: m[2]!.trim() } } : {}),
      };
    });
}

/** The GitHub anchors of a page's headings (github-slugger, as GitHub renders them). */
export function anchors(page: string): Set<string> {
  const slugger = new GithubSlugger();
  const out = new Set<string>();
  const tokens = markdown.parse(readPage(page), {});
  tokens.forEach((t, i) => {
    if (t.type !== "heading_open") return;
    const inline = tokens[i + 1]!;
    const text = (inline.children ?? [])
      .filter((c) => c.type === "text" || c.type === "code_inline")
      .map((c) => c.content)
      .join("");
    out.add(slugger.slug(text));
  });
  // explicit anchors: <a id="…"> / name="…"
  for (const m of readPage(page).matchAll(/<a (?:id|name)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}

/** The relative links (and images) of a page: target as written, with the line it is on. */
export function relativeLinks(page: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  const walk = (tokens: ReturnType<typeof markdown.parse>, line: number) => {
    for (const t of tokens) {
      const at = t.map ? t.map[0] + 1 : line;
      const href = t.type === "link_open" ? t.attrGet("href") : t.type === "image" ? t.attrGet("src") : null;
      if (href && !/^[a-z][a-z0-9+.-]*:/i.test(href)) out.push({ target: href, line: at });
      if (t.children) walk(t.children, at);
    }
  };
  walk(markdown.parse(readPage(page), {}), 1);
  return out;
}

/** A page's path from the repository root, for messages. */
export const shown = (path: string) => relative(REPO_ROOT, join(REPO_ROOT, path));
