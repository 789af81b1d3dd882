/**
 * The options of the list index (`ReferralIndexOptions`), their defaults (`Settings`), and the
 * tuning constants the components share.
 *
 * Invariant: an index reads its options once, when it is made; every component reads the same
 * settings for the index's life.
 */
import type { Sort } from '@referrals/shared';
import { MAX_SLOTS } from '../../lib/countedTree.js';

/** Options of the index (tests shorten or pin them). */
export interface ReferralIndexOptions {
  readonly now?: () => number;
  /** Orders of the whole market built at every load, so the default lists never wait. */
  readonly warm?: readonly (Sort | null)[];
  /** Orders of the whole market built one by one after a load, so no list waits for a sort. */
  readonly background?: readonly (Sort | null)[];
  /** Views over a part of the market kept at most (the least recently used go first). */
  readonly maxViews?: number;
  /** A view over a part of the market that no list read for this long is dropped. */
  readonly idleMs?: number;
  /** Entries per tree node (tests use small nodes to get deep trees from small markets). */
  readonly nodeSize?: number;
  /**
   * Entries of the market's view a page of a scope may step over when the scope has no view in
   * the page's order; a page further in waits for the view to be built (0: always build).
   */
  readonly walkLimit?: number;
  /**
   * Entries the views of parts of the market may hold in all (default: four times the market,
   * at least MIN_VIEW_ENTRIES); past it the least recently read go.
   */
  readonly maxViewEntries?: number;
  /**
   * Scopes whose members the market's views count per node (at most MAX_SLOTS, the default; 0:
   * none, so a scope's pages walk the market's view or build the scope's own).
   */
  readonly slots?: number;
  /**
   * Entries of equal expiry a page by expiration first reorders around itself at most (default
   * TIE_LIMIT); longer ties build the list's own view (tests lower it to reach that path).
   */
  readonly tieLimit?: number;
}

/** Entries a page may step over in the market's view (~5 ms at 1,000,000 referrals). */
const WALK_LIMIT = 100_000;

/**
 * Entries of equal expiry a page by expiration first reads around itself at most to reorder them
 * by the sort (see `ExpirationFirst.leadRun`); longer ties build the list's own view.
 */
const TIE_LIMIT = 4096;

/**
 * A scope's views are built from its members sorted when they are fewer than a sixteenth of the
 * view above (a sort of m costs about m log m steps, a filter of that view n); such a scope
 * leaves the slots to larger ones.
 */
export const SORT_SHARE = 16;

/** The options with their defaults. */
export interface Settings {
  readonly now: () => number;
  readonly warm: readonly (Sort | null)[];
  readonly background: readonly (Sort | null)[];
  readonly maxViews: number;
  readonly idleMs: number;
  readonly nodeSize: number | undefined;
  readonly walkLimit: number;
  readonly maxViewEntries: number | undefined;
  readonly maxSlots: number;
  readonly tieLimit: number;
}

export const settingsOf = (options: ReferralIndexOptions): Settings => ({
  now: options.now ?? Date.now,
  warm: options.warm ?? [],
  background: options.background ?? [],
  maxViews: options.maxViews ?? 256,
  idleMs: options.idleMs ?? 10 * 60_000,
  nodeSize: options.nodeSize,
  walkLimit: options.walkLimit ?? WALK_LIMIT,
  maxViewEntries: options.maxViewEntries,
  maxSlots: Math.min(MAX_SLOTS, options.slots ?? MAX_SLOTS),
  tieLimit: options.tieLimit ?? TIE_LIMIT,
});
