/**
 * An entry's slot bits: which of the slotted scopes (slots.ts) it is in, a bit per slot over two
 * 30-bit words (`Entry.slotsLow` for slots 0 to 29, `slotsHigh` for 30 to 59: each word a small
 * integer on every V8), as the market's views read them (`slotsOf`) and the slots set them.
 *
 * Invariant: these read and write the entry's own words only; which bits an entry must have is
 * the slots' and the scopes' business (see `Slots.take`, `ScopeGroups.change`).
 */
import { slotBit, slotWord } from '../../lib/countedTree.js';
import type { Entry } from './entry.js';

/** An entry's slot bits in one word (how the market's views read them). */
export const slotsOf = (e: Entry, word: number): number => (word === 0 ? e.slotsLow : e.slotsHigh);
/** True when an entry is in a slot. */
export const inSlotOf = (e: Entry, slot: number): boolean =>
  (slotsOf(e, slotWord(slot)) & slotBit(slot)) !== 0;
/** Puts an entry in a slot, or takes it out. */
export function setSlot(e: Entry, slot: number, on: boolean): void {
  const bit = slotBit(slot);
  if (slotWord(slot) === 0) e.slotsLow = on ? e.slotsLow | bit : e.slotsLow & ~bit;
  else e.slotsHigh = on ? e.slotsHigh | bit : e.slotsHigh & ~bit;
}
