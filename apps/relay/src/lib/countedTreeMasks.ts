/**
 * What a counted tree's query asks for: the cells it wants (a mask) and, optionally, one slot (a
 * subset of the entries the tree counts in its inner nodes). Invariant: a mask's `wants` and
 * `cells` name the same cells, and `inSlot` gives one object per mask and slot, so a mask can
 * key caches by identity.
 */

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
export const NO_SLOTS = (): number => 0;
