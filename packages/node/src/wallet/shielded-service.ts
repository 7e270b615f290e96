/**
 * The shielded key and address operations (java-tron's Wallet methods behind getspendingkey …
 * createspendauthsig): the engine computes, this service draws the randomness java-tron draws
 * (SecureRandom for spending keys and diversifiers, librustzcash's OsRng for rcm and RedJubjub).
 */
import { randomBytes } from "node:crypto";
import { type ShieldedQueries, shielded } from "@tronode/engine";

const random = (size: number) => new Uint8Array(randomBytes(size));

export class ShieldedService implements ShieldedQueries {
  async getSpendingKey(): Promise<Uint8Array> {
    for (;;) {
      const sk = shielded.spendingKeyFromRandom(random(32));
      if (shielded.isUsableSpendingKey(sk)) return sk;
    }
  }

  async getExpandedSpendingKey(sk: Uint8Array) {
    return shielded.expandedSpendingKeyOf(sk);
  }

  async getAkFromAsk(ask: Uint8Array): Promise<Uint8Array> {
    return shielded.akOf(ask);
  }

  async getNkFromNsk(nsk: Uint8Array): Promise<Uint8Array> {
    return shielded.nkOf(nsk);
  }

  async getIncomingViewingKey(ak: Uint8Array, nk: Uint8Array): Promise<Uint8Array> {
    return shielded.ivkOf(ak, nk);
  }

  async getDiversifier(): Promise<Uint8Array> {
    for (;;) {
      const d = random(shielded.DIVERSIFIER_LENGTH);
      if (shielded.isValidDiversifier(d)) return d;
    }
  }

  async getZenPaymentAddress(ivk: Uint8Array, d: Uint8Array) {
    return shielded.paymentAddressMessageOf(ivk, d);
  }

  async getRcm(): Promise<Uint8Array> {
    return shielded.rcmFromRandom(random(64));
  }

  async getNewShieldedAddress() {
    return shielded.shieldedAddressInfoOf(await this.getSpendingKey(), await this.getDiversifier());
  }

  async createSpendAuthSig(ask: Uint8Array, alpha: Uint8Array, txHash: Uint8Array): Promise<Uint8Array> {
    return shielded.spendAuthSigOf(ask, alpha, txHash, random(80));
  }
}
