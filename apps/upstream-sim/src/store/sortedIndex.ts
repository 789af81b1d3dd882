/** Items per block once built; a block splits in two when it grows past twice this. */
const BLOCK = 1_024;

/**
 * A sorted list of items in blocks of about a thousand, so an insert or removal moves at most a
 * couple of thousand pointers (not the whole list, as a splice into one 1,000,000-item array
 * does) and reading a page at any rank skips whole blocks. The order must be total (ties broken,
 * e.g. by id) so every item has exactly one place.
 *
 * An item's sort key must not change while it is held: remove it before the change and insert it
 * after. When that was missed, `remove` still finds the item by a scan and counts it in `misses`
 * (tests assert there are none).
 */
export class SortedIndex<T> {
  private blocks: T[][] = [];
  private count = 0;
  /** Removals that had to scan because the item was not where its key says. */
  misses = 0;

  /** An index over `sorted`, which must already be in the order of `compare`. */
  constructor(
    private readonly compare: (a: T, b: T) => number,
    sorted: readonly T[] = [],
  ) {
    for (let i = 0; i < sorted.length; i += BLOCK) this.blocks.push(sorted.slice(i, i + BLOCK));
    this.count = sorted.length;
  }

  /** How many items are held. */
  get size(): number {
    return this.count;
  }

  /** Adds an item at its place in the order. */
  insert(item: T): void {
    const { blocks } = this;
    if (blocks.length === 0) {
      blocks.push([item]);
      this.count = 1;
      return;
    }
    const b = Math.min(this.blockAtOrAfter(item), blocks.length - 1);
    const block = blocks[b] as T[];
    block.splice(this.lowerBound(block, item), 0, item);
    this.count++;
    if (block.length > 2 * BLOCK) blocks.splice(b, 1, block.slice(0, BLOCK), block.slice(BLOCK));
  }

  /** Removes an item (found by its key, then by identity); false when it is not held. */
  remove(item: T): boolean {
    const b = this.blockAtOrAfter(item);
    const block = this.blocks[b];
    if (block !== undefined) {
      const i = this.lowerBound(block, item);
      if (block[i] === item) {
        this.removeAt(b, i);
        return true;
      }
    }
    for (let s = 0; s < this.blocks.length; s++) {
      const i = (this.blocks[s] as T[]).indexOf(item);
      if (i >= 0) {
        this.misses++;
        this.removeAt(s, i);
        return true;
      }
    }
    return false;
  }

  /**
   * The rank of the first item for which `before` is false. `before` must hold for a prefix of the
   * order and fail for the rest (e.g. "added after X" along newest-first).
   */
  rankWhere(before: (item: T) => boolean): number {
    let rank = 0;
    for (const block of this.blocks) {
      const last = block[block.length - 1] as T;
      if (before(last)) {
        rank += block.length;
        continue;
      }
      let lo = 0;
      let hi = block.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(block[mid] as T)) lo = mid + 1;
        else hi = mid;
      }
      return rank + lo;
    }
    return rank;
  }

  /** The items of ranks [from, to), in order. */
  slice(from: number, to: number): T[] {
    const out: T[] = [];
    this.scan(from, to, (item) => {
      out.push(item);
      return true;
    });
    return out;
  }

  /** Calls `visit` on the items of ranks [from, to) in order until it answers false. */
  scan(from: number, to: number, visit: (item: T) => boolean): void {
    let skip = Math.max(0, from);
    let left = Math.min(to, this.count) - skip;
    for (const block of this.blocks) {
      if (left <= 0) return;
      if (skip >= block.length) {
        skip -= block.length;
        continue;
      }
      const end = Math.min(block.length, skip + left);
      for (let i = skip; i < end; i++) if (!visit(block[i] as T)) return;
      left -= end - skip;
      skip = 0;
    }
  }

  /** The block whose last item is not before `item`; blocks.length when every block is. */
  private blockAtOrAfter(item: T): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid] as T[];
      if (this.compare(block[block.length - 1] as T, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(block: readonly T[], item: T): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(block[mid] as T, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removeAt(b: number, i: number): void {
    const block = this.blocks[b] as T[];
    block.splice(i, 1);
    this.count--;
    if (block.length === 0) this.blocks.splice(b, 1);
  }
}
