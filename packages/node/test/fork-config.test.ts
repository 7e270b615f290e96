/** The `fork` key of tronode's JSON config: the `--fork` flags as data, refused with the key's name when malformed. */
import { TronodeError } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { applyJsonConfig } from "../src/config/config-file.js";
import { defaultNodeConfig } from "../src/config/node-config.js";

const apply = (json: unknown) => applyJsonConfig(defaultNodeConfig(), JSON.stringify(json), "tronode.json");

describe("the fork config key", () => {
  it("reads the upstream, its budget, the cache and the prefetch list", () => {
    const config = apply({
      fork: {
        url: "http://127.0.0.1:8090",
        apiKey: "k",
        headers: { "X-Team": "qa" },
        rps: 5,
        blockNumber: "1234",
        cacheDir: "/tmp/forks",
        prefetch: ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
      },
    });
    expect(config.fork).toEqual({
      url: "http://127.0.0.1:8090",
      apiKey: "k",
      headers: { "X-Team": "qa" },
      rps: 5,
      blockNumber: 1234n,
      cacheDir: "/tmp/forks",
      prefetch: ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
    });
    expect(apply({ fork: { url: "http://127.0.0.1:8090", cache: false } }).fork?.cache).toBe(false);
    expect(apply({}).fork).toBeUndefined();
  });

  it("names the key it cannot read", () => {
    for (const [fork, text] of [
      ["http://x", "fork: expected an object with a url"],
      [{ rps: 3 }, "fork.url: expected the upstream's url"],
      [{ url: "http://x", prefetch: "T…" }, "fork.prefetch: expected a list of strings"],
    ] as const) {
      let error: unknown;
      try {
        apply({ fork });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TronodeError);
      expect((error as Error).message).toBe(text);
    }
  });
});
