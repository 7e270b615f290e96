export * from "./call-tracer.js";
export * from "./console-log.js";
export * from "./execution-outcome.js";
export * from "./revert-reason.js";
export * from "./struct-log-tracer.js";
export * from "./trace-transaction.js";
