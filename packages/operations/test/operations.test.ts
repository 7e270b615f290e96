import { TronodeError } from "@tronode/engine/internal";
import * as operations from "@tronode/operations";
import { describe, expect, it } from "vitest";

/** Every exported `XOperations` group of wallet operations (TronGrid's are keyed by path instead). */
function allOperations(): operations.Operation[] {
  return Object.entries(operations)
    .filter(([name]) => name.endsWith("Operations") && name !== "TronGridOperations")
    .flatMap(([, group]) => Object.values(group as Record<string, operations.Operation>));
}

describe("the operation groups", () => {
  it("name each operation once", () => {
    const names = allOperations().map((operation) => operation.name);
    expect(names.length).toBeGreaterThan(50);
    expect(names.every((name) => typeof name === "string" && name !== "")).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it("give each TronGrid operation its own path", () => {
    const paths = Object.values(operations.TronGridOperations).map((operation) => operation.path);
    expect(paths.length).toBeGreaterThan(5);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("mark the key operations", () => {
    const keyNames = allOperations()
      .filter((operation) => operation.handlesKeys === true)
      .map((operation) => operation.name);
    const shieldedKeyNames = Object.values(operations.ShieldedOperations)
      .filter((operation) => operation.handlesKeys === true)
      .map((operation) => operation.name);
    expect(shieldedKeyNames).toHaveLength(12);
    expect([...keyNames].sort()).toEqual(
      [
        ...Object.values(operations.KeyOperations).map((operation) => operation.name),
        ...shieldedKeyNames,
      ].sort(),
    );
  });
});

describe("describeFailure", () => {
  it("keeps a TronodeError's class and message", () => {
    const error = new TronodeError(
      "CONTRACT_VALIDATE_ERROR",
      "Validate TransferContract error, balance is not sufficient.",
      {
        javaClass: "org.tron.core.exception.ContractValidateException",
      },
    );
    expect(operations.describeFailure(error)).toEqual({
      javaClass: "org.tron.core.exception.ContractValidateException",
      message: "Validate TransferContract error, balance is not sufficient.",
      expected: true,
    });
  });

  it("turns anything else into java.lang.Exception with its first line", () => {
    expect(operations.describeFailure(new Error("disk gone\n    at stack"))).toEqual({
      javaClass: "java.lang.Exception",
      message: "disk gone",
      expected: false,
    });
  });

  it("runs a not-yet operation into tronode's marker class", async () => {
    const operation = operations.notYetOperation("getassetissuelist");
    const failure = await operation.run({} as never, undefined, { scope: "head" }).catch((e: unknown) => e);
    expect(operations.isNotImplementedError(failure)).toBe(true);
    expect(operations.describeFailure(failure).message).toBe(
      "getassetissuelist is not supported by tronode yet",
    );
  });
});
