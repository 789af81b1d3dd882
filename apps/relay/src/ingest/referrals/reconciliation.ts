/**
 * The reconciliation pass: the whole window read in chunks, newest referral first, each compared
 * with the store, so a record that changed without a new lastModDate is upserted and one the
 * store holds that the upstream no longer has is removed; and the age-out of referrals older than
 * the window. Invariant: a chunk's range runs from where the previous chunk stopped (the pass's
 * `upper`) to where this one stops, so every referral of the window is compared once a pass: if
 * inserts shifted the pages, a chunk overlaps the last (harmless); if deletes shifted them, the
 * referrals skipped are asked for by id, or the previous page is read again.
 */
import type { ReferralPageQuery } from '../../upstream/client.js';
import { yieldIfDue } from '../../lib/slices.js';
import { hashReferralRows, type HashedPage } from '../pages/hashedPage.js';
import { byPlace, type Place } from './knownTable.js';
import { BY_ADDED } from './referralWindow.js';
import { stageChanges, type Staged } from './staging.js';
import type { StoreMirror } from './storeMirror.js';
import type { UpstreamReads } from './upstreamReads.js';

/**
 * Chunk size of the reconciliation: a pass takes about PASS_CHUNKS intervals (under a minute at
 * 3 s), within the upstream's page bounds: 100,000 referrals in 18 chunks of 5,556; 1,000,000 in
 * 100 chunks of 10,000 (five minutes at 3 s: the largest page the upstream serves).
 */
const PASS_CHUNKS = 18;
const MIN_CHUNK = 1000;
export const MAX_CHUNK = 10_000;

/** Referrals of a chunk's gap (see lookUpGap) asked for by id, one request each, per cycle. */
const GAP_LOOKUPS = 50;

/** Where a reconciliation pass has got to; saved in the note under these field names. */
export interface Pass {
  /** Page size of this pass (fixed for the pass: pages are offsets). */
  readonly size: number;
  /** The next page to read. */
  page: number;
  /**
   * The last place checked: every referral before it (newer) was compared with the upstream in
   * this pass; null at the start.
   */
  upper: Place | null;
  readonly startedAt: number;
  /**
   * Cycles run since the pass began (the one that began it not counted): the pass's schedule is
   * one chunk compared a cycle. Absent in notes of older relays (taken as `page`: see countCycle).
   */
  cycles?: number;
  /** Chunks compared in this pass (a chunk that paged back counts too); absent as `cycles`. */
  compared?: number;
}

export interface PassOptions {
  /** Chunk bounds of a pass (tests use small ones): see PASS_CHUNKS. */
  readonly chunks?: { readonly min: number; readonly max: number; readonly perPass: number };
}

/** The upstream query of the pass's current chunk: the window newest referral first. */
export const chunkQuery = (pass: Pass, startDate: string): ReferralPageQuery => ({
  page: pass.page,
  size: pass.size,
  sort: BY_ADDED,
  startDate,
});

/**
 * The pass with this cycle counted as one of its slots. A note of an older relay has no `cycles`
 * nor `compared`: its pass is taken as on schedule, a chunk compared a cycle.
 */
export function countCycle(pass: Pass): Pass {
  pass.cycles = (pass.cycles ?? pass.page) + 1;
  pass.compared ??= pass.page;
  return pass;
}

/** The place of row `i` (null when there is none). */
const placeOf = (rows: HashedPage['rows'], i: number): Place | null =>
  i >= 0 && i < rows.length ? { added: rows.added[i] as number, id: rows.id[i] as number } : null;

/** A chunk's rows and range as compareChunk checks them. */
interface ChunkRange {
  readonly seen: Set<number>;
  readonly first: Place | null;
  readonly last: Place | null;
}

/**
 * Compares chunks of the pass with the store, and ages out what left the window. Reads never
 * overlap and are applied in the order they were made, so a chunk never overwrites a newer change
 * (DBLog interleaves chunks with the change log for the same reason; here both come from one loop).
 */
export class Reconciliation {
  constructor(
    private readonly mirror: StoreMirror,
    private readonly reads: UpstreamReads,
    private readonly options: PassOptions,
  ) {}

  /** A pass from the top, its chunk size from the window's size as last known. */
  newPass(at: number): Pass {
    const expected = Math.max(this.reads.total, this.mirror.known.size);
    const { min, max, perPass } = this.options.chunks ?? {
      min: MIN_CHUNK,
      max: MAX_CHUNK,
      perPass: PASS_CHUNKS,
    };
    const size = Math.min(max, Math.max(min, Math.ceil(expected / perPass)));
    return { size, page: 0, upper: null, startedAt: at, cycles: 0, compared: 0 };
  }

