export * from "./buckets.js";
export * from "./chain-store.js";
export * from "./errors.js";
export * from "./journal.js";
export * from "./kv-controller.js";
