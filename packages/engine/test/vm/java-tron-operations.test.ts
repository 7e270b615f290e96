/**
 * java-tron's OperationsTest energy asserts, re-expressed as data (fixtures/java-tron-operations.json):
 * each bytecode runs on the frame java-tron's ProgramInvokeMockImpl describes (energy limit 50, no
 * call data, its owner and contract accounts) and must use exactly the asserted energy.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  AccountSchema,
  AccountType,
  BASE_VM_CONFIG,
  executeCode,
  hexToBytes,
  MemoryState,
  putContract,
  SmartContractSchema,
  StateOverlay,
  Tables,
} from "../../src/internal.js";

const fixture = JSON.parse(
  readFileSync(join(__dirname, "fixtures", "java-tron-operations.json"), "utf8"),
) as {
  cases: {
    test: string;
    op: string;
    code: string;
    energyLimit: number;
    energy: number;
    staticCall?: boolean;
  }[];
};
const CONTRACT = hexToBytes("41471fd3ad3e9eeadeec4608b92d16ce6b500704cc");
const OWNER = hexToBytes("41cd2a3d9f938e13cd947ec05abc7fe734df8dd826");

function mockState(): MemoryState {
  const state = new MemoryState();
  const overlay = new StateOverlay(state);
  overlay.put(Tables.accounts, OWNER, create(AccountSchema, { address: OWNER }));
  overlay.put(
    Tables.accounts,
    CONTRACT,
    create(AccountSchema, { address: CONTRACT, type: AccountType.Contract }),
  );
  putContract(overlay, create(SmartContractSchema, { contractAddress: CONTRACT }));
  state.apply(overlay.changes());
  return state;
}

describe("java-tron OperationsTest energy", () => {
  it.each(fixture.cases.map((c, i) => [`${i} ${c.test} ${c.op}`, c] as const))("%s", (_name, c) => {
    const result = executeCode(mockState(), {
      txId: new Uint8Array(32),
      origin: OWNER,
      caller: OWNER,
      address: CONTRACT,
      code: hexToBytes(c.code),
      data: new Uint8Array(0),
      callValue: 0n,
      tokenValue: 0n,
      tokenId: 0n,
      energyLimit: BigInt(c.energyLimit),
      isStatic: c.staticCall ?? false,
      block: { number: 0n, timestamp: 0n, coinbase: new Uint8Array(0) },
      config: {
        ...BASE_VM_CONFIG,
        allowTvmTransferTrc10: true,
        allowTvmConstantinople: true,
        allowTvmSolidity059: true,
        allowTvmIstanbul: true,
        allowTvmLondon: true,
        allowTvmCompatibleEvm: true,
        allowTvmShanghai: true,
        allowTvmCancun: true,
        allowTvmBlob: true,
      },
    });
    expect(result.energyUsed).toBe(BigInt(c.energy));
  });
});
