import { CountedTree, ONE_CELL_OF } from '../readModel/listIndex/countedTree.js';
import { parseReferralHash, type ReferralHash } from '../readModel/referralHash.js';
import { shardedByNumber } from '../readModel/shardedMap.js';
import { yieldIfDue } from '../readModel/slices.js';

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

/** The hashes are SHA-1 in base64 (see contentHash): 20 bytes. */
const HASH_BYTES = 20;

/** How a hash is kept: the empty text, its 20 bytes in the block, or a text kept apart. */
const EMPTY = 0;
const BYTES = 1;
const TEXT = 2;

/** The probe's slot: a place a walk starts from is written there (see `from`). */
const PROBE = 0;

/** The columns of 16,384 referrals (~1.1 MB, outside the JS heap). */
class Block {
  readonly id = new Float64Array(BLOCK);
  readonly added = new Float64Array(BLOCK);
  readonly lastMod = new Float64Array(BLOCK);
  readonly valid = new Uint8Array(BLOCK * HASH_BYTES);
  readonly raw = new Uint8Array(BLOCK * HASH_BYTES);
  /** How each slot's valid and raw hashes are kept (EMPTY, BYTES or TEXT). */
  readonly validKind = new Uint8Array(BLOCK);
  readonly rawKind = new Uint8Array(BLOCK);
}

/** A 20-byte scratch buffer a hash text is decoded into (no allocation per comparison). */
const scratch = Buffer.alloc(HASH_BYTES);

/** Whether `text` is a 20-byte hash in base64 that reads back the same (then kept as bytes). */
function decodes(text: string): boolean {
  if (text.length !== 28 || text.charCodeAt(27) !== 61 /* '=' */) return false;
  if (scratch.write(text, 'base64') !== HASH_BYTES) return false;
  return scratch.toString('base64') === text;
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
  private readonly slotOf = shardedByNumber<number>();
  /** Hashes that are not a SHA-1 in base64 (written by another version), by slot. */
  private readonly texts = new Map<number, { valid?: string; raw?: string }>();
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
    return this.slotOf.has(id);
  }

  get(id: number): Known | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.knownAt(slot);
  }

  /** Whether the referral is held with this raw hash (false when it is not held). */
  rawIs(id: number, raw: string): boolean {
    const slot = this.slotOf.get(id);
    return slot !== undefined && this.hashIs(slot, 'raw', raw);
  }

  /** Adds or replaces what is known of a referral. */
  set(k: Known): void {
    let slot = this.slotOf.get(k.id);
    // A referral keeps its place unless its addDate changed (its hashes and lastModDate did).
    const moves = slot === undefined || !(this.addedAt(slot) === k.added);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.nextSlot++;
      this.slotOf.set(k.id, slot);
    } else if (moves) this.unplace(k.id, slot);
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    b.id[at] = k.id;
    b.added[at] = k.added;
    b.lastMod[at] = k.lastMod;
    this.texts.delete(slot);
    this.putHash(slot, 'valid', k.valid);
    this.putHash(slot, 'raw', k.raw);
    if (!moves) return;
    if (Number.isFinite(k.added)) this.placed.insert(slot);
    else this.unplacedIds.add(k.id);
  }

  delete(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.unplace(id, slot);
    this.slotOf.delete(id);
    this.texts.delete(slot);
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
      const b = table.blockOf(slot);
      const at = slot & IN_BLOCK;
      b.id[at] = k.id;
      b.added[at] = k.added;
      b.lastMod[at] = k.lastMod;
      table.putHash(slot, 'valid', k.valid);
      table.putHash(slot, 'raw', k.raw);
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
      valid: this.hashAt(slot, 'valid'),
      raw: this.hashAt(slot, 'raw'),
      added: b.added[at] as number,
      lastMod: b.lastMod[at] as number,
    };
  }

  private putHash(slot: number, which: 'valid' | 'raw', text: string): void {
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    const kinds = which === 'valid' ? b.validKind : b.rawKind;
    if (text === '') kinds[at] = EMPTY;
    else if (decodes(text)) {
      kinds[at] = BYTES;
      (which === 'valid' ? b.valid : b.raw).set(scratch, at * HASH_BYTES);
    } else {
      kinds[at] = TEXT;
      const kept = this.texts.get(slot) ?? {};
      kept[which] = text;
      this.texts.set(slot, kept);
    }
  }

  private hashAt(slot: number, which: 'valid' | 'raw'): string {
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    const kind = (which === 'valid' ? b.validKind : b.rawKind)[at];
    if (kind === EMPTY) return '';
    if (kind === TEXT) return this.texts.get(slot)?.[which] ?? '';
    const bytes = which === 'valid' ? b.valid : b.raw;
    return Buffer.from(bytes.buffer, bytes.byteOffset + at * HASH_BYTES, HASH_BYTES).toString(
      'base64',
    );
  }

  private hashIs(slot: number, which: 'valid' | 'raw', text: string): boolean {
    const b = this.blockOf(slot);
    const at = slot & IN_BLOCK;
    const kind = (which === 'valid' ? b.validKind : b.rawKind)[at];
    if (kind === EMPTY) return text === '';
    if (kind === TEXT) return this.texts.get(slot)?.[which] === text;
    if (!decodes(text)) return false;
    const bytes = which === 'valid' ? b.valid : b.raw;
    const start = at * HASH_BYTES;
    for (let i = 0; i < HASH_BYTES; i += 1) if (bytes[start + i] !== scratch[i]) return false;
    return true;
  }
}
