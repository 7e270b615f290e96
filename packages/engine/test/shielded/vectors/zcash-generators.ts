/**
 * Source: the public Zcash test vectors (zcash/zcash-test-vectors @667c929, test-vectors/json/sapling_generators.json).
 * Test data (inputs and expected outputs), re-expressed as our own fixtures.
 */
export const ZCASH_GENERATORS = [
  {
    skb: "30b5f2aaad325630bcdddbce4d67656d05fd1cc2d037bb5375b6e96d9e01a1d7",
    pkb: "e7e85de0f7f97a46d249a1f5ea51df50cc48490f8401c9de7a2adf1807d1b6d4",
    npb: "65002bc736faf7a3422effffe8b855e18fba96a0158a9efca584bf40549d36e1",
    wprb: "ac776c796563fcd44cc49cfaea8bb796952c266e47779d94574c10ad01754b11",
    vcvb: "d7c86706f5817aa718cd1cfad03233bcd64a7789fd9422d3b17af6823a7e6ac6",
    vcrb: "8b6a0b38b9faae3c3b803b47b0f146ad50ab221e6e2afbe6dbde45cba9d381ed",
    pb0: "ca3c2432d4abbf7732464ec08b2e47f95edc7e836b16c979571b52d3a2879ea8",
    pb1: "9118bf4e3cc50d7be8d3fa98ebbe3a1f25d901c0421189f733fe435b7f8c5d01",
    pb2: "57d493972c50ed8098b484177f2ab28b53e88c8e6ca400e09eee4ed200152eb6",
    pb3: "e97035a3ec4b7184856a1fa1a1af0351b747d9d8cb0a0791d8ca564b0ce47e2f",
  },
] as const;
