/**
 * A Map kept as many small Maps. A JS Map grows by copying its whole table into one twice the size
 * inside the `set` that fills it: at a million entries that one call holds the event loop far
 * longer than a slice, and a relay's mirror, list index and poll each hold one entry per
 * referral. Split in `SHARDS` by key, each copy is of a 64th of the entries, and the shards
 * take unequal shares of the keys (see `shardIndex`) so that they do not all grow in one call.
 *
 * Iteration goes shard by shard, each in insertion order: the order of the whole is not the
 * insertion order, and an entry set during an iteration is seen only when its shard comes later
 * (callers that read across turns of the event loop replay what changed meanwhile anyway).
 * Invariant: it holds and answers what one Map would; only the iteration order differs.
 */
export class ShardedMap<K, V> implements ReadonlyMap<K, V> {
  private readonly shards: Map<K, V>[];

  constructor(private readonly shardOf: (key: K) => number) {
    this.shards = Array.from({ length: SHARDS }, () => new Map<K, V>());
  }

  private shard(key: K): Map<K, V> {
    return this.shards[shardIndex(this.shardOf(key))] as Map<K, V>;
  }

  get size(): number {
    let n = 0;
    for (const s of this.shards) n += s.size;
    return n;
  }

  get(key: K): V | undefined {
    return this.shard(key).get(key);
  }

  has(key: K): boolean {
    return this.shard(key).has(key);
  }

  set(key: K, value: V): this {
    this.shard(key).set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.shard(key).delete(key);
  }

  values(): IterableIterator<V> {
    return new Chained(this.shards, (s) => s.values());
  }

  /** Every value in an array: ~7 ms for 1,000,000 where `Array.from(values())` takes ~40. */
  valuesArray(): V[] {
    return ([] as V[]).concat(...this.shards.map((s) => Array.from(s.values())));
  }

  keys(): IterableIterator<K> {
    return new Chained(this.shards, (s) => s.keys());
  }

  entries(): IterableIterator<[K, V]> {
    return new Chained(this.shards, (s) => s.entries());
  }

  forEach(each: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [k, v] of this.entries()) each(v, k, this);
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }
}

/**
 * The shards' iterators one after the other. A generator (`yield*`) took 190-270 ms to read
 * 1,000,000 values where a Map's own iterator takes ~35 ms; this adds one call a value.
 */
class Chained<S, T> implements IterableIterator<T> {
  private shard = 0;
  private current: Iterator<T> | undefined;

  constructor(
    private readonly shards: readonly S[],
    private readonly open: (shard: S) => Iterator<T>,
  ) {}

  next(): IteratorResult<T> {
    for (;;) {
      if (this.current === undefined) {
        const s = this.shards[this.shard];
        if (s === undefined) return { done: true, value: undefined };
        this.current = this.open(s);
      }
      const r = this.current.next();
      if (!r.done) return r;
      this.current = undefined;
      this.shard += 1;
    }
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this;
  }
}

/** Shards: 1,000,000 entries are 64 Maps of 10,000-22,000 (a copy well under 5 ms). */
export const SHARDS = 64;

/** The shard of each of 4,096 buckets of hashes: shard i has a share of them ∝ 2^(i/64). */
const SHARD_OF_BUCKET = ((): Uint8Array => {
  const weights = Array.from({ length: SHARDS }, (_, i) => 2 ** (i / SHARDS));
  const total = weights.reduce((a, b) => a + b, 0);
  const table = new Uint8Array(4096);
  let sum = 0;
  let from = 0;
  weights.forEach((w, i) => {
    sum += w;
    const to = i === SHARDS - 1 ? table.length : Math.round((table.length * sum) / total);
    table.fill(i, from, to);
    from = to;
  });
  return table;
})();

/**
 * The shard of a key's hash: its bits mixed (murmur3's finalizer, so that consecutive ids fall in
 * every shard), then its top 12 bits looked up in SHARD_OF_BUCKET. The shards' shares of the keys
 * run from 1 to 2 (over one octave, evenly in log): with equal shares, the shards of a growing map
 * reach each power of two together (ids come in order), and the one change set that crosses it
 * (250 referrals cover every shard) copies all 64 tables in one call, as long a pause as one
 * unsharded table's. Spread so, two shards cross their sizes' next power of two ~1% of the
 * entries apart.
 */
export const shardIndex = (hash: number): number => shardOfMixed(mixBits(hash));

/** The shard of a hash `mixBits` mixed already (its top 12 bits; the rest are free to use). */
export const shardOfMixed = (mixed: number): number => SHARD_OF_BUCKET[mixed >>> 20] as number;

/** A hash's bits mixed (murmur3's finalizer): each bit of the key moves about half of them. */
export function mixBits(hash: number): number {
  let h = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The hash of a key written in decimal digits (or any string): its characters' (shardIndex mixes it). */
export function stringShard(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i += 1) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

/** The hash of an integer key. */
export const numberShard = (key: number): number => key | 0;

/** A map by string ids (ids of referrals: '1234567'). */
export const shardedByString = <V>(): ShardedMap<string, V> =>
  new ShardedMap<string, V>(stringShard);

/**
 * A record id as a map key: a small integer when the id is one, as a number or written plainly
 * in decimal ('1234567'), else the id as a string. A Map holds a small integer in its own table
 * and a string as one more object on the heap: at 1,000,000 referrals the mirror's and the list
 * index's keys were 2,000,000 strings for the collector to mark. The same id always gives the
 * same key, whichever form it comes in.
 */
export type IdKey = string | number;

/** Digits of an id kept as a number: below 10^9, a V8 small integer (under 2^30). */
const MAX_ID_DIGITS = 9;

export function idKey(id: string | number): IdKey {
  if (typeof id === 'number') {
    // -0 is 0, as String(-0) is '0'.
    return Number.isInteger(id) && id >= 0 && id < 1e9 ? id || 0 : String(id);
  }
  const n = id.length;
  if (n === 0 || n > MAX_ID_DIGITS || (n > 1 && id.charCodeAt(0) === 48)) return id;
  let v = 0;
  for (let i = 0; i < n; i += 1) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return id;
    v = v * 10 + d;
  }
  return v;
}

/** A map by record ids, keyed by `idKey` (callers key every get, set and delete with it). */
export const shardedById = <V>(): ShardedMap<IdKey, V> =>
  new ShardedMap<IdKey, V>((k) => (typeof k === 'number' ? k | 0 : stringShard(k)));

/** A map by integer ids. */
export const shardedByNumber = <V>(): ShardedMap<number, V> =>
  new ShardedMap<number, V>(numberShard);

/** A Set kept as many small Sets, for the same reason as `ShardedMap`. */
export class ShardedSet<T> implements Iterable<T> {
  private readonly shards: Set<T>[];

  constructor(private readonly shardOf: (value: T) => number) {
    this.shards = Array.from({ length: SHARDS }, () => new Set<T>());
  }

  private shard(value: T): Set<T> {
    return this.shards[shardIndex(this.shardOf(value))] as Set<T>;
  }

  get size(): number {
    let n = 0;
    for (const s of this.shards) n += s.size;
    return n;
  }

  has(value: T): boolean {
    return this.shard(value).has(value);
  }

  add(value: T): this {
    this.shard(value).add(value);
    return this;
  }

  delete(value: T): boolean {
    return this.shard(value).delete(value);
  }

  values(): IterableIterator<T> {
    return new Chained(this.shards, (s) => s.values());
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this.values();
  }
}
