/**
 * The claimable referrals by when their claim window closes, so that as the clock moves the list
 * indexes find the few whose window closed (or opened again) since it last moved.
 *
 * Invariant: it holds exactly the entries added and not deleted whose referral is Available with
 * a readable expiry, each once, keyed by the instant its expiry gives.
 */
import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { CountedTree, ONE_CELL_OF } from '../../lib/countedTree.js';

/** An entry tracked, and when its claim window closes (ms). */
interface Closing<T> {
  readonly t: T;
  readonly id: number;
  readonly at: number;
}

const byClosing = <T>(a: Closing<T>, b: Closing<T>): number => a.at - b.at || a.id - b.id;

/**
 * The claimable referrals by when their claim window closes, so that as the clock moves the list
 * indexes find the few whose window closed (or, the clock set back, opened again) since it last
 * moved, as they find the referrals that crossed a date window's edge by the index by addDate:
 * a list by expiration first leads with the open windows (shared `claimWindowOpen`), and each
 * entry's cell says whether it is in that lead, so the lead and the rest are each read by a mask in
 * O(log n) and never by a scan. Only Available referrals with a readable expiry are held: a few of
 * the market.
 */
export class ClosingWindows<T extends { readonly o: Opportunity }> {
  private readonly tree: CountedTree<Closing<T>>;
  private readonly held = new Map<T, Closing<T>>();

  constructor(nodeSize?: number) {
    this.tree = new CountedTree<Closing<T>>(byClosing, 1, ONE_CELL_OF, nodeSize);
  }

  /** Holds an entry when its referral is claimable with a readable expiry. */
  add(t: T): void {
    if (t.o.marketplaceStatus !== MarketplaceStatus.Available) return;
    const at = Date.parse(t.o.marketplaceExpirationDate ?? '');
    if (!Number.isFinite(at)) return;
    const closing = { t, id: t.o.opportunityId, at };
    this.held.set(t, closing);
    this.tree.insert(closing);
  }

  /** Lets an entry go (one not held is ignored). */
  delete(t: T): void {
    const closing = this.held.get(t);
    if (!closing) return;
    this.held.delete(t);
    this.tree.delete(closing);
  }

  /**
   * The entries whose window is open at one of `a` and `b` and closed at the other (either way):
   * those that close after the earlier and no later than the later.
   */
  *crossing(a: number, b: number): Generator<T, void, undefined> {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    if (lo === hi) return;
    // After every entry that closes at `lo` (its window was closed then already).
    const probe = { t: undefined as unknown as T, id: Infinity, at: lo };
    for (const c of this.tree.from(probe)) {
      if (c.at > hi) return;
      if (c.at > lo) yield c.t;
    }
  }
}
