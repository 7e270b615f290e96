import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Transaction_Result_contractResult,
  Transaction_ResultSchema,
  TransactionInfoSchema,
} from "../src/internal.js";
import { plainTransactionInfo, transactionResult } from "../src/processor/transaction-info.js";

describe("the literal TransactionInfo of a transaction without a contract run", () => {
  it("is the message create() builds from the same fields, with every field of the schema", () => {
    const fields = {
      id: new Uint8Array(32).fill(3),
      fee: 100_000n,
      blockNumber: 7n,
      blockTimeStamp: 21_000n,
      netUsage: 267n,
      netFee: 0n,
    };
    const made = create(TransactionInfoSchema, {
      id: fields.id,
      fee: fields.fee,
      blockNumber: fields.blockNumber,
      blockTimeStamp: fields.blockTimeStamp,
      contractResult: [new Uint8Array()],
      receipt: { netUsage: fields.netUsage, netFee: fields.netFee },
    });
    const literal = plainTransactionInfo(fields);
    expect(literal).toStrictEqual(made);
    // a field added to the schema must be added to the literal too
    expect(Object.keys(literal).sort()).toEqual([...Object.keys(made)].sort());
    expect(Object.keys(literal.receipt!).sort()).toEqual(Object.keys(made.receipt!).sort());
  });

  it("and its ret entry is create(Transaction_ResultSchema, { contractRet })", () => {
    const ret = transactionResult(Transaction_Result_contractResult.SUCCESS);
    const made = create(Transaction_ResultSchema, { contractRet: Transaction_Result_contractResult.SUCCESS });
    expect(ret).toStrictEqual(made);
    expect(Object.keys(ret).sort()).toEqual(Object.keys(made).sort());
  });
});
