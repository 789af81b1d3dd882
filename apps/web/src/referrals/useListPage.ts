import type { AnswerAt, DateField } from '@referrals/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../api/apiClient';
import { apiKey } from '../api/queries';
import { useServices } from '../app/services';
import {
  useReferralPage,
  type FetchedPage,
  type ReferralPageState,
  type ReferralRow,
  type ReferralTopic,
} from '../live/useReferralPage';
import { cannotMatch, listFilter, listRequestParams, type ListState } from './listState';

/** The relay's REST lists a page reads. */
type ListPath = '/api/public/referrals' | '/api/referrals' | '/api/acquired';
/** The lists whose rows are at least `R` (by the shared REST contract). */
type ListPathOf<R> = {
  [P in ListPath]: AnswerAt<'get', P> extends { content: (infer Row)[] }
    ? Row extends R
      ? P
      : never
    : never;
}[ListPath];

/** What a referral list page asks for. */
export interface ListPageOptions<R extends ReferralRow = ReferralRow> {
  /** The relay's REST path of the list, one whose rows are `R`, e.g. '/api/referrals'. */
  readonly path: ListPathOf<R>;
  readonly state: ListState;
  /** Whether the request names the view (the signed-in referral lists do). */
  readonly withView: boolean;
  /** The live topic that keeps the page current. */
  readonly topic: ReferralTopic;
  /** False while the list's state is still being settled (e.g. the visitor's state looked up). */
  readonly ready?: boolean;
  /** The date the list's date filter reads, as the relay's list does (addDate by default). */
  readonly dateField?: DateField;
  /** Changes when something the relay decides by (a feature flag) changed: the page is fetched again. */
  readonly refetchKey?: string;
  /** Filters the list's own state does not hold (the acquired list's progress filters). */
  readonly extraParams?: QueryParams;
  /** The same filters, for live changes: whether a changed or new row still belongs. */
  readonly alsoMatches?: (row: R) => boolean;
}

const NEVER = () => new Promise<never>(() => undefined);

/**
 * One page of a referral list, from the relay's REST call for the list state and kept live by
 * its topic. A state that can match nothing (a two-letter URL state that is no state) answers an
 * empty page without asking; a list that is not ready asks nothing yet. A page the query cache
 * already holds for the request (a server render's, seeded at the entry) is shown at once.
 */
export const useListPage = <R extends ReferralRow>(o: ListPageOptions<R>): ReferralPageState<R> => {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const ready = o.ready ?? true;
  const empty = cannotMatch(o.state);
  const params = { ...listRequestParams(o.state, o.withView), ...o.extraParams };
  const requestKey = `${JSON.stringify(params)}${o.refetchKey ?? ''}`;
  // Read only when the request key changes (the page takes the latest options at each render).
  const fetchPage = (signal: AbortSignal): Promise<FetchedPage<R>> =>
    empty
      ? Promise.resolve({ seq: 0, content: [], totalElements: 0 })
      : // The path's rows are R (ListPathOf): what tsc cannot follow through the generic.
        (api.withSignal(signal).get(o.path, params) as Promise<FetchedPage<R>>);
  const held = ready ? queryClient.getQueryData<FetchedPage<R>>(apiKey(o.path, params)) : undefined;
  return useReferralPage<R>(
    {
      topic: ready && !empty ? o.topic : null,
      requestKey: ready ? requestKey : 'waiting',
      fetchPage: ready ? fetchPage : NEVER,
      filter: { ...listFilter(o.state), dateField: o.dateField },
      alsoMatches: o.alsoMatches,
      sort: o.state.sort,
      page: o.state.page,
      size: o.state.size,
    },
    held ? { requestKey, page: held } : null,
  );
};
