import { isDue, yieldIfDue } from './slices.js';

/**
 * An ordered B+tree whose every node counts its entries per cell. A cell is a small number the
 * owner's `cellOf` reads off each entry (here: claimable or not × how old), and a query names the
 * cells it wants (a mask), so the tree answers "how many match" and "the k-th match in order" by
 * descending through the counts: O(log n) whatever the size, with no scan and no sort.
 *
 * The tree keeps no cell of its own (a number per entry per tree was a tenth of the relay's heap at
 * 1,000,000 referrals): when an entry's cell changes, its owner says so (`moved`, `refresh`) before
 * the tree is read or changed again.
 *
 * Nodes that empty are dropped, but nodes are not merged when they shrink ("free at empty"): under
 * mixed inserts and deletes that keeps occupancy high, and it keeps the code short.
 *
 * Slots: a tree may also count, in its inner nodes, the entries of a few subsets of itself per
 * cell. A subset is a slot (0 to MAX_SLOTS - 1) and an entry says which slots it is in through the
 * owner's `slotsOf` (a bit per slot, in words of SLOT_BITS). A mask with a slot then reads that subset in the tree's order
 * as it reads the whole: a descent by the counts, and a walk over leaves that scans them (leaves
 * keep no slot counts: a count per slot per leaf would cost more than the tree). The owner counts a
 * slot (`countSlot`, one pass over the tree) once every entry says whether it is in the slot, and
 * must not change an entry's slot bits while the entry is in a tree that counts that slot.
 */

/** Entries per leaf and children per inner node at most; tests use small nodes to get deep trees. */
export const NODE_SIZE = 64;

interface Leaf<T> {
  readonly leaf: true;
  items: T[];
  counts: number[];
}

interface Inner<T> {
  readonly leaf: false;
  children: Node<T>[];
  /** A lower bound of each child's items; routes a search to the last child whose key is ≤ it. */
  keys: T[];
  counts: number[];
  /** Per slot the tree counts, per cell (slot × cellCount + cell); undefined while it counts none. */
  slotCounts: number[] | undefined;
}

type Node<T> = Leaf<T> | Inner<T>;

/**
 * Which cells a query wants: a flag per cell, and the list of wanted cells; with `slot`, only the
 * entries in that slot.
 */
export interface CellMask {
  readonly wants: Uint8Array;
  readonly cells: readonly number[];
  readonly slot?: number;
}

/** Slots per word of `slotsOf`: the bits of a small integer. */
export const SLOT_BITS = 30;
/** Words of slots an entry has (see `slotsOf`). */
export const SLOT_WORDS = 2;
/** Slots a tree can count. */
export const MAX_SLOTS = SLOT_BITS * SLOT_WORDS;

/** The word of a slot and its bit in the word. */
export const slotWord = (slot: number): number => (slot / SLOT_BITS) | 0;
export const slotBit = (slot: number): number => 1 << (slot % SLOT_BITS);

/** A mask over `cellCount` cells from the list of wanted cells. */
export function cellMask(cellCount: number, cells: readonly number[]): CellMask {
  const wants = new Uint8Array(cellCount);
  for (const c of cells) wants[c] = 1;
  return { wants, cells: [...new Set(cells)] };
}

const slotted = new WeakMap<CellMask, CellMask[]>();

/** The mask narrowed to the entries in `slot`; the same object for the same mask and slot. */
export function inSlot(mask: CellMask, slot: number): CellMask {
  let bySlot = slotted.get(mask);
  if (!bySlot) slotted.set(mask, (bySlot = []));
  return (bySlot[slot] ??= { wants: mask.wants, cells: mask.cells, slot });
}

/** How many of per-cell `counts` are in the mask's cells. */
export const sumOf = (counts: readonly number[], mask: CellMask): number => {
  let n = 0;
  for (const c of mask.cells) n += counts[c] ?? 0;
  return n;
};

/** The cell of every entry of a tree that counts no cells but one. */
export const ONE_CELL_OF = (): number => 0;

/** The slots of the entries of a tree that counts none. */
const NO_SLOTS = (): number => 0;

