import {
  create,
  type DescField,
  type DescMessage,
  equals,
  type MessageShape,
  ScalarType,
  toBinary,
} from "@bufbuild/protobuf";
import { anyPack } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { TronodeError } from "../src/errors.js";
import { file_protocol_common } from "../src/protocol/generated/protocol/common_pb.js";
import {
  AccountBalanceResponseSchema,
  AccountCreateContractSchema,
  AccountPermissionUpdateContractSchema,
  AccountUpdateContractSchema,
  CreateSmartContractSchema,
  FreezeBalanceV2ContractSchema,
  file_protocol_contracts,
  ProposalCreateContractSchema,
  TransferAssetContractSchema,
  TransferContractSchema,
} from "../src/protocol/generated/protocol/contracts_pb.js";
import {
  AccountSchema,
  BlockHeader_rawSchema,
  BlockSchema,
  file_protocol_core,
  PermissionSchema,
  Transaction_ContractSchema,
  Transaction_rawSchema,
  TransactionInfoSchema,
  TransactionSchema,
  WitnessSchema,
} from "../src/protocol/generated/protocol/core_pb.js";
import {
  ADDRESS_FIELDS,
  type JsonDecimal,
  NAME_FIELDS,
  parseJsonText,
  parseMessage,
  parseTransaction,
  printBlock,
  printMessage,
  printTransaction,
  stringifyJson,
} from "../src/protocol/json/index.js";

// ------------------------------------------------------------------------------------------------
// java-tron fixture (wire-and-http.md §2.4)
// ------------------------------------------------------------------------------------------------
const OWNER_HEX = "41c076305e35aea1fe45a772fcaaab8a36e87bdb55";
const OWNER_B58 = "TTWrKoTTHnqV3E5KvEHuFk9CwxVs9UN21G";
const TO_HEX = "415624c12e308b03a1a6b21d9b86e3942fac1ab92b";
const TO_B58 = "THph9K2M2nLvkianrMGswRhz5hjSA9fuH7";
const RAW_DATA_HEX =
  "0a02d8ed22082e066c3259e756f540a090bcea89305a65080112610a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412300a1541c076305e35aea1fe45a772fcaaab8a36e87bdb551215415624c12e308b03a1a6b21d9b86e3942fac1ab92b180a70b2ccb8ea8930";
const TX_ID = "fc33817936b06e50d4b6f1797e62f52d69af6c0da580a607241a9c03a48e390e";
const SIGNATURE =
  "5c23bddabccd3e4e5ebdf7d2f21dc58af9f88e0b99620374c5354e0dd9efb3a436167d95b70d2d825180bf90bc84525acb13a203f209afd5d397316f6b2c387c01";

function fixtureJson(visible: boolean) {
  return {
    visible,
    txID: "ignored",
    raw_data_hex: "ignored",
    raw_data: {
      contract: [
        {
          parameter: {
            value: {
              amount: 10,
              owner_address: visible ? OWNER_B58 : OWNER_HEX,
              to_address: visible ? TO_B58 : TO_HEX,
            },
            type_url: "type.googleapis.com/protocol.TransferContract",
          },
          type: "TransferContract",
        },
      ],
      ref_block_bytes: "d8ed",
      ref_block_hash: "2e066c3259e756f5",
      expiration: 1651906644000,
      timestamp: 1651906586162,
    },
    signature: [SIGNATURE],
  };
}

function expectTronodeError(fn: () => unknown, javaClass: string, message?: RegExp | string): TronodeError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TronodeError);
    const err = e as TronodeError;
    expect(err.code).toBe("JSON_PARSE_ERROR");
    expect(err.javaClass).toBe(javaClass);
    if (message instanceof RegExp) expect(err.message).toMatch(message);
    else if (message !== undefined) expect(err.message).toBe(message);
    return err;
  }
  throw new Error("expected a TronodeError");
}

const PARSE_EXC = "org.tron.core.services.http.JsonFormat$ParseException";
const NPE = "java.lang.NullPointerException";

