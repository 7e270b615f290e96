import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import {
  addressFromPublicKey,
  addressOfPrivateKey,
  bytesToHex,
  createNobleRecoverer,
  hexToBytes,
  signHash,
  TronodeError,
} from "@tronode/engine/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKeyFast,
  createBestRecoverer,
  createBestSigner,
  createNativeRecoverer,
  DISABLE_NATIVE_ENV,
  isNativeRecoveryAvailable,
  nativeRecoveryLoadError,
  publicKeyOfPrivateKey,
} from "../src/index.js";
import { GX, makeSignature, N, newKey, outcome, random, toBig } from "./helpers.js";

const noble = createNobleRecoverer();

describe("native signing and keys", () => {
  it("sign exactly as noble's signHash (RFC 6979, low s, v = recovery id) and derive the same keys", () => {
    const sign = createBestSigner();
    expect(sign).not.toBe(signHash);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (hash) => {
        const key = newKey();
        expect(bytesToHex(sign(hash, key))).toBe(bytesToHex(signHash(hash, key)));
        expect(bytesToHex(addressOfPrivateKeyFast(key))).toBe(bytesToHex(addressOfPrivateKey(key)));
        expect(publicKeyOfPrivateKey(key, true)).toHaveLength(33);
      }),
      { numRuns: 300 },
    );
  });
});

describe("native addon", () => {
  it("loads (prebuilt libsecp256k1 binding) and passes its self-test", () => {
    expect(nativeRecoveryLoadError()).toBeUndefined();
    expect(isNativeRecoveryAvailable()).toBe(true);
    expect(createNativeRecoverer().name).toBe("native");
    expect(createBestRecoverer().name).toBe("native");
  });

  it(`reports unavailable, without throwing, when ${DISABLE_NATIVE_ENV}=1`, () => {
    const require = createRequire(import.meta.url);
    const script = [
      `const m = await import(${JSON.stringify(new URL("../src/index.ts", import.meta.url).href)});`,
      "let threw = false; try { m.createNativeRecoverer(); } catch (e) { threw = e.code; }",
      "console.log(JSON.stringify({ available: m.isNativeRecoveryAvailable(), best: m.createBestRecoverer().name, threw }));",
    ].join("\n");
    const child = spawnSync(
      process.execPath,
      [
        "--conditions=tronode-source",
        "--import",
        require.resolve("tsx"),
        "--input-type=module",
        "-e",
        script,
      ],
      { env: { ...process.env, [DISABLE_NATIVE_ENV]: "1" }, encoding: "utf8" },
    );
    expect(child.stderr).toBe("");
    expect(JSON.parse(child.stdout)).toEqual({
      available: false,
      best: "noble",
      threw: "NATIVE_SECP256K1_UNAVAILABLE",
    });
  });
});

