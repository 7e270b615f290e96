/**
 * The registry is the one list of actuators: what is derived from it agrees with the protos.
 */
import { describe, expect, it } from "vitest";
import { ACTUATORS, CONTRACT_PARAMETER_SCHEMAS, ContractType } from "../src/internal.js";

describe("actuator registry", () => {
  it("every actuator's parameter message is the one TRON's protos give its contract type", () => {
    for (const [type, actuator] of ACTUATORS) {
      expect([ContractType[type], actuator.type]).toEqual([ContractType[type], type]);
      expect([ContractType[type], actuator.schema.typeName]).toEqual([
        ContractType[type],
        CONTRACT_PARAMETER_SCHEMAS.get(type)?.typeName,
      ]);
    }
  });

  it("every contract type with a parameter message has an actuator, except the vote for assets", () => {
    const without = [...CONTRACT_PARAMETER_SCHEMAS.keys()]
      .filter((t) => !ACTUATORS.has(t))
      .map((t) => ContractType[t]);
    expect(without).toEqual(["VoteAssetContract"]);
  });
});
