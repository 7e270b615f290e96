import { bytesValue, defineTable, stringKey, Tables, TronodeError } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { BUCKETS, bucketOf, JOURNAL_BUCKET, META_BUCKET, StorageErrorCodes } from "../src/index.js";

describe("buckets", () => {
  it("gives every engine table a bucket, and every bucket is an engine table", () => {
    const tableIds = Object.values(Tables)
      .map((t) => t.id)
      .sort();
    expect(Object.keys(BUCKETS).sort()).toEqual(tableIds);
    for (const id of tableIds) expect(bucketOf(id).bucket).toBeTypeOf("number");
  });

  it("uses distinct one-byte ids, none of them the meta bucket or the 0xff escape", () => {
    const ids = Object.values(BUCKETS).map((b) => b.bucket);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(META_BUCKET);
      expect(id).not.toBe(JOURNAL_BUCKET);
      expect(id).toBeLessThan(0xff);
    }
  });

  it("keeps small state resident, and accounts and history cold", () => {
    const resident = Object.entries(BUCKETS)
      .filter(([, b]) => b.resident)
      .map(([id]) => id)
      .sort();
    expect(resident).toEqual([
      "account-id-index",
      "account-name-index",
      "asset-issues",
      "asset-issues-v2",
      "asset-name-index",
      "byte-properties",
      "delegated-resource-account-index",
      "delegated-resources",
      "delegation",
      "exchanges",
      "exchanges-v2",
      "fork-rows",
      "index-marks",
      "market-account-orders",
      "market-pair-price-counts",
      "market-price-directory",
      "market-price-orders",
      "market-price-pages",
      "properties",
      "proposals",
      "recent-blocks",
      "storage-slots",
      "votes",
      "witnesses",
    ]);
  });

  it("refuses an unknown table id with a typed error", () => {
    for (const id of ["no-such-table", "toString", "__proto__", ""]) {
      let err: unknown;
      try {
        bucketOf(id);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TronodeError);
      expect((err as TronodeError).code).toBe(StorageErrorCodes.unknownTable);
    }
    expect(() => bucketOf(defineTable("nope", stringKey, bytesValue).id)).toThrow(/no storage bucket/);
  });
});