  /**
   * Compares a chunk of the pass with the store and moves the pass on. Returns true when the pass
   * is complete. With `touched` (a chunk read ahead), the referrals committed or staged since it
   * was read are left as they are.
   */
  async compareChunk(
    pass: Pass,
    answer: HashedPage,
    startMs: number,
    staged: Staged,
    touched: ReadonlySet<number> | null,
  ): Promise<boolean> {
    this.reads.total = answer.totalElements;
    const rows = await stageChanges(this.mirror.known, answer.rows, staged, touched, answer.later);
    const chunk: ChunkRange = {
      seen: new Set(rows.id),
      first: placeOf(rows, 0),
      last: placeOf(rows, rows.length - 1),
    };
    const { seen, first, last } = chunk;
    const isLast =
      answer.rows.length < pass.size || (pass.page + 1) * pass.size >= answer.totalElements;
    if (pass.upper && (!first || byPlace(first, pass.upper) > 0)) {
      const whole = await this.lookUpGap(pass.upper, chunk, startMs, staged);
      if (!whole) {
        // More than a cycle's worth: this chunk's own range is whole; the previous page, read
        // again, now holds what shifted, and each cycle's lookups remove what is gone.
        if (first && last)
          await this.removeBetween(first, last, seen, touched, staged, startMs, true);
        pass.page = Math.max(0, pass.page - 1);
        return false;
      }
    }
    const to = isLast ? null : (last ?? null);
    await this.removeBetween(pass.upper, to, seen, touched, staged, startMs);
    if (isLast || !last) return true;
    pass.upper = { added: last.added, id: last.id };
    pass.page += 1;
    return false;
  }

  /**
   * The chunk starts past the last place checked (or the pages ran out before it): deletes
   * shifted the pages, and referrals between the two were read by no chunk. Each the store holds
   * there is asked for by id (GAP_LOOKUPS a cycle at most), and what the upstream has is added to
   * the chunk's `seen`. False when the gap holds more than that.
   */
  private async lookUpGap(
    upper: Place,
    { seen, first }: ChunkRange,
    startMs: number,
    staged: Staged,
  ): Promise<boolean> {
    const gap = this.knownBetween(upper, first ?? null, startMs, GAP_LOOKUPS + 1);
    for (const k of gap.slice(0, GAP_LOOKUPS)) {
      const record = await this.reads.one(k.id);
      if (record === null) staged.remove(k.id);
      else {
        const again = await stageChanges(this.mirror.known, hashReferralRows([record]), staged);
        if ((again.added[0] ?? Infinity) < startMs) staged.remove(k.id);
        seen.add(k.id);
      }
    }
    return gap.length <= GAP_LOOKUPS;
  }

  /**
   * Up to `max` referrals the store holds strictly between two places (null: to the end of the
   * window), in order.
   */
  private knownBetween(after: Place, before: Place | null, startMs: number, max: number): Place[] {
    const out: Place[] = [];
    for (const k of this.mirror.known.from(after)) {
      if (byPlace(k, after) <= 0) continue;
      if ((before && byPlace(k, before) >= 0) || k.added < startMs || out.length >= max) break;
      out.push(k);
    }
    return out;
  }

  /**
   * Removes the referrals the store holds after `after` (exclusive; null: from the newest) down to
   * `to` (inclusive; null: to the end of the window) that the chunk did not have, unless touched
   * since it was read. With `fromIncl`, `after` itself is in the range too.
   */
  private async removeBetween(
    after: Place | null,
    to: Place | null,
    seen: ReadonlySet<number>,
    touched: ReadonlySet<number> | null,
    staged: Staged,
    startMs: number,
    fromIncl = false,
  ): Promise<void> {
    const { known } = this.mirror;
    const it = after ? known.from(after) : known.places();
    // In slices, as stageChanges: a chunk's range is 10,000 referrals at 1,000,000, too long a walk
    // for one turn of the event loop. Nothing else changes the table or the staged changes
    // meanwhile: the sync's cycles run one at a time.
    let since = performance.now();
    let n = 0;
    for (const k of it) {
      if ((++n & 255) === 0) since = await yieldIfDue(since);
      if (after && !fromIncl && byPlace(k, after) <= 0) continue;
      if (to && byPlace(k, to) > 0) break;
      if (k.added < startMs) break;
      if (!seen.has(k.id) && !staged.upserts.has(k.id) && !touched?.has(k.id)) staged.remove(k.id);
    }
    if (after === null && to === null) {
      // A whole pass ended: a referral the store holds without a place (written by an older
      // relay) that no read saw is gone too.
      for (const id of known.unplaced())
        if (!seen.has(id) && !staged.upserts.has(id)) staged.remove(id);
    }
  }

  /** Removes the referrals that are older than the window now. */
  ageOut(startMs: number, staged: Staged): void {
    for (const k of this.mirror.known.from({ added: startMs, id: -Infinity })) {
      if (k.added >= startMs) continue;
      staged.remove(k.id);
    }
  }
}