describe("native and noble agree", () => {
  const native = createNativeRecoverer();
  const agree = (hash: Uint8Array, signature: Uint8Array) => {
    const expected = outcome(noble, hash, signature);
    expect(outcome(native, hash, signature)).toEqual(expected);
    return expected;
  };

  it("recovers java-tron's vector", () => {
    const hash = hexToBytes("fc33817936b06e50d4b6f1797e62f52d69af6c0da580a607241a9c03a48e390e");
    const sig = hexToBytes(
      "5c23bddabccd3e4e5ebdf7d2f21dc58af9f88e0b99620374c5354e0dd9efb3a436167d95b70d2d825180bf90bc84525acb13a203f209afd5d397316f6b2c387c01",
    );
    expect(agree(hash, sig)).toEqual({ address: "415624c12e308b03a1a6b21d9b86e3942fac1ab92b" });
  });

  it("on random keys and hashes, with v = 0/1, 27/28 and 31/32", () => {
    for (let i = 0; i < 200; i++) {
      const key = newKey();
      const hash = random(32);
      const sig = signHash(hash, key);
      const address = bytesToHex(addressOfPrivateKey(key));
      expect(sig[64]).toBeLessThanOrEqual(1);
      for (const add of [0, 27, 31]) {
        const s = sig.slice();
        s[64] = sig[64]! + add;
        expect(agree(hash, s)).toEqual({ address });
      }
    }
  });

  it("on high-s signatures (the other s with the flipped recovery id)", () => {
    for (let i = 0; i < 50; i++) {
      const key = newKey();
      const hash = random(32);
      const sig = signHash(hash, key);
      const high = makeSignature(toBig(sig.subarray(0, 32)), N - toBig(sig.subarray(32, 64)), sig[64]! ^ 1);
      expect(agree(hash, high)).toEqual({ address: bytesToHex(addressOfPrivateKey(key)) });
    }
  });

  it("on every header byte 0..255", () => {
    const hash = random(32);
    const sig = signHash(hash, newKey());
    let ok = 0;
    for (let v = 0; v < 256; v++) {
      const s = sig.slice();
      s[64] = v;
      const result = agree(hash, s);
      if ("address" in result) ok++;
      else
        expect(result.error.message).toMatch(
          /^(Header byte out of range: -?\d+|Could not recover public key from signature)$/,
        );
    }
    expect(ok).toBeGreaterThanOrEqual(4); // 0/1, 27/28, 31/32 and the 4 + 27 / 4 + 31 forms for the real id
  });

  it("on longer signatures (extra bytes ignored) and hashes that are not 32 bytes", () => {
    const key = newKey();
    const hash = random(32);
    const sig = signHash(hash, key);
    const longer = new Uint8Array(70);
    longer.set(sig);
    longer.fill(0xaa, 65);
    expect(agree(hash, longer)).toEqual({ address: bytesToHex(addressOfPrivateKey(key)) });
    for (const n of [0, 1, 31, 33, 64]) agree(random(n), sig);
  });

  it("on hashes of 0, 1, n and 2^256 - 1", () => {
    const sig = signHash(random(32), newKey());
    for (const h of [0n, 1n, N, N + 1n, (1n << 256n) - 1n]) {
      agree(hexToBytes(h.toString(16).padStart(64, "0")), sig);
    }
  });

  it("on arbitrary bytes (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 65, maxLength: 65 }),
        (h, s) => {
          agree(h, s);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("errors match noble's", () => {
  const native = createNativeRecoverer();
  const hash = random(32);
  const good = signHash(hash, newKey());

  const expectError = (signature: Uint8Array, code: string, message: string, h = hash) => {
    for (const recoverer of [native, noble]) {
      let caught: unknown;
      try {
        recoverer.recoverAddress(h, signature);
      } catch (error) {
        caught = error;
      }
      expect(caught, recoverer.name).toBeInstanceOf(TronodeError);
      expect((caught as TronodeError).code, recoverer.name).toBe(code);
      expect((caught as TronodeError).message, recoverer.name).toBe(message);
    }
  };

  it("short signature: Signature size is N", () => {
    for (const n of [0, 1, 32, 64])
      expectError(good.subarray(0, n), "SIGNATURE_FORMAT", `Signature size is ${n}`);
  });

  it("header byte out of range", () => {
    const cases: [number, number][] = [
      [35, 35],
      [36, 36],
      [127, 127],
      [128, -101], // signed byte -128, plus 27
      [255, 26], // -1 + 27
      [8, 35], // 8 + 27
      [200, -29],
    ];
    for (const [byte, shown] of cases) {
      const s = good.slice();
      s[64] = byte;
      expectError(s, "SIGNATURE_RECOVERY", `Header byte out of range: ${shown}`);
    }
  });

  it("r = 0, s = 0, r >= n, s >= n: recovered or refused as java-tron's ECKey does", () => {
    const r = toBig(good.subarray(0, 32));
    const s = toBig(good.subarray(32, 64));
    const max = (1n << 256n) - 1n;
    for (const [rr, ss] of [
      [0n, s],
      [r, 0n],
      [0n, 0n],
      [N, s],
      [N + 1n, s],
      [max, s],
      [r, N],
      [r, max],
    ] as const) {
      for (const v of [0, 1, 27, 28]) {
        const sig = makeSignature(rr, ss, v);
        expect(outcome(native, hash, sig)).toEqual(outcome(noble, hash, sig));
      }
    }
    // java-tron 4.8.0 answers these (the oracle's broadcast of a signature of zeros)
    expectError(
      makeSignature(0n, 0n, 0),
      "SIGNATURE_RECOVERY",
      "java.lang.IllegalArgumentException: Invalid point compression",
    );
    // x = r ≥ the field prime
    expectError(
      makeSignature(max, s, 0),
      "SIGNATURE_RECOVERY",
      "Could not recover public key from signature",
    );
    // s = 0 and s ≥ n are no error for ECKey: it recovers some key (the permission check refuses it)
    expect(outcome(native, hash, makeSignature(r, 0n, 0))).not.toHaveProperty("error");
  });

  it("recovered point at infinity: the address of an empty key, as ECKey's encoding of infinity", () => {
    // R = G (r = Gx, Gy even so recovery id 0), s = 1, e = 1: Q = r⁻¹(s·R − e·G) = ∞.
    const h = hexToBytes(`${"00".repeat(31)}01`);
    for (const recoverer of [native, noble]) {
      expect(recoverer.recoverAddress(h, makeSignature(GX, 1n, 0))).toEqual(
        addressFromPublicKey(new Uint8Array(0)),
      );
    }
  });

  it("r with no point on the curve, and recovery ids 2/3", () => {
    const agree = (h: Uint8Array, sig: Uint8Array) =>
      expect(outcome(native, h, sig)).toEqual(outcome(noble, h, sig));
    let failures = 0;
    let highIdSuccesses = 0;
    for (let r = 1n; r <= 40n; r++) {
      for (const v of [0, 1, 2, 3]) {
        const sig = makeSignature(r, 12345n, v);
        agree(hash, sig);
        if ("error" in outcome(noble, hash, sig)) failures++;
        else if (v >= 2) highIdSuccesses++;
      }
    }
    expect(failures).toBeGreaterThan(0);
    expect(highIdSuccesses).toBeGreaterThan(0); // x = r + n exists for about half of these small r
    // x = r + n only exists for r < p − n; a large r with id 2/3 always fails.
    expectError(
      makeSignature(N - 5n, 7n, 2),
      "SIGNATURE_RECOVERY",
      "Could not recover public key from signature",
    );
  });
});
