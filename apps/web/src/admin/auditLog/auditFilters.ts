import { AUDIT_DEFAULT_PAGE_SIZE, parseAuditQuery, type AuditQuery } from '@referrals/shared';
import type { QueryParams } from '../../api/apiClient';

/**
 * The screen's filters as the address bar holds them (so a reload or a shared link keeps them):
 * raw text, checked only when a request is built. `from` and `to` are days of the viewer's
 * calendar (YYYY-MM-DD), both included.
 */
export interface AuditFilters {
  readonly user: string;
  readonly action: string;
  readonly from: string;
  readonly to: string;
  /** 1-based; '' is the first page. */
  readonly page: string;
}

/** A filter key of the address bar, besides `page`. */
export type FilterKey = 'user' | 'action' | 'from' | 'to';

/** The filters an address carries ('' where it carries none). */
export const filtersOf = (search: URLSearchParams): AuditFilters => ({
  user: search.get('user') ?? '',
  action: search.get('action') ?? '',
  from: search.get('from') ?? '',
  to: search.get('to') ?? '',
  page: search.get('page') ?? '',
});

/**
 * The address after one filter changes: empty values are left out, and the page goes back to the
 * first, since the old page number means nothing in another result.
 */
export const withFilter = (search: URLSearchParams, key: FilterKey, value: string) => {
  const next = new URLSearchParams(search);
  if (value === '') next.delete(key);
  else next.set(key, value);
  next.delete('page');
  return next;
};

/** The address on another page. */
export const withPage = (search: URLSearchParams, page: number) => {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a calendar day starts in the viewer's zone; other text is passed on unchanged. */
const dayStart = (day: string, laterDays = 0): string => {
  const m = DAY.exec(day);
  if (!m) return day;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + laterDays).toISOString();
};

/**
 * The relay query of some filters, checked by the relay's own rule so that an address it would
 * refuse shows the reasons and is never sent. The To day is included: the query's `to`, which is
 * exclusive, is the start of the next day.
 */
export const auditQueryOf = (f: AuditFilters) =>
  parseAuditQuery({
    user: f.user.trim(),
    action: f.action,
    from: f.from === '' ? '' : dayStart(f.from),
    to: f.to === '' ? '' : dayStart(f.to, 1),
    page: f.page,
    size: String(AUDIT_DEFAULT_PAGE_SIZE),
  });

/** The query parameters of `GET /api/audit-log` (filters that are not set are left out). */
export const auditParams = (q: AuditQuery): QueryParams =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== null));
