/**
 * The index's clock: the instant its date windows and claim windows are read at. Windows slide
 * without a rescan: as the clock moves, the market's indexes by date and by claim window close
 * give the few entries that crossed an edge since it last moved (see `Market.crossing`), and each
 * is moved to its new cell in the views and scope counts that hold it.
 *
 * Invariant: between two moves, every entry's cells are its cells at `at`, and every view and
 * scope count holds each of its entries in that cell (a view being built catches up once built).
 */
import { bucketOf, cellOf } from './cells.js';
import type { Entry } from './entry.js';
import type { ClockPart, IndexContext } from './parts.js';

export class WindowClock implements ClockPart {
  /** The instant the entries' cells are at. */
  at: number;

  constructor(private readonly ctx: IndexContext) {
    this.at = ctx.settings.now();
  }

  /** Moves the clock, and every referral that crossed a date window's edge to its new cell. */
  advance(nowMs: number): void {
    if (nowMs === this.at) return;
    const { market } = this.ctx;
    for (const e of market.crossing(this.at, nowMs, false)) {
      const was = e.addedCell;
      e.addedCell = cellOf(e.o, bucketOf(e.added, nowMs), nowMs);
      if (e.addedCell !== was) this.moved(e, was, false);
    }
    // The acquired lists' windows read lastModDate: the same walk over that index.
    for (const e of market.crossing(this.at, nowMs, true)) {
      const was = e.modifiedCell;
      e.modifiedCell = cellOf(e.o, bucketOf(e.modified, nowMs), nowMs);
      if (e.modifiedCell !== was) this.moved(e, was, true);
    }
    market.ageRecent(this.at, nowMs);
    this.at = nowMs;
  }

  /**
   * Counts an entry whose cell by one date moved from `from` in its new cell: in the views that
   * filter on that date (a view being built counts it again once built: see `ViewCache.build`) and
   * in the counts of the scopes that hold it.
   */
  private moved(e: Entry, from: number, byModified: boolean): void {
    const to = byModified ? e.modifiedCell : e.addedCell;
    for (const v of this.ctx.views.byKey.values()) {
      if ((v.scope.dateField === 'lastModDate') !== byModified) continue;
      if (v.tree) v.tree.moved(e, from);
      else v.pending?.push({ prev: undefined, next: undefined, moved: e });
    }
    for (const { scope, members, counts } of this.ctx.scopes.byKey.values()) {
      if (!counts || !members?.has(e) || (scope.dateField === 'lastModDate') !== byModified)
        continue;
      counts[from] = (counts[from] ?? 0) - 1;
      counts[to] = (counts[to] ?? 0) + 1;
    }
  }
}
