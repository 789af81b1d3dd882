/**
 * The nodes of a counted tree and the helpers that read them without the tree's state. Invariant:
 * a leaf's items are in the tree's order, and an inner node has a key per child that is a lower
 * bound of the child's items (routing a search to the last child whose key is not after it).
 */

/** Entries per leaf and children per inner node at most; tests use small nodes to get deep trees. */
export const NODE_SIZE = 64;

export interface Leaf<T> {
  readonly leaf: true;
  items: T[];
  counts: number[];
}

export interface Inner<T> {
  readonly leaf: false;
  children: Node<T>[];
  /** A lower bound of each child's items; routes a search to the last child whose key is ≤ it. */
  keys: T[];
  counts: number[];
  /** Per slot the tree counts, per cell (slot × cellCount + cell); undefined while it counts none. */
  slotCounts: number[] | undefined;
}

export type Node<T> = Leaf<T> | Inner<T>;

/** A step of a path from the root: an inner node and the index of the child taken. */
export interface Step<T> {
  node: Inner<T>;
  at: number;
}

/** A count per cell. Plain arrays of small integers: a typed array costs ~50× more to allocate. */
export const zeros = (n: number): number[] => new Array<number>(n).fill(0);

/** The last entry of a subtree. */
export function lastOf<T>(node: Node<T>): T {
  let n = node;
  while (!n.leaf) n = n.children[n.children.length - 1] as Node<T>;
  return n.items[n.items.length - 1] as T;
}

/** The first entry of a subtree (its key in the parent). */
export function firstOf<T>(node: Node<T>): T {
  return (node.leaf ? node.items[0] : node.keys[0]) as T;
}

/** The first index whose item is not before `item`. */
export function lowerBound<T>(
  items: readonly T[],
  item: T,
  compare: (a: T, b: T) => number,
): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(items[mid] as T, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The child after the stack's path, going up a level where a node's children are done (the
 * stack then ends at its parent); undefined past the last.
 */
export function nextChild<T>(stack: Step<T>[]): Node<T> | undefined {
  for (;;) {
    const top = stack[stack.length - 1];
    if (!top) return undefined;
    top.at += 1;
    if (top.at < top.node.children.length) return top.node.children[top.at];
    stack.pop();
  }
}
