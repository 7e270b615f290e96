import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { AccountSchema, decode, TransactionInfoSchema, VoteSchema } from "../src/internal.js";
import { fastMessage } from "../src/protocol/fast-message.js";

const account = create(AccountSchema, {
  address: new Uint8Array(21).fill(7),
  balance: 5n,
  votes: [{ voteAddress: new Uint8Array(21).fill(1), voteCount: 3n }],
  accountResource: { energyUsage: 9n, frozenBalanceForEnergy: { frozenBalance: 4n, expireTime: 2n } },
  ownerPermission: { threshold: 1n, keys: [{ address: new Uint8Array(21), weight: 1n }] },
});

describe("fastMessage", () => {
  it("gives an equal message that encodes to the same bytes, large nested messages copied too", () => {
    const bytes = toBinary(AccountSchema, account);
    const decoded = fromBinary(AccountSchema, bytes);
    const fast = fastMessage(AccountSchema, fromBinary(AccountSchema, bytes));
    expect(fast).toStrictEqual(decoded);
    expect(toBinary(AccountSchema, fast)).toEqual(bytes);
    expect(decode(AccountSchema, bytes)).toStrictEqual(decoded);
  });

  it("copies a message with more fields than stay fast, and leaves a small one as it is", () => {
    const info = create(TransactionInfoSchema, { fee: 3n, receipt: { netUsage: 1n } });
    const fast = fastMessage(TransactionInfoSchema, info);
    expect(fast).not.toBe(info);
    expect(fast).toStrictEqual(info);
    const vote = create(VoteSchema, { voteCount: 1n });
    expect(fastMessage(VoteSchema, vote)).toBe(vote);
  });

  it("keeps unknown fields", () => {
    // field 99, varint 1: unknown to Account
    const bytes = new Uint8Array([...toBinary(AccountSchema, account), 0x98, 0x06, 0x01]);
    const fast = decode(AccountSchema, bytes);
    expect(toBinary(AccountSchema, fast)).toEqual(bytes);
  });
});
