import { PAGING } from './constants.js';
import type { Sort } from './sorting.js';
import { sortParam } from './sorting.js';

/** Where a page starts and how many it holds. */
export interface PageWindow {
  /** Zero-based index of the first entry shown. */
  readonly firstIndex: number;
  readonly pageSize: number;
  readonly totalEntries: number;
}

/** Paging direction. */
export type PageMove = 'next' | 'previous';

/** The first index after a move, or null when the rule forbids it (outside 0..total-1). */
export const movePage = (w: PageWindow, move: PageMove): number | null => {
  const first = w.firstIndex + (move === 'next' ? w.pageSize : -w.pageSize);
  return first >= 0 && first < w.totalEntries ? first : null;
};

/** True when the move is allowed. */
export const canMovePage = (w: PageWindow, move: PageMove): boolean => movePage(w, move) !== null;

/**
 * Footer text 'Showing X to Y of Z Referrals' with 1-based X. With no results it reads
 * 'Showing 0 to 0 of 0 Referrals' rather than the nonsensical 'Showing 1 to 0'.
 */
export const pagingFooterText = (w: PageWindow): string => {
  if (w.totalEntries <= 0) return 'Showing 0 to 0 of 0 Referrals';
  const from = w.firstIndex + 1;
  const to = Math.min(w.firstIndex + w.pageSize, w.totalEntries);
  return `Showing ${from} to ${to} of ${w.totalEntries} Referrals`;
};

/** A list request: zero-based page, size, optional sort, extra filters, optional username. */
export interface ListQuery {
  readonly page: number;
  readonly size: number;
  readonly sort?: Sort | null;
  readonly filters?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  readonly username?: string | null;
}

/**
 * Query parameters of an opportunity-service list call (section 7): page and size, the sort when
 * given (otherwise the service's size 20 is forced), non-empty filters, then username if supplied.
 */
export const listQueryParams = (q: ListQuery): [string, string][] => {
  const params: [string, string][] = [
    ['page', String(q.page)],
    ['size', String(q.sort ? q.size : PAGING.sortlessSize)],
  ];
  if (q.sort) params.push(['sort', sortParam(q.sort)]);
  for (const [name, value] of Object.entries(q.filters ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.push([name, String(value)]);
  }
  if (q.username) params.push(['username', q.username]);
  return params;
};
