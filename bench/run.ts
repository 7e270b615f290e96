/** `npm run bench`: prints every benchmark figure of the project (needs the build `npm run bench` makes). */
import { runAccountIndexBench } from "./account-index.js";
import { runContractBench } from "./contracts.js";
import { runEngineBench } from "./engine.js";
import { runForkBench } from "./fork.js";
import { runHttpBench } from "./http.js";
import { runRecoveryBench } from "./recovery.js";
import { runShieldedBench } from "./shielded.js";
import { runTestkitBench } from "./testkit.js";
import { runVmBench } from "./vm.js";

console.log("== signature recovery (per second) ==");
await runRecoveryBench({ seconds: 2 });
console.log("\n== engine ==");
await runEngineBench();
console.log("\n== test kit (in-memory chain) beside the engine's raw apply rate ==");
await runTestkitBench();
console.log("\n== TVM interpreter ==");
await runVmBench();
console.log("\n== smart contracts (TRC-20 through the engine; balanceOf over HTTP against the built CLI) ==");
await runContractBench();
console.log("\n== node over HTTP (built CLI as its own process, autocannon load on the same machine) ==");
await runHttpBench();
console.log(
  "\n== account index (TronGrid v1): write overhead per block, query rate against the built CLI ==",
);
await runAccountIndexBench();
console.log("\n== shielded (Sapling) ==");
await runShieldedBench();
console.log(
  "\n== fork (--fork): start, first TRC-20 transfer (state fetched on first read) and again; 10 requests/s budget ==",
);
await runForkBench();
