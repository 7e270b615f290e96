export * from "./call-tracer.js";
export * from "./revert-reason.js";
export * from "./struct-log-tracer.js";
