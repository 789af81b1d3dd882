import {
  DEFAULT_DATE_FILTERS,
  PROGRESS_STATUSES,
  type ColumnDef,
  type Pipeline,
  type ProgressStatus,
} from '@referrals/shared';
import type { QueryParams } from '../api/apiClient';
import { listRequestParams, type ListState } from '../referrals/listState';

/** The acquired list's filters on the agency's work: statuses, and follow-ups due by today. */
export interface ProgressFilters {
  /** None: every status. */
  readonly progress: readonly ProgressStatus[];
  readonly followUpDue: boolean;
}

const isStatus = (s: string): s is ProgressStatus =>
  (PROGRESS_STATUSES as readonly string[]).includes(s);

/** The filters an address carries (`?progress=Open,Quote%20Sent&followUpDue=true`). */
export const progressFiltersOf = (search: URLSearchParams): ProgressFilters => ({
  progress: (search.get('progress') ?? '').split(',').filter(isStatus),
  followUpDue: search.get('followUpDue') === 'true',
});

/** The address with other filters; filters that are off are left out. */
export const withProgressFilters = (
  search: URLSearchParams,
  f: ProgressFilters,
): URLSearchParams => {
  const next = new URLSearchParams(search);
  if (f.progress.length > 0) next.set('progress', f.progress.join(','));
  else next.delete('progress');
  if (f.followUpDue) next.set('followUpDue', 'true');
  else next.delete('followUpDue');
  return next;
};

/** Whether any of these filters narrows the list. */
export const filtering = (f: ProgressFilters): boolean => f.progress.length > 0 || f.followUpDue;

/** The relay's query of the filters: 'follow-up due' is due on or before the viewer's today. */
export const progressParams = (f: ProgressFilters, today: string): QueryParams => ({
  progress: f.progress.length > 0 ? f.progress.join(',') : undefined,
  followUpDue: f.followUpDue ? today : undefined,
});

/** Whether a follow-up day is due by `today` (both YYYY-MM-DD, so text order is day order). */
const isDue = (day: string | null, today: string): boolean => day !== null && day <= today;

/**
 * Whether a referral with this pipeline (none: nobody worked it, so Open with no follow-up)
 * passes the filters, as the relay's list decides it.
 */
export const matchesProgress = (
  f: ProgressFilters,
  p: Pick<Pipeline, 'status' | 'followUpOn'> | undefined,
  today: string,
): boolean =>
  (f.progress.length === 0 || f.progress.includes(p?.status ?? 'Open')) &&
  (!f.followUpDue || isDue(p?.followUpOn ?? null, today));

/** The export's query: the list's, without its page (the whole filtered list). */
export const exportParams = (s: ListState, f: ProgressFilters, today: string): QueryParams => {
  const list = Object.entries(listRequestParams(s, false)).filter(
    ([k]) => k !== 'page' && k !== 'size',
  );
  return { ...Object.fromEntries(list), ...progressParams(f, today) };
};

const column = (id: string, header: string): ColumnDef => ({
  id,
  header,
  sortKey: null,
  privilegedOnly: false,
  tooltip: false,
});

/** The columns of the agency's work, after the acquired list's own. */
export const PROGRESS_COLUMNS: readonly ColumnDef[] = [
  column('progress', 'Progress'),
  column('followUp', 'Follow-up'),
];

/** How many filters narrow the list beyond its defaults (the phone's 'Filters (n)'). */
export const activeFilters = (s: ListState, f: ProgressFilters): number =>
  [
    s.dateFilter !== DEFAULT_DATE_FILTERS.acquired,
    s.stateCode !== null,
    f.progress.length > 0,
    f.followUpDue,
  ].filter(Boolean).length;
