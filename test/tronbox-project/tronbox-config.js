// A TronBox project pointed at a started tronode (test/e2e/tronbox-project.test.ts starts one and
// sets TRONODE_URL and TRONODE_KEY, a key it printed). The README's "TronBox" section shows this file;
// a test checks it does.
module.exports = {
  networks: {
    development: {
      privateKey: process.env.TRONODE_KEY,
      userFeePercentage: 100,
      feeLimit: 1000 * 1e6,
      fullHost: process.env.TRONODE_URL ?? "http://127.0.0.1:9090",
      network_id: "*",
    },
  },
  compilers: {
    solc: {
      version: "0.8.26",
      settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
    },
  },
};
