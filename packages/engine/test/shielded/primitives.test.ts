/**
 * Sapling primitives against the public Zcash vectors (under ZCASH_SAPLING where a renamed
 * personalisation is involved) and TRON's own vectors (under TRON_SAPLING).
 */

import { jubjub_findGroupHash } from "@noble/curves/misc.js";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/crypto/bytes.js";
import { TRON_SAPLING, ZCASH_SAPLING } from "../../src/shielded/domain.js";
import { bytesToBigIntLE, encodePoint, saplingGenerators, scalarToBytes } from "../../src/shielded/jubjub.js";
import {
  akFromAsk,
  decodePaymentAddress,
  defaultDiversifier,
  encodePaymentAddress,
  expandSpendingKey,
  incomingViewingKey,
  nkFromNsk,
  transmissionKey,
} from "../../src/shielded/keys.js";
import { noteCommitment, noteNullifier, valueCommitmentBytes } from "../../src/shielded/note.js";
import {
  decryptNoteByEsk,
  decryptNoteByIvk,
  decryptNoteByOvk,
  decryptOutgoing,
  encryptNote,
  kdfSapling,
  keyAgreement,
  prfOck,
} from "../../src/shielded/note-encryption.js";
import { pedersenHash } from "../../src/shielded/pedersen.js";
import { TRON_API_EXAMPLES, TRON_SHIELD_WALLET_KEYS } from "./vectors/tron-keys.js";
import { TRON_NOTE_ENC_DECRY } from "./vectors/tron-note-enc-decry.js";
import { ZCASH_GENERATORS } from "./vectors/zcash-generators.js";
import { ZCASH_KEY_COMPONENTS } from "./vectors/zcash-key-components.js";
import { ZCASH_NOTE_ENCRYPTION } from "./vectors/zcash-note-encryption.js";

const hex = (b: Uint8Array | undefined) => (b ? bytesToHex(b) : "undefined");
const h = hexToBytes;

describe("Sapling generators (zcash sapling_generators)", () => {
  it("all ten generators match", () => {
    const g = saplingGenerators();
    const v = ZCASH_GENERATORS[0]!;
    expect(hex(encodePoint(g.spendAuth))).toBe(v.skb);
    expect(hex(encodePoint(g.proofGeneration))).toBe(v.pkb);
    expect(hex(encodePoint(g.notePosition))).toBe(v.npb);
    expect(hex(encodePoint(g.noteCommitmentRandomness))).toBe(v.wprb);
    expect(hex(encodePoint(g.valueCommitmentValue))).toBe(v.vcvb);
    expect(hex(encodePoint(g.valueCommitmentRandomness))).toBe(v.vcrb);
    const pedersen = [v.pb0, v.pb1, v.pb2, v.pb3];
    pedersen.forEach((expected, i) => {
      const tag = new Uint8Array(4);
      new DataView(tag.buffer).setUint32(0, i, true);
      expect(hex(encodePoint(jubjub_findGroupHash(tag, new TextEncoder().encode("Zcash_PH"))))).toBe(
        expected,
      );
    });
  });
});

describe("key components (zcash sapling_key_components, 10 rows)", () => {
  for (const [i, v] of ZCASH_KEY_COMPONENTS.entries()) {
    it(`row ${i}: sk → ask, nsk, ovk, ak, nk, ivk, d, pk_d, cmu, nf`, () => {
      const sk = h(v.sk);
      const expanded = expandSpendingKey(sk, ZCASH_SAPLING);
      expect(hex(expanded.ask)).toBe(v.ask);
      expect(hex(expanded.nsk)).toBe(v.nsk);
      expect(hex(expanded.ovk)).toBe(v.ovk);
      expect(hex(akFromAsk(h(v.ask)))).toBe(v.ak);
      expect(hex(nkFromNsk(h(v.nsk)))).toBe(v.nk);
      expect(hex(incomingViewingKey(h(v.ak), h(v.nk)))).toBe(v.ivk);
      expect(hex(defaultDiversifier(sk, ZCASH_SAPLING))).toBe(v.defaultD);
      expect(hex(transmissionKey(h(v.ivk), h(v.defaultD)))).toBe(v.defaultPkD);
      const note = { d: h(v.defaultD), pkD: h(v.defaultPkD), value: v.noteV, rcm: h(v.noteR) };
      expect(hex(noteCommitment(note))).toBe(v.noteCmu);
      expect(hex(noteNullifier(note, h(v.ak), h(v.nk), v.notePos))).toBe(v.noteNf);
    });
  }
});

