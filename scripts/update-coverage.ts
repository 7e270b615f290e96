/** Rewrites the book's API coverage tables from the route table and the gRPC bindings (`npm run docs:coverage`). */
import { readFile, writeFile } from "node:fs/promises";
import { COVERAGE_PAGES, replaceBetween } from "../test/support/coverage-tables.js";

try {
  for (const { page, markers, table } of COVERAGE_PAGES) {
    await writeFile(page, replaceBetween(await readFile(page, "utf8"), markers, table()));
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
