/**
 * Proposal parameters in the order java-tron keeps them. A `map<int64,int64>` is a LinkedHashMap in
 * protobuf-java: it is validated, applied, stored and serialized in insertion order (the order of
 * the entries on the wire, or of the JSON array). protobuf-es holds maps as plain objects, whose
 * integer keys always iterate ascending, so the engine reads the order from the bytes instead.
 */

import { create, toBinary } from "@bufbuild/protobuf";
import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { TronodeError } from "../errors.js";
import { ProposalCreateContractSchema } from "./generated/protocol/contracts_pb.js";

/** One proposal parameter: [proposal id, value]. */
export type ProposalParameter = readonly [bigint, bigint];

/** ProposalCreateContract.parameters and Proposal.parameters are both field 2 / field 3 maps. */
export const PROPOSAL_CREATE_PARAMETERS_FIELD = 2;
export const PROPOSAL_PARAMETERS_FIELD = 3;

/**
 * The entries of the `map<int64,int64>` field `fieldNumber` of an encoded message, in wire order.
 * A key seen twice keeps its first position and takes its last value (LinkedHashMap.put).
 */
export function int64MapEntries(bytes: Uint8Array, fieldNumber: number): ProposalParameter[] {
  const order: bigint[] = [];
  const values = new Map<bigint, bigint>();
  try {
    const reader = new BinaryReader(bytes);
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (field !== fieldNumber || wireType !== WireType.LengthDelimited) {
        reader.skip(wireType, field);
        continue;
      }
      const entry = new BinaryReader(reader.bytes());
      let key = 0n;
      let value = 0n;
      while (entry.pos < entry.len) {
        const [f, t] = entry.tag();
        if (f === 1 && t === WireType.Varint) key = BigInt(entry.int64());
        else if (f === 2 && t === WireType.Varint) value = BigInt(entry.int64());
        else entry.skip(t, f);
      }
      if (!values.has(key)) order.push(key);
      values.set(key, value);
    }
  } catch (cause) {
    throw new TronodeError("PROTOBUF_DECODE", `failed to decode map field ${fieldNumber}`, {
      javaClass: "com.google.protobuf.InvalidProtocolBufferException",
      cause,
    });
  }
  return order.map((k) => [k, values.get(k)!] as const);
}

/** Writes `entries` as `map<int64,int64>` field `fieldNumber` (key and value always written, as protobuf-java does). */
export function writeInt64Map(
  writer: BinaryWriter,
  fieldNumber: number,
  entries: readonly ProposalParameter[],
): BinaryWriter {
  for (const [key, value] of entries) {
    writer
      .tag(fieldNumber, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.Varint)
      .int64(key)
      .tag(2, WireType.Varint)
      .int64(value)
      .join();
  }
  return writer;
}

/** ProposalCreateContract bytes with the parameters in the given order (java-tron's insertion order). */
export function encodeProposalCreateContract(
  ownerAddress: Uint8Array,
  parameters: readonly ProposalParameter[],
): Uint8Array {
  const owner = toBinary(
    ProposalCreateContractSchema,
    create(ProposalCreateContractSchema, { ownerAddress }),
  );
  const map = writeInt64Map(new BinaryWriter(), PROPOSAL_CREATE_PARAMETERS_FIELD, parameters).finish();
  const out = new Uint8Array(owner.length + map.length);
  out.set(owner, 0);
  out.set(map, owner.length);
  return out;
}

/** Entries in first-seen key order with last-seen values (LinkedHashMap.put semantics). */
export function insertionOrdered(entries: Iterable<ProposalParameter>): ProposalParameter[] {
  const order: bigint[] = [];
  const values = new Map<bigint, bigint>();
  for (const [k, v] of entries) {
    if (!values.has(k)) order.push(k);
    values.set(k, v);
  }
  return order.map((k) => [k, values.get(k)!] as const);
}
