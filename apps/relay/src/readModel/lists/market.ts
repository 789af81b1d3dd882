/**
 * The market's entries and the indexes kept over all of them: by id, by state, by each date (the
 * window clock walks them to find what crossed a date window's edge), by when a claim window
 * closes, and the dashboards' recent set.
 *
 * Invariant: every index holds exactly the entries of `byId` that it is for (the date trees those
 * with that date readable, `recent` those whose `until` is after the index's clock, `closing` the
 * claimable ones with a readable expiry), each change applied to all of them at once.
 */
import type { Opportunity } from '@referrals/shared';
import { cellMask, CountedTree, ONE_CELL_OF } from '../../lib/countedTree.js';
import { idKey, shardedById } from '../../lib/shardedMap.js';
import { sortInSlices, yieldIfDue } from '../../lib/slices.js';
import { BUCKET_EDGES_MS } from './cells.js';
import { ClosingWindows } from './closingWindows.js';
import { Entry, entryOf, entrySet, type EntrySet } from './entry.js';
import { readLive } from './liveReads.js';
import type { IndexDelta, MarketContent, MarketPart, ScopesPart } from './parts.js';

const { compareAdded, compareModified, compareUntil } = Entry;
const ONE_CELL = cellMask(1, [0]);

export class Market implements MarketPart {
  byId = shardedById<Entry>();
  /** The referrals of each state: a state's lists are built from its few, not from the market. */
  byState = new Map<string, EntrySet>();
  /** Entries with a readable addDate, by it. */
  byAdded: CountedTree<Entry>;
  /** Entries with a lastModDate, by it. */
  byModified: CountedTree<Entry>;
  /** Referrals a dashboard may count, by how long they may (see `recentRecords`). */
  recent: CountedTree<Entry>;
  /** Claimable referrals by when their claim window closes (see `crossing`). */
  closing: ClosingWindows<Entry>;

  constructor(private readonly nodeSize: number | undefined) {
    this.byAdded = new CountedTree<Entry>(compareAdded, 1, ONE_CELL_OF, nodeSize);
    this.byModified = new CountedTree<Entry>(compareModified, 1, ONE_CELL_OF, nodeSize);
    this.recent = new CountedTree<Entry>(compareUntil, 1, ONE_CELL_OF, nodeSize);
    this.closing = new ClosingWindows<Entry>(nodeSize);
  }

  get size(): number {
    return this.byId.size;
  }

  /**
   * A new market of `records`, their cells at `clock`, read in slices (this one unchanged until
   * `replaceBy`).
   */
  async read(records: readonly Opportunity[], clock: number): Promise<Market> {
    const market = new Market(this.nodeSize);
    const dated: Entry[] = [];
    const changed: Entry[] = [];
    let since = performance.now();
    for (let i = 0; i < records.length; i += 1) {
      const e = entryOf(records[i] as Opportunity, clock);
      market.byId.set(idKey(e.id), e);
      market.addToState(e);
      market.closing.add(e);
      if (Number.isFinite(e.added)) dated.push(e);
      if (Number.isFinite(e.modified)) changed.push(e);
      if ((i & 1023) === 1023) since = await yieldIfDue(since);
    }
    await market.byAdded.loadInSlices(await sortInSlices(dated, compareAdded));
    await market.byModified.loadInSlices(await sortInSlices(changed, compareModified));
    const recent = await readLive(market.byId, (e) => e.until > clock);
    await market.recent.loadInSlices(await sortInSlices(recent, compareUntil));
    return market;
  }

  /** Holds what a load read in place of what this held. */
  replaceBy(read: MarketContent): void {
    this.byId = read.byId;
    this.byState = read.byState;
    this.byAdded = read.byAdded;
    this.byModified = read.byModified;
    this.recent = read.recent;
    this.closing = read.closing;
  }

