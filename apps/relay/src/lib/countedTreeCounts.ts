/**
 * The state of a counted tree and how its nodes count: per cell in every node, and per counted
 * slot in inner nodes, including a slot counted in slices while the tree changes. Invariant:
 * every node's cell counts sum its entries' cells (as last told by the owner), and every inner
 * node's counts of a ready slot sum the entries of its subtree in that slot.
 */
import { isDue, yieldIfDue } from './slices.js';
import {
  MAX_SLOTS,
  NO_SLOTS,
  SLOT_BITS,
  SLOT_WORDS,
  slotBit,
  slotWord,
  sumOf,
  type CellMask,
} from './countedTreeMasks.js';
import {
  firstOf,
  lastOf,
  nextChild,
  NODE_SIZE,
  zeros,
  type Inner,
  type Leaf,
  type Node,
  type Step,
} from './countedTreeNodes.js';

/** A counted tree's nodes and counts; `TreeEdits` and `CountedTree` build on it. */
export abstract class TreeCounts<T> {
  protected root: Node<T>;
  /** Bulk loads fill nodes to three quarters, so the first inserts do not split every node. */
  protected readonly fill: number;
  /** The slots whose counts the inner nodes keep with every change, a bit each. */
  protected readonly counted: number[] = zeros(SLOT_WORDS);
  /** The counted slots whose counts are whole (a slot counted in slices is not until it ends). */
  protected readonly ready: number[] = zeros(SLOT_WORDS);
  /** The count in slices under way per slot, and how many times each slot was dropped. */
  protected readonly slotRuns = new Map<number, { drops: number; run: Promise<void> }>();
  protected readonly slotDrops: number[] = [];

  constructor(
    protected readonly compare: (a: T, b: T) => number,
    protected readonly cellCount: number,
    protected readonly cellOf: (t: T) => number,
    protected readonly nodeSize = NODE_SIZE,
    /** The slots an entry is in, a bit each, by word (slots `word × SLOT_BITS` and up). */
    protected readonly slotsOf: (t: T, word: number) => number = NO_SLOTS,
  ) {
    this.root = this.newLeaf([]);
    this.fill = Math.max(2, Math.floor((nodeSize * 3) / 4));
  }

  /** True when the tree counts the entries of `slot`, so masks with that slot can read it. */
  countsSlot(slot: number): boolean {
    return ((this.ready[slotWord(slot)] ?? 0) & slotBit(slot)) !== 0;
  }

  /**
   * Counts the entries of `slot` in every inner node from now on: one pass over the entries
   * (~30 ms at 1,000,000: an entry read is a cache miss). Every entry's `slotsOf` must say by now
   * whether it is in the slot, and must not change while the tree holds it and counts the slot.
   */
  countSlot(slot: number): void {
    this.startSlot(slot);
    this.recountSlot(this.root, slot);
    this.ready[slotWord(slot)] = (this.ready[slotWord(slot)] ?? 0) | slotBit(slot);
  }

  /**
   * `countSlot` in slices that yield to the event loop: the leaves' parents are counted one after
   * the other in the tree's order while every change is counted as it comes (a parent counted
   * again later, or split meanwhile, counts its leaves whole), then the nodes above them are
   * summed at once. Resolves when the slot is counted, or was dropped meanwhile.
   */
  countSlotInSlices(slot: number): Promise<void> {
    if (this.countsSlot(slot)) return Promise.resolve();
    const drops = this.slotDrops[slot] ?? 0;
    const under = this.slotRuns.get(slot);
    // A count under way since the slot was last dropped (one from before ends at its next slice).
    if (under?.drops === drops) return under.run;
    this.startSlot(slot);
    const run = (async () => {
      let after: T | undefined;
      let since = performance.now();
      for (;;) {
        if ((this.slotDrops[slot] ?? 0) !== drops) return;
        const last = this.countParents(slot, after, since);
        if (last === null) break;
        after = last;
        await yieldIfDue(since);
        since = performance.now();
      }
      this.sumSlot(this.root, slot);
      this.ready[slotWord(slot)] = (this.ready[slotWord(slot)] ?? 0) | slotBit(slot);
    })().finally(() => {
      if (this.slotRuns.get(slot)?.run === run) this.slotRuns.delete(slot);
    });
    this.slotRuns.set(slot, { drops, run });
    return run;
  }

