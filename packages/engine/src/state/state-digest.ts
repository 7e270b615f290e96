import { sha256 } from "@noble/hashes/sha2.js";
import { int64ToBytes, utf8Encode } from "../crypto/bytes.js";

/**
 * One hash of a whole chain state: fed every table's rows (tables in id order, rows in key order),
 * it gives the same 32 bytes on every machine for the same state, so two nodes — or a node and a
 * replay of its blocks — can be compared with one value.
 *
 * Each row enters as: table id, key and value, each prefixed with its length as 8 bytes, so no two
 * different row sequences hash the same input.
 */
export interface StateDigest {
  add(tableId: string, key: Uint8Array, value: Uint8Array): void;
  digest(): Uint8Array;
}

/** A running sha256 over table rows, for comparing two states (tre_stateDigest). */
export function createStateDigest(): StateDigest {
  const hash = sha256.create();
  const field = (bytes: Uint8Array) => {
    hash.update(int64ToBytes(BigInt(bytes.length)));
    hash.update(bytes);
  };
  let tableId: string | undefined;
  let tableIdBytes: Uint8Array = new Uint8Array();
  return {
    add(id, key, value) {
      if (id !== tableId) {
        tableId = id;
        tableIdBytes = utf8Encode(id);
      }
      field(tableIdBytes);
      field(key);
      field(value);
    },
    digest: () => hash.digest(),
  };
}
