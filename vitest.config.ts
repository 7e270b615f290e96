import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["tronode-source"] },
  ssr: { resolve: { conditions: ["tronode-source"] } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts", "test/docs/*.test.mjs"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
