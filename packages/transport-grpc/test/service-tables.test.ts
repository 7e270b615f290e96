/**
 * No rpc is silently missing: every rpc of every service tronode serves is either bound to an
 * operation (with the rpc's own request and response messages) or listed as UNIMPLEMENTED, never
 * both; and tronode's service descriptors declare exactly TRON's rpcs and the message fields
 * clients rely on, with TRON's names and numbers.
 */
import { readFileSync } from "node:fs";
import type { DescMessage } from "@bufbuild/protobuf";
import {
  BlockExtentionSchema,
  BlockLimitSchema,
  BlockReferenceSchema,
  BlockReqSchema,
  Database,
  DynamicPropertiesSchema,
  EstimateEnergyMessageSchema,
  Monitor,
  Network,
  Return_response_code,
  ReturnSchema,
  TransactionExtentionSchema,
  Wallet,
  WalletExtension,
  WalletSolidity,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { SERVICE_TABLES } from "../src/service-tables.js";

describe("the service tables", () => {
  for (const table of SERVICE_TABLES) {
    describe(table.service.typeName, () => {
      it("answer every rpc exactly once: bound or UNIMPLEMENTED", () => {
        for (const method of table.service.methods) {
          const bound = table.bindings.filter((b) => b.rpc === method.name).length;
          const unimplemented = table.unimplemented.filter((u) => u.rpc === method.name).length;
          expect(bound + unimplemented, `${table.service.typeName}/${method.name}`).toBe(1);
        }
      });

      it("bind only rpcs the service declares, with its request and response messages", () => {
        for (const binding of table.bindings) {
          const method = table.service.methods.find((m) => m.name === binding.rpc);
          expect(method, binding.rpc).toBeDefined();
          expect(binding.request.typeName, binding.rpc).toBe(method!.input.typeName);
          expect(binding.response.typeName, binding.rpc).toBe(method!.output.typeName);
          expect(binding.operation.availability, binding.rpc).toBe("served");
        }
        for (const entry of table.unimplemented) {
          expect(
            table.service.methods.some((m) => m.name === entry.rpc),
            entry.rpc,
          ).toBe(true);
        }
      });
    });
  }

  it("leave java-tron's own gaps as java-tron does (BuyStorage, SellStorage, WalletExtension)", () => {
    const javaTron = SERVICE_TABLES.flatMap((table) =>
      table.unimplemented
        .filter((entry) => entry.reason === "java-tron")
        .map((entry) => `${table.service.typeName}/${entry.rpc}`),
    );
    expect(javaTron.sort()).toEqual(
      [
        "protocol.Wallet/BuyStorage",
        "protocol.Wallet/BuyStorageBytes",
        "protocol.Wallet/SellStorage",
        "protocol.WalletExtension/GetTransactionsFromThis",
        "protocol.WalletExtension/GetTransactionsFromThis2",
        "protocol.WalletExtension/GetTransactionsToThis",
        "protocol.WalletExtension/GetTransactionsToThis2",
      ].sort(),
    );
  });
});

describe("tronode's gRPC descriptors against TRON's api.proto", () => {
  const fixture = readFileSync(new URL("../../../test/fixtures/tron-api-rpcs.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));

  it("declare TRON's services, rpcs, request and response messages, in TRON's order", () => {
    const ours = [Wallet, WalletSolidity, WalletExtension, Database, Monitor, Network].flatMap((service) =>
      service.methods.map((m) => `${service.typeName} ${m.name} ${m.input.typeName} ${m.output.typeName}`),
    );
    expect(ours).toEqual(fixture);
    expect(Wallet.methods).toHaveLength(147);
    expect(WalletSolidity.methods).toHaveLength(47);
  });

  /** name → number of each field, as TRON's api.proto / Tron.proto declare them. */
  const fieldsOf = (schema: DescMessage) => Object.fromEntries(schema.fields.map((f) => [f.name, f.number]));

  it("give the messages clients read TRON's field names and numbers", () => {
    expect(fieldsOf(ReturnSchema)).toEqual({ result: 1, code: 2, message: 3 });
    expect(fieldsOf(TransactionExtentionSchema)).toEqual({
      transaction: 1,
      txid: 2,
      constant_result: 3,
      result: 4,
      energy_used: 5,
      logs: 6,
      internal_transactions: 7,
      energy_penalty: 8,
    });
    expect(fieldsOf(BlockExtentionSchema)).toEqual({ transactions: 1, block_header: 2, blockid: 3 });
    expect(fieldsOf(EstimateEnergyMessageSchema)).toEqual({ result: 1, energy_required: 2 });
    expect(fieldsOf(BlockReqSchema)).toEqual({ id_or_num: 1, detail: 2 });
    expect(fieldsOf(BlockLimitSchema)).toEqual({ startNum: 1, endNum: 2 });
    expect(fieldsOf(DynamicPropertiesSchema)).toEqual({ last_solidity_block_num: 1 });
    expect(fieldsOf(BlockReferenceSchema)).toEqual({ block_num: 1, block_hash: 2 });
  });

  it("number Return's response codes as TRON does (legacy spellings kept)", () => {
    expect(Return_response_code.SIGERROR).toBe(1);
    expect(Return_response_code.CONTRACT_VALIDATE_ERROR).toBe(2);
    expect(Return_response_code.BANDWITH_ERROR).toBe(4);
    expect(Return_response_code.TRANSACTION_EXPIRATION_ERROR).toBe(8);
    expect(Return_response_code.SERVER_BUSY).toBe(9);
    expect(Return_response_code.BLOCK_UNSOLIDIFIED).toBe(12);
    expect(Return_response_code.OTHER_ERROR).toBe(20);
  });
});
