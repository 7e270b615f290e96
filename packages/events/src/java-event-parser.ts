/**
 * How java-tron's event publisher decodes a log (ContractTriggerCapsule.processTrigger with
 * ContractEventParserAbi): the first non-anonymous Event entry of the contract's ABI whose
 * keccak256 of `name(type,…)` — the types as the ABI spells them — is the first topic, then the
 * parameters word by word. That is not the ABI coder the event API uses (event-decoder.ts), and
 * subscribers see the difference: integers are read as signed (Java's BigInteger of the word),
 * bytesN is the whole 32-byte word in hex, addresses are base58, string and bytes are read through
 * their offset; an array, tuple or fixed type, or data that does not fit, turns the data into one
 * hex entry; a topic count that does not match the ABI keeps every topic and the data in hex.
 * Maps come out in java.util.HashMap order.
 */
import {
  addressToBase58,
  bytesToHex,
  javaHashMapOrder,
  javaStringHash,
  keccak256,
  logContractAddress,
  type SmartContract_ABI,
  type SmartContract_ABI_Entry,
  SmartContract_ABI_Entry_EntryType,
  utf8Encode,
} from "@tronode/engine/internal";

export interface JavaParsedEvent {
  /** `Transfer(address,address,uint256)` */
  readonly signature: string;
  /** `Transfer(address from,address to,uint256 value)` (names only where the ABI has them). */
  readonly signatureFull: string;
  readonly name: string;
  /** Indexed parameters by name and by input index (as a string). */
  readonly topicMap: ReadonlyMap<string, string>;
  /** The other parameters, keyed the same way. */
  readonly dataMap: ReadonlyMap<string, string>;
}

const WORD = 32;
const MAX_PADDED = 1 << 20;

/** A java.util.HashMap filled by `put` in this order (a repeated key keeps its place, takes the new value). */
function javaHashMap(puts: readonly (readonly [string, string])[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const [k, v] of puts) values.set(k, v);
  const order = javaHashMapOrder([...values.keys()], javaStringHash, (a, b) => a === b);
  return new Map(order.map((k) => [k, values.get(k)!]));
}

type BasicType = "int" | "bool" | "fixedBytes" | "address" | "string" | "bytes" | "unknown";

/** ContractEventParser.basicType: by prefix, arrays of anything unknown. */
function basicType(type: string): BasicType {
  if (/^.*\[\d*\]$/s.test(type)) return "unknown";
  if (type.startsWith("int") || type.startsWith("uint") || type.startsWith("trcToken")) return "int";
  if (type === "bool") return "bool";
  if (type === "address") return "address";
  if (/^bytes\d+$/.test(type)) return "fixedBytes";
  if (type === "string") return "string";
  if (type === "bytes") return "bytes";
  return "unknown";
}

/** new BigInteger(bytes): two's complement, big-endian. */
function signedInteger(bytes: Uint8Array): bigint {
  const unsigned = bytes.length === 0 ? 0n : BigInt(`0x${bytesToHex(bytes)}`);
  return bytes.length > 0 && (bytes[0]! & 0x80) !== 0
    ? unsigned - (1n << BigInt(bytes.length * 8))
    : unsigned;
}

const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);

/** The base58 address in a word's last 20 bytes. */
const wordAddress = (word: Uint8Array) =>
  addressToBase58(logContractAddress(word.subarray(word.length - 20)));

class Unsupported extends Error {}

/** ContractEventParser.subBytes: `length` bytes from `start`, zero-padded past the end. */
function subBytes(src: Uint8Array, start: number, length: number): Uint8Array {
  // java-tron: OutputLengthException; a negative start or a length it cannot allocate (here: over
  // 1 MiB) fails harder there (the trigger is lost), here the data is shown undecoded instead
  if (src.length === 0 || start >= src.length || start < 0 || length < 0 || length > MAX_PADDED) {
    throw new Unsupported();
  }
  const out = new Uint8Array(length);
  out.set(src.subarray(start, Math.min(src.length, start + length)));
  return out;
}

/** BigInteger.intValueExact. */
function intValueExact(bytes: Uint8Array): number {
  const n = signedInteger(bytes);
  if (n < -(2n ** 31n) || n > 2n ** 31n - 1n) throw new Unsupported();
  return Number(n);
}