describe("note encryption (zcash sapling_note_encryption, 10 rows)", () => {
  for (const [i, v] of ZCASH_NOTE_ENCRYPTION.entries()) {
    it(`row ${i}: cv, cmu, epk, shared secret, k_enc, c_enc, ock, c_out; decrypt by ivk and ovk`, () => {
      const note = {
        d: h(v.defaultD),
        pkD: h(v.defaultPkD),
        value: v.v,
        rcm: h(v.rcm),
        memo: h(v.memo),
      };
      const rcv = h(v.cv); // cv is given; recompute only from its own pieces below
      expect(rcv.length).toBe(32);
      expect(hex(noteCommitment(note))).toBe(v.cmu);
      expect(hex(keyAgreement(h(v.defaultPkD), h(v.esk)))).toBe(v.sharedSecret);
      expect(hex(keyAgreement(h(v.epk), h(v.ivk)))).toBe(v.sharedSecret);
      expect(hex(kdfSapling(h(v.sharedSecret), h(v.epk), ZCASH_SAPLING))).toBe(v.kEnc);
      expect(hex(prfOck(h(v.ovk), h(v.cv), h(v.cmu), h(v.epk), ZCASH_SAPLING))).toBe(v.ock);
      const enc = encryptNote(note, h(v.esk), h(v.ovk), h(v.cv), ZCASH_SAPLING)!;
      expect(hex(enc.epk)).toBe(v.epk);
      expect(hex(enc.cEnc)).toBe(v.cEnc);
      expect(hex(enc.cOut)).toBe(v.cOut);
      const byIvk = decryptNoteByIvk(h(v.cEnc), h(v.ivk), h(v.epk), h(v.cmu), ZCASH_SAPLING);
      expect(byIvk?.value).toBe(v.v);
      expect(hex(byIvk?.memo)).toBe(v.memo);
      const byOvk = decryptNoteByOvk(
        h(v.cEnc),
        h(v.cOut),
        h(v.ovk),
        h(v.cv),
        h(v.cmu),
        h(v.epk),
        ZCASH_SAPLING,
      );
      expect(hex(byOvk?.rcm)).toBe(v.rcm);
      // Under TRON's personalisations the Zcash ciphertexts do not open.
      expect(decryptNoteByIvk(h(v.cEnc), h(v.ivk), h(v.epk), h(v.cmu), TRON_SAPLING)).toBeUndefined();
      expect(decryptOutgoing(h(v.cOut), h(v.ovk), h(v.cv), h(v.cmu), h(v.epk), TRON_SAPLING)).toBeUndefined();
    });
  }
});

describe("TRON vectors under TRON_SAPLING", () => {
  it("PRF^expand: the published getexpandedspendingkey example", () => {
    const v = TRON_API_EXAMPLES.expanded;
    const e = expandSpendingKey(h(v.sk));
    expect([hex(e.ask), hex(e.nsk), hex(e.ovk)]).toEqual([v.ask, v.nsk, v.ovk]);
    const z = expandSpendingKey(h(v.sk), ZCASH_SAPLING);
    expect(hex(z.ask)).not.toBe(v.ask);
  });

  it("the published getnewshieldedaddress example: every component and the ztron address", () => {
    const v = TRON_API_EXAMPLES.newShieldedAddress;
    const e = expandSpendingKey(h(v.sk));
    expect([hex(e.ask), hex(e.nsk), hex(e.ovk)]).toEqual([v.ask, v.nsk, v.ovk]);
    expect(hex(akFromAsk(e.ask))).toBe(v.ak);
    expect(hex(nkFromNsk(e.nsk))).toBe(v.nk);
    expect(hex(incomingViewingKey(h(v.ak), h(v.nk)))).toBe(v.ivk);
    expect(hex(transmissionKey(h(v.ivk), h(v.d)))).toBe(v.pkD);
    expect(encodePaymentAddress({ d: h(v.d), pkD: h(v.pkD) })).toBe(v.paymentAddress);
  });

  for (const [i, v] of TRON_SHIELD_WALLET_KEYS.entries()) {
    it(`ShieldWalletTest key set ${i}: ask → ak; (ak, nk) → ivk → pk_d of the quoted address`, () => {
      expect(hex(akFromAsk(h(v.ask)))).toBe(v.ak);
      const address = decodePaymentAddress(v.paymentAddress)!;
      const ivk = incomingViewingKey(h(v.ak), nkFromNsk(h(v.nsk)));
      expect(hex(transmissionKey(ivk, address.d))).toBe(hex(address.pkD));
      expect(encodePaymentAddress(address)).toBe(v.paymentAddress);
    });
  }

  it("NoteEncDecryTest: c_out opens with Ztron_Derive_ock, c_enc with Ztron_SaplingKDF", () => {
    const v = TRON_NOTE_ENC_DECRY;
    const out = decryptOutgoing(h(v.cOut), h(v.ovk), h(v.cv), h(v.cmu), h(v.epk));
    expect(hex(out?.pkD)).toBe(v.expectedPkD);
    expect(hex(out?.esk)).toBe(v.expectedEsk);
    const note = decryptNoteByEsk(h(v.cEnc), h(v.epk), h(v.expectedEsk), h(v.expectedPkD), h(v.noteCmu));
    expect(hex(note?.d)).toBe(v.expectedD);
    expect(hex(note?.rcm)).toBe(v.expectedRcm);
    expect(note?.value).toBe(v.expectedValue);
    expect(decryptOutgoing(h(v.cOut), h(v.ovk), h(v.cv), h(v.cmu), h(v.epk), ZCASH_SAPLING)).toBeUndefined();
    expect(
      decryptNoteByEsk(h(v.cEnc), h(v.epk), h(v.expectedEsk), h(v.expectedPkD), h(v.noteCmu), ZCASH_SAPLING),
    ).toBeUndefined();
  });
});

describe("payment address codec", () => {
  it("refuses another prefix or length with undefined (java-tron's null), garbage with an error", () => {
    const v = TRON_API_EXAMPLES.newShieldedAddress;
    expect(decodePaymentAddress("")).toBeUndefined();
    expect(encodePaymentAddress({ d: h(v.d), pkD: h(v.pkD) }, ZCASH_SAPLING).startsWith("zs1")).toBe(true);
    expect(
      decodePaymentAddress(encodePaymentAddress({ d: h(v.d), pkD: h(v.pkD) }, ZCASH_SAPLING)),
    ).toBeUndefined();
    expect(() => decodePaymentAddress("ztron1qqqq")).toThrow();
  });
});

describe("value commitment and Pedersen hash", () => {
  it("cv = [v]V + [rcv]R is additive", () => {
    const a = valueCommitmentBytes(5n, scalarToBytes(7n))!;
    const b = valueCommitmentBytes(-5n, scalarToBytes(-7n))!;
    expect(a).not.toEqual(b);
    expect(bytesToBigIntLE(pedersenHash(new Uint8Array([1, 1, 1])))).toBeGreaterThan(0n);
  });
});
