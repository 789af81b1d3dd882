import {
  DATE_FILTER_SPAN_MS,
  DATE_FILTERS,
  MarketplaceStatus,
  type DateFilter,
  type ReferralFilter,
} from '@referrals/shared';
import { cellMask, type CellMask } from './countedTree.js';

/**
 * The cells of the list indexes: whether a referral is claimable (Available) × how old it is. The
 * age bucket of a referral is the narrowest date filter whose window holds it (0 = last 24 hours
 * ... 4 = last 30 days) or OUT when no window does, so a date filter is the buckets up to its own
 * and "show claimed" adds the unclaimable half: every filter of a list but the state is a mask.
 */

/** The date filters' spans, narrowest first; bucket i holds what the i-th window adds. */
const SPANS: readonly number[] = [...DATE_FILTERS]
  .map((f) => DATE_FILTER_SPAN_MS[f])
  .sort((a, b) => a - b);

/** The bucket of referrals outside every window (or with an unreadable addDate). */
export const OUT = SPANS.length;
const BUCKETS = OUT + 1;
/** How many cells a list index counts per node. */
export const CELL_COUNT = 2 * BUCKETS;

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

/** The cell of a referral: its status half and its age bucket. */
export const cellOf = (marketplaceStatus: string, bucket: number): number =>
  (marketplaceStatus === MarketplaceStatus.Available ? BUCKETS : 0) + bucket;

const masks = new Map<string, CellMask>();

/** The cells a list's filters (other than the state) select; the same object for the same filters. */
export function maskOf(f: Pick<ReferralFilter, 'dateFilter' | 'showClaimed'>): CellMask {
  const key = `${f.dateFilter}:${f.showClaimed}`;
  let mask = masks.get(key);
  if (!mask) {
    const widest = SPANS.indexOf(DATE_FILTER_SPAN_MS[f.dateFilter satisfies DateFilter]);
    const cells: number[] = [];
    for (let b = 0; b <= widest; b += 1) {
      cells.push(BUCKETS + b);
      if (f.showClaimed) cells.push(b);
    }
    mask = cellMask(CELL_COUNT, cells);
    masks.set(key, mask);
  }
  return mask;
}
