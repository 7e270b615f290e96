/**
 * java-tron's `event.subscribe` settings as a typed config (Args.getEventPluginConfig,
 * createTriggerConfig and getEventFilter; EventPluginLoader.setSingleTriggerConfig), and
 * `eventSubscriptionOf`, which reads the `event.subscribe` object of a config.conf already parsed
 * into plain JSON with the same leniency as Typesafe Config's getters (numbers and booleans may be
 * strings, strings may be numbers) and fails naming the key whose value has the wrong type.
 */
import { configError } from "./errors.js";

/** java-tron's trigger names (EventPluginConfig), matched case-insensitively in `topics`. */
export const TRIGGER_NAMES = [
  "block",
  "transaction",
  "contractevent",
  "contractlog",
  "solidity",
  "solidityevent",
  "soliditylog",
] as const;
/** A trigger java-tron's event subscription can publish (block, transaction, contractevent, contractlog, solidity…). */
export type TriggerName = (typeof TRIGGER_NAMES)[number];

/** One trigger's settings in event.subscribe.topics: on or off, and the ZeroMQ topic it is published under. */
export interface TriggerSettings {
  readonly enable: boolean;
  /** The plugin topic: java-tron's native queue ignores it (its topic frame is the trigger's name). */
  readonly topic: string;
  /** block, transaction: emit only solidified blocks, each once, read back from the store. */
  readonly solidified: boolean;
  /** transaction: add the Ethereum-style fields (index, cumulative energy, logs, energy price). */
  readonly ethCompatible: boolean;
  /** contractlog, soliditylog: also send every decoded event as a log trigger. */
  readonly redundancy: boolean;
}

/** java-tron's FilterQuery: which contract events and logs (and their solidity twins) are sent. */
export interface EventFilterConfig {
  /** First block; 0 = earliest. -1 (config "-1") matches nothing, as in java-tron. */
  readonly fromBlock: bigint;
  /** Last block; -1 = latest. 0 (config "0") matches nothing, as in java-tron. */
  readonly toBlock: bigint;
  /** Base58 contract addresses (compared ignoring case); empty = any. */
  readonly contractAddresses: readonly string[];
  /** Topics as 64 lowercase hex digits without 0x, any of the log's topics; empty = any. */
  readonly contractTopics: readonly string[];
}

/** java-tron's event.subscribe as read from config.conf: the native queue's address and length, the topics on, and the filter. */
export interface EventSubscriptionConfig {
  /** 0: java-tron's in-line triggers (what tronode publishes); 1: its newer EventService (not implemented). */
  readonly version: number;
  /** Version 1's history replay start; unused. */
  readonly startSyncBlockNum: bigint;
  /** The built-in ZeroMQ publisher; false = java-tron's plugins, which tronode does not load. */
  readonly useNativeQueue: boolean;
  /** ZeroMQ bind port; 0 = a free port (java-tron's 0 and below mean 5555: see eventSubscriptionOf). */
  readonly bindPort: number;
  /** Bind address (tronode's; java-tron binds every interface). Default 127.0.0.1. */
  readonly bindHost: string;
  /** Messages queued per subscriber (ZeroMQ SNDHWM) and in the node before dropping. */
  readonly sendQueueLength: number;
  /** Decode logs with their contract's ABI into contract events; false = every log is a contract log. */
  readonly contractParse: boolean;
  /** The `topics` list folded as java-tron folds it; a trigger not listed is off. */
  readonly triggers: Readonly<Partial<Record<TriggerName, TriggerSettings>>>;
  readonly filter?: EventFilterConfig;
  /** Plugin settings (path, server, dbconfig): read for completeness, unused. */
  readonly plugin?: { readonly path: string; readonly server: string; readonly dbConfig: string };
  /** What java-tron would only log (a filter it drops), for the node to log at start. */
  readonly warnings: readonly string[];
}

/** java-tron's NativeMessageQueue.DEFAULT_BIND_PORT. */
export const DEFAULT_EVENT_PORT = 5555;
/** ZeroMQ's (jeromq's) default SNDHWM, the queue length java-tron's publisher ends up with. */
export const DEFAULT_SEND_QUEUE_LENGTH = 1000;
export const DEFAULT_EVENT_HOST = "127.0.0.1";

