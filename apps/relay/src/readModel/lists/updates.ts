/**
 * How the index takes the market in: a load replaces every part's content in slices, with a
 * journal of the change sets that arrive meanwhile, applied once it ends; a change set is applied
 * in slices, one after another, each referral moved in every view at once.
 *
 * Invariant: the index holds the market at `seq`; a page is cut only between two change sets and
 * never during a load (see `between`), so it always reads the lists at one seq.
 */
import type { Opportunity, Sort } from '@referrals/shared';
import { isDue, sortInSlices, yieldIfDue } from '../../lib/slices.js';
import { logger } from '../../log.js';
import type { Entry } from './entry.js';
import { readLive } from './liveReads.js';
import { entryOrder } from './orders.js';
import type { IndexContext, IndexDelta, MarketContent, UpdatesPart, View } from './parts.js';
import { ALL } from './scopes.js';

const log = logger('readModel');

export class Updates implements UpdatesPart {
  /** The seq of the read model the indexes hold. */
  seq = 0;
  /** Counts the loads begun: work begun under an earlier one stops. */
  generation = 0;
  loading: Promise<void> | undefined;
  /** Deltas that arrived during a load, applied when it ends. */
  journal: IndexDelta[] | undefined;
  /**
   * The change set placed part-way (between two slices), if any: pages wait for it alone, not
   * for the change sets queued behind it, so a market that never stops changing does not hold
   * pages back (they are cut between two change sets, at the seq of the last one placed).
   */
  placing: Promise<void> | undefined;
  /** The last change set given to `applyInSlices` while it or one before it is under way. */
  private applying: Promise<void> | undefined;

  /** `loaded` is called at the end of each load, with its generation. */
  constructor(
    private readonly ctx: IndexContext,
    private readonly loaded: (generation: number) => void,
  ) {}

  /** Resolves when no load and no change set is under way. */
  async settled(): Promise<void> {
    while (this.loading || this.applying) {
      if (this.loading) await this.loading;
      else await this.applying;
    }
  }

  /** Resolves when no load is under way and no change set is placed part-way. */
  async between(): Promise<void> {
    while (this.loading || this.placing) {
      if (this.loading) await this.loading;
      else await this.placing;
    }
  }

  /** See `ReferralIndex.load`. */
  load(records: Iterable<Opportunity>, seq: number): Promise<void> {
    const generation = ++this.generation;
    this.journal = [];
    const snapshot = Array.isArray(records) ? (records as Opportunity[]) : Array.from(records);
    const done = this.read(snapshot, seq, generation)
      .catch((err: unknown) => log.error({ err }, 'could not load the list indexes'))
      .finally(() => {
        if (this.loading === done) this.loading = undefined;
      });
    this.loading = done;
    return done;
  }

  /** Reads the market and its warm orders in slices, then puts them in place unless superseded. */
  private async read(snapshot: Opportunity[], seq: number, generation: number): Promise<void> {
    const { settings } = this.ctx;
    const clock = settings.now();
    const market = await this.ctx.market.read(snapshot, clock);
    const warmed = await this.warm(await readLive(market.byId), settings.warm);
    if (generation !== this.generation) return;
    this.install(market, warmed, clock, seq);
    this.loaded(generation);
  }

  /** The market's warm orders, built from `all` its entries (their cells at the load's clock). */
  private async warm(all: Entry[], sorts: readonly (Sort | null)[]): Promise<Map<string, View>> {
    const { views } = this.ctx;
    const warmed = new Map<string, View>();
    for (const sort of sorts) {
      const view = views.newView(ALL, sort);
      if (warmed.has(view.key)) continue;
      // The clock of these entries' cells stays the load's until it ends (see `install`).
      const tree = views.newTree(ALL, sort);
      await tree.loadInSlices(await sortInSlices(all, entryOrder(view.sort)));
      view.tree = tree;
      warmed.set(view.key, view);
    }
    return warmed;
  }

  /**
   * Puts what a load read in place of every part's content, then applies the change sets that
   * came meanwhile and moves the clock to now.
   */
  private install(
    market: MarketContent,
    warmed: Map<string, View>,
    clock: number,
    seq: number,
  ): void {
    const { views, scopes, slots } = this.ctx;
    this.ctx.market.replaceBy(market);
    views.clear();
    scopes.clear();
    slots.clear();
    for (const v of warmed.values()) views.add(v);
    this.ctx.clock.at = clock;
    this.seq = seq;
    const journal = this.journal ?? [];
    this.journal = undefined;
    // What came during the load, in slices like any change; lists wait for it.
    for (const d of journal) void this.applyInSlices(d);
    this.ctx.clock.advance(this.ctx.settings.now());
  }

  /** See `ReferralIndex.applyInSlices`. */
  applyInSlices(d: IndexDelta): Promise<void> {
    const after = this.applying ?? Promise.resolve();
    const run = after.then(() => this.place(d));
    const tail = run
      .catch((err: unknown) => log.error({ err }, 'could not apply a change to the list indexes'))
      .finally(() => {
        if (this.applying === tail) this.applying = undefined;
      });
    this.applying = tail;
    return tail;
  }

  /** Places a change set in slices, unless a load is under way (then it is journaled). */
  private async place(d: IndexDelta): Promise<void> {
    if (this.journal) {
      this.journal.push(d);
      return;
    }
    // Already in what a load read (handed on before the mirror's reload).
    if (d.seq <= this.seq) return;
    const generation = this.generation;
    const { market, clock, scopes } = this.ctx;
    let placed = (): void => undefined;
    this.placing = new Promise<void>((resolve) => (placed = resolve));
    try {
      let since = performance.now();
      for (let i = 0; i < d.upserts.length + d.removed.length; i += 1) {
        // The clock is read at every referral: one costs ~0.05-1 ms (views, cache misses, GC).
        if (i > 0 && isDue(since)) {
          await yieldIfDue(since);
          since = performance.now();
          // A load replaced the indexes meanwhile: it read the market after this change.
          if (generation !== this.generation || this.journal) return;
        }
        market.apply(d, i, clock.at, scopes);
      }
      this.seq = d.seq;
    } finally {
      this.placing = undefined;
      placed();
    }
  }
}
