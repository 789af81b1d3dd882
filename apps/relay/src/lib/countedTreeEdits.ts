/**
 * The changes of a counted tree: bulk load, insert, delete, and an entry's cell told changed.
 * Invariant: after every change each node's counts are whole again, and no inner key outlives
 * the entry it was (a key that was a deleted entry becomes its node's first entry).
 */
import { yieldIfDue } from './slices.js';
import { TreeCounts } from './countedTreeCounts.js';
import { firstOf, lowerBound, type Inner, type Leaf, type Node } from './countedTreeNodes.js';

/** A counted tree's changes, on the counts of `TreeCounts`; `CountedTree` adds the reads. */
export abstract class TreeEdits<T> extends TreeCounts<T> {
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
}
