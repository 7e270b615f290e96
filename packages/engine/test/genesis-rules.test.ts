/**
 * The two genesis rules (issue 38): the dev chain is TRE's chain — a switch on at genesis is on as
 * if its proposal had passed, its contract types in both operation masks and in the default active
 * permission of genesis and later accounts — while a genesis from java-tron's config.conf follows
 * DynamicPropertiesStore (only ALLOW_TVM_CONSTANTINOPLE adds its type, genesis accounts carry no
 * permissions). And ALLOW_PROTO_FILTER_NUM's refusal of fields a schema does not know.
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  ANY_TYPE_MISMATCH,
  BlockSchema,
  broadcastProtoFault,
  bytesToHex,
  ChainProperties,
  ContractType,
  contractProtoFault,
  createGenesis,
  MemoryState,
  PROTOBUF_INCONSISTENT,
  receivedProtoInconsistent,
  Tables,
  Transaction_rawSchema,
  TransactionSchema,
  TriggerSmartContractSchema,
} from "../src/internal.js";
import { ALICE, ALICE_KEY, BOB, genesisConfig, signedTx } from "./support/chain-fixture.js";

/** The switches TRE's chain (tronode's dev chain) has on that add contract types. */
const TRE_SWITCHES = {
  ALLOW_MULTI_SIGN: 1n,
  ALLOW_TVM_TRANSFER_TRC10: 1n,
  ALLOW_TVM_CONSTANTINOPLE: 1n,
  ALLOW_CHANGE_DELEGATION: 1n,
  UNFREEZE_DELAY_DAYS: 1n,
  ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
};
/** Mainnet's ACTIVE_DEFAULT_OPERATIONS: the stock mask plus 48, 49 and 54–59. */
const MAINNET_ACTIVE = "7fff1fc0033ec30f000000000000000000000000000000000000000000000000";
const MAINNET_AVAILABLE = "7fff1fc0037ec30f000000000000000000000000000000000000000000000000";

function varint(n: number): number[] {
  const out: number[] = [];
  for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return out;
}

/** receivedProtoInconsistent of bytes as a peer layer would call it: decoded, then checked. */
function received(schema: typeof BlockSchema | typeof TransactionSchema, bytes: Uint8Array): boolean {
  if (schema === BlockSchema) {
    const block = fromBinary(BlockSchema, bytes);
    return receivedProtoInconsistent(BlockSchema, block, bytes.length, block.transactions);
  }
  const tx = fromBinary(TransactionSchema, bytes);
  return receivedProtoInconsistent(TransactionSchema, tx, bytes.length, [tx]);
}

function chainOf(rules: "dev" | "java-tron", parameters: Record<string, bigint>): MemoryState {
  const state = new MemoryState();
  state.apply(createGenesis({ ...genesisConfig(parameters), rules }).changes);
  return state;
}

describe("genesis rules", () => {
  it("the dev chain: every switch on at genesis adds its proposal's contract types to both masks", () => {
    const props = new ChainProperties(chainOf("dev", TRE_SWITCHES));
    expect(bytesToHex(props.getBytes("ACTIVE_DEFAULT_OPERATIONS"))).toBe(MAINNET_ACTIVE);
    expect(bytesToHex(props.getBytes("AVAILABLE_CONTRACT_TYPE"))).toBe(MAINNET_AVAILABLE);
  });

  it("the dev chain: genesis accounts' default active permission carries those types", () => {
    const alice = chainOf("dev", TRE_SWITCHES).get(Tables.accounts, ALICE)!;
    expect(alice.activePermission).toHaveLength(1);
    expect(bytesToHex(alice.activePermission[0]!.operations)).toBe(MAINNET_ACTIVE);
  });

  it("the dev chain: the market's switch adds 52 and 53", () => {
    const props = new ChainProperties(chainOf("dev", { ALLOW_MARKET_TRANSACTION: 1n }));
    expect(bytesToHex(props.getBytes("ACTIVE_DEFAULT_OPERATIONS")).slice(12, 14)).toBe("30");
  });

  it("a java-tron genesis: only ALLOW_TVM_CONSTANTINOPLE adds its type, and accounts carry no permissions", () => {
    const state = chainOf("java-tron", TRE_SWITCHES);
    const props = new ChainProperties(state);
    expect(bytesToHex(props.getBytes("ACTIVE_DEFAULT_OPERATIONS"))).toBe(
      "7fff1fc0033e0100000000000000000000000000000000000000000000000000",
    );
    expect(bytesToHex(props.getBytes("AVAILABLE_CONTRACT_TYPE"))).toBe(
      "7fff1fc0037e0100000000000000000000000000000000000000000000000000",
    );
    expect(state.get(Tables.accounts, ALICE)!.activePermission).toEqual([]);
  });
});