/** ContractEventParser.parseDataBytes: the `index`-th head word read as `type`. */
function parseDataBytes(data: Uint8Array, type: string, index: number): string {
  const word = subBytes(data, index * WORD, WORD);
  switch (basicType(type)) {
    case "int":
      return signedInteger(word).toString();
    case "bool":
      return String(!isZero(word));
    case "fixedBytes":
      return bytesToHex(word);
    case "address":
      return wordAddress(word);
    case "string":
    case "bytes": {
      const start = intValueExact(word);
      const length = intValueExact(subBytes(data, start, WORD));
      const bytes = length > 0 ? subBytes(data, start + WORD, length) : new Uint8Array(0);
      return type === "string" ? new TextDecoder().decode(bytes) : bytesToHex(bytes);
    }
    default:
      throw new Unsupported();
  }
}

/** ContractEventParser.parseTopic. */
function parseTopic(topic: Uint8Array, type: string): string {
  if (topic.length === 0 || type === "") return "";
  switch (basicType(type)) {
    case "int":
      return signedInteger(topic).toString();
    case "bool":
      return String(!isZero(topic));
    case "address":
      return wordAddress(topic);
    default:
      return bytesToHex(topic);
  }
}

/** One topic for the signature and one per indexed input. */
function topicsMatched(topics: readonly Uint8Array[], entry: SmartContract_ABI_Entry): boolean {
  return topics.length === 0 || topics.length === 1 + entry.inputs.filter((p) => p.indexed).length;
}

function topicMapOf(topics: readonly Uint8Array[], entry: SmartContract_ABI_Entry): Map<string, string> {
  const puts: [string, string][] = [];
  if (topics.length === 0) return new Map();
  if (topicsMatched(topics, entry)) {
    let next = 1;
    for (const [i, param] of entry.inputs.entries()) {
      if (!param.indexed) continue;
      if (next >= topics.length) break;
      const value = parseTopic(topics[next++]!, param.type);
      if (param.name !== "") puts.push([param.name, value]);
      puts.push([String(i), value]);
    }
  } else {
    for (let i = 1; i < topics.length; i++) puts.push([String(i - 1), bytesToHex(topics[i]!)]);
  }
  return javaHashMap(puts);
}

function dataMapOf(
  data: Uint8Array,
  topics: readonly Uint8Array[],
  entry: SmartContract_ABI_Entry,
): Map<string, string> {
  if (data.length === 0) return new Map();
  if (!topicsMatched(topics, entry)) return javaHashMap([[String(topics.length - 1), bytesToHex(data)]]);
  const puts: [string, string][] = [];
  // java-tron's startIndex: set by the first non-indexed input, and again by the next one when
  // the first was input 0 (it tests `startIndex == 0`)
  let startIndex = 0;
  try {
    let index = 0;
    for (const [i, param] of entry.inputs.entries()) {
      if (param.indexed) continue;
      if (startIndex === 0) startIndex = i;
      const value = parseDataBytes(data, param.type, index++);
      if (param.name !== "") puts.push([param.name, value]);
      puts.push([String(i), value]);
    }
    if (entry.inputs.length === 0) puts.push(["0", bytesToHex(data)]);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    return javaHashMap([[String(startIndex), bytesToHex(data)]]);
  }
  return javaHashMap(puts);
}

/**
 * The event a log decodes to with its contract's ABI, as java-tron decodes it; undefined when
 * java-tron sends the log as a contract log (parsing off, no ABI, no topic, no matching entry).
 */
export function parseJavaEvent(
  abi: SmartContract_ABI | undefined,
  topics: readonly Uint8Array[],
  data: Uint8Array,
): JavaParsedEvent | undefined {
  const first = topics[0];
  if (!abi || abi.entrys.length === 0 || !first) return undefined;
  const logHash = bytesToHex(first);
  for (const entry of abi.entrys) {
    if (entry.type !== SmartContract_ABI_Entry_EntryType.Event || entry.anonymous) continue;
    const signature = `${entry.name}(${entry.inputs.map((p) => p.type).join(",")})`;
    if (bytesToHex(keccak256(utf8Encode(signature))) !== logHash) continue;
    return {
      signature,
      signatureFull: `${entry.name}(${entry.inputs.map((p) => (p.name !== "" ? `${p.type} ${p.name}` : p.type)).join(",")})`,
      name: entry.name,
      topicMap: topicMapOf(topics, entry),
      dataMap: dataMapOf(data, topics, entry),
    };
  }
  return undefined;
}