const OFF: TriggerSettings = {
  enable: false,
  topic: "",
  solidified: false,
  ethCompatible: false,
  redundancy: false,
};

/** `--event-zmq <port>`: every trigger on, no filter, on loopback. */
export function allTriggersSubscription(port: number): EventSubscriptionConfig {
  const on = (name: TriggerName): [TriggerName, TriggerSettings] => [
    name,
    { ...OFF, enable: true, topic: name },
  ];
  return {
    version: 0,
    startSyncBlockNum: 0n,
    useNativeQueue: true,
    bindPort: port,
    bindHost: DEFAULT_EVENT_HOST,
    sendQueueLength: DEFAULT_SEND_QUEUE_LENGTH,
    contractParse: true,
    triggers: Object.fromEntries(TRIGGER_NAMES.map(on)),
    warnings: [],
  };
}

type Json = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

function wrongType(key: string, expected: string, value: unknown): never {
  throw configError(`${key} must be ${expected}, got ${describe(value)}`);
}

/** Typesafe Config's hasPath: present and not null. */
function has(o: Json, key: string): boolean {
  return o[key] !== undefined && o[key] !== null;
}

function object(value: unknown, key: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) wrongType(key, "an object", value);
  return value as Json;
}

/** getBoolean: a boolean, or one of the words Typesafe Config reads as one. */
function boolean(value: unknown, key: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (["true", "yes", "on"].includes(word)) return true;
    if (["false", "no", "off"].includes(word)) return false;
  }
  return wrongType(key, "a boolean", value);
}

/** getLong / getInt: a whole number, or a string holding one. */
function whole(value: unknown, key: string, min: bigint, max: bigint, what: string): bigint {
  const text = typeof value === "number" ? (Number.isInteger(value) ? String(value) : "") : value;
  if (typeof text === "string" && /^\s*-?\d+\s*$/.test(text)) {
    const n = BigInt(text.trim());
    if (n >= min && n <= max) return n;
  }
  return wrongType(key, what, value);
}

const int = (value: unknown, key: string): number =>
  Number(whole(value, key, -(2n ** 31n), 2n ** 31n - 1n, "a whole number (32-bit)"));
const long = (value: unknown, key: string): bigint =>
  whole(value, key, -(2n ** 63n), 2n ** 63n - 1n, "a whole number (64-bit)");

/** getString: a string, or a number or boolean written as one. */
function string(value: unknown, key: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return wrongType(key, "a string", value);
}

function stringList(value: unknown, key: string): string[] {
  if (!Array.isArray(value)) wrongType(key, "a list of strings", value);
  return (value as unknown[]).map((v, i) => string(v, `${key}[${i}]`));
}

/** createTriggerConfig's `unwrapped().toString()`: any scalar, required. */
function scalar(o: Json, key: string, path: string): string {
  if (!has(o, key)) throw configError(`${path}.${key} is required`);
  return string(o[key], `${path}.${key}`);
}