describe("java-tron test vector (§2.4)", () => {
  for (const visible of [false, true]) {
    it(`parseTransaction re-encodes raw_data exactly (visible=${visible})`, () => {
      const tx = parseTransaction(fixtureJson(visible), { visible });
      const rawBytes = toBinary(Transaction_rawSchema, tx.rawData!);
      expect(bytesToHex(rawBytes)).toBe(RAW_DATA_HEX);
      expect(bytesToHex(sha256(rawBytes))).toBe(TX_ID);
      expect(tx.signature.map((s) => bytesToHex(s))).toEqual([SIGNATURE]);
    });

    it(`printTransaction reproduces printTransactionToJSON (visible=${visible})`, () => {
      const tx = parseTransaction(fixtureJson(visible), { visible });
      const json = printTransaction(tx, { visible });
      expect(json).toEqual({
        visible,
        txID: TX_ID,
        raw_data: {
          contract: [
            {
              parameter: {
                value: {
                  owner_address: visible ? OWNER_B58 : OWNER_HEX,
                  to_address: visible ? TO_B58 : TO_HEX,
                  amount: 10,
                },
                type_url: "type.googleapis.com/protocol.TransferContract",
              },
              type: "TransferContract",
            },
          ],
          ref_block_bytes: "d8ed",
          ref_block_hash: "2e066c3259e756f5",
          expiration: 1651906644000,
          timestamp: 1651906586162,
        },
        raw_data_hex: RAW_DATA_HEX,
        signature: [SIGNATURE],
      });
      // and back again
      const again = parseTransaction(parseJsonText(JSON.stringify(json)), { visible });
      expect(equals(TransactionSchema, again, tx)).toBe(true);
    });
  }

  it("works from the JSON text with parseJsonText", () => {
    const tx = parseTransaction(parseJsonText(JSON.stringify(fixtureJson(false))), { visible: false });
    expect(bytesToHex(toBinary(Transaction_rawSchema, tx.rawData!))).toBe(RAW_DATA_HEX);
  });
});

// ------------------------------------------------------------------------------------------------
// Generic round trips over every message of the schema
// ------------------------------------------------------------------------------------------------

function allMessages(file: { messages: DescMessage[] }): DescMessage[] {
  const out: DescMessage[] = [];
  const visit = (m: DescMessage) => {
    if (m.proto.options?.mapEntry) return;
    out.push(m);
    for (const n of m.nestedMessages) visit(n);
  };
  for (const m of file.messages) visit(m);
  return out;
}