  /** The set of a state's referrals, added empty if it has none. */
  stateSet(state: string): EntrySet {
    let set = this.byState.get(state);
    if (!set) this.byState.set(state, (set = entrySet()));
    return set;
  }

  private addToState(e: Entry): void {
    this.stateSet(e.o.state ?? '').add(e);
  }

  /**
   * Applies the i-th record of a change set (its upserts, then its removals) to the entries and
   * the market's indexes at `clock`, then hands the change to the scopes. The hot path of a
   * change set: one call per referral here and one in the scopes, each index updated inline.
   */
  apply(d: IndexDelta, i: number, clock: number, scopes: ScopesPart): void {
    let prev: Entry | undefined;
    let next: Entry | undefined;
    if (i < d.upserts.length) {
      const o = (d.upserts[i] as IndexDelta['upserts'][number]).next;
      const id = idKey(o.opportunityId);
      prev = this.byId.get(id);
      next = entryOf(o, clock);
      this.byId.set(id, next);
    } else {
      const gone = d.removed[i - d.upserts.length] as Opportunity;
      const id = idKey(gone.opportunityId);
      prev = this.byId.get(id);
      if (!prev) return;
      this.byId.delete(id);
    }
    if (prev && Number.isFinite(prev.added)) this.byAdded.delete(prev);
    if (next && Number.isFinite(next.added)) this.byAdded.insert(next);
    if (prev && Number.isFinite(prev.modified)) this.byModified.delete(prev);
    if (next && Number.isFinite(next.modified)) this.byModified.insert(next);
    if (prev) this.recent.delete(prev);
    if (next && next.until > clock) this.recent.insert(next);
    if (prev) this.byState.get(prev.o.state ?? '')?.delete(prev);
    if (next) this.addToState(next);
    if (prev) this.closing.delete(prev);
    if (next) this.closing.add(next);
    scopes.change(prev, next);
  }

  /**
   * The entries whose cell by a date (addDate, or lastModDate with `byModified`) may change as the
   * clock moves between `a` and `b` (either way): those whose date crosses a window's edge, by edge
   * (an entry that crosses several comes once per edge), and those whose claim window closed or
   * opened again (see ClosingWindows). The lead of a list by expiration first is thus kept by the
   * same clock as the date windows, to the millisecond at which a page is cut, rather than left
   * to the upstream: its tick moves an expired referral out of Available, but the relay sees that a
   * poll later, and not at all while the upstream is unreachable.
   */
  *crossing(a: number, b: number, byModified: boolean): Generator<Entry, void, undefined> {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    if (lo === hi) return;
    const tree = byModified ? this.byModified : this.byAdded;
    const dateOf = (e: Entry): number => (byModified ? e.modified : e.added);
    for (const edge of BUCKET_EDGES_MS) {
      const probe = Entry.probe(lo - edge);
      for (const e of tree.from(probe)) {
        if (dateOf(e) >= hi - edge) break;
        yield e;
      }
    }
    yield* this.closing.crossing(lo, hi);
  }

  /**
   * The referrals a dashboard can count at the index's clock: claimable, or with a date in the
   * last 28 hours (a superset: the dashboard's own rules decide). Some thousands, not the market.
   */
  recentRecords(): Opportunity[] {
    return this.recent.toArray().map((e) => e.o);
  }

  /** The recent set as the clock moves from `from` to `to`. */
  ageRecent(from: number, to: number): void {
    // The clock went back (a host's clock stepped): referrals that had aged out of the dashboards'
    // window may be inside it again. Rare, so the set is rebuilt from every entry.
    if (to < from) {
      for (const e of this.byId.values()) {
        if (e.until > to && e.until <= from) this.recent.insert(e);
      }
    }
    // Dashboards look back a fixed time: what aged past it goes.
    for (;;) {
      const [oldest] = this.recent.page(ONE_CELL, 0, 1);
      if (!oldest || oldest.until > to) break;
      this.recent.delete(oldest);
    }
  }
}
