/** Rewrites the API coverage tables of README.md from the route table and the gRPC bindings (`npm run docs:coverage`). */
import { readFile, writeFile } from "node:fs/promises";
import {
  ETH_MARKERS,
  ethCoverageTable,
  GRPC_MARKERS,
  grpcOnlyCoverageTable,
  HTTP_MARKERS,
  httpCoverageTable,
  replaceBetween,
  TRONGRID_MARKERS,
  tronGridCoverageTable,
} from "../test/support/coverage-tables.js";

try {
  let readme = await readFile("README.md", "utf8");
  readme = replaceBetween(readme, HTTP_MARKERS, httpCoverageTable());
  readme = replaceBetween(readme, GRPC_MARKERS, grpcOnlyCoverageTable());
  readme = replaceBetween(readme, ETH_MARKERS, ethCoverageTable());
  readme = replaceBetween(readme, TRONGRID_MARKERS, tronGridCoverageTable());
  await writeFile("README.md", readme);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
