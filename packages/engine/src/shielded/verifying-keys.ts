/**
 * TRON's Groth16 verifying keys (its own 2020 parameter ceremony, java-tron commit ec4dd4d).
 *
 * The output key is the first 1 444 bytes of java-tron's `sapling-output.params` (3 647 804 bytes,
 * BLAKE2b-512 a1cb23b9…); its SHA-256 is pinned below and checked on first use. It is a protocol
 * constant, like a genesis block, so it lives in the code.
 *
 * The spend key is the first 1 636 bytes of TRON's `sapling-spend.params` (~48 MB). That file is
 * not carried by any source this project can reach (npm, Debian), and no copy of its head has
 * been published, so spend proofs cannot be verified here: `spendVerifyingKey()` throws
 * SHIELDED_SPEND_VK_UNAVAILABLE and every caller answers that error instead of a verdict.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "../crypto/bytes.js";
import { TronodeError } from "../errors.js";
import { type Groth16VerifyingKey, parseVerifyingKey } from "./groth16.js";

export const TRON_OUTPUT_VK_SHA256 = "961f82a172c5c05c7bdd9adc9933732cdf52cf62f2a8d84715d542a9e2d9cb06";

const TRON_OUTPUT_VK_HEX =
  "0db882cf5db3e8567f16b4db1772d4d1f5a3fe8d62f0df2eb8a5cfa50806702afde8fc25335eb5ec859c2818b2610b2e" +
  "19ab445dac720bb1f2b0cd3336f7a1acc62bf1b3a321826264dc7e469281e23b218394d598689da04e136878ff9a7897" +
  "014a78a8d17180a37c4ca8fb231f264ab89bd14863777fc1ffe901fd92444365d18f78237612ac38e39f419c32f08245" +
  "15219ec45c26c1fad530514ed891a0d0043acedf348922102e95b3e6d07e0afa94c58aa41480631fc1ca36e55aae51fd" +
  "0a416b8187450b28f025c421e3ff14d38f9abd9af2f1046b914b53ab37e9aebba683cb25284e5c22fa341129985250a1" +
  "03547de5d005df48265f7cb258162253d56fbc682d106a1ecb07666ebf7524a364e512c37aa62f82d6e7dd4ed8838478" +
  "104376a98072766c29959358e9cde6a4985618f65ea257e8f288974f4aedde52e5dac2fb7ae5d30eab7cd828a2c8b15f" +
  "15b16f139f2c33ef33d63befe404e696c97077d17ea42f4ff9d82ec456aaf43914a3d07968111a3a348f157e64c0278a" +
  "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e" +
  "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8" +
  "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be" +
  "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801" +
  "052d3365ac1f34aa248dad20f92064adbbc4c8a167cb9e7b97be8ac7bd7e17abf446f055c53697a7a1034ad7cdecd05e" +
  "07a16a2f255119fef491e61fdd71a529540573b12a45b461e7efb96d197d53b00d4ec071461d99b80f81a8559e0ab313" +
  "13579d555ec764a5c83253e58db1d6a73717d68cd2277d7acc132995d7c3083c6a08e2a9956750337efeefedf74277ca" +
  "0462619da4a645a6180c68883d9c02d16cfed0a48873f7304be273bd80a7ec33c69176184fb23f4860243ace5d18be50" +
  "156121f23a6caa93e918fd02d6682b46c89a9e6e4f067fcc8f10d119d807b24d452c56b2413f2baaeb70ae243d143a14" +
  "0da4a723aac5f8202ea48688a92250a8c0162f386b099512112bf228315d1a14703403067ac2da58fb66428054009270" +
  "0000000604fd67184c37c5240183cff73f52544ecd6b629e775ad6648696f99a431a63ca8b386bdcb94cb1e4c53c4ec0" +
  "276d3dc50c2bd5d31bf904b30b9d0508d59c915bfaea64830425366257fe599f2eaf2f6650bea1abe4bab1955da88a68" +
  "60c31b4d073143b431c7e8e9323f3693c470fd9a3adf199a31b6e3006c64189bde7a07a316f9f7252d042147ac4c68be" +
  "3a62a367012534e285c0ac0e01c7c8f9d013f13aa1da0c06777564d76b27ab788fd46ca5a9a9854424c325eab8529804" +
  "4b258da313cca7cdbcfb681f36c0a3d9ab957960b57dd73002f042f7222eec23d5d60a30bf93bd8d0564113c0be8f1ba" +
  "f577ca570088e381355d3f7e8dab653e7a2e758724b39a9d63e4905fbc2927d5246d2e6072ad142f81498e6d5aecdf36" +
  "200de5790ffb9b423f4631fbbeb423d81fe9b244953a2b701eb2f5d96bf97981eb50227705128a401c10789582bbc864" +
  "8150270f0d77cb44de2f73bdea9e4405174ef3034ce88bc4b02d4e0886b3fa5fb5e6b0b1f404bfa18ad308aadddd2634" +
  "c9765d5b0f91ffe602148dd9a6404f1701af31a48481ef23bf05beed476428178c2f972082d533348904348831ea61ce" +
  "33bf6ccc0b04fae453962cb4c2634bc75eaecaaf9a034cb30d82968bb08a46403b308ac0be82f5964c0a9631032c3631" +
  "47097ad20936d64376b8cff46bf7a9c3db65b47ad83c1cdf2cea84f2671278d597f8867a3a4a955aaab958169bf96839" +
  "b923b27a08e7d52742571a73eb842f9c31b8972505079760a63c909f0033ba1331c8131c3eafb8945f2112c405869b54" +
  "721b014e";

let outputKey: Groth16VerifyingKey | undefined;

/** TRON's Sapling output verifying key (5 public inputs: cv.u, cv.v, epk.u, epk.v, cmu). */
export function outputVerifyingKey(): Groth16VerifyingKey {
  if (!outputKey) {
    const bytes = hexToBytes(TRON_OUTPUT_VK_HEX);
    if (bytesToHex(sha256(bytes)) !== TRON_OUTPUT_VK_SHA256) {
      throw new TronodeError("SHIELDED_BAD_VK", "TRON output verifying key does not match its pinned hash");
    }
    outputKey = parseVerifyingKey(bytes);
  }
  return outputKey;
}

export const SPEND_VK_UNAVAILABLE_MESSAGE =
  "not possible here: TRON's Sapling spend verifying key (the head of its sapling-spend.params) is not available to this node, so spend proofs cannot be verified";

/** TRON's Sapling spend verifying key: unavailable (see above), so this always throws. */
export function spendVerifyingKey(): Groth16VerifyingKey {
  throw new TronodeError("SHIELDED_SPEND_VK_UNAVAILABLE", SPEND_VK_UNAVAILABLE_MESSAGE);
}
