/** `npm run bench`: prints every benchmark figure of the project. */
import { runEngineBench } from "./engine.js";
import { runRecoveryBench } from "./recovery.js";

console.log("== signature recovery (per second) ==");
await runRecoveryBench({ seconds: 2 });
console.log("\n== engine ==");
await runEngineBench();
