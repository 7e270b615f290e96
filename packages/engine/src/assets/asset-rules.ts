/** java-tron's TransactionUtil checks for token fields, and TRC-10 constants. */

/** validReadableBytes: 1..max bytes, each a printable ASCII character 0x21..0x7E (no space). */
function validReadableBytes(bytes: Uint8Array, max: number): boolean {
  if (bytes.length === 0 || bytes.length > max) return false;
  return bytes.every((b) => b >= 0x21 && b <= 0x7e);
}

/** validAssetName (also used for the abbreviation): 1..32 readable bytes. */
export function validAssetName(name: Uint8Array): boolean {
  return validReadableBytes(name, 32);
}

/** validUrl: 1..256 bytes. */
export function validUrl(url: Uint8Array): boolean {
  return url.length > 0 && url.length <= 256;
}

/** validAssetDescription: 0..200 bytes. */
export function validAssetDescription(description: Uint8Array): boolean {
  return description.length <= 200;
}

/** TransactionUtil.isNumber: digits only, no leading zero (unless the id is "0"). */
export function isNumber(id: Uint8Array): boolean {
  if (id.length === 0) return false;
  if (!id.every((b) => b >= 0x30 && b <= 0x39)) return false;
  return !(id.length > 1 && id[0] === 0x30);
}

/** ActuatorConstant.PRECISION_DECIMAL: the largest token precision once tokens are named by id. */
export const MAX_TOKEN_PRECISION = 6;

/** FROZEN_PERIOD: one day in ms, the unit of a frozen supply's duration. */
export const FROZEN_PERIOD = 86_400_000n;
