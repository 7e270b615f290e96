/**
 * TRON key-derivation facts (inputs and expected outputs), re-expressed as our own fixtures.
 */

/**
 * java-tron's ShieldWalletTest (tronprotocol/java-tron @1e35f79, framework/src/test/java/org/tron/core/
 * ShieldWalletTest.java): two (ask, nsk) pairs with the ak and a `ztron1…` payment address their
 * request bodies quote for the same key.
 */
export const TRON_SHIELD_WALLET_KEYS = [
  {
    ask: "98fd03167f2347b54d77238417f6708d57299d987cba8855de07be24b61dde0d",
    nsk: "d0cb30e7d0f4e4535561434c04bac91f09d20e6d6b463ab01be4f518b0689e09",
    ak: "71ad68c4f50574d5ad37548cbe86601f7296b91a0cb05557314b7808472702de",
    paymentAddress: "ztron1yam3jr2ptmyplpp0tyx8ytpz6sjdxcdez0j33fscmejv7nhc4aq3mvkhrurgrwvqe92cjlh5k3g",
  },
  {
    ask: "c2513e9e308494932bd82e0ce53662d17421d90b72a8471a0a12b8552a336e02",
    nsk: "4c6bf3dd4a0643d20b628f7e45980c5e187f07a51d6f3e86aaf1ab916c07eb0d",
    ak: "0eba73a48e2949ea5daa13bcef4fdf3a5aa9f3b268067cf81123398a838fe3cc",
    paymentAddress: "ztron1y99u6ejqenupvfkp5g6q6yqkp0a44c48cta0dd5gejtqa4v27hqa2cghfvdxnmneh6qqq03fa75",
  },
] as const;

/**
 * The published TRON HTTP API examples (the public TRON API documentation's request/response
 * examples for getexpandedspendingkey and getnewshieldedaddress): the only published PRF^expand
 * outputs under `Ztron_ExpandSeed`.
 */
export const TRON_API_EXAMPLES = {
  expanded: {
    sk: "09124de6a534661ef1cfad0335832445a3b83c08e885881a68a52cf4dc735e68",
    ask: "23d11537676610c287ffcd1bc33d650df37fc90d13bb65356fbc9045cfb91705",
    nsk: "da6542f57f6f730cb31b401b9ca8660589d8a765405c6d6f48fd392ac5360b0a",
    ovk: "e73f5383fdeacbb282db951afba01e607916c8106b316c55544fac84b2efbdc4",
  },
  newShieldedAddress: {
    sk: "0bfc211444fa877ba546ffb3a64e8b7aa58dd7bdd23a7b22166e9da923add0e6",
    ask: "264c351e5a154555b1ec7822f9bfc0faa5ced9d75b17ed1552699a20b18f7c07",
    nsk: "ebd5bf67f68de464c8a109b389ff4d07912ebe11e8b3d034cf505b35c8d5a907",
    ovk: "a8fa18b039e2cd8aeb04c8cf299b2bbc43cb5ab4dd67eec8884e3563223e5908",
    ak: "0648c0b20fa5eab112d466f75b174d1c142bf35318d2f50d63c6b3b343c8c397",
    nk: "a45852bb5b9e933266d5fab6062baa456b149329f8081817ef868923f87b2f9d",
    ivk: "9c3eacfe786e67c6f3b567cfcf129dcfdc21347ce6f192cc3ca1e994df570c05",
    d: "987adf3b4d8da446327d17",
    pkD: "09f3c4576c4f836b3472a6a5738606866607a6ffcd1c7299e31ec40455b1cd35",
    paymentAddress: "ztron1npad7w6d3kjyvvnazuyl83zhd38cx6e5w2n22uuxq6rxvpaxllx3cu5euv0vgpz4k8xn2rsga28",
  },
  /** createspendauthsig example: a signature made by java-tron's librustzcash (randomised). */
  spendAuthSig: {
    ask: "0f63eabdfe2bbfe08012f6bb2db024e6809c16e8ed055aa41a6095424f192005",
    alpha: "d0f0768664f5c807f9e70d05993f029c71da529afaa5c037b44c63d6e13bc907",
    txHash: "7fb99e66df052f430d50e80a3f197c319a4e35184ed48a433d6219e025741337",
    signature:
      "66c806bc592a7599e65833bf25c3c7005c8b21b7895dd835a84c97d7bec49d0f1493d2c73a68eeb9b9699b92cae42406f9e44ebe19acaea3d5febfe28de57109",
  },
} as const;
