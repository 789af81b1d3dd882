/**
 * An ordered B+tree whose every node counts its entries per cell. A cell is a small number the
 * owner's `cellOf` reads off each entry (here: claimable or not × how old), and a query names the
 * cells it wants (a mask), so the tree answers "how many match" and "the k-th match in order" by
 * descending through the counts: O(log n) whatever the size, with no scan and no sort.
 *
 * Invariant: every node's counts are those of the entries under it, in the cells (and slots) the
 * owner last told. The tree keeps no cell of its own (a number per entry per tree would weigh
 * heavily at 1,000,000 referrals): when an entry's cell changes, its owner says so (`moved`,
 * `refresh`) before the tree is read or changed again.
 *
 * Nodes that empty are dropped, but nodes are not merged when they shrink ("free at empty"): under
 * mixed inserts and deletes that keeps occupancy high, and it keeps the code short.
 *
 * Slots: a tree may also count, in its inner nodes, the entries of a few subsets of itself per
 * cell. A subset is a slot (0 to MAX_SLOTS - 1) and an entry says which slots it is in through the
 * owner's `slotsOf` (a bit per slot, in words of SLOT_BITS). A mask with a slot then reads that
 * subset in the tree's order as it reads the whole: a descent by the counts, and a walk over
 * leaves that scans them (leaves keep no slot counts: a count per slot per leaf would cost more
 * than the tree). The owner counts a slot (`countSlot`, one pass over the tree) once every entry
 * says whether it is in the slot, and must not change an entry's slot bits while the entry is in
 * a tree that counts that slot.
 *
 * The tree is layered by concept, one class on the other, so every method is a plain method of
 * one object: `TreeCounts` (countedTreeCounts.ts) keeps the counts, `TreeEdits`
 * (countedTreeEdits.ts) changes the entries, and `CountedTree` here reads them. Masks and slots
 * are in countedTreeMasks.ts, the node layout in countedTreeNodes.ts.
 */
import { cellMask, type CellMask } from './countedTreeMasks.js';
import { TreeEdits } from './countedTreeEdits.js';
import { lowerBound, nextChild, type Leaf, type Node, type Step } from './countedTreeNodes.js';

// The masks and slots of cells are part of the tree's vocabulary.
export * from './countedTreeMasks.js';
export { NODE_SIZE } from './countedTreeNodes.js';

/** An ordered multiset of distinct entries with per-cell counts in every node. */
export class CountedTree<T> extends TreeEdits<T> {
  /** The tree's order. */
  order(a: T, b: T): number {
    return this.compare(a, b);
  }

  /** How many entries are in the mask's cells (and its slot). */
  countOf(mask: CellMask): number {
    return this.countIn(this.root, mask);
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
    const stack: Step<T>[] = [];
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
    const stack: Step<T>[] = [];
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
  private leafBeside(stack: Step<T>[], mask: CellMask, step: number): Leaf<T> | undefined {
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
  private nextLeaf(stack: Step<T>[], mask: CellMask): Leaf<T> | undefined {
    for (;;) {
      const next = nextChild(stack);
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
}
