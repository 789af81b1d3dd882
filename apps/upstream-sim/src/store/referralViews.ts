import type { Opportunity } from '@referrals/shared';
import type { ReferralObserver } from './referralObserver.js';
import type { ReferralStore } from './referrals.js';
import { SortedIndex } from './sortedIndex.js';

/** Which referrals a list holds and in what order. */
export interface ViewSpec {
  /** Names the membership test and the order: equal keys must mean equal lists. */
  readonly key: string;
  /**
   * Membership, decided by the referral's stored fields and owner alone (never by the clock), so
   * it can only change when the store writes.
   */
  readonly test: (referral: Opportunity) => boolean;
  /** A total order (ties broken by id). */
  readonly compare: (a: Opportunity, b: Opportunity) => number;
}

interface View {
  readonly spec: ViewSpec;
  readonly index: SortedIndex<Opportunity>;
}

/** Views kept at most; each costs a pointer per member and a little work per write. */
export const MAX_VIEWS = 12;

/**
 * Sorted, filtered lists of referrals, each built once (one filter and sort of the market) and
 * then kept up to date write by write: a change removes the referral from every view it was in
 * before the change and inserts it where it belongs after, O(views · log n) per write; a deleted
 * referral leaves every view it was in. A page is then a slice at a rank, whatever the size of the
 * market. Least recently used views are dropped.
 */
export class ReferralViews implements ReferralObserver {
  private readonly views = new Map<string, View>();

  constructor(
    private readonly store: ReferralStore,
    private readonly max = MAX_VIEWS,
  ) {
    store.observe(this);
  }

  /** The list of `spec`, built on first use. */
  get(spec: ViewSpec): SortedIndex<Opportunity> {
    const held = this.views.get(spec.key);
    if (held !== undefined) {
      // Most recently used last, so the first entry is the one to drop.
      this.views.delete(spec.key);
      this.views.set(spec.key, held);
      return held.index;
    }
    const members = this.store.all().filter(spec.test).sort(spec.compare);
    if (this.views.size >= this.max) {
      const oldest = this.views.keys().next();
      if (!oldest.done) this.views.delete(oldest.value);
    }
    const index = new SortedIndex(spec.compare, members);
    this.views.set(spec.key, { spec, index });
    return index;
  }

  /** How many views are held (for tests). */
  get size(): number {
    return this.views.size;
  }

  /** Removals that had to scan (a write that bypassed the store); tests expect none. */
  get misses(): number {
    let misses = 0;
    for (const { index } of this.views.values()) misses += index.misses;
    return misses;
  }

  added(referral: Opportunity): void {
    for (const { spec, index } of this.views.values())
      if (spec.test(referral)) index.insert(referral);
  }

  changing(referral: Opportunity): void {
    for (const { spec, index } of this.views.values())
      if (spec.test(referral)) index.remove(referral);
  }

  changed(referral: Opportunity): void {
    for (const { spec, index } of this.views.values())
      if (spec.test(referral)) index.insert(referral);
  }

  removing(referral: Opportunity): void {
    // Tested before the store drops it: membership may read its hidden facts (the owner).
    this.changing(referral);
  }
}