/** Deterministic pseudo-random source. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

function fill(
  schema: DescMessage,
  next: () => number,
  depth: number,
  big: boolean,
): MessageShape<DescMessage> {
  // biome-ignore lint/suspicious/noExplicitAny: generic filler
  const m = create(schema) as any;
  if (schema.typeName === "google.protobuf.Any") {
    const t = fill(TransferContractSchema, next, depth + 1, big) as MessageShape<
      typeof TransferContractSchema
    >;
    return anyPack(TransferContractSchema, t) as unknown as MessageShape<DescMessage>;
  }
  for (const f of schema.fields) {
    const full = `${schema.typeName}.${f.name}`;
    switch (f.fieldKind) {
      case "scalar":
        m[f.localName] = scalarValue(f.scalar, full, next, big);
        break;
      case "enum":
        m[f.localName] = enumValue(f, next);
        break;
      case "message":
        if (depth < 3) m[f.localName] = fill(f.message, next, depth + 1, big);
        break;
      case "list":
        for (let i = 0; i < 2; i++) {
          if (f.listKind === "scalar") m[f.localName].push(scalarValue(f.scalar, full, next, big));
          else if (f.listKind === "enum") m[f.localName].push(enumValue(f, next));
          else if (depth < 3) m[f.localName].push(fill(f.message, next, depth + 1, big));
        }
        break;
      case "map":
        for (let i = 0; i < 2; i++) {
          const k = scalarValue(f.mapKey, "", next, big);
          const key = f.mapKey === ScalarType.STRING ? `k${next() % 1000}` : String(k);
          if (f.mapKind === "scalar") m[f.localName][key] = scalarValue(f.scalar, "", next, big);
          else if (f.mapKind === "enum") m[f.localName][key] = f.enum.values[f.enum.values.length - 1].number;
          else m[f.localName][key] = fill(f.message, next, depth + 1, big);
        }
        break;
    }
  }
  return m;
}

function enumValue(f: DescField, next: () => number): number {
  const values = f.enum!.values;
  return values[1 + (next() % (values.length - 1))]?.number ?? values[0].number;
}

function scalarValue(t: ScalarType, full: string, next: () => number, big: boolean): unknown {
  switch (t) {
    case ScalarType.BYTES: {
      if (ADDRESS_FIELDS.has(full)) {
        const a = new Uint8Array(21);
        a[0] = 0x41;
        for (let i = 1; i < 21; i++) a[i] = next() & 0xff;
        return a;
      }
      if (NAME_FIELDS.has(full)) return new TextEncoder().encode(`näme-${next() % 100000}`);
      const len = 1 + (next() % 8);
      const b = new Uint8Array(len);
      for (let i = 0; i < len; i++) b[i] = next() & 0xff;
      b[0] |= 1; // never all zero
      return b;
    }
    case ScalarType.STRING:
      return `s-${next() % 100000}-ü`;
    case ScalarType.BOOL:
      return true;
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return (next() % 2 ? -1 : 1) * (1 + (next() % 0x7ffffff0));
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return 1 + (next() % 0xfffffff0);
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64: {
      const v = big ? (BigInt(next()) << 31n) ^ BigInt(next()) : BigInt(1 + (next() % 1_000_000_000));
      return next() % 2 ? -v : v;
    }
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return big ? (BigInt(next()) << 32n) | BigInt(next()) : BigInt(1 + (next() % 1_000_000));
    default:
      return (next() % 1000) / 8;
  }
}

const SCHEMAS = [
  ...allMessages(file_protocol_contracts),
  ...allMessages(file_protocol_core),
  ...allMessages(file_protocol_common),
];

describe("round trips over every schema message", () => {
  it("covers the schema", () => {
    const names = SCHEMAS.map((s) => s.typeName);
    expect(names).toContain("protocol.TransferContract");
    expect(names).toContain("protocol.Transaction");
    expect(names).toContain("protocol.Block");
    expect(names).toContain("protocol.Account");
    expect(names.length).toBeGreaterThan(90);
  });

  for (const schema of SCHEMAS) {
    for (const visible of [false, true]) {
      it(`${schema.typeName} visible=${visible}`, () => {
        const next = rng(schema.typeName.length * 7919 + (visible ? 1 : 0));
        // safe integers: plain JSON numbers
        const msg = fill(schema, next, 0, false);
        const json = printMessage(schema, msg, { visible });
        // every field was filled with a non-default value, so every field prints
        expect(Object.keys(json).sort()).toEqual(schema.fields.map((f) => f.name).sort());
        const text = JSON.stringify(json);
        const back = parseMessage(schema, parseJsonText(text), { visible });
        expect(equals(schema, back, msg)).toBe(true);
        // 64-bit values beyond 2^53: exact through exactInt64 + stringifyJson + parseJsonText
        const bigMsg = fill(schema, next, 0, true);
        const bigText = stringifyJson(printMessage(schema, bigMsg, { visible, exactInt64: true }));
        const bigBack = parseMessage(schema, parseJsonText(bigText), { visible });
        expect(equals(schema, bigBack, bigMsg)).toBe(true);
      });
    }
  }

  it("Transaction and Block round trip through printTransaction/printBlock", () => {
    const next = rng(42);
    for (const visible of [false, true]) {
      const tc = fill(TransferContractSchema, next, 0, false) as MessageShape<typeof TransferContractSchema>;
      const tx = create(TransactionSchema, {
        rawData: {
          refBlockBytes: hexToBytes("d8ed"),
          refBlockHash: hexToBytes("2e066c3259e756f5"),
          expiration: 1651906644000n,
          timestamp: 1651906586162n,
          feeLimit: 1000n,
          data: new TextEncoder().encode("memo"),
          contract: [
            create(Transaction_ContractSchema, {
              type: 1,
              parameter: anyPack(TransferContractSchema, tc),
              PermissionId: 2,
            }),
          ],
        },
        signature: [hexToBytes(SIGNATURE)],
        ret: [{ contractRet: 1 }],
      });
      const json = printTransaction(tx, { visible });
      expect((json.raw_data as Record<string, unknown>).data).toBe("6d656d6f"); // always hex
      expect(((json.raw_data as Record<string, unknown>).contract as unknown[])[0]).toMatchObject({
        Permission_id: 2,
        type: "TransferContract",
      });
      expect(json.ret).toEqual([{ contractRet: "SUCCESS" }]);
      const back = parseTransaction(parseJsonText(JSON.stringify(json)), { visible });
      expect(equals(TransactionSchema, back, tx)).toBe(true);

      const block = create(BlockSchema, {
        transactions: [tx],
        blockHeader: {
          rawData: {
            number: 0x0102030405n,
            timestamp: 1n,
            witnessAddress: hexToBytes(OWNER_HEX),
            version: 32,
          },
          witnessSignature: hexToBytes("abcd"),
        },
      });
      const bj = printBlock(block, { visible });
      const raw = toBinary(BlockHeader_rawSchema, block.blockHeader!.rawData!);
      const expectedId = `0000000102030405${bytesToHex(sha256(raw)).slice(16)}`;
      expect(bj.blockID).toBe(expectedId);
      expect((bj.transactions as unknown[])[0]).toEqual({ ...json, visible: undefined });
      expect(Object.keys((bj.transactions as Record<string, unknown>[])[0])).not.toContain("visible");
      const header = bj.block_header as { raw_data: Record<string, unknown> };
      expect(header.raw_data.witness_address).toBe(visible ? OWNER_B58 : OWNER_HEX);
      expect(header.raw_data.version).toBe(32);
      // blocks without transactions have no "transactions" key
      expect(
        printBlock(create(BlockSchema, { blockHeader: block.blockHeader }), { visible }),
      ).not.toHaveProperty("transactions");
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Printing rules
// ------------------------------------------------------------------------------------------------

describe("printMessage", () => {
  it("omits defaults and prints set-but-empty messages as {}", () => {
    expect(printMessage(TransferContractSchema, create(TransferContractSchema), { visible: false })).toEqual(
      {},
    );
    const perm = create(PermissionSchema, { type: 0, id: 0, permissionName: "owner", threshold: 1n });
    expect(printMessage(PermissionSchema, perm, { visible: false })).toEqual({
      permission_name: "owner",
      threshold: 1,
    });
    const acc = create(AccountSchema, {
      accountResource: {},
      ownerPermission: perm,
      isWitness: false,
      balance: 0n,
    });
    expect(printMessage(AccountSchema, acc, { visible: false })).toEqual({
      account_resource: {},
      owner_permission: { permission_name: "owner", threshold: 1 },
    });
  });

  it("uses proto field names, enum names, numbers and key/value map arrays", () => {
    const acc = create(AccountSchema, {
      address: hexToBytes(OWNER_HEX),
      balance: 123n,
      type: 2,
      asset: { "1000001": 5n, "1000002": 0n },
      frozenV2: [{}, { type: 1 }, { type: 2, amount: 3n }],
      accountName: new TextEncoder().encode("alice"),
      netWindowOptimized: true,
    });
    expect(printMessage(AccountSchema, acc, { visible: false })).toEqual({
      account_name: "616c696365",
      type: "Contract",
      address: OWNER_HEX,
      balance: 123,
      asset: [
        { key: "1000001", value: 5 },
        { key: "1000002", value: 0 },
      ],
      net_window_optimized: true,
      frozenV2: [{}, { type: "ENERGY" }, { type: "TRON_POWER", amount: 3 }],
    });
    expect(printMessage(AccountSchema, acc, { visible: true })).toMatchObject({
      account_name: "alice",
      address: OWNER_B58,
    });
    const p = create(ProposalCreateContractSchema, {
      ownerAddress: hexToBytes(OWNER_HEX),
      parameters: { "9": 1n },
    });
    expect(printMessage(ProposalCreateContractSchema, p, { visible: true })).toEqual({
      owner_address: OWNER_B58,
      parameters: [{ key: 9, value: 1 }],
    });
  });

  it("keeps non-listed bytes fields in hex under visible and falls back to hex for invalid UTF-8 names", () => {
    const w = create(WitnessSchema, {
      address: hexToBytes(TO_HEX),
      pubKey: hexToBytes("04ab"),
      url: "http://x",
    });
    expect(printMessage(WitnessSchema, w, { visible: true })).toEqual({
      address: TO_B58,
      pubKey: "04ab",
      url: "http://x",
    });
    const u = create(AccountUpdateContractSchema, { accountName: new Uint8Array([0xff, 0xfe]) });
    expect(printMessage(AccountUpdateContractSchema, u, { visible: true })).toEqual({ account_name: "fffe" });
    const info = create(TransactionInfoSchema, {
      id: hexToBytes("aa"),
      resMessage: new TextEncoder().encode("REVERT opcode executed"),
      contractAddress: hexToBytes(TO_HEX),
      log: [{ address: hexToBytes(TO_HEX), topics: [hexToBytes("01")] }],
    });
    expect(printMessage(TransactionInfoSchema, info, { visible: true })).toEqual({
      id: "aa",
      contract_address: TO_B58,
      log: [{ address: TO_B58, topics: ["01"] }],
      resMessage: "REVERT opcode executed",
    });
  });

  it("prints balance-trace messages with defaults", () => {
    const r = create(AccountBalanceResponseSchema, {});
    expect(printMessage(AccountBalanceResponseSchema, r, { visible: false })).toEqual({ balance: 0 });
  });

  it("prints a generic Any as value object + type_url, or hex when the type is unknown", () => {
    const c = create(Transaction_ContractSchema, {
      type: 1,
      parameter: anyPack(TransferContractSchema, create(TransferContractSchema, { amount: 7n })),
    });
    expect(printMessage(Transaction_ContractSchema, c, { visible: false })).toEqual({
      type: "TransferContract",
      parameter: { value: { amount: 7 }, type_url: "type.googleapis.com/protocol.TransferContract" },
    });
    const d = create(Transaction_ContractSchema, {
      parameter: { typeUrl: "x/unknown.Type", value: hexToBytes("0102") },
    });
    expect(printMessage(Transaction_ContractSchema, d, { visible: false })).toEqual({
      parameter: { type_url: "x/unknown.Type", value: "0102" },
    });
  });

  it("converts int64 to numbers by default and keeps exact bigint with exactInt64", () => {
    const acc = create(AccountSchema, { balance: 9223372036854775807n });
    expect(printMessage(AccountSchema, acc, { visible: false }).balance).toBe(Number(9223372036854775807n));
    const exact = printMessage(AccountSchema, acc, { visible: false, exactInt64: true });
    expect(exact.balance).toBe(9223372036854775807n);
    expect(stringifyJson(exact)).toBe('{"balance":9223372036854775807}');
  });
});

// ------------------------------------------------------------------------------------------------
// Parsing rules
// ------------------------------------------------------------------------------------------------

describe("parseMessage", () => {
  it("ignores unknown keys and nulls, and camelCase names", () => {
    const m = parseMessage(
      TransferContractSchema,
      { amount: 5, ownerAddress: "41", foo: { bar: [1, 2] }, to_address: null, visible: true },
      { visible: false },
    );
    expect(m.amount).toBe(5n);
    expect(m.ownerAddress.length).toBe(0);
    expect(m.toAddress.length).toBe(0);
  });

  it("parses enums by name, number and capitalised lowercase", () => {
    const p = (type: unknown) => parseMessage(PermissionSchema, { type }, { visible: false }).type;
    expect(p("Active")).toBe(2);
    expect(p(2)).toBe(2);
    expect(p("active")).toBe(2);
    expect(p("witness")).toBe(1);
    expectTronodeError(
      () => p("ACTIVE"),
      PARSE_EXC,
      /^1:\d+: Enum type "protocol.Permission.PermissionType" has no value named "ACTIVE"\.$/,
    );
    expectTronodeError(() => p(7), PARSE_EXC, /has no value with number 7\.$/);
    expectTronodeError(() => p("2"), PARSE_EXC, /has no value named "2"\.$/);
    const r = (resource: unknown) =>
      parseMessage(FreezeBalanceV2ContractSchema, { resource }, { visible: false }).resource;
    expect(r("ENERGY")).toBe(1);
    expect(r(2)).toBe(2);
    // "energy" is capitalised to "Energy", which does not exist (java-tron quirk)
    expectTronodeError(() => r("energy"), PARSE_EXC, /has no value named "Energy"\.$/);
  });

  it("parses hex with 0x and odd length, rejecting invalid hex", () => {
    const p = (owner_address: string) =>
      bytesToHex(parseMessage(TransferContractSchema, { owner_address }, { visible: false }).ownerAddress);
    expect(p("0x0a")).toBe("0a");
    expect(p("abc")).toBe("0abc");
    expect(p("0xABC")).toBe("0abc");
    expect(p("")).toBe("");
    const err = expectTronodeError(() => p("zz"), PARSE_EXC, /^1:\d+: INVALID hex String$/);
    expect(err.message).toBe("1:18: INVALID hex String"); // {"owner_address":"zz"} → column of "zz"
    expectTronodeError(() => p("0X0a"), PARSE_EXC, /INVALID hex String$/); // only lowercase 0x is stripped
  });

  it("uses base58 for address fields and UTF-8 for name fields under visible", () => {
    const m = parseMessage(
      TransferAssetContractSchema,
      { owner_address: OWNER_B58, to_address: TO_B58, asset_name: "1000001", amount: 1 },
      { visible: true },
    );
    expect(bytesToHex(m.ownerAddress)).toBe(OWNER_HEX);
    expect(bytesToHex(m.toAddress)).toBe(TO_HEX);
    expect(new TextDecoder().decode(m.assetName)).toBe("1000001");
    // hex address under visible → null address → NPE like java-tron
    expectTronodeError(
      () => parseMessage(TransferContractSchema, { owner_address: OWNER_HEX }, { visible: true }),
      NPE,
      "null",
    );
    // bad checksum
    expectTronodeError(
      () =>
        parseMessage(
          TransferContractSchema,
          { owner_address: `${OWNER_B58.slice(0, -1)}H` },
          { visible: true },
        ),
      NPE,
    );
    // base58 under visible=false is just invalid hex
    expectTronodeError(
      () => parseMessage(TransferContractSchema, { owner_address: OWNER_B58 }, { visible: false }),
      PARSE_EXC,
      /INVALID hex String$/,
    );
    // non-listed bytes fields stay hex under visible
    const w = parseMessage(WitnessSchema, { pubKey: "0x04ab" }, { visible: true });
    expect(bytesToHex(w.pubKey)).toBe("04ab");
  });

  it("keeps int64 exact from JSON text and range-checks", () => {
    const json = parseJsonText('{"balance":9223372036854775807,"net_usage":-9223372036854775808}');
    expect((json as Record<string, unknown>).balance).toBe(9223372036854775807n);
    const acc = parseMessage(AccountSchema, json, { visible: false });
    expect(acc.balance).toBe(9223372036854775807n);
    expect(acc.netUsage).toBe(-9223372036854775808n);
    expect(stringifyJson(printMessage(AccountSchema, acc, { visible: false, exactInt64: true }))).toBe(
      '{"balance":9223372036854775807,"net_usage":-9223372036854775808}',
    );
    expectTronodeError(
      () => parseMessage(AccountSchema, parseJsonText('{"balance":9223372036854775808}'), { visible: false }),
      PARSE_EXC,
      /Number out of range for 64-bit signed integer: 9223372036854775808$/,
    );
    expectTronodeError(
      () => parseMessage(PermissionSchema, { id: 2147483648 }, { visible: false }),
      PARSE_EXC,
      /Number out of range for 32-bit signed integer: 2147483648$/,
    );
  });

  it("rejects quoted and fractional numbers for integer fields (java-tron tokenizer)", () => {
    expectTronodeError(
      () => parseMessage(TransferContractSchema, { amount: "1000" }, { visible: false }),
      PARSE_EXC,
      `1:11: Couldn't parse integer: For input string: ""1000""`,
    );
    expectTronodeError(
      () => parseMessage(TransferContractSchema, { amount: 1.5 }, { visible: false }),
      PARSE_EXC,
      /Couldn't parse integer: For input string: "1.5"$/,
    );
    expectTronodeError(
      () => parseMessage(AccountSchema, { is_witness: "true" }, { visible: false }),
      PARSE_EXC,
      /Expected "true" or "false"\.$/,
    );
    expectTronodeError(
      () => parseMessage(PermissionSchema, { permission_name: 5 }, { visible: false }),
      PARSE_EXC,
      /Expected string\.$/,
    );
    expectTronodeError(
      () => parseMessage(AccountSchema, { account_resource: 5 }, { visible: false }),
      PARSE_EXC,
      /Expected "\{"\.$/,
    );
    expectTronodeError(
      () => parseMessage(AccountSchema, [], { visible: false }),
      PARSE_EXC,
      '1:1: Expected "{".',
    );
  });

  it("applies arrays to any field and a single value to repeated fields", () => {
    const a = parseMessage(
      AccountPermissionUpdateContractSchema,
      { actives: { type: "Active", keys: { address: OWNER_HEX, weight: 1 } } },
      { visible: false },
    );
    expect(a.actives.length).toBe(1);
    expect(a.actives[0].keys[0].weight).toBe(1n);
    const t = parseMessage(TransferContractSchema, { amount: [1, 2, 3] }, { visible: false });
    expect(t.amount).toBe(3n); // last wins
  });

  it("parses maps from key/value arrays", () => {
    const acc = parseMessage(
      AccountSchema,
      { asset: [{ key: "a", value: 1 }, { key: "b" }, { value: 3 }], assetV2: [] },
      { visible: false },
    );
    expect(acc.asset).toEqual({ a: 1n, b: 0n, "": 3n });
    const p = parseMessage(
      ProposalCreateContractSchema,
      {
        parameters: [
          { key: 0, value: 1 },
          { key: 41, value: 2 },
        ],
      },
      { visible: false },
    );
    expect(p.parameters).toEqual({ "0": 1n, "41": 2n });
  });

  it("parses a generic Any from a value object (by type_url) or hex", () => {
    const c = parseMessage(
      Transaction_ContractSchema,
      {
        type: "TransferContract",
        parameter: {
          value: { amount: 7, owner_address: OWNER_B58 },
          type_url: "type.googleapis.com/protocol.TransferContract",
        },
        Permission_id: 3,
        ContractName: "hello",
      },
      { visible: true },
    );
    expect(c.parameter?.typeUrl).toBe("type.googleapis.com/protocol.TransferContract");
    expect(bytesToHex(c.parameter!.value)).toBe(`0a15${OWNER_HEX}1807`);
    expect(c.PermissionId).toBe(3);
    expect(new TextDecoder().decode(c.ContractName)).toBe("hello");
    const h = parseMessage(
      Transaction_ContractSchema,
      { parameter: { value: "0x0a01ff", type_url: "foo" } },
      { visible: false },
    );
    expect(bytesToHex(h.parameter!.value)).toBe("0a01ff");
    expect(h.parameter!.typeUrl).toBe("foo");
  });
});

// ------------------------------------------------------------------------------------------------
// Transactions
// ------------------------------------------------------------------------------------------------

describe("parseTransaction / printTransaction", () => {
  it("selects the parameter class by type name, keeps type_url verbatim and drops bad contracts", () => {
    const json = fixtureJson(false);
    const good = json.raw_data.contract[0];
    json.raw_data.contract = [
      { ...good, parameter: { ...good.parameter, type_url: "anything/at.all" } },
      { ...good, type: "NoSuchContract" },
      { ...good, type: "" },
      { ...good, type: "CustomContract" },
      { ...good, parameter: { ...good.parameter, value: { ...good.parameter.value, owner_address: "zz" } } },
      { parameter: good.parameter } as never,
    ];
    const tx = parseTransaction(json, { visible: false });
    expect(tx.rawData!.contract.length).toBe(1);
    const c = tx.rawData!.contract[0];
    expect(c.parameter!.typeUrl).toBe("anything/at.all");
    expect(bytesToHex(c.parameter!.value)).toBe(`0a15${OWNER_HEX}1215${TO_HEX}180a`);
    // printing: Any.unpack fails on the mismatched type URL → the contract is left out
    expect((printTransaction(tx, { visible: false }).raw_data as Record<string, unknown>).contract).toEqual(
      [],
    );
  });

  it("drops a contract whose value type differs from its declared type when printing", () => {
    const tx = create(TransactionSchema, {
      rawData: {
        contract: [
          {
            type: 1,
            parameter: anyPack(AccountCreateContractSchema, create(AccountCreateContractSchema, {})),
          },
          {
            type: 20,
            parameter: { typeUrl: "type.googleapis.com/protocol.Custom", value: hexToBytes("01") },
          },
        ],
      },
    });
    const json = printTransaction(tx, { visible: false, includeVisible: false });
    expect(json).not.toHaveProperty("visible");
    expect((json.raw_data as Record<string, unknown>).contract).toEqual([
      { parameter: { type_url: "type.googleapis.com/protocol.Custom" }, type: "CustomContract" },
    ]);
  });

  it("adds contract_address for CreateSmartContract", () => {
    const csc = create(CreateSmartContractSchema, {
      ownerAddress: hexToBytes(OWNER_HEX),
      newContract: { name: "C", bytecode: hexToBytes("6080"), originAddress: hexToBytes(OWNER_HEX) },
    });
    const tx = create(TransactionSchema, {
      rawData: {
        contract: [{ type: 30, parameter: anyPack(CreateSmartContractSchema, csc) }],
        feeLimit: 10n,
      },
    });
    const json = printTransaction(tx, { visible: true });
    expect(typeof json.contract_address).toBe("string");
    expect((json.contract_address as string).startsWith("41")).toBe(true);
    expect((json.contract_address as string).length).toBe(42);
    const value = (
      (json.raw_data as Record<string, unknown>).contract as Record<string, Record<string, unknown>>[]
    )[0].parameter.value as Record<string, unknown>;
    expect(value.owner_address).toBe(OWNER_B58);
    expect((value.new_contract as Record<string, unknown>).origin_address).toBe(OWNER_B58);
  });

  it("accepts JSON-text strings where fastjson's getJSONObject would parse them", () => {
    const json = fixtureJson(false);
    const c = json.raw_data.contract[0];
    const asText = {
      ...json,
      raw_data: JSON.stringify({
        ...json.raw_data,
        contract: [{ ...c, parameter: { ...c.parameter, value: JSON.stringify(c.parameter.value) } }],
      }),
    };
    const tx = parseTransaction(asText, { visible: false });
    expect(bytesToHex(toBinary(Transaction_rawSchema, tx.rawData!))).toBe(RAW_DATA_HEX);
  });

  it("reports structural errors with java-tron classes", () => {
    expectTronodeError(() => parseTransaction({}, { visible: false }), NPE, "null");
    expectTronodeError(() => parseTransaction({ raw_data: {} }, { visible: false }), NPE, "null");
    const json = fixtureJson(false) as Record<string, unknown>;
    json.signature = ["xyz"];
    expectTronodeError(() => parseTransaction(json, { visible: false }), PARSE_EXC, /INVALID hex String$/);
  });
});

describe("parseJsonText", () => {
  it("parses like JSON.parse with exact big integers, keeping fraction/exponent literals as written", () => {
    const parsed = parseJsonText('{"a":[1,2.5,-3e2,"x\\u0041\\n"],"b":null,"c":true}') as {
      a: [number, JsonDecimal, JsonDecimal, string];
    };
    expect(parsed).toMatchObject({ b: null, c: true });
    expect(parsed.a[0]).toBe(1);
    expect([parsed.a[1].text, parsed.a[2].text, Number(parsed.a[2])]).toEqual(["2.5", "-3e2", -300]);
    expect(parsed.a[3]).toBe("xA\n");
    const mixed = parseJsonText(
      '[12345678901234567890, 1234567890123456, 1.2345678901234567e3, "12345678901234567"]',
    ) as [bigint, number, JsonDecimal, string];
    expect([mixed[0], mixed[1], Number(mixed[2]), mixed[3]]).toEqual([
      12345678901234567890n,
      1234567890123456,
      1234.5678901234567,
      "12345678901234567",
    ]);
    expect(parseJsonText("-9007199254740993")).toBe(-9007199254740993n);
  });

  it("throws fastjson-class errors for invalid text", () => {
    for (const bad of ["", "{", '{"a":}', "[1,]", '{"a":1}x', '"\\q"', "01", '{"a":12345678901234567890']) {
      expectTronodeError(() => parseJsonText(bad), "com.alibaba.fastjson.JSONException");
    }
  });
});
