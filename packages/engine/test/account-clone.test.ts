import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Account_AccountResourceSchema,
  AccountSchema,
  cloneAccount,
  cloneAccountResource,
  withAccountFields,
} from "../src/internal.js";

describe("account copies", () => {
  it("copy every field of the schema, keep absent message fields absent, and share nothing mutable", () => {
    const full = create(AccountSchema, {
      balance: 7n,
      accountResource: { energyUsage: 3n, frozenBalanceForEnergy: { frozenBalance: 1n } },
      ownerPermission: { permissionName: "owner" },
      witnessPermission: { permissionName: "witness" },
      tronPower: { frozenBalance: 2n },
    });
    const copy = cloneAccount(full);
    expect(copy).not.toBe(full);
    expect(copy).toStrictEqual(full);
    expect(Object.keys(copy).sort()).toEqual(
      ["$typeName", ...AccountSchema.fields.map((f) => f.localName)].sort(),
    );
    const bare = create(AccountSchema, { balance: 1n });
    expect(Object.keys(cloneAccount(bare)).sort()).toEqual(Object.keys(bare).sort());
    const resource = full.accountResource!;
    expect(cloneAccountResource(resource)).toStrictEqual(resource);
    expect(Object.keys(cloneAccountResource(resource)).sort()).toEqual(
      ["$typeName", ...Account_AccountResourceSchema.fields.map((f) => f.localName)].sort(),
    );
    const patched = withAccountFields(full, { balance: 9n });
    expect(patched.balance).toBe(9n);
    expect(full.balance).toBe(7n);
  });
});
