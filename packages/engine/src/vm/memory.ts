/**
 * A frame's memory, as java-tron's Memory behaves: `size` grows in 32-byte words whenever a read
 * or write touches bytes beyond it (reads extend too). Energy and the 3 MB cap are checked by the
 * cost functions before any access, so offsets reaching here are within the cap.
 */
export class Memory {
  private buf = new Uint8Array(1024);
  private view = new DataView(this.buf.buffer);
  /** java-tron's softSize: bytes in use, a multiple of 32. */
  size = 0;

  extend(offset: number, length: number): void {
    if (length <= 0) return;
    const end = offset + length;
    if (end <= this.size) return;
    const newSize = Math.ceil(end / 32) * 32;
    if (newSize > this.buf.length) {
      let capacity = this.buf.length * 2;
      while (capacity < newSize) capacity *= 2;
      const next = new Uint8Array(capacity);
      next.set(this.buf.subarray(0, this.size));
      this.buf = next;
      this.view = new DataView(next.buffer);
    }
    this.size = newSize;
  }

  /** A copy of `length` bytes at `offset` (extends the memory like java-tron's read). */
  read(offset: number, length: number): Uint8Array {
    if (length <= 0) return new Uint8Array(0);
    this.extend(offset, length);
    return this.buf.slice(offset, offset + length);
  }

  /** The 32-byte word at `offset` as an unsigned integer. */
  readWord(offset: number): bigint {
    this.extend(offset, 32);
    const v = this.view;
    return (
      (v.getBigUint64(offset) << 192n) |
      (v.getBigUint64(offset + 8) << 128n) |
      (v.getBigUint64(offset + 16) << 64n) |
      v.getBigUint64(offset + 24)
    );
  }

  /** Writes `data` (its first `length` bytes) at `offset`, extending the memory. */
  write(offset: number, data: Uint8Array, length = data.length): void {
    const n = Math.min(length, data.length);
    if (n <= 0) return;
    this.extend(offset, n);
    this.buf.set(n === data.length ? data : data.subarray(0, n), offset);
  }

  /** java-tron's memorySaveLimited: writes at most up to the current size, never extending. */
  writeLimited(offset: number, data: Uint8Array, length: number): void {
    let n = Math.min(length, data.length);
    if (offset + n > this.size) n = this.size - offset;
    if (n <= 0) return;
    this.buf.set(data.subarray(0, n), offset);
  }

  writeWord(offset: number, value: bigint): void {
    this.extend(offset, 32);
    const v = this.view;
    v.setBigUint64(offset, value >> 192n);
    v.setBigUint64(offset + 8, BigInt.asUintN(64, value >> 128n));
    v.setBigUint64(offset + 16, BigInt.asUintN(64, value >> 64n));
    v.setBigUint64(offset + 24, BigInt.asUintN(64, value));
  }

  writeByte(offset: number, value: number): void {
    this.extend(offset, 1);
    this.buf[offset] = value;
  }

  /** MCOPY: java-tron reads the source (extending) then writes the destination. */
  copy(dst: number, src: number, length: number): void {
    if (length <= 0) return;
    const data = this.read(src, length);
    this.write(dst, data, length);
  }
}
