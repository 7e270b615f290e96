/**
 * A small least-recently-used map: `get` refreshes an entry; `set` evicts the oldest entries past
 * the capacity (entries) or past the weight budget (e.g. encoded bytes: one block of a busy chain
 * weighs as much as thousands of small rows).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    readonly capacity: number,
    readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The sum of the weights of the entries held. */
  get weight(): number {
    return this.totalWeight;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value and a refresh of its recency; `undefined` on a miss (store no `undefined` values). */
  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, weight = 1): void {
    if (this.capacity <= 0) return;
    this.delete(key);
    this.map.set(key, { value, weight });
    this.totalWeight += weight;
    // the newest entry always stays, even when it alone is over the budget
    while (this.map.size > this.capacity || (this.totalWeight > this.maxWeight && this.map.size > 1)) {
      const oldest = this.map.keys().next().value as K;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.totalWeight -= entry.weight;
  }

  clear(): void {
    this.map.clear();
    this.totalWeight = 0;
  }
}