  /** Stops counting `slot`: its counts go stale, and masks with it cannot be read. */
  dropSlot(slot: number): void {
    const w = slotWord(slot);
    this.counted[w] = (this.counted[w] ?? 0) & ~slotBit(slot);
    this.ready[w] = (this.ready[w] ?? 0) & ~slotBit(slot);
    this.slotDrops[slot] = (this.slotDrops[slot] ?? 0) + 1;
  }

  private startSlot(slot: number): void {
    if (slot < 0 || slot >= MAX_SLOTS) throw new RangeError(`no slot ${slot}`);
    this.counted[slotWord(slot)] = (this.counted[slotWord(slot)] ?? 0) | slotBit(slot);
  }

  /** True when the tree counts any slot (or is counting one in slices). */
  protected countsAny(): boolean {
    for (const bits of this.counted) if (bits !== 0) return true;
    return false;
  }

  /**
   * Counts `slot` in the leaves' parents from the one that holds `after` (the first when
   * undefined) until the slice's time is up; returns the last entry of the last parent counted,
   * or null when that parent was the last.
   */
  private countParents(slot: number, after: T | undefined, since: number): T | null {
    if (this.root.leaf) return null;
    const stack: Step<T>[] = [];
    let node: Inner<T> = this.root;
    while (!(node.children[0] as Node<T>).leaf) {
      const i = after === undefined ? 0 : this.route(node, after);
      stack.push({ node, at: i });
      node = node.children[i] as Inner<T>;
    }
    // The parent that holds `after` was counted in the slice before (or since, when it split):
    // counted again, it is not progress, so the slice goes on to at least one more.
    let fresh = after === undefined;
    for (;;) {
      this.recountSlot(node, slot);
      const next = this.nextParent(stack);
      if (!next) return null;
      if (fresh && isDue(since)) return lastOf(node);
      fresh = true;
      node = next;
    }
  }

  /** The next parent of leaves after the stack's path, or undefined. */
  private nextParent(stack: Step<T>[]): Inner<T> | undefined {
    let n = nextChild(stack) as Inner<T> | undefined;
    if (!n) return undefined;
    while (!(n.children[0] as Node<T>).leaf) {
      stack.push({ node: n, at: 0 });
      n = n.children[0] as Inner<T>;
    }
    return n;
  }

  /** Sums `slot` in the inner nodes above the leaves' parents, from their children. */
  private sumSlot(node: Node<T>, slot: number): void {
    if (node.leaf || (node.children[0] as Node<T>).leaf) return;
    const counts = (node.slotCounts ??= zeros(MAX_SLOTS * this.cellCount));
    const base = slot * this.cellCount;
    for (let c = 0; c < this.cellCount; c += 1) counts[base + c] = 0;
    for (const child of node.children) {
      this.sumSlot(child, slot);
      for (let c = 0; c < this.cellCount; c += 1)
        counts[base + c] =
          (counts[base + c] ?? 0) + ((child as Inner<T>).slotCounts?.[base + c] ?? 0);
    }
  }

  /** The last child whose key is not after the item (the first child when every key is). */
  protected route(node: Inner<T>, item: T): number {
    let lo = 0;
    let hi = node.keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.compare(node.keys[mid] as T, item) <= 0) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  protected newLeaf(items: T[]): Leaf<T> {
    const leaf: Leaf<T> = { leaf: true, items, counts: zeros(this.cellCount) };
    this.recount(leaf);
    return leaf;
  }

  protected newInner(children: Node<T>[]): Inner<T> {
    const inner: Inner<T> = {
      leaf: false,
      children,
      keys: children.map(firstOf),
      counts: zeros(this.cellCount),
      slotCounts: undefined,
    };
    this.recount(inner);
    return inner;
  }

