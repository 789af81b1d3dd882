/**
 * What the sync knows of each referral the store holds (hashes and dates), in typed columns, and
 * their places in the window's newest-first order. Invariants: a referral with a readable addDate
 * is in the order exactly once, at its current place, one without is among the unplaced; a slot
 * freed by a delete is reused.
 */
import { CountedTree, ONE_CELL_OF } from '../../lib/countedTree.js';
import { parseReferralHash, type ReferralHash } from '../../changeLog/referralHash.js';
import { yieldIfDue } from '../../lib/slices.js';
import { HashColumn } from '../pages/hashColumn.js';
import type { HashedRows } from '../pages/hashedPage.js';
import { IdSlots } from './idSlots.js';

/** A referral the store holds, as the sync knows it. */
export interface Known extends ReferralHash {
  readonly id: number;
}

/** A place in the newest-first order of the window: (addDate desc, id desc). */
export type Place = Pick<Known, 'added' | 'id'>;
export const byPlace = (a: Place, b: Place): number => b.added - a.added || b.id - a.id;

/** Slots a block of columns holds (a table grows a block at a time, never by a copy). */
const BLOCK_BITS = 14;
const BLOCK = 1 << BLOCK_BITS;
const IN_BLOCK = BLOCK - 1;

/** The probe's slot: a place a walk starts from is written there (see `from`). */
const PROBE = 0;

/** The columns of 16,384 referrals (~1.1 MB, outside the JS heap). */
class Block {
  readonly id = new Float64Array(BLOCK);
  readonly added = new Float64Array(BLOCK);
  readonly lastMod = new Float64Array(BLOCK);
  readonly valid = new HashColumn(BLOCK);
  readonly raw = new HashColumn(BLOCK);
}

/**
 * What the sync knows of every referral the store holds (its hashes and dates), and their places in
 * the window's newest-first order, kept in typed columns: a referral is a slot, not objects. As
 * objects (a record, two hash strings and two boxed dates) the sync's 1,000,000 referrals were
 * 5,000,000 of the relay's heap objects, which every full collection marks again (issue 17).
 *
 * `get` and the walks hand out fresh objects: read them, do not keep them.
 */
export class KnownTable {
  private readonly blocks: Block[] = [];
  /** Each referral's slot (0: none). */
  private readonly slotOf = new IdSlots();
  /** Referrals without a readable addDate: held, but in no place (see `unplaced`). */
  private readonly unplacedIds = new Set<number>();
  private readonly freeSlots: number[] = [];
  private nextSlot = PROBE + 1;
  private readonly placed = new CountedTree<number>(
    (a, b) => this.addedAt(b) - this.addedAt(a) || this.idAt(b) - this.idAt(a),
    1,
    ONE_CELL_OF,
  );

  get size(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.get(id) !== 0;
  }

  get(id: number): Known | undefined {
    const slot = this.slotOf.get(id);
    return slot === 0 ? undefined : this.knownAt(slot);
  }

  /** Whether the referral is held with this raw hash (false when it is not held). */
  rawIs(id: number, raw: string): boolean {
    const slot = this.slotOf.get(id);
    return slot !== 0 && this.blockOf(slot).raw.is(slot & IN_BLOCK, raw);
  }

  /** Whether the referral is held with the raw hash at `i` of `hashes` (no string made). */
  rawSame(id: number, hashes: HashColumn, i: number): boolean {
    const slot = this.slotOf.get(id);
    return slot !== 0 && this.blockOf(slot).raw.same(slot & IN_BLOCK, hashes, i);
  }