/** An ordered multiset of distinct entries with per-cell counts in every node. */
export class CountedTree<T> {
  private root: Node<T>;
  /** Bulk loads fill nodes to three quarters, so the first inserts do not split every node. */
  private readonly fill: number;
  /** The slots whose counts the inner nodes keep with every change, a bit each. */
  private readonly counted: number[] = zeros(SLOT_WORDS);
  /** The counted slots whose counts are whole (a slot counted in slices is not until it ends). */
  private readonly ready: number[] = zeros(SLOT_WORDS);
  /** The count in slices under way per slot, and how many times each slot was dropped. */
  private readonly slotRuns = new Map<number, { drops: number; run: Promise<void> }>();
  private readonly slotDrops: number[] = [];

  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly cellCount: number,
    private readonly cellOf: (t: T) => number,
    private readonly nodeSize = NODE_SIZE,
    /** The slots an entry is in, a bit each, by word (slots `word × SLOT_BITS` and up). */
    private readonly slotsOf: (t: T, word: number) => number = NO_SLOTS,
  ) {
    this.root = this.newLeaf([]);
    this.fill = Math.max(2, Math.floor((nodeSize * 3) / 4));
  }

  /** The tree's order. */
  order(a: T, b: T): number {
    return this.compare(a, b);
  }

  /** How many entries are in the mask's cells (and its slot). */
  countOf(mask: CellMask): number {
    return this.countIn(this.root, mask);
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
  private countsAny(): boolean {
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
    const stack: { node: Inner<T>; at: number }[] = [];
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
  private nextParent(stack: { node: Inner<T>; at: number }[]): Inner<T> | undefined {
    let n = this.nextChild(stack) as Inner<T> | undefined;
    if (!n) return undefined;
    while (!(n.children[0] as Node<T>).leaf) {
      stack.push({ node: n, at: 0 });
      n = n.children[0] as Inner<T>;
    }
    return n;
  }

  /**
   * The child after the stack's path, going up a level where a node's children are done (the
   * stack then ends at its parent); undefined past the last.
   */
  private nextChild(stack: { node: Inner<T>; at: number }[]): Node<T> | undefined {
    for (;;) {
      const top = stack[stack.length - 1];
      if (!top) return undefined;
      top.at += 1;
      if (top.at < top.node.children.length) return top.node.children[top.at];
      stack.pop();
    }
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

  /**
   * Replaces the content with entries already in order, in slices that yield to the event loop (a
   * million entries take ~100 ms in all); the tree must not be shared before it resolves. An entry
   * whose cell changes meanwhile may be counted in either cell: `refresh` it afterwards.
   */
  async loadInSlices(items: readonly T[]): Promise<void> {
    let level: Node<T>[] = [];
    let since = performance.now();
    for (let i = 0; i < items.length; i += this.fill) {
      level.push(this.newLeaf(items.slice(i, i + this.fill)));
      since = await yieldIfDue(since);
    }
    while (level.length > 1) {
      const up: Node<T>[] = [];
      for (let i = 0; i < level.length; i += this.fill) {
        up.push(this.newInner(level.slice(i, i + this.fill)));
      }
      level = up;
    }
    this.root = level[0] ?? this.newLeaf([]);
  }

  /** True when the entry (this object) is in the tree. */
  has(item: T): boolean {
    return this.pathTo(item) !== undefined;
  }

  /** Adds an entry in its cell. The entry must not be in the tree yet. */
  insert(item: T): void {
    const split = this.insertInto(this.root, item, this.cellOf(item));
    if (split) this.root = this.newInner([this.root, split]);
  }

  /** Removes an entry (the same object); false when it is not in the tree. */
  delete(item: T): boolean {
    const path = this.pathTo(item);
    if (!path) return false;
    const { nodes, indexes } = path;
    const leaf = nodes[nodes.length - 1] as Leaf<T>;
    const at = indexes[indexes.length - 1] ?? 0;
    const cell = this.cellOf(item);
    leaf.items.splice(at, 1);
    for (const n of nodes) n.counts[cell] = (n.counts[cell] ?? 0) - 1;
    this.countInSlots(nodes, item, cell, -1);
    // Drop nodes that emptied, bottom up. A key that was the entry becomes its node's first entry:
    // no key outlives its entry, so an entry may be a value used again for another (a slot).
    for (let d = nodes.length - 1; d > 0; d -= 1) {
      const n = nodes[d] as Node<T>;
      const parent = nodes[d - 1] as Inner<T>;
      const i = indexes[d - 1] ?? 0;
      const empty = n.leaf ? n.items.length === 0 : n.children.length === 0;
      if (empty) {
        parent.children.splice(i, 1);
        parent.keys.splice(i, 1);
      } else if (parent.keys[i] === item) parent.keys[i] = firstOf(n);
    }
    while (!this.root.leaf && this.root.children.length === 1) {
      this.root = this.root.children[0] as Node<T>;
    }
    if (!this.root.leaf && this.root.children.length === 0) this.root = this.newLeaf([]);
    return true;
  }

  /** Counts an entry whose cell was `from` in the cell it is in now; false when it is not here. */
  moved(item: T, from: number): boolean {
    const path = this.pathTo(item);
    if (!path) return false;
    const to = this.cellOf(item);
    if (from === to) return true;
    for (const n of path.nodes) {
      n.counts[from] = (n.counts[from] ?? 0) - 1;
      n.counts[to] = (n.counts[to] ?? 0) + 1;
    }
    this.countInSlots(path.nodes, item, from, -1);
    this.countInSlots(path.nodes, item, to, 1);
    return true;
  }

  /**
   * Counts an entry in the cell it is in now, whichever cell it was counted in (its leaf is
   * counted again); false when it is not in the tree.
   */
  refresh(item: T): boolean {
    const path = this.pathTo(item);
    if (!path) return false;
    const leaf = path.nodes[path.nodes.length - 1] as Leaf<T>;
    const before = [...leaf.counts];
    this.recount(leaf);
    for (let d = path.nodes.length - 2; d >= 0; d -= 1) {
      const n = path.nodes[d] as Node<T>;
      for (let c = 0; c < this.cellCount; c += 1)
        n.counts[c] = (n.counts[c] ?? 0) + (leaf.counts[c] ?? 0) - (before[c] ?? 0);
    }
    // The slots: the leaf's parent counts its leaves again, and the nodes above take the change.
    const parent = path.nodes[path.nodes.length - 2] as Inner<T> | undefined;
    if (this.countsAny() && parent?.slotCounts) {
      const was = [...parent.slotCounts];
      this.recount(parent, true);
      for (let d = path.nodes.length - 3; d >= 0; d -= 1) {
        // A node above the leaves' parents has no slot counts yet while a first count in slices
        // is under way (they are summed when it ends).
        const counts = (path.nodes[d] as Inner<T>).slotCounts;
        if (!counts) continue;
        for (let i = 0; i < counts.length; i += 1)
          counts[i] = (counts[i] ?? 0) + (parent.slotCounts[i] ?? 0) - (was[i] ?? 0);
      }
    }
    return true;
  }

  /**
   * The entries of the mask's cells at positions `skip` to `skip + take - 1` among them, in order:
   * one descent by the counts to the first, then a walk that steps over subtrees with no match.
   */
  page(mask: CellMask, skip: number, take: number): T[] {
    const out: T[] = [];
    if (take <= 0) return out;
    for (const t of this.walk(mask, skip)) {
      out.push(t);
      if (out.length === take) break;
    }
    return out;
  }

  /**
   * How many entries of the mask's cells come before the first entry for which `before` is false;
   * `before` must hold for a prefix of the order (entries that left the tree included: inner nodes
   * route by them). One descent.
   */
  countWhile(mask: CellMask, before: (t: T) => boolean): number {
    let n = 0;
    let node = this.root;
    while (!node.leaf) {
      // The keys are in order, so `before` holds for a prefix of them: every child before the
      // last such key is wholly before, and the children after it wholly not.
      let lo = 0;
      let hi = node.keys.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (before(node.keys[mid] as T)) lo = mid;
        else hi = mid - 1;
      }
      for (let i = 0; i < lo; i += 1) n += this.countIn(node.children[i] as Node<T>, mask);
      node = node.children[lo] as Node<T>;
    }
    for (const t of node.items) {
      if (!before(t)) break;
      if (this.matches(t, mask)) n += 1;
    }
    return n;
  }

  /**
   * The entries of the mask's cells from position `from` among them, forwards (or backwards, to
   * the first): one descent, then a walk that steps over subtrees with no match. Read it before
   * the tree changes.
   */
  *walk(mask: CellMask, from: number, backwards = false): Generator<T, void, undefined> {
    if (from < 0 || from >= this.countOf(mask)) return;
    const stack: { node: Inner<T>; at: number }[] = [];
    let node: Node<T> = this.root;
    let rest = from;
    while (!node.leaf) {
      let i = 0;
      for (; i < node.children.length - 1; i += 1) {
        const c = this.countIn(node.children[i] as Node<T>, mask);
        if (rest < c) break;
        rest -= c;
      }
      stack.push({ node, at: i });
      node = node.children[i] as Node<T>;
    }
    let j = 0;
    for (; ; j += 1) {
      if (!this.matches(node.items[j] as T, mask)) continue;
      if (rest === 0) break;
      rest -= 1;
    }
    const step = backwards ? -1 : 1;
    for (let leaf: Leaf<T> | undefined = node; leaf;) {
      for (; j >= 0 && j < leaf.items.length; j += step) {
        const item = leaf.items[j] as T;
        if (this.matches(item, mask)) yield item;
      }
      leaf = this.leafBeside(stack, mask, step);
      if (leaf) j = backwards ? leaf.items.length - 1 : 0;
    }
  }

  /** Every entry in order (for building other trees and for tests). */
  *values(): IterableIterator<T> {
    const walk = function* (n: Node<T>): Generator<T> {
      if (n.leaf) yield* n.items;
      else for (const c of n.children) yield* walk(c);
    };
    yield* walk(this.root);
  }

  /** Every entry in order, as an array (a snapshot to build another tree from). */
  toArray(): T[] {
    const out: T[] = [];
    const walk = (n: Node<T>): void => {
      if (n.leaf) for (const t of n.items) out.push(t);
      else for (const c of n.children) walk(c);
    };
    walk(this.root);
    return out;
  }

  /** Entries in order from the first that is not before `from`; stop reading when done. */
  *from(from: T): IterableIterator<T> {
    const stack: { node: Inner<T>; at: number }[] = [];
    let node: Node<T> = this.root;
    while (!node.leaf) {
      const i = this.route(node, from);
      stack.push({ node, at: i });
      node = node.children[i] as Node<T>;
    }
    let leaf: Leaf<T> | undefined = node;
    let j = lowerBound(leaf.items, from, this.compare);
    const all = cellMask(this.cellCount, [...Array(this.cellCount).keys()]);
    while (leaf) {
      for (; j < leaf.items.length; j += 1) yield leaf.items[j] as T;
      leaf = this.nextLeaf(stack, all);
      j = 0;
    }
  }

  /** The next leaf (the one before, `step` -1) beside the stack's path with an entry of the mask. */
  private leafBeside(
    stack: { node: Inner<T>; at: number }[],
    mask: CellMask,
    step: number,
  ): Leaf<T> | undefined {
    for (;;) {
      const top = stack[stack.length - 1];
      if (!top) return undefined;
      top.at += step;
      const child = top.node.children[top.at];
      if (!child) {
        stack.pop();
        continue;
      }
      if (this.countIn(child, mask) === 0) continue;
      let n: Node<T> = child;
      while (!n.leaf) {
        let i = step > 0 ? 0 : n.children.length - 1;
        while (this.countIn(n.children[i] as Node<T>, mask) === 0) i += step;
        stack.push({ node: n, at: i });
        n = n.children[i] as Node<T>;
      }
      return n;
    }
  }

  /** The next leaf after the stack's path holding any entry of the mask, or undefined. */
  private nextLeaf(stack: { node: Inner<T>; at: number }[], mask: CellMask): Leaf<T> | undefined {
    for (;;) {
      const next = this.nextChild(stack);
      if (!next) return undefined;
      if (this.countIn(next, mask) === 0) continue;
      let n: Node<T> = next;
      while (!n.leaf) {
        let i = 0;
        while (i < n.children.length - 1 && this.countIn(n.children[i] as Node<T>, mask) === 0) {
          i += 1;
        }
        stack.push({ node: n, at: i });
        n = n.children[i] as Node<T>;
      }
      return n;
    }
  }

  private insertInto(node: Node<T>, item: T, cell: number): Node<T> | undefined {
    node.counts[cell] = (node.counts[cell] ?? 0) + 1;
    if (!node.leaf && this.countsAny()) this.countInSlot(node, item, cell, 1);
    if (node.leaf) {
      const at = lowerBound(node.items, item, this.compare);
      node.items.splice(at, 0, item);
      if (node.items.length <= this.nodeSize) return undefined;
      const half = node.items.length >> 1;
      const right = this.newLeaf(node.items.slice(half));
      node.items.length = half;
      this.recount(node);
      return right;
    }
    const i = this.route(node, item);
    if (this.compare(item, node.keys[i] as T) < 0) node.keys[i] = item;
    const split = this.insertInto(node.children[i] as Node<T>, item, cell);
    if (!split) return undefined;
    node.children.splice(i + 1, 0, split);
    node.keys.splice(i + 1, 0, firstOf(split));
    if (node.children.length <= this.nodeSize) return undefined;
    const half = node.children.length >> 1;
    const right = this.newInner(node.children.slice(half));
    node.children.length = half;
    node.keys.length = half;
    this.recount(node);
    return right;
  }

  /** The path from the root to an entry, or undefined when it is not in the tree. */
  private pathTo(item: T): { nodes: Node<T>[]; indexes: number[] } | undefined {
    const nodes: Node<T>[] = [];
    const indexes: number[] = [];
    let node = this.root;
    while (!node.leaf) {
      const i = this.route(node, item);
      nodes.push(node);
      indexes.push(i);
      node = node.children[i] as Node<T>;
    }
    let at = lowerBound(node.items, item, this.compare);
    // Distinct entries may compare equal (two versions of a record): look through the run.
    while (at < node.items.length && node.items[at] !== item) {
      if (this.compare(node.items[at] as T, item) !== 0) return undefined;
      at += 1;
    }
    if (at === node.items.length) return undefined;
    nodes.push(node);
    indexes.push(at);
    return { nodes, indexes };
  }

  /** The last child whose key is not after the item (the first child when every key is). */
  private route(node: Inner<T>, item: T): number {
    let lo = 0;
    let hi = node.keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.compare(node.keys[mid] as T, item) <= 0) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private newLeaf(items: T[]): Leaf<T> {
    const leaf: Leaf<T> = { leaf: true, items, counts: zeros(this.cellCount) };
    this.recount(leaf);
    return leaf;
  }

  private newInner(children: Node<T>[]): Inner<T> {
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
  private recount(node: Node<T>, slotsOnly = false): void {
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
  private countInSlot(node: Inner<T>, item: T, cell: number, d: number): void {
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
  private countInSlots(nodes: readonly Node<T>[], item: T, cell: number, d: number): void {
    if (!this.countsAny()) return;
    for (const n of nodes) if (!n.leaf) this.countInSlot(n, item, cell, d);
  }

  /** How many entries of a subtree are in the mask's cells and slot. */
  private countIn(node: Node<T>, mask: CellMask): number {
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
  private matches(t: T, mask: CellMask): boolean {
    return (
      mask.wants[this.cellOf(t)] === 1 &&
      (mask.slot === undefined || (this.slotsOf(t, slotWord(mask.slot)) & slotBit(mask.slot)) !== 0)
    );
  }
}

/** A count per cell. Plain arrays of small integers: a typed array costs ~50× more to allocate. */
const zeros = (n: number): number[] => new Array<number>(n).fill(0);

/** The last entry of a subtree. */
function lastOf<T>(node: Node<T>): T {
  let n = node;
  while (!n.leaf) n = n.children[n.children.length - 1] as Node<T>;
  return n.items[n.items.length - 1] as T;
}

/** The first entry of a subtree (its key in the parent). */
function firstOf<T>(node: Node<T>): T {
  return (node.leaf ? node.items[0] : node.keys[0]) as T;
}

/** The first index whose item is not before `item`. */
function lowerBound<T>(items: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(items[mid] as T, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
