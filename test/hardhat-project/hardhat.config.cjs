// A Hardhat 2 project on OpenZeppelin's hardhat-tron, pointed at a started tronode
// (test/e2e/hardhat-tron.test.ts starts one and sets TRONODE_URL and TRONODE_KEY, a key it printed).
// The README's "Hardhat" section shows this file; a test checks it does.
require("@nomicfoundation/hardhat-ethers");
require("@nomicfoundation/hardhat-chai-matchers");
require("@openzeppelin/hardhat-tron");
const { subtask } = require("hardhat/config");
const { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } = require("hardhat/builtin-tasks/task-names");

// Compile with npm's solc instead of tron-solc, which the plugin downloads from GitHub. Defined after
// the plugin is required, so this definition wins.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async () => ({
  compilerPath: require.resolve("solc/soljson.js"),
  isSolcJs: true,
  version: "0.8.26",
  longVersion: "0.8.26+commit.8a97fa7a",
}));

module.exports = {
  solidity: {
    version: "0.8.26",
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
  },
  defaultNetwork: "tronode",
  networks: {
    tronode: {
      url: `${process.env.TRONODE_URL ?? "http://127.0.0.1:9090"}/jsonrpc`,
      tron: true,
      accounts: [process.env.TRONODE_KEY],
    },
  },
  tre: { autoStart: false },
  // The vitest runner asks for mocha's JSON report in a file; by hand, the usual spec output.
  mocha: process.env.TRONODE_MOCHA_REPORT
    ? { timeout: 120_000, reporter: "json", reporterOption: { output: process.env.TRONODE_MOCHA_REPORT } }
    : { timeout: 120_000 },
};
