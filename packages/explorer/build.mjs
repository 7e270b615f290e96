/**
 * Builds the explorer: esbuild bundles and minifies the app (preact, the pages, the few hash and
 * base58 helpers) and its stylesheet, then writes them into dist/ — as files, for a look, and as
 * one ES module (dist/assets.js) holding each asset's text, which transport-http imports and serves.
 * Embedding them keeps the node's own one-file bundle (packages/node/dist/tronode.mjs) complete:
 * no path to find at run time, nothing fetched from elsewhere.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { build } from "esbuild";

const here = new URL(".", import.meta.url).pathname;
const common = { bundle: true, minify: true, write: false, logLevel: "warning", legalComments: "none" };
const [js, css] = await Promise.all([
  build({
    ...common,
    entryPoints: [`${here}src/main.tsx`],
    format: "esm",
    target: "es2020",
    jsx: "automatic",
    jsxImportSource: "preact",
  }),
  build({ ...common, entryPoints: [`${here}src/style.css`] }),
]);
const html = await readFile(`${here}src/index.html`, "utf8");
const assets = {
  "index.html": { type: "text/html; charset=utf-8", body: html },
  "app.js": { type: "text/javascript; charset=utf-8", body: js.outputFiles[0].text },
  "app.css": { type: "text/css; charset=utf-8", body: css.outputFiles[0].text },
};
await mkdir(`${here}dist`, { recursive: true });
for (const [name, { body }] of Object.entries(assets)) await writeFile(`${here}dist/${name}`, body);
await writeFile(`${here}dist/assets.js`, `export const EXPLORER_ASSETS = ${JSON.stringify(assets)};\n`);
await writeFile(
  `${here}dist/assets.d.ts`,
  [
    "/** The explorer's files by name (index.html, app.js, app.css): content type and text. */",
    "export declare const EXPLORER_ASSETS: Readonly<Record<string, { readonly type: string; readonly body: string }>>;",
    "",
  ].join("\n"),
);
const sizes = Object.entries(assets).map(
  ([n, a]) => `${n} ${(Buffer.byteLength(a.body) / 1024).toFixed(1)} KiB`,
);
console.log(`explorer: ${sizes.join(", ")}`);
