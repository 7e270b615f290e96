/**
 * Message formats between the recovery pool and its workers. A batch travels as one packed
 * ArrayBuffer plus an offsets table, both transferred (not copied) in each direction.
 */

/** One signature to recover: the hash that was signed and the signature (r ‖ s ‖ header byte). */
export interface RecoveryItem {
  hash: Uint8Array;
  signature: Uint8Array;
}

/** A failed item's result: the code and message of the TronodeError the recoverer threw for it. */
export interface RecoveryError {
  error: { code: string; message: string };
}

/** One item's result from `recoverMany`: its signer's 21-byte address, or why it failed. */
export type RecoveryResult = Uint8Array | RecoveryError;

export interface WorkerInit {
  useNative: boolean;
}

export interface BatchRequest {
  id: number;
  count: number;
  /** hash₀ ‖ signature₀ ‖ hash₁ ‖ signature₁ ‖ … */
  data: ArrayBuffer;
  /** 2·count + 1 offsets into `data`: hashᵢ = [o[2i], o[2i+1]), signatureᵢ = [o[2i+1], o[2i+2]). */
  offsets: ArrayBuffer;
}

export interface BatchResponse {
  id: number;
  /** Fixed-size records of `addressSize` bytes; a failed item's record is zero. */
  addresses: ArrayBuffer;
  addressSize: number;
  failures: { index: number; code: string; message: string }[];
}

/** A worker that could not build its recoverer answers every request with `fatal`. */
export type WorkerMessage = BatchResponse | { id: number; fatal: string };

export function packBatch(
  id: number,
  items: readonly RecoveryItem[],
  start: number,
  end: number,
): BatchRequest {
  const count = end - start;
  let total = 0;
  for (let i = start; i < end; i++) total += items[i]!.hash.length + items[i]!.signature.length;
  const data = new Uint8Array(total);
  const offsets = new Uint32Array(2 * count + 1);
  let at = 0;
  for (let i = start, k = 0; i < end; i++, k++) {
    const { hash, signature } = items[i]!;
    offsets[2 * k] = at;
    data.set(hash, at);
    at += hash.length;
    offsets[2 * k + 1] = at;
    data.set(signature, at);
    at += signature.length;
  }
  offsets[2 * count] = at;
  return { id, count, data: data.buffer, offsets: offsets.buffer };
}

export function unpackBatch(request: BatchRequest): RecoveryItem[] {
  const data = new Uint8Array(request.data);
  const offsets = new Uint32Array(request.offsets);
  const items: RecoveryItem[] = new Array(request.count);
  for (let k = 0; k < request.count; k++) {
    items[k] = {
      hash: data.subarray(offsets[2 * k]!, offsets[2 * k + 1]!),
      signature: data.subarray(offsets[2 * k + 1]!, offsets[2 * k + 2]!),
    };
  }
  return items;
}
