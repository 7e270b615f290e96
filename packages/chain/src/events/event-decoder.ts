/**
 * Decodes a TransactionInfo log with its contract's stored ABI, as TronGrid presents events: the ABI
 * entry whose signature hash is the first topic (an anonymous one when no entry matches and the
 * indexed count fits), indexed parameters from the topics (a dynamic type stays its topic hash),
 * the rest from the data; addresses as `0x` + 20 bytes, integers as decimal strings, bytes as `0x`
 * hex, booleans as `true`/`false`. ABI decoding itself is `abi-codec.ts`.
 */
import {
  bytesToHex,
  type DecodedEvent,
  type DecodedEventParam,
  type EventValue,
  keccak256,
  type SmartContract_ABI,
  SmartContract_ABI_Entry_EntryType,
  type SmartContract_ABI_Entry_Param,
  utf8Encode,
} from "@tronode/engine/internal";
import { type AbiValue, canonicalType, decodeAbi } from "./abi-codec.js";

function isDynamic(type: string): boolean {
  return type === "string" || type === "bytes" || type.endsWith("]") || type.startsWith("tuple");
}

function format(value: AbiValue): EventValue {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : value;
  return value.map(format);
}

interface EventShape {
  readonly name: string;
  readonly anonymous: boolean;
  readonly inputs: readonly SmartContract_ABI_Entry_Param[];
  readonly topic: string;
  readonly signature: string;
}

function shapesOf(abi: SmartContract_ABI): EventShape[] {
  return abi.entrys
    .filter((e) => e.type === SmartContract_ABI_Entry_EntryType.Event)
    .map((e) => {
      const canonical = `${e.name}(${e.inputs.map((p) => canonicalType(p.type)).join(",")})`;
      return {
        name: e.name,
        anonymous: e.anonymous,
        inputs: e.inputs,
        topic: bytesToHex(keccak256(utf8Encode(canonical))),
        signature: `${e.name}(${e.inputs.map((p) => `${p.type}${p.indexed ? " indexed" : ""}${p.name ? ` ${p.name}` : ""}`).join(", ")})`,
      };
    });
}

/** A decoder for one contract's ABI; `decode` answers undefined when no event entry fits the log. */
export function createEventDecoder(abi: SmartContract_ABI | undefined): {
  decode(topics: readonly Uint8Array[], data: Uint8Array): DecodedEvent | undefined;
} {
  const shapes = abi ? shapesOf(abi) : [];
  return {
    decode(topics, data) {
      const first = topics[0] ? bytesToHex(topics[0]) : undefined;
      const shape =
        shapes.find((s) => !s.anonymous && s.topic === first) ??
        shapes.find((s) => s.anonymous && s.inputs.filter((p) => p.indexed).length === topics.length);
      if (!shape) return undefined;
      const indexedTopics = shape.anonymous ? topics : topics.slice(1);
      if (shape.inputs.filter((p) => p.indexed).length !== indexedTopics.length) return undefined;
      try {
        const plain = shape.inputs.filter((p) => !p.indexed);
        const decoded = decodeAbi(
          plain.map((p) => p.type),
          data,
        );
        let topicAt = 0;
        let dataAt = 0;
        const params: DecodedEventParam[] = shape.inputs.map((p) => {
          if (p.indexed) {
            const topic = indexedTopics[topicAt++]!;
            const value = isDynamic(p.type)
              ? `0x${bytesToHex(topic)}`
              : format(decodeAbi([p.type], topic)[0]!);
            return { name: p.name, type: p.type, indexed: true, value };
          }
          return { name: p.name, type: p.type, indexed: false, value: format(decoded[dataAt++]) };
        });
        return { name: shape.name, signature: shape.signature, params };
      } catch {
        return undefined; // data that does not decode with the ABI: shown undecoded
      }
    },
  };
}
