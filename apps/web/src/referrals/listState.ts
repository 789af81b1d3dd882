import {
  isStateCode,
  PAGING,
  type DateFilter,
  type ListDefaults,
  type ReferralFilter,
  type ReferralView,
  type Sort,
  type StateCode,
} from '@referrals/shared';
import type { QueryParams } from '../api/apiClient';
import type { ReferralTopic } from '../live/useReferralPage';

/** The list's view toggle: the user's own agency's appetite, or every referral. */
export type ListView = ReferralView;

/** Everything the toolbar, the headers and the footer choose. */
export interface ListState {
  readonly view: ListView;
  readonly showClaimed: boolean;
  readonly dateFilter: DateFilter;
  /** Null is All States. */
  readonly stateCode: string | null;
  readonly sort: Sort | null;
  readonly page: number;
  readonly size: number;
}

/** The list's starting state for an audience's defaults. */
export const initialListState = (
  d: ListDefaults,
  view: ListView,
  stateCode: string | null,
): ListState => ({
  view,
  showClaimed: d.showClaimed,
  dateFilter: d.dateFilter,
  stateCode,
  sort: d.sort,
  page: 0,
  size: PAGING.availablePageSize,
});

/** A state code the server knows, or null (All States, or a URL state no list can match). */
export const knownState = (code: string | null): StateCode | null =>
  code !== null && isStateCode(code) ? code : null;

/**
 * The relay's list query of a state: `state` (code or all), `dateFilter`, `showClaimed`, `sort`
 * (a client key, or none) with `dir` and `expirationFirst` when it leads, zero-based `page`,
 * `size`, and `view` for signed-in lists.
 */
export const listRequestParams = (s: ListState, withView: boolean): QueryParams => ({
  ...(withView ? { view: s.view } : {}),
  state: s.stateCode ?? 'all',
  dateFilter: s.dateFilter,
  showClaimed: s.showClaimed,
  sort: s.sort?.key ?? 'none',
  dir: s.sort?.direction,
  ...(s.sort?.expirationFirst ? { expirationFirst: true } : {}),
  page: s.page,
  size: s.size,
});

/** The filter live changes are matched with: the same one the server cut the page with. */
export const listFilter = (s: ListState): ReferralFilter => ({
  state: knownState(s.stateCode),
  dateFilter: s.dateFilter,
  showClaimed: s.showClaimed,
});

/** The live topic of a signed-in list: the view, in the chosen state. */
export const listTopic = (s: ListState): ReferralTopic => ({
  kind: s.view === 'all' ? 'referrals' : 'inAppetite',
  state: knownState(s.stateCode),
});

/** True when the list can only be empty: a two-letter URL state that is no state. */
export const cannotMatch = (s: ListState): boolean =>
  s.stateCode !== null && knownState(s.stateCode) === null;

/**
 * How many filters narrow a list beyond where it opens: a chosen state always (a geo-located one
 * too), and each other filter the user moved from the list's start.
 */
export const activeFilters = (
  s: ListState,
  start: Pick<ListState, 'view' | 'dateFilter' | 'showClaimed'>,
): number =>
  [
    s.stateCode !== null,
    s.view !== start.view,
    s.dateFilter !== start.dateFilter,
    s.showClaimed !== start.showClaimed,
  ].filter(Boolean).length;
