/**
 * The generated protos are what `npm run proto:generate` makes of proto/: buf generate's files with
 * their descriptors embedded as JSON (scripts/embed-descriptors.ts, which checks each JSON against the
 * base64 it replaces). And an embedded file works as protobuf-es's own: messages round-trip.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransactionSchema } from "../src/internal.js";
import { file_protocol_core } from "../src/protocol/generated/protocol/core_pb.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const GENERATED = join(ROOT, "packages", "engine", "src", "protocol", "generated");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "tronode-protos-"));
});

afterAll(async () => {
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length))
    .sort();
}

describe("embedded descriptors", () => {
  it("the committed generated files are proto:generate's output", async () => {
    const out = join(scratch, "generated");
    await cp(join(ROOT, "proto"), join(scratch, "proto"), { recursive: true });
    const template = ["version: v2", "plugins:", "  - local: protoc-gen-es", `    out: ${out}`, "    opt:"]
      .concat(["      - target=ts", "      - import_extension=js", ""])
      .join("\n");
    await writeFile(join(scratch, "buf.gen.yaml"), template);
    const bin = join(ROOT, "node_modules", ".bin");
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    execFileSync(join(bin, "buf"), ["generate", "proto"], { cwd: scratch, env, stdio: "pipe" });
    // the embed step writes imports relative to the embedding module: run it where the engine is
    const inEngine = join(GENERATED, "..", `generated-check-${process.pid}`);
    await cp(out, inEngine, { recursive: true });
    try {
      execFileSync(
        process.execPath,
        ["--conditions=tronode-source", "--import", "tsx", "scripts/embed-descriptors.ts"].concat([
          inEngine,
          join(GENERATED, "..", "embedded-descriptor.ts"),
        ]),
        { cwd: ROOT, env, stdio: "pipe" },
      );
      const files = await filesUnder(GENERATED);
      expect(await filesUnder(inEngine)).toEqual(files);
      for (const file of files) {
        expect(await readFile(join(inEngine, file), "utf8"), file).toBe(
          await readFile(join(GENERATED, file), "utf8"),
        );
      }
    } finally {
      await rm(inEngine, { recursive: true, force: true });
    }
  });

  it("an embedded file's messages encode and decode", () => {
    expect(file_protocol_core.proto.dependency).toEqual([
      "google/protobuf/any.proto",
      "protocol/common.proto",
    ]);
    const tx = create(TransactionSchema, { signature: [new Uint8Array([1, 2, 3])] });
    expect(fromBinary(TransactionSchema, toBinary(TransactionSchema, tx))).toEqual(tx);
  });
});
