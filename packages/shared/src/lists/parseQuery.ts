import { isStateCode, type StateCode } from '../domain/states.js';
import type { DateFilter } from '../referrals/constants.js';
import { isDateFilter } from '../referrals/dateFilters.js';
import { isSortKey, type Sort } from '../referrals/sorting.js';
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

/**
 * Reads a list query from URL parameters: state (a code; absent or 'all' for All States),
 * dateFilter, showClaimed (true/false), sort (a client key) with dir (asc/desc; sort 'none' for
 * unsorted), page (zero-based), size (1 to 100). Every problem is reported, nothing is guessed.
 */
export function parseReferralQuery(
  params: Params,
  defaults: QueryDefaults,
): { ok: true; query: ReferralQuery } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const text = (k: string): string | undefined => {
    const v = params[k];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') {
      errors.push(`${k} must be given once`);
      return undefined;
    }
    return v;
  };
  const int = (k: string, fallback: number, min: number, max: number): number => {
    const raw = text(k);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      errors.push(`${k} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };

  const stateRaw = text('state');
  let state: StateCode | null = null;
  if (stateRaw !== undefined && stateRaw.toLowerCase() !== 'all') {
    if (isStateCode(stateRaw)) state = stateRaw;
    else errors.push('state must be a two-letter state code or all');
  }

  const dateRaw = text('dateFilter');
  let dateFilter = defaults.dateFilter;
  if (dateRaw !== undefined) {
    if (isDateFilter(dateRaw)) dateFilter = dateRaw;
    else errors.push('dateFilter must be one of 24hours, 48hours, 72hours, 7days, 30days');
  }

  const claimedRaw = text('showClaimed');
  let showClaimed = defaults.showClaimed;
  if (claimedRaw !== undefined) {
    if (claimedRaw === 'true' || claimedRaw === 'false') showClaimed = claimedRaw === 'true';
    else errors.push('showClaimed must be true or false');
  }

  const sortRaw = text('sort');
  const dirRaw = text('dir');
  let sort = defaults.sort;
  if (sortRaw === 'none') sort = null;
  else if (sortRaw !== undefined) {
    if (!isSortKey(sortRaw)) errors.push(`sort '${sortRaw}' is not a sortable column`);
    else if (dirRaw !== undefined && dirRaw !== 'asc' && dirRaw !== 'desc')
      errors.push('dir must be asc or desc');
    else sort = { key: sortRaw, direction: dirRaw === 'asc' ? 'asc' : 'desc' };
  }

  const page = int('page', 0, 0, 1_000_000);
  const size = int('size', defaults.size, 1, MAX_PAGE_SIZE);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { state, dateFilter, showClaimed, sort, page, size } };
}
