declare module "snappyjs" {
  /** Raw-block Snappy (no framing), as xerial's Snappy.compress writes it. */
  export function compress(input: Uint8Array): Uint8Array;
  export function uncompress(input: Uint8Array, maxLength?: number): Uint8Array;
}
