/**
 * Both directions of a sort key read from one tree. The spec's tie rule (newest first) and the
 * place of missing values (last) are the same in both directions, so the descending order is not
 * the ascending one backwards: it is the groups of equal values backwards, each group forwards,
 * then the missing values forwards. A tree in the ascending order holds both; this reads the
 * descending one from it. A page costs a few descents (the rank of a group's edge is one, by the
 * counts) and a walk over the page's entries, whatever the size of the groups. Invariant: both
 * directions list the same entries, missing values last in each, ties newest first.
 */
import type { CellMask, CountedTree } from './countedTree.js';

/** How a tree in the ascending order splits into groups of equal sort values. */
export interface Groups<T> {
  /** The values' order alone, missing last, ties 0: the reference comparator without tie rule. */
  readonly compareValues: (a: T, b: T) => number;
  /** True when the entry has no value under the key (it goes last in both directions). */
  readonly missing: (t: T) => boolean;
  /** Entries read past before looking a group's edge up by rank instead (a node's worth). */
  readonly readAhead: number;
}

/**
 * A page of the mask's entries in a list's order: the tree's own order (no groups), or the
 * descending one read from a tree kept ascending.
 */
export function pageOf<T>(
  tree: CountedTree<T>,
  mask: CellMask,
  skip: number,
  size: number,
  groups: Groups<T> | undefined,
): T[] {
  if (!groups) return tree.page(mask, skip, size);
  return [...take(descendingFrom(tree, mask, groups, skip), size)];
}

/** The mask's entries in a list's order (from the last backwards with `backwards`). */
export function inOrder<T>(
  tree: CountedTree<T>,
  mask: CellMask,
  groups: Groups<T> | undefined,
  backwards: boolean,
): Iterable<T> {
  if (groups)
    return backwards
      ? descendingBackwards(tree, mask, groups)
      : descendingFrom(tree, mask, groups, 0);
  return tree.walk(mask, backwards ? tree.countOf(mask) - 1 : 0, backwards);
}

const sameGroup = <T>(g: Groups<T>, a: T, b: T): boolean =>
  !g.missing(a) && g.compareValues(a, b) === 0;

/** The mask's entries in descending order from position `from` of that order. */
function* descendingFrom<T>(
  tree: CountedTree<T>,
  mask: CellMask,
  g: Groups<T>,
  from: number,
): Generator<T, void, undefined> {
  const valued = tree.countWhile(mask, (t) => !g.missing(t));
  if (from < valued) yield* flipped(tree, mask, g, valued, from, -1);
  yield* tree.walk(mask, Math.max(from, valued));
}

/** The mask's entries in descending order, from the last backwards. */
function* descendingBackwards<T>(
  tree: CountedTree<T>,
  mask: CellMask,
  g: Groups<T>,
): Generator<T, void, undefined> {
  const valued = tree.countWhile(mask, (t) => !g.missing(t));
  const total = tree.countOf(mask);
  let n = total - valued;
  if (n > 0)
    for (const t of tree.walk(mask, total - 1, true)) {
      yield t;
      if (--n === 0) break;
    }
  yield* flipped(tree, mask, g, valued, 0, 1);
}

/**
 * The first `valued` entries of the mask (those with a value) group by group in direction `step`
 * (-1: the last group first), each group read the other way, from position `from` of that order.
 */
function* flipped<T>(
  tree: CountedTree<T>,
  mask: CellMask,
  g: Groups<T>,
  valued: number,
  from: number,
  step: 1 | -1,
): Generator<T, void, undefined> {
  if (from >= valued) return;
  const edgesOf = (x: T): [number, number] => [
    tree.countWhile(mask, (t) => g.compareValues(t, x) < 0),
    tree.countWhile(mask, (t) => g.compareValues(t, x) <= 0),
  ];
  // The group of the entry at `from`, and where in it `from` is.
  const [lo, hi] = edgesOf(first(tree.walk(mask, step < 0 ? valued - 1 - from : from)));
  const at = step < 0 ? lo + from - (valued - hi) : hi - 1 - (from - lo);
  yield* take(tree.walk(mask, at, step > 0), step < 0 ? hi - at : at - lo + 1);
  // The edge of the groups read so far: the next group ends below it (starts at it, step 1).
  let edge = step < 0 ? lo : hi;
  let cursor: Iterator<T, void, undefined> | undefined;
  let ahead: T | undefined;
  while (step < 0 ? edge > 0 : edge < valued) {
    cursor ??= tree.walk(mask, step < 0 ? edge - 1 : edge, step < 0);
    const head = ahead ?? (cursor.next().value as T);
    ahead = undefined;
    const group = [head];
    const left = step < 0 ? edge - 1 : valued - edge - 1;
    for (let n = left; n > 0 && group.length < g.readAhead; n -= 1) {
      const t = cursor.next().value as T;
      if (!sameGroup(g, t, head)) {
        ahead = t;
        break;
      }
      group.push(t);
    }
    // The group is whole when the next one began, or the range ended, within the read-ahead.
    if (ahead !== undefined || group.length > left) {
      for (let i = group.length - 1; i >= 0; i -= 1) yield group[i] as T;
      edge += step * group.length;
      continue;
    }
    // A large group: its far edge by rank, then read it the other way from there.
    const [start, end] = edgesOf(head);
    cursor = undefined;
    if (step < 0) {
      yield* take(tree.walk(mask, start), edge - start);
      edge = start;
    } else {
      yield* take(tree.walk(mask, end - 1, true), end - edge);
      edge = end;
    }
  }
}

function first<T>(entries: Iterator<T, void, undefined>): T {
  return entries.next().value as T;
}

function* take<T>(entries: Iterable<T>, n: number): Generator<T, void, undefined> {
  if (n <= 0) return;
  for (const t of entries) {
    yield t;
    if (--n === 0) return;
  }
}
