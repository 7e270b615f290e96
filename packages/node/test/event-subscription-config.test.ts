/**
 * java-tron's `event.subscribe` read into EventSubscriptionConfig as Args and EventPluginLoader read
 * it: config.conf's own block, Typesafe Config's leniency (numbers and booleans as strings), the
 * native port and queue length read only beside useNativeQueue, the topics folded in order, the
 * filter's bounds (and the whole filter dropped when one does not parse), errors naming the key,
 * and the JSON config file's `event.subscribe`.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TronodeError } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import {
  allTriggersSubscription,
  applyConfigFile,
  defaultNodeConfig,
  eventSubscriptionOf,
} from "../src/index.js";

/** framework/src/main/resources/config.conf's event.subscribe, as a HOCON parser hands it over. */
const CONFIG_CONF = {
  native: { useNativeQueue: true, bindport: 5555, sendqueuelength: 1000 },
  path: "",
  server: "",
  dbconfig: "",
  contractParse: true,
  topics: [
    { triggerName: "block", enable: false, topic: "block" },
    { triggerName: "transaction", enable: false, topic: "transaction" },
    { triggerName: "contractevent", enable: false, topic: "contractevent" },
    { triggerName: "contractlog", enable: false, topic: "contractlog" },
    { triggerName: "solidity", enable: true, topic: "solidity" },
    { triggerName: "solidityevent", enable: false, topic: "solidityevent" },
    { triggerName: "soliditylog", enable: false, topic: "soliditylog" },
  ],
  filter: { fromblock: "", toblock: "", contractAddress: [""], contractTopic: [""] },
};

function failure(json: unknown): TronodeError {
  try {
    eventSubscriptionOf(json);
  } catch (e) {
    return e as TronodeError;
  }
  throw new Error("expected a failure");
}

