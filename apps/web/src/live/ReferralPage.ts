import {
  compareReferrals,
  matchesReferralFilter,
  referralId,
  topicKey,
  type Opportunity,
  type ReferralFilter,
  type Sort,
  type Topic,
} from '@referrals/shared';
import { replaceEqualDeep } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';
import type { LiveClient } from './LiveClient';
import { applyPageChanges, pageIsShort, type PageRules, type PageView } from './pageChanges';

/** What a referral row must carry for the shared filter and sort to place it. */
export type ReferralRow = Pick<
  Opportunity,
  'opportunityId' | 'state' | 'addDate' | 'marketplaceStatus'
> &
  Partial<Opportunity>;

/** Topics whose items are referrals. */
export type ReferralTopic = Extract<
  Topic,
  { kind: 'publicFeed' | 'referrals' | 'inAppetite' | 'acquired' }
>;

/** A page as the relay answers it: the rows and the seq of the read model it was cut from. */
export interface FetchedPage<R> {
  readonly seq: number;
  readonly content: readonly R[];
  readonly totalElements: number;
  /**
   * The order the relay cut the page in, when it differs from the one asked for (the admin list
   * under the expiration flag): live changes are placed in this order.
   */
  readonly sort?: Sort | null;
}

/** What the list asks for. `requestKey` changes whenever the query does (a new page is fetched). */
export interface ReferralPageOptions<R> {
  readonly topic: ReferralTopic | null;
  readonly requestKey: string;
  /** Reads the page; a read no longer wanted (a newer query, the page closed) is aborted. */
  readonly fetchPage: (signal: AbortSignal) => Promise<FetchedPage<R>>;
  readonly filter: ReferralFilter;
  /** A further test a live change must pass, for filters the shared one does not know. */
  readonly alsoMatches?: (row: R) => boolean;
  readonly sort: Sort | null;
  readonly page: number;
  readonly size: number;
}

/** A page the tab already holds (a server render's), shown at once for its request key. */
export interface SeededPage<R> {
  readonly requestKey: string;
  readonly page: FetchedPage<R>;
}

/** A live page: rows, total, whether the first answer is awaited, the last error. */
export interface ReferralPageState<R> extends PageView<R> {
  readonly loading: boolean;
  readonly error: string | null;
}

const MAX_STALE_RETRIES = 3;
const STALE_RETRY_MS = 300;

interface Change<R> {
  readonly seq: number;
  readonly upserts: readonly R[];
  readonly removed: readonly string[];
}

/**
 * One page of a referral list from REST, kept current by the topic's changes: new referrals sort
 * in, changed rows change in place, removed rows go. Changes that arrive while the page is being
 * fetched are held and applied past the page's seq; a snapshot newer than the page (a gap the
 * server could not fill, or a reset) fetches the page again, as does a reconnect's resume answered
 * with a snapshot (a reload) and a page that removals left short. A resume answered with the
 * changes missed, or that nothing changed, keeps the page and reads nothing. A store for `useSyncExternalStore`: `update` hands it the latest options, `stop` ends
 * its reads and its watch until the next `update`.
 */
export class ReferralPage<R extends ReferralRow> {
  private state: ReferralPageState<R> = { rows: [], total: 0, loading: true, error: null };
  private readonly listeners = new Set<() => void>();
  private opts: ReferralPageOptions<R> | null = null;
  /** The request key last loaded and the topic key watched; null after `stop`. */
  private loadedKey: string | null = null;
  private watchedKey: string | null = null;
  private unwatch: (() => void) | null = null;
  /** The seq the shown page is at; null while a read is under way (changes are then held). */
  private pageSeq: number | null = null;
  /** The base of the live stream: a page older than it misses changes. */
  private snapshotSeq: number | null = null;
  private held: Change<R>[] = [];
  /** Counts reads, so only the latest one's answer is shown. */
  private generation = 0;
  private reading: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The order the last page was cut in, when the relay named one. */
  private servedSort: Sort | null | undefined = undefined;

  /**
   * With a seed, the page starts with its rows (so a hydrated server render shows the same) and
   * reads nothing for its request key: the topic's snapshot fetches it again if it is older.
   */
  constructor(
    private readonly live: LiveClient,
    private seed: SeededPage<R> | null = null,
  ) {
    if (seed) this.state = { ...this.pageView(seed.page), loading: false, error: null };
  }

  /** Hears every change of the state. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The state (the same object until it changes). */
  readonly getState = (): ReferralPageState<R> => this.state;

