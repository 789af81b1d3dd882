/**
 * The table from a referral's id to its slot in the KnownTable, in typed arrays. Invariant: each
 * shard is at most half full and has no tombstones (a delete shifts its run back), so a lookup
 * stops at the first empty slot.
 */
import { mixBits, SHARDS, shardOfMixed } from '../../lib/shardedMap.js';

/** Slots a shard's table starts with (a power of two). */
const FIRST_CAPACITY = 64;

/** One shard: open addressing, linear probing, at most half full. */
class Shard {
  keys = new Float64Array(FIRST_CAPACITY);
  /** The slot of each key; 0 where no key is (slot 0 is never handed out). */
  slots = new Int32Array(FIRST_CAPACITY);
  size = 0;
}

/** The bits of a key: an integer id as itself, any other number by its two halves. */
function keyBits(id: number): number {
  const low = id | 0;
  return low === id ? low : low ^ ((id / 4_294_967_296) | 0) ^ 0x5bd1e995;
}

/** Two keys the same (NaN is NaN, as in a Map). */
const same = (a: number, b: number): boolean => a === b || (a !== a && b !== b);

/**
 * The sync's table from a referral's id to its slot (a positive integer), in typed arrays: a
 * lookup reads two, where a sharded Map called a closure, mixed the key and looked it up in one of
 * 64 Maps of ~16,000, a large share of the sync's turns in a first load of 1,000,000; and its
 * 1,000,000 entries are not the collector's to mark. In shards of unequal shares of the keys, as
 * ShardedMap's (see shardIndex), so that a table grows by copying a 64th of the entries, never all
 * of them in one call; a shard's table is indexed by the mixed bits below the 12 that choose the
 * shard.
 */
export class IdSlots {
  private readonly shards = Array.from({ length: SHARDS }, () => new Shard());
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The slot of `id`; 0 when it has none. */
  get(id: number): number {
    const h = mixBits(keyBits(id));
    const s = this.shards[shardOfMixed(h)] as Shard;
    const { keys, slots } = s;
    const mask = slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = slots[i] as number;
      if (slot === 0) return 0;
      if (same(keys[i] as number, id)) return slot;
    }
  }

  /** Sets the slot of `id` (a positive integer). */
  set(id: number, slot: number): void {
    if (!(slot > 0) || (slot | 0) !== slot) throw new RangeError(`not a slot: ${slot}`);
    const h = mixBits(keyBits(id));
    const s = this.shards[shardOfMixed(h)] as Shard;
    if (this.put(s, h, id, slot)) {
      s.size += 1;
      this.count += 1;
      if (s.size * 2 > s.slots.length) grow(s);
    }
  }

  /** Removes `id`; false when it had no slot. */
  delete(id: number): boolean {
    const h = mixBits(keyBits(id));
    const s = this.shards[shardOfMixed(h)] as Shard;
    const { keys, slots } = s;
    const mask = slots.length - 1;
    let i = h & mask;
    for (; ; i = (i + 1) & mask) {
      if (slots[i] === 0) return false;
      if (same(keys[i] as number, id)) break;
    }
    // Backward shift: the keys after it in its run move up where their probe allows, so that no
    // lookup stops short at the hole (no tombstones to clean).
    for (let j = (i + 1) & mask; slots[j] !== 0; j = (j + 1) & mask) {
      const home = mixBits(keyBits(keys[j] as number)) & mask;
      // j's key may fill the hole at i when its home is not cyclically within (i, j].
      if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
        keys[i] = keys[j] as number;
        slots[i] = slots[j] as number;
        i = j;
      }
    }
    slots[i] = 0;
    s.size -= 1;
    this.count -= 1;
    return true;
  }

  /** Writes the pair; true when `id` was not there. */
  private put(s: Shard, h: number, id: number, slot: number): boolean {
    const { keys, slots } = s;
    const mask = slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      if (slots[i] === 0) {
        keys[i] = id;
        slots[i] = slot;
        return true;
      }
      if (same(keys[i] as number, id)) {
        slots[i] = slot;
        return false;
      }
    }
  }
}

/** Doubles a shard's table, every key placed again. */
function grow(s: Shard): void {
  const { keys, slots } = s;
  s.keys = new Float64Array(slots.length * 2);
  s.slots = new Int32Array(slots.length * 2);
  const mask = s.slots.length - 1;
  for (let j = 0; j < slots.length; j += 1) {
    const slot = slots[j] as number;
    if (slot === 0) continue;
    const id = keys[j] as number;
    let i = mixBits(keyBits(id)) & mask;
    while (s.slots[i] !== 0) i = (i + 1) & mask;
    s.keys[i] = id;
    s.slots[i] = slot;
  }
}