describe("eventSubscriptionOf", () => {
  it("reads java-tron's shipped config.conf", () => {
    const config = eventSubscriptionOf(CONFIG_CONF);
    expect(config).toMatchObject({
      version: 0,
      startSyncBlockNum: 0n,
      useNativeQueue: true,
      bindPort: 5555,
      bindHost: "127.0.0.1",
      sendQueueLength: 1000,
      contractParse: true,
      filter: { fromBlock: 0n, toBlock: -1n, contractAddresses: [], contractTopics: [] },
      warnings: [],
    });
    expect(config.plugin).toBeUndefined();
    expect(Object.entries(config.triggers).map(([name, t]) => [name, t.enable])).toEqual([
      ["block", false],
      ["transaction", false],
      ["contractevent", false],
      ["contractlog", false],
      ["solidity", true],
      ["solidityevent", false],
      ["soliditylog", false],
    ]);
  });

  it("takes Typesafe Config's spellings: numbers and booleans as strings, names in any case", () => {
    const config = eventSubscriptionOf({
      version: "0",
      startSyncBlockNum: "12",
      native: { useNativeQueue: "yes", bindport: "6000", sendqueuelength: 50 },
      contractParse: "off",
      topics: [
        { triggerName: "Block", enable: "TRUE", topic: 1, solidified: "true" },
        { triggerName: "TRANSACTION", enable: true, topic: "tx", ethCompatible: true, solidified: false },
        { triggerName: "contractLog", enable: true, topic: "cl", redundancy: "true", ethCompatible: true },
        { triggerName: "nonsense", enable: true, topic: "x" },
      ],
    });
    expect(config).toMatchObject({
      startSyncBlockNum: 12n,
      bindPort: 6000,
      sendQueueLength: 50,
      contractParse: false,
    });
    expect(config.triggers).toEqual({
      block: { enable: true, topic: "1", solidified: true, ethCompatible: false, redundancy: false },
      transaction: { enable: true, topic: "tx", solidified: false, ethCompatible: true, redundancy: false },
      // a flag only counts for the triggers java-tron reads it for
      contractlog: { enable: true, topic: "cl", solidified: false, ethCompatible: false, redundancy: true },
    });
  });

  it("folds repeated topics as setSingleTriggerConfig does: an enabled entry only sets flags, a disabled one clears them", () => {
    const topics = (...entries: object[]) =>
      eventSubscriptionOf({ native: { useNativeQueue: true }, topics: entries }).triggers;
    expect(
      topics(
        { triggerName: "block", enable: true, topic: "a", solidified: true },
        { triggerName: "block", enable: true, topic: "b" },
      ).block,
    ).toEqual({ enable: true, topic: "b", solidified: true, ethCompatible: false, redundancy: false });
    expect(
      topics(
        { triggerName: "block", enable: true, topic: "a", solidified: true },
        { triggerName: "block", enable: false, topic: "b" },
        { triggerName: "block", enable: true, topic: "c" },
      ).block,
    ).toEqual({ enable: true, topic: "c", solidified: false, ethCompatible: false, redundancy: false });
  });

  it("maps java-tron's native defaults: port 0 or below is 5555, queue length 0 or below is ZeroMQ's 1000", () => {
    expect(
      eventSubscriptionOf({ native: { useNativeQueue: true, bindport: 0, sendqueuelength: -1 } }),
    ).toMatchObject({
      bindPort: 5555,
      sendQueueLength: 1000,
    });
    expect(
      eventSubscriptionOf({ native: { useNativeQueue: true, bindport: -3, sendqueuelength: 0 } }),
    ).toMatchObject({
      bindPort: 5555,
      sendQueueLength: 1000,
    });
    // without useNativeQueue java-tron reads neither, and uses its plugin settings
    const plugin = eventSubscriptionOf({ native: { bindport: 7000 }, path: " /p.zip ", server: "k:9092" });
    expect(plugin).toMatchObject({ useNativeQueue: false, bindPort: 5555 });
    expect(plugin.plugin).toEqual({ path: "/p.zip", server: "k:9092", dbConfig: "" });
  });

  it("parses the filter's bounds as FilterQuery does, and drops the filter (with a warning) when one does not parse", () => {
    const filter = (from: unknown, to: unknown) =>
      eventSubscriptionOf({
        filter: { fromblock: from, toblock: to, contractAddress: ["TA", ""], contractTopic: ["ab"] },
      });
    expect(filter(" EARLIEST ", "Latest").filter).toEqual({
      fromBlock: 0n,
      toBlock: -1n,
      contractAddresses: ["TA"],
      contractTopics: ["ab"],
    });
    expect(filter(100, "+200").filter).toMatchObject({ fromBlock: 100n, toBlock: 200n });
    expect(filter("-1", "0").filter).toMatchObject({ fromBlock: -1n, toBlock: 0n });
    const dropped = filter("latest", "");
    expect(dropped.filter).toBeUndefined();
    expect(dropped.warnings).toEqual([
      'event.subscribe.filter ignored: fromblock "latest" is not a block number; java-tron then sends every contract event and log',
    ]);
    expect(filter("1", "earliest").filter).toBeUndefined();
  });

  it("names the key of a value of the wrong type, or of a required key that is missing", () => {
    const cases: [unknown, string][] = [
      [[], "event.subscribe must be an object, got a list"],
      [
        { native: { useNativeQueue: "maybe" } },
        'event.subscribe.native.useNativeQueue must be a boolean, got string "maybe"',
      ],
      [
        { native: { useNativeQueue: true, bindport: 55.5 } },
        "event.subscribe.native.bindport must be a whole number (32-bit), got number 55.5",
      ],
      [
        { native: { useNativeQueue: true, bindport: 70000 } },
        "event.subscribe.native.bindport must be a port (at most 65535), got 70000",
      ],
      [
        { native: { useNativeQueue: true, sendqueuelength: [1] } },
        "event.subscribe.native.sendqueuelength must be a whole number (32-bit), got a list",
      ],
      [{ version: "one" }, 'event.subscribe.version must be a whole number (32-bit), got string "one"'],
      [{ contractParse: 1 }, "event.subscribe.contractParse must be a boolean, got number 1"],
      [{ topics: { block: true } }, "event.subscribe.topics must be a list of objects, got an object"],
      [{ topics: ["block"] }, 'event.subscribe.topics[0] must be an object, got string "block"'],
      [{ topics: [{ triggerName: "block", topic: "b" }] }, "event.subscribe.topics[0].enable is required"],
      [
        { topics: [{ triggerName: "block", enable: true, topic: { x: 1 } }] },
        "event.subscribe.topics[0].topic must be a string, got an object",
      ],
      [
        { filter: { fromblock: "", toblock: "", contractAddress: [] } },
        "event.subscribe.filter.contractTopic is required",
      ],
      [
        { filter: { fromblock: "", toblock: "", contractAddress: "T", contractTopic: [] } },
        'event.subscribe.filter.contractAddress must be a list of strings, got string "T"',
      ],
      [
        { filter: { fromblock: "", toblock: "", contractAddress: [{}], contractTopic: [] } },
        "event.subscribe.filter.contractAddress[0] must be a string, got an object",
      ],
    ];
    for (const [json, message] of cases) {
      const error = failure(json);
      expect(error).toBeInstanceOf(TronodeError);
      expect(error.code).toBe("INVALID_CONFIG");
      expect(error.message).toBe(message);
    }
  });

  it("--event-zmq: every trigger on, no filter, loopback", () => {
    const config = allTriggersSubscription(5556);
    expect(config).toMatchObject({
      useNativeQueue: true,
      bindPort: 5556,
      bindHost: "127.0.0.1",
      contractParse: true,
    });
    expect(config.filter).toBeUndefined();
    expect(Object.values(config.triggers).every((t) => t.enable && !t.solidified && !t.redundancy)).toBe(
      true,
    );
    expect(Object.keys(config.triggers)).toHaveLength(7);
  });

  it("a JSON config file's event.subscribe turns the subscription on", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tronode-events-"));
    try {
      const file = join(dir, "config.json");
      await writeFile(file, JSON.stringify({ port: 9191, event: { subscribe: CONFIG_CONF } }));
      const config = await applyConfigFile(defaultNodeConfig(), file);
      expect(config.eventSubscription).toEqual(eventSubscriptionOf(CONFIG_CONF));
      await writeFile(file, JSON.stringify({ port: 9191 }));
      expect((await applyConfigFile(defaultNodeConfig(), file)).eventSubscription).toBeUndefined();
      await writeFile(
        file,
        JSON.stringify({ event: { subscribe: { native: { useNativeQueue: true, bindport: "x" } } } }),
      );
      await expect(applyConfigFile(defaultNodeConfig(), file)).rejects.toThrow(
        'event.subscribe.native.bindport must be a whole number (32-bit), got string "x"',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
