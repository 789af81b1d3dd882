import { yieldIfDue } from '../slices.js';

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
}

type Node<T> = Leaf<T> | Inner<T>;

/** Which cells a query wants: a flag per cell, and the list of wanted cells. */
export interface CellMask {
  readonly wants: Uint8Array;
  readonly cells: readonly number[];
}

/** A mask over `cellCount` cells from the list of wanted cells. */
export function cellMask(cellCount: number, cells: readonly number[]): CellMask {
  const wants = new Uint8Array(cellCount);
  for (const c of cells) wants[c] = 1;
  return { wants, cells: [...new Set(cells)] };
}

/** How many of per-cell `counts` are in the mask's cells. */
export const sumOf = (counts: readonly number[], mask: CellMask): number => {
  let n = 0;
  for (const c of mask.cells) n += counts[c] ?? 0;
  return n;
};

/** The cell of every entry of a tree that counts no cells but one. */
export const ONE_CELL_OF = (): number => 0;

/** An ordered multiset of distinct entries with per-cell counts in every node. */
export class CountedTree<T> {
  private root: Node<T>;
  /** Bulk loads fill nodes to three quarters, so the first inserts do not split every node. */
  private readonly fill: number;

  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly cellCount: number,
    private readonly cellOf: (t: T) => number,
    private readonly nodeSize = NODE_SIZE,
  ) {
    this.root = this.newLeaf([]);
    this.fill = Math.max(2, Math.floor((nodeSize * 3) / 4));
  }

  /** The tree's order. */
  order(a: T, b: T): number {
    return this.compare(a, b);
  }

  /** How many entries are in the mask's cells. */
  countOf(mask: CellMask): number {
    return sumOf(this.root.counts, mask);
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
    // Drop nodes that emptied, bottom up.
    for (let d = nodes.length - 1; d > 0; d -= 1) {
      const n = nodes[d] as Node<T>;
      const empty = n.leaf ? n.items.length === 0 : n.children.length === 0;
      if (!empty) break;
      const parent = nodes[d - 1] as Inner<T>;
      const i = indexes[d - 1] ?? 0;
      parent.children.splice(i, 1);
      parent.keys.splice(i, 1);
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
      for (let i = 0; i < lo; i += 1) n += sumOf((node.children[i] as Node<T>).counts, mask);
      node = node.children[lo] as Node<T>;
    }
    for (const t of node.items) {
      if (!before(t)) break;
      if (mask.wants[this.cellOf(t)] === 1) n += 1;
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
        const c = sumOf((node.children[i] as Node<T>).counts, mask);
        if (rest < c) break;
        rest -= c;
      }
      stack.push({ node, at: i });
      node = node.children[i] as Node<T>;
    }
    let j = 0;
    for (; ; j += 1) {
      if (mask.wants[this.cellOf(node.items[j] as T)] !== 1) continue;
      if (rest === 0) break;
      rest -= 1;
    }
    const step = backwards ? -1 : 1;
    for (let leaf: Leaf<T> | undefined = node; leaf;) {
      for (; j >= 0 && j < leaf.items.length; j += step) {
        const item = leaf.items[j] as T;
        if (mask.wants[this.cellOf(item)] === 1) yield item;
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
      if (sumOf(child.counts, mask) === 0) continue;
      let n: Node<T> = child;
      while (!n.leaf) {
        let i = step > 0 ? 0 : n.children.length - 1;
        while (sumOf((n.children[i] as Node<T>).counts, mask) === 0) i += step;
        stack.push({ node: n, at: i });
        n = n.children[i] as Node<T>;
      }
      return n;
    }
  }

  /** The next leaf after the stack's path holding any entry of the mask, or undefined. */
  private nextLeaf(stack: { node: Inner<T>; at: number }[], mask: CellMask): Leaf<T> | undefined {
    for (;;) {
      const top = stack[stack.length - 1];
      if (!top) return undefined;
      top.at += 1;
      if (top.at >= top.node.children.length) {
        stack.pop();
        continue;
      }
      let n = top.node.children[top.at] as Node<T>;
      if (sumOf(n.counts, mask) === 0) continue;
      while (!n.leaf) {
        let i = 0;
        while (i < n.children.length - 1 && sumOf((n.children[i] as Node<T>).counts, mask) === 0) {
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
    };
    this.recount(inner);
    return inner;
  }

  private recount(node: Node<T>): void {
    node.counts.fill(0);
    if (node.leaf)
      for (const t of node.items) {
        const c = this.cellOf(t);
        node.counts[c] = (node.counts[c] ?? 0) + 1;
      }
    else
      for (const child of node.children)
        for (let c = 0; c < this.cellCount; c += 1)
          node.counts[c] = (node.counts[c] ?? 0) + (child.counts[c] ?? 0);
  }
}

/** A count per cell. Plain arrays of small integers: a typed array costs ~50× more to allocate. */
const zeros = (n: number): number[] => new Array<number>(n).fill(0);

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
