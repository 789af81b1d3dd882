/**
 * The cells of the list indexes: a referral's part (see below) × how old it is. The age bucket of
 * a referral is the narrowest date filter whose window holds it (0 = last 24 hours ... 4 = last 30
 * days) or OUT when no window does, so a date filter is the buckets up to its own, "show claimed"
 * adds the unclaimable part, and the lead of a list by expiration first is the leading part: every
 * filter of a list but the state is a mask, and so are both halves of a list by expiration first.
 *
 * Invariant: a referral is in exactly one cell at a given instant, and a mask is the same object
 * for the same filters (masks are compared and cached by identity).
 */

import {
  claimWindowOpen,
  DATE_FILTER_SPAN_MS,
  DATE_FILTERS,
  MarketplaceStatus,
  type DateFilter,
  type Opportunity,
  type ReferralFilter,
} from '@referrals/shared';
import { cellMask, type CellMask } from '../../lib/countedTree.js';

/** The date filters' spans, narrowest first; bucket i holds what the i-th window adds. */
const SPANS: readonly number[] = [...DATE_FILTERS]
  .map((f) => DATE_FILTER_SPAN_MS[f])
  .sort((a, b) => a - b);

/** The bucket of referrals outside every window (or with an unreadable addDate). */
export const OUT = SPANS.length;
const BUCKETS = OUT + 1;

/**
 * The parts: not claimable; claimable with its claim window open (it leads a list by expiration
 * first: shared `claimWindowOpen`); claimable otherwise (its window closed before the upstream
 * moved it out of Available, or it has none).
 */
const UNCLAIMABLE = 0;
const LEADING = 1;
const CLAIMABLE = 2;
const PARTS = 3;

/** How many cells a list index counts per node. */
export const CELL_COUNT = PARTS * BUCKETS;

/** Every cell of a list index. */
export const EVERY_CELL = cellMask(CELL_COUNT, [...Array(CELL_COUNT).keys()]);

/** The spans at whose edges a referral moves to the next bucket as time passes. */
export const BUCKET_EDGES_MS: readonly number[] = SPANS;

/** The age bucket of a referral added at `addedMs` (NaN when unreadable), seen at `nowMs`. */
export function bucketOf(addedMs: number, nowMs: number): number {
  if (!Number.isFinite(addedMs)) return OUT;
  for (let b = 0; b < SPANS.length; b += 1) {
    if (addedMs >= nowMs - (SPANS[b] ?? 0)) return b;
  }
  return OUT;
}

type Parted = Pick<Opportunity, 'marketplaceStatus' | 'marketplaceExpirationDate'>;

/** The cell of a referral at `nowMs`: its part then, and its age bucket. */
export function cellOf(o: Parted, bucket: number, nowMs: number): number {
  if (o.marketplaceStatus !== MarketplaceStatus.Available) return UNCLAIMABLE * BUCKETS + bucket;
  return (claimWindowOpen(o, nowMs) ? LEADING : CLAIMABLE) * BUCKETS + bucket;
}

const masks = new Map<string, CellMask>();

/** The cells a list's filters (other than the state) select; the same object for the same filters. */
export function maskOf(f: Pick<ReferralFilter, 'dateFilter' | 'showClaimed'>): CellMask {
  const key = `${f.dateFilter}:${f.showClaimed}`;
  let mask = masks.get(key);
  if (!mask) {
    const widest = SPANS.indexOf(DATE_FILTER_SPAN_MS[f.dateFilter satisfies DateFilter]);
    const cells: number[] = [];
    for (let b = 0; b <= widest; b += 1) {
      cells.push(LEADING * BUCKETS + b, CLAIMABLE * BUCKETS + b);
      if (f.showClaimed) cells.push(UNCLAIMABLE * BUCKETS + b);
    }
    mask = cellMask(CELL_COUNT, cells);
    masks.set(key, mask);
  }
  return mask;
}

const leads = new Map<CellMask, CellMask>();
const rests = new Map<CellMask, CellMask>();

/** A mask's leading cells: the lead of a list by expiration first (the same object each time). */
export function leadOf(mask: CellMask): CellMask {
  let lead = leads.get(mask);
  if (!lead) leads.set(mask, (lead = partOfMask(mask, true)));
  return lead;
}

/** A mask's other cells: what follows the lead of a list by expiration first. */
export function restOf(mask: CellMask): CellMask {
  let rest = rests.get(mask);
  if (!rest) rests.set(mask, (rest = partOfMask(mask, false)));
  return rest;
}

const partOfMask = (mask: CellMask, leading: boolean): CellMask =>
  cellMask(
    CELL_COUNT,
    mask.cells.filter((c) => (Math.floor(c / BUCKETS) === LEADING) === leading),
  );
