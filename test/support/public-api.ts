/**
 * The public surface of each published package, read from its built `dist/index.d.ts` with the
 * TypeScript compiler: every name the index exports, and those with no TSDoc comment.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "./cli-process.js";

export interface PublishedPackage {
  readonly name: string;
  readonly dir: string;
}

/** The workspace packages that publish a TypeScript entry point (the explorer ships assets only). */
export function publishedPackages(): PublishedPackage[] {
  const root = join(REPO_ROOT, "packages");
  return readdirSync(root)
    .map((entry) => join(root, entry))
    .filter((dir) => existsSync(join(dir, "api-extractor.json")))
    .map((dir) => ({
      name: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name as string,
      dir,
    }));
}

/** The names `dir/dist/index.d.ts` exports that carry no documentation comment. */
export function undocumentedExports(dir: string): string[] {
  return publicExports(dir)
    .filter((e) => !e.documented)
    .map((e) => e.name)
    .sort();
}

/** Every name `dir/dist/index.d.ts` exports, and whether it has a documentation comment. */
export function publicExports(dir: string): { readonly name: string; readonly documented: boolean }[] {
  const entry = join(dir, "dist", "index.d.ts");
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`${entry} is missing: build the package first`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  const names: { name: string; documented: boolean }[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const documented =
      symbol.getDocumentationComment(checker).length > 0 ||
      (symbol.declarations ?? []).some((d) => ts.getJSDocCommentsAndTags(d).length > 0) ||
      // a namespace re-export (`export * as shielded`) is documented by its module's header
      (symbol.flags & ts.SymbolFlags.ValueModule) !== 0;
    names.push({ name: exported.getName(), documented });
  }
  return names;
}