  /** Counts a node again from its children (`slotsOnly`: its slot counts alone). */
  protected recount(node: Node<T>, slotsOnly = false): void {
    if (!slotsOnly) node.counts.fill(0);
    if (node.leaf) {
      for (const t of node.items) {
        const c = this.cellOf(t);
        node.counts[c] = (node.counts[c] ?? 0) + 1;
      }
      return;
    }
    if (!slotsOnly)
      for (const child of node.children)
        for (let c = 0; c < this.cellCount; c += 1)
          node.counts[c] = (node.counts[c] ?? 0) + (child.counts[c] ?? 0);
    if (!this.countsAny()) return;
    const counts = (node.slotCounts ??= zeros(MAX_SLOTS * this.cellCount));
    counts.fill(0);
    for (const child of node.children) {
      if (child.leaf) for (const t of child.items) this.countInSlot(node, t, this.cellOf(t), 1);
      else
        for (let i = 0; i < counts.length; i += 1)
          counts[i] = (counts[i] ?? 0) + (child.slotCounts?.[i] ?? 0);
    }
  }

  /** Counts one slot in every inner node of a subtree again, from the entries' slot bits. */
  private recountSlot(node: Node<T>, slot: number): void {
    if (node.leaf) return;
    const counts = (node.slotCounts ??= zeros(MAX_SLOTS * this.cellCount));
    const base = slot * this.cellCount;
    const word = slotWord(slot);
    const bit = slotBit(slot);
    for (let c = 0; c < this.cellCount; c += 1) counts[base + c] = 0;
    const { slotsOf, cellOf } = this;
    for (const child of node.children) {
      if (child.leaf) {
        const { items } = child;
        for (let i = 0; i < items.length; i += 1) {
          const t = items[i] as T;
          if ((slotsOf(t, word) & bit) === 0) continue;
          const at = base + cellOf(t);
          counts[at] = (counts[at] ?? 0) + 1;
        }
        continue;
      }
      this.recountSlot(child, slot);
      for (let c = 0; c < this.cellCount; c += 1)
        counts[base + c] = (counts[base + c] ?? 0) + (child.slotCounts?.[base + c] ?? 0);
    }
  }

  /** Adds `d` to the counts of an entry's counted slots in its cell, in an inner node. */
  protected countInSlot(node: Inner<T>, item: T, cell: number, d: number): void {
    const counts = node.slotCounts;
    if (!counts) return;
    for (let w = 0; w < SLOT_WORDS; w += 1) {
      const counted = this.counted[w] ?? 0;
      if (counted === 0) continue;
      for (let bits = this.slotsOf(item, w) & counted; bits !== 0; bits &= bits - 1) {
        const slot = w * SLOT_BITS + 31 - Math.clz32(bits & -bits);
        const at = slot * this.cellCount + cell;
        counts[at] = (counts[at] ?? 0) + d;
      }
    }
  }

  /** `countInSlot` in every inner node of a path. */
  protected countInSlots(nodes: readonly Node<T>[], item: T, cell: number, d: number): void {
    if (!this.countsAny()) return;
    for (const n of nodes) if (!n.leaf) this.countInSlot(n, item, cell, d);
  }

  /** How many entries of a subtree are in the mask's cells and slot. */
  protected countIn(node: Node<T>, mask: CellMask): number {
    const { slot } = mask;
    if (slot === undefined) return sumOf(node.counts, mask);
    if (node.leaf) {
      let n = 0;
      for (const t of node.items) if (this.matches(t, mask)) n += 1;
      return n;
    }
    const counts = node.slotCounts;
    if (!counts || !this.countsSlot(slot)) throw new Error(`slot ${slot} is not counted`);
    const base = slot * this.cellCount;
    let n = 0;
    for (const c of mask.cells) n += counts[base + c] ?? 0;
    return n;
  }

  /** True when an entry is in the mask's cells (and slot). */
  protected matches(t: T, mask: CellMask): boolean {
    return (
      mask.wants[this.cellOf(t)] === 1 &&
      (mask.slot === undefined || (this.slotsOf(t, slotWord(mask.slot)) & slotBit(mask.slot)) !== 0)
    );
  }
}