  /** Takes the latest options: a new request key reads the page, a new topic is watched. */
  update(o: ReferralPageOptions<R>): void {
    this.opts = o;
    if (o.requestKey !== this.loadedKey) {
      this.loadedKey = o.requestKey;
      if (this.seed?.requestKey === o.requestKey) this.show(this.seed.page);
      else {
        this.seed = null;
        this.load(false);
      }
    }
    const key = o.topic ? topicKey(o.topic) : null;
    if (key !== this.watchedKey) {
      this.unwatch?.();
      this.unwatch = null;
      this.watchedKey = key;
      this.snapshotSeq = null;
      if (o.topic) this.unwatch = this.live.watch(o.topic, (e) => this.onEvent(e));
    }
  }

  /** Aborts the read under way, stops the watch and any retry; `update` starts again. */
  stop(): void {
    this.generation += 1;
    this.reading?.abort();
    this.reading = null;
    clearTimeout(this.retryTimer);
    this.unwatch?.();
    this.unwatch = null;
    this.loadedKey = null;
    this.watchedKey = null;
  }

  private rules(): PageRules<R> {
    const { filter, alsoMatches, sort, size, page } = this.options();
    const now = new Date();
    return {
      matches: (r) => matchesReferralFilter(r, filter, now) && (alsoMatches?.(r) ?? true),
      compare: compareReferrals(this.servedSort === undefined ? sort : this.servedSort),
      idOf: referralId,
      size,
      firstPage: page === 0,
    };
  }

  private options(): ReferralPageOptions<R> {
    if (!this.opts) throw new Error('ReferralPage used before update()');
    return this.opts;
  }

  private set(change: Partial<ReferralPageState<R>>): void {
    this.state = { ...this.state, ...change };
    for (const l of [...this.listeners]) l();
  }

  private load(quiet: boolean, attempt = 0): void {
    const gen = ++this.generation;
    clearTimeout(this.retryTimer);
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    this.pageSeq = null;
    if (!quiet && !this.state.loading) this.set({ loading: true });
    this.options()
      .fetchPage(reading.signal)
      .then(
        (res) => {
          if (gen !== this.generation) return;
          this.reading = null;
          // A page older than the live stream's base misses changes: fetch again, a few times at
          // most (another relay instance may lag a moment behind), then make do with what came.
          if (
            this.snapshotSeq !== null &&
            res.seq < this.snapshotSeq &&
            attempt < MAX_STALE_RETRIES
          ) {
            this.retryTimer = setTimeout(() => this.load(true, attempt + 1), STALE_RETRY_MS);
            return;
          }
          this.show(res);
        },
        (err: unknown) => {
          if (gen !== this.generation) return;
          this.reading = null;
          const error = isApiError(err) ? err.error : 'The list could not be loaded.';
          this.set({ loading: false, error });
        },
      );
  }

  /**
   * A page read again keeps the row objects that did not change (a reconnect's re-read, the
   * same page after a snapshot), so the memoised rows of the table do not render again.
   */
  private pageView(res: FetchedPage<R>): PageView<R> {
    const rows: readonly R[] = replaceEqualDeep(this.state.rows, res.content);
    return { rows, total: res.totalElements };
  }

  /** Shows a page read (or seeded), with the changes held while it was on its way. */
  private show(res: FetchedPage<R>): void {
    this.pageSeq = res.seq;
    this.servedSort = res.sort;
    let next = this.pageView(res);
    for (const c of this.held)
      if (c.seq > res.seq) next = applyPageChanges(next, c.upserts, c.removed, this.rules());
    this.held = [];
    const s = this.state;
    // Nothing changed (the seed a hydrated page started with, or a page read again the same):
    // its listeners, a render of the whole table, hear nothing.
    if (next.rows === s.rows && next.total === s.total && !s.loading && s.error === null) return;
    this.set({ ...next, loading: false, error: null });
  }

  private onEvent(e: Parameters<Parameters<LiveClient['watch']>[1]>[0]): void {
    if (e.type === 'refused') return; // the list still works, only without live updates
    if (e.type === 'snapshot') {
      this.snapshotSeq = e.seq;
      // A page older than the new base misses changes; a page whose read failed (the network
      // went away) is read again now that the live stream is back.
      // A resume the relay answered with a snapshot is a reload whatever its seq (the room was
      // re-cut, or the page came from a relay ahead of this one). A resume answered with the
      // changes missed, or that nothing changed, keeps the page: no read.
      const failed = this.pageSeq === null && this.reading === null && this.state.error !== null;
      const older = this.pageSeq !== null && (e.reload || e.seq > this.pageSeq);
      if (failed || older) this.load(true);
      return;
    }
    const change: Change<R> = {
      seq: e.seq,
      upserts: e.upserts as readonly R[],
      removed: e.removed,
    };
    if (this.pageSeq === null) return void this.held.push(change);
    if (e.seq <= this.pageSeq) return;
    this.pageSeq = e.seq;
    const { page, size } = this.options();
    const next = applyPageChanges(this.state, change.upserts, change.removed, this.rules());
    this.set(next);
    if (pageIsShort(next, page, size)) this.load(true);
  }
}