  /**
   * Whether the referral is held as row `i` of `rows` has it: the same validated hash and dates
   * (false when it is not held).
   */
  recordIs(id: number, rows: HashedRows, i: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === 0) return false;
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    return (
      b.valid.same(at, rows.valid, i) &&
      b.added[at] === rows.added[i] &&
      b.lastMod[at] === rows.lastMod[i]
    );
  }

  /** Adds or replaces what is known of a referral. */
  set(k: Known): void {
    let slot = this.slotOf.get(k.id);
    // A referral keeps its place unless its addDate changed (its hashes and lastModDate did).
    const moves = slot === 0 || !(this.addedAt(slot) === k.added);
    if (slot === 0) {
      slot = this.freeSlots.pop() ?? this.nextSlot++;
      this.slotOf.set(k.id, slot);
    } else if (moves) this.unplace(k.id, slot);
    this.write(slot, k);
    if (!moves) return;
    if (Number.isFinite(k.added)) this.placed.insert(slot);
    else this.unplacedIds.add(k.id);
  }

  delete(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === 0) return false;
    this.unplace(id, slot);
    this.slotOf.delete(id);
    const b = this.blockOf(slot);
    b.valid.set(slot & IN_BLOCK, '');
    b.raw.set(slot & IN_BLOCK, '');
    this.freeSlots.push(slot);
    return true;
  }

  /** The places held in the window's order, from the first that is not before `from`. */
  *from(from: Place): IterableIterator<Place> {
    const b = this.blockOf(PROBE);
    b.id[PROBE] = from.id;
    b.added[PROBE] = from.added;
    for (const slot of this.placed.from(PROBE)) yield this.placeAt(slot);
  }

  /** Every place held, newest first. */
  *places(): IterableIterator<Place> {
    for (const slot of this.placed.values()) yield this.placeAt(slot);
  }

  /** The referrals held without a place (no readable addDate: written by an older relay). */
  unplaced(): readonly number[] {
    return [...this.unplacedIds];
  }

  /**
   * A table of what the store holds (`loadHashes`), read in slices, and the newest lastModDate in it
   * (-Infinity when none). The places are sorted once and loaded into the tree in one go.
   */
  static async fromHashes(
    hashes: Iterable<[string, string]>,
  ): Promise<{ table: KnownTable; newest: number }> {
    const table = new KnownTable();
    const slots: number[] = [];
    let newest = -Infinity;
    let since = performance.now();
    let n = 0;
    for (const [id, text] of hashes) {
      const k: Known = { id: Number(id), ...parseReferralHash(text) };
      if (k.lastMod > newest) newest = k.lastMod;
      const slot = table.nextSlot++;
      table.slotOf.set(k.id, slot);
      table.write(slot, k);
      if (Number.isFinite(k.added)) slots.push(slot);
      else table.unplacedIds.add(k.id);
      if ((++n & 1023) === 0) since = await yieldIfDue(since);
    }
    slots.sort((a, b) => table.placed.order(a, b));
    await table.placed.loadInSlices(slots);
    return { table, newest };
  }

  private unplace(id: number, slot: number): void {
    if (Number.isFinite(this.addedAt(slot))) this.placed.delete(slot);
    else this.unplacedIds.delete(id);
  }

  /** Writes a referral's id, dates and hashes into its slot's columns. */
  private write(slot: number, k: Known): void {
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    b.id[at] = k.id;
    b.added[at] = k.added;
    b.lastMod[at] = k.lastMod;
    b.valid.set(at, k.valid);
    b.raw.set(at, k.raw);
  }

  private blockOf(slot: number): Block {
    const i = slot >>> BLOCK_BITS;
    while (this.blocks.length <= i) this.blocks.push(new Block());
    return this.blocks[i] as Block;
  }

  private addedAt(slot: number): number {
    return (this.blocks[slot >>> BLOCK_BITS] as Block).added[slot & IN_BLOCK] as number;
  }

  private idAt(slot: number): number {
    return (this.blocks[slot >>> BLOCK_BITS] as Block).id[slot & IN_BLOCK] as number;
  }

  private placeAt(slot: number): Place {
    return { id: this.idAt(slot), added: this.addedAt(slot) };
  }

  private knownAt(slot: number): Known {
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    return {
      id: b.id[at] as number,
      valid: b.valid.get(at),
      raw: b.raw.get(at),
      added: b.added[at] as number,
      lastMod: b.lastMod[at] as number,
    };
  }
}
