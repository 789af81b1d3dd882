import { SORT_FIELDS, type SortKey } from '@referrals/shared';
import type { Get } from './httpLoad.js';

/** Every sort key a referral list accepts (SORT_FIELDS). */
export const SORT_KEYS = Object.keys(SORT_FIELDS) as SortKey[];
/** Rows a list page asks for (the console's page size). */
export const PAGE_SIZE = 25;

/** One list a client reads: the public feed, or a signed-in view as one demo user. */
export interface ListSource {
  readonly label: string;
  readonly path: string;
  /** Demo user whose token signs the request; none for the public feed. */
  readonly user?: string;
}

/**
 * The lists of the grid: the anonymous feed, All as the admin, a carrier and an agent, and
 * In-Appetite as three agents of different marketplaces (a filter over the market per request
 * when the relay has no appetite index).
 */
export const LIST_SOURCES: readonly ListSource[] = [
  { label: 'public', path: '/api/public/referrals?' },
  { label: 'all/admin', path: '/api/referrals?view=all&', user: 'admin' },
  { label: 'all/carrier', path: '/api/referrals?view=all&', user: 'carrier' },
  { label: 'all/producer', path: '/api/referrals?view=all&', user: 'producer' },
  { label: 'inAppetite/producer', path: '/api/referrals?view=inAppetite&', user: 'producer' },
  { label: 'inAppetite/bridge', path: '/api/referrals?view=inAppetite&', user: 'bridge' },
];

/**
 * Filters of the grid: the list's defaults (a first load), the whole 30-day market with claimed
 * referrals, and one state over a week.
 */
export const FILTERS: readonly string[] = [
  '',
  'dateFilter=30days&showClaimed=true&',
  'state=TX&dateFilter=7days&',
];

/** A small seeded generator, so every run asks the same mix. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Totals of each list under each filter, by `${source.label}|${filter}`. */
export type Totals = ReadonlyMap<string, number>;

/** The page a request asks for: 40% the first, 30% one of the next nine, 30% anywhere deeper. */
function pageOf(rand: () => number, total: number): number {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const r = rand();
  if (r < 0.4 || pages === 1) return 0;
  if (r < 0.7 || pages <= 10) return 1 + Math.floor(rand() * Math.min(9, pages - 1));
  return 10 + Math.floor(rand() * (pages - 10));
}

/**
 * The requests of one grid cell: sorted by `key`, both directions, over every list and filter,
 * first and deeper pages; `tokens` sign the signed-in lists.
 */
export function listRequests(
  key: SortKey | null,
  seed: number,
  totals: Totals,
  tokens: ReadonlyMap<string, string>,
): (i: number) => Get {
  const rand = seeded(seed);
  return () => {
    const source = LIST_SOURCES[Math.floor(rand() * LIST_SOURCES.length)] ?? LIST_SOURCES[0];
    const filter = FILTERS[Math.floor(rand() * FILTERS.length)] ?? '';
    const sortKey = key ?? SORT_KEYS[Math.floor(rand() * SORT_KEYS.length)] ?? 'addDate';
    const dir = rand() < 0.5 ? 'asc' : 'desc';
    const total = totals.get(`${source?.label ?? ''}|${filter}`) ?? 0;
    const page = pageOf(rand, total);
    const path = `${source?.path ?? ''}${filter}sort=${sortKey}&dir=${dir}&page=${page}&size=${PAGE_SIZE}`;
    return { path, token: source?.user ? tokens.get(source.user) : undefined };
  };
}