/** Java's Long.parseLong: an optional sign and decimal digits, in range. */
function parseJavaLong(text: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const n = BigInt(text);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/**
 * Reads java-tron's `event.subscribe` object (config.conf parsed to JSON, keys as in config.conf).
 * Throws INVALID_CONFIG naming the key when a value has the wrong type or a required key is
 * missing; a filter bound java-tron cannot parse drops the whole filter, as java-tron does, with a
 * warning in `warnings`.
 */
export function eventSubscriptionOf(json: unknown, path = "event.subscribe"): EventSubscriptionConfig {
  const root = object(json, path);
  const warnings: string[] = [];
  const version = has(root, "version") ? int(root.version, `${path}.version`) : 0;
  const startSyncBlockNum = has(root, "startSyncBlockNum")
    ? long(root.startSyncBlockNum, `${path}.startSyncBlockNum`)
    : 0n;

  // java-tron reads the port and queue length only beside useNativeQueue
  let useNativeQueue = false;
  let bindPort = DEFAULT_EVENT_PORT;
  let sendQueueLength = DEFAULT_SEND_QUEUE_LENGTH;
  let bindHost = DEFAULT_EVENT_HOST;
  const native = has(root, "native") ? object(root.native, `${path}.native`) : {};
  if (has(native, "useNativeQueue")) {
    useNativeQueue = boolean(native.useNativeQueue, `${path}.native.useNativeQueue`);
    if (has(native, "bindport")) {
      const port = int(native.bindport, `${path}.native.bindport`);
      if (port > 65535)
        throw configError(`${path}.native.bindport must be a port (at most 65535), got ${port}`);
      bindPort = port > 0 ? port : DEFAULT_EVENT_PORT;
    }
    if (has(native, "sendqueuelength")) {
      const length = int(native.sendqueuelength, `${path}.native.sendqueuelength`);
      sendQueueLength = length > 0 ? length : DEFAULT_SEND_QUEUE_LENGTH;
    }
    if (has(native, "bindhost")) bindHost = string(native.bindhost, `${path}.native.bindhost`);
  }
  const plugin = useNativeQueue
    ? undefined
    : {
        path: has(root, "path") ? string(root.path, `${path}.path`).trim() : "",
        server: has(root, "server") ? string(root.server, `${path}.server`).trim() : "",
        dbConfig: has(root, "dbconfig") ? string(root.dbconfig, `${path}.dbconfig`).trim() : "",
      };
  const contractParse = has(root, "contractParse")
    ? boolean(root.contractParse, `${path}.contractParse`)
    : true;

  const triggers: Partial<Record<TriggerName, TriggerSettings>> = {};
  if (has(root, "topics")) {
    if (!Array.isArray(root.topics)) wrongType(`${path}.topics`, "a list of objects", root.topics);
    (root.topics as unknown[]).forEach((entry, i) => {
      const at = `${path}.topics[${i}]`;
      const t = object(entry, at);
      const triggerName = scalar(t, "triggerName", at);
      const enable = scalar(t, "enable", at).toLowerCase() === "true";
      const topic = scalar(t, "topic", at);
      const flag = (key: string) => has(t, key) && string(t[key], `${at}.${key}`).toLowerCase() === "true";
      const name = TRIGGER_NAMES.find((n) => n === triggerName.toLowerCase());
      if (!name) return; // java-tron ignores names it does not know
      // setSingleTriggerConfig: a disabled entry clears the trigger's flags, an enabled one only sets them
      const before = triggers[name] ?? OFF;
      triggers[name] = enable
        ? {
            enable: true,
            topic,
            solidified:
              before.solidified || ((name === "block" || name === "transaction") && flag("solidified")),
            ethCompatible: before.ethCompatible || (name === "transaction" && flag("ethCompatible")),
            redundancy:
              before.redundancy || ((name === "contractlog" || name === "soliditylog") && flag("redundancy")),
          }
        : { ...OFF, topic };
    });
  }

  let filter: EventFilterConfig | undefined;
  if (has(root, "filter")) {
    const f = object(root.filter, `${path}.filter`);
    const required = (key: string) => {
      if (!has(f, key)) throw configError(`${path}.filter.${key} is required`);
      return f[key];
    };
    const from = string(required("fromblock"), `${path}.filter.fromblock`).trim();
    const to = string(required("toblock"), `${path}.filter.toblock`).trim();
    const contractAddresses = stringList(
      required("contractAddress"),
      `${path}.filter.contractAddress`,
    ).filter((a) => a !== "");
    const contractTopics = stringList(required("contractTopic"), `${path}.filter.contractTopic`).filter(
      (t) => t !== "",
    );
    const fromBlock = from === "" || from.toLowerCase() === "earliest" ? 0n : parseJavaLong(from);
    const toBlock = to === "" || to.toLowerCase() === "latest" ? -1n : parseJavaLong(to);
    if (fromBlock === undefined || toBlock === undefined) {
      warnings.push(
        `${path}.filter ignored: ${fromBlock === undefined ? `fromblock "${from}"` : `toblock "${to}"`} is not a block number; java-tron then sends every contract event and log`,
      );
    } else {
      filter = { fromBlock, toBlock, contractAddresses, contractTopics };
    }
  }

  return {
    version,
    startSyncBlockNum,
    useNativeQueue,
    bindPort,
    bindHost,
    sendQueueLength,
    contractParse,
    triggers,
    ...(filter ? { filter } : {}),
    ...(plugin ? { plugin } : {}),
    warnings,
  };
}
