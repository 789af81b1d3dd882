import { useCallback, useEffect, useRef, useState } from 'react';
import {
  compareReferrals,
  matchesReferralFilter,
  topicKey,
  type Opportunity,
  type ReferralFilter,
  type Sort,
  type Topic,
} from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { useServices } from '../app/services';
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
  readonly fetchPage: () => Promise<FetchedPage<R>>;
  readonly filter: ReferralFilter;
  /** A further test a live change must pass, for filters the shared one does not know. */
  readonly alsoMatches?: (row: R) => boolean;
  readonly sort: Sort | null;
  readonly page: number;
  readonly size: number;
}

/** A live page: rows, total, whether the first answer is awaited, the last error. */
export interface ReferralPageState<R> extends PageView<R> {
  readonly loading: boolean;
  readonly error: string | null;
}

const MAX_STALE_RETRIES = 3;
const STALE_RETRY_MS = 300;

type Change<R> = {
  readonly seq: number;
  readonly upserts: readonly R[];
  readonly removed: readonly string[];
};

/**
 * One page of a referral list from REST, kept current by the topic's changes: new referrals sort
 * in, changed rows change in place, removed rows go. Changes that arrive while the page is being
 * fetched are held and applied past the page's seq; a snapshot newer than the page (a gap the
 * server could not fill, or a reset) fetches the page again.
 */
export const useReferralPage = <R extends ReferralRow>(
  o: ReferralPageOptions<R>,
): ReferralPageState<R> => {
  const { live } = useServices();
  const opts = useRef(o);
  opts.current = o;
  const [state, setState] = useState<ReferralPageState<R>>({
    rows: [],
    total: 0,
    loading: true,
    error: null,
  });
  const view = useRef<PageView<R>>({ rows: [], total: 0 });
  const pageSeq = useRef<number | null>(null);
  const snapshotSeq = useRef<number | null>(null);
  const held = useRef<Change<R>[]>([]);
  const generation = useRef(0);

  // The order the last page was cut in, when the relay named one.
  const servedSort = useRef<Sort | null | undefined>(undefined);

  const rules = (): PageRules<R> => {
    const { filter, alsoMatches, sort, size, page } = opts.current;
    const now = new Date();
    return {
      matches: (r) => matchesReferralFilter(r, filter, now) && (alsoMatches?.(r) ?? true),
      compare: compareReferrals(servedSort.current === undefined ? sort : servedSort.current),
      idOf: (r) => String(r.opportunityId),
      size,
      firstPage: page === 0,
    };
  };

  const show = (next: PageView<R>, extra: Partial<ReferralPageState<R>> = {}) => {
    view.current = next;
    setState((s) => ({ ...s, ...next, ...extra }));
  };

  const load = useCallback((quiet: boolean, attempt = 0) => {
    const gen = ++generation.current;
    pageSeq.current = null;
    if (!quiet) setState((s) => ({ ...s, loading: true }));
    opts.current.fetchPage().then(
      (res) => {
        if (gen !== generation.current) return;
        // A page older than the live stream's base misses changes: fetch again, a few times at most
        // (another relay instance may lag a moment behind), then make do with what came.
        if (
          snapshotSeq.current !== null &&
          res.seq < snapshotSeq.current &&
          attempt < MAX_STALE_RETRIES
        ) {
          setTimeout(() => gen === generation.current && load(true, attempt + 1), STALE_RETRY_MS);
          return;
        }
        pageSeq.current = res.seq;
        servedSort.current = res.sort;
        let next: PageView<R> = { rows: res.content, total: res.totalElements };
        for (const c of held.current)
          if (c.seq > res.seq) next = applyPageChanges(next, c.upserts, c.removed, rules());
        held.current = [];
        show(next, { loading: false, error: null });
      },
      (err: unknown) => {
        if (gen !== generation.current) return;
        const error = isApiError(err) ? err.error : 'The list could not be loaded.';
        setState((s) => ({ ...s, loading: false, error }));
      },
    );
    // Rules and show read refs only, so the one load function never goes stale.
  }, []);

  useEffect(() => load(false), [load, o.requestKey]);

  const key = o.topic ? topicKey(o.topic) : null;
  useEffect(() => {
    const topic = opts.current.topic;
    if (!topic) return;
    snapshotSeq.current = null;
    return live.watch(topic, (e) => {
      if (e.type === 'refused') return; // the list still works, only without live updates
      if (e.type === 'snapshot') {
        snapshotSeq.current = e.seq;
        if (pageSeq.current !== null && e.seq > pageSeq.current) load(true);
        return;
      }
      const change: Change<R> = {
        seq: e.seq,
        upserts: e.upserts as readonly R[],
        removed: e.removed,
      };
      if (pageSeq.current === null) return void held.current.push(change);
      if (e.seq <= pageSeq.current) return;
      pageSeq.current = e.seq;
      const { page, size } = opts.current;
      const next = applyPageChanges(view.current, change.upserts, change.removed, rules());
      show(next);
      if (pageIsShort(next, page, size)) load(true);
    });
  }, [live, key, load]);

  return state;
};
