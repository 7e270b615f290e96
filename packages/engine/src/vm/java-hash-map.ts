/**
 * The iteration order of a java.util.HashMap filled by `put` in the given order, for the places
 * where java-tron's output follows it (internal transactions' token lists, a VOTEWITNESS's votes).
 *
 * Nodes sit in the bucket `spread(hash) & (capacity − 1)`, in insertion order within a bucket; a
 * resize splits buckets without reordering, so the final order is the stable sort of the keys by
 * their bucket in the final capacity. The capacity starts at 16 and doubles when the size passes
 * 0.75 × capacity, or when a bucket reaches 9 nodes while the table is below 64 (treeifyBin resizes
 * instead). A bucket that becomes a red-black tree (9 colliding keys at capacity ≥ 64) is not
 * modelled: it needs far more keys than these maps hold.
 */
export function javaHashMapOrder<K>(
  keys: readonly K[],
  hashCode: (key: K) => number,
  same: (a: K, b: K) => boolean,
): K[] {
  const distinct: { key: K; spread: number }[] = [];
  let capacity = 16;
  for (const key of keys) {
    if (distinct.some((d) => same(d.key, key))) continue;
    const h = hashCode(key) | 0;
    const spread = h ^ (h >>> 16);
    const bucket = spread & (capacity - 1);
    let inBucket = 0;
    for (const d of distinct) if ((d.spread & (capacity - 1)) === bucket) inBucket++;
    distinct.push({ key, spread });
    if (inBucket + 1 >= 9 && capacity < 64) capacity *= 2;
    if (distinct.length > capacity * 0.75) capacity *= 2;
  }
  return distinct
    .map((d, i) => ({ ...d, i }))
    .sort((a, b) => (a.spread & (capacity - 1)) - (b.spread & (capacity - 1)) || a.i - b.i)
    .map((d) => d.key);
}

/** Java String.hashCode of a UTF-16 string. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