describe("ALLOW_PROTO_FILTER_NUM's check (Message.isFilter)", () => {
  const state = chainOf("dev", TRE_SWITCHES);
  const trigger = (extra: Uint8Array) => {
    const tx = signedTx(
      state,
      ContractType.TriggerSmartContract,
      { ownerAddress: ALICE, contractAddress: BOB, data: new Uint8Array([1, 2, 3, 4]) },
      [ALICE_KEY],
    );
    const any = tx.rawData!.contract[0]!.parameter!;
    any.value = new Uint8Array([...any.value, ...extra]);
    return tx;
  };

  it("passes a transaction whose bytes hold only known fields", () => {
    const tx = trigger(new Uint8Array(0));
    expect(broadcastProtoFault(tx)).toBeUndefined();
    expect(received(BlockSchema, toBinary(BlockSchema, create(BlockSchema, { transactions: [tx] })))).toBe(
      false,
    );
  });

  it("refuses a contract parameter carrying fields 7–12, which the Any's bytes hide from the first check", () => {
    // field 7 varint 5, field 12 length-delimited "ab"
    const tx = trigger(new Uint8Array([0x38, 0x05, 0x62, 0x02, 0x61, 0x62]));
    expect(broadcastProtoFault(tx)).toBe(PROTOBUF_INCONSISTENT);
    expect(contractProtoFault(tx)).toBe(PROTOBUF_INCONSISTENT);
    const block = toBinary(BlockSchema, create(BlockSchema, { transactions: [tx] }));
    expect(received(BlockSchema, block)).toBe(true);
  });

  it("refuses an unknown field of the transaction itself, and bytes re-encoded shorter (a default written out)", () => {
    const tx = trigger(new Uint8Array(0));
    const bytes = toBinary(TransactionSchema, tx);
    const withUnknown = new Uint8Array([...bytes, 0x78, 0x01]); // field 15 varint 1
    expect(received(TransactionSchema, withUnknown)).toBe(true);
    // raw_data with fee_limit (field 18) = 0 written out: known, but protobuf drops it re-encoding
    const raw = [...toBinary(Transaction_rawSchema, tx.rawData!), 0x90, 0x01, 0x00];
    const withDefault = new Uint8Array([
      0x0a,
      ...varint(raw.length),
      ...raw,
      ...toBinary(TransactionSchema, { ...tx, rawData: undefined }),
    ]);
    expect(received(TransactionSchema, withDefault)).toBe(true);
    expect(received(TransactionSchema, bytes)).toBe(false);
  });

  it("answers protobuf-java's Any.unpack text for a type URL that names another contract", () => {
    const tx = trigger(new Uint8Array(0));
    tx.rawData!.contract[0]!.parameter!.typeUrl = "type.googleapis.com/protocol.TransferContract";
    expect(contractProtoFault(tx)).toBe(ANY_TYPE_MISMATCH);
    expect(TriggerSmartContractSchema.typeName).toBe("protocol.TriggerSmartContract");
  });
});
