/**
 * The acquired list's query: the list query with the acquired screens' defaults, and the
 * progress filters beside it; and the scope of the caller's purchases.
 * Invariant: a user who is not an admin is scoped to their own agency's purchases (a user with
 * no agency to none); only admins see every agency's.
 */
import {
  parseQuery,
  parseReferralQuery,
  progressFilterSchema,
  type ProgressStatus,
  type ReferralQuery,
} from '@referrals/shared';
import type { ProfileResolver } from '../../auth/profile.js';
import type { Principal } from '../../auth/verify.js';
import { BOUGHT, boughtBy, type ListScope } from '../../readModel/api.js';
import { fail, type ApiRequest, type ApiResponse } from '../api.js';
import { PAGE_SIZE } from '../referrals/listPage.js';

/** The progress filters of the acquired list, beside the list query. */
export interface ProgressFilter {
  /** Keep only these statuses (a referral nobody worked is Open); null keeps every one. */
  readonly statuses: ReadonlySet<ProgressStatus> | null;
  /** Keep only follow-ups due on or before this day (the caller's today, YYYY-MM-DD). */
  readonly dueBy: string | null;
}

/** Reads `progress` (statuses separated by commas) and `followUpDue` (a day) from a query. */
export function parseProgressFilter(
  params: Readonly<Record<string, unknown>>,
): { ok: true; filter: ProgressFilter } | { ok: false; errors: string[] } {
  const parsed = parseQuery(progressFilterSchema, params);
  if (!parsed.ok) return parsed;
  const { progress, followUpDue } = parsed.value;
  return {
    ok: true,
    filter: {
      statuses: progress === undefined ? null : new Set(progress.split(',') as ProgressStatus[]),
      dueBy: followUpDue ?? null,
    },
  };
}

/** Whether a progress filter is on (else the index answers pages directly). */
export const filtering = (f: ProgressFilter): boolean => f.statuses !== null || f.dueBy !== null;

/** The acquired list's query and progress filter of a request, or the 400 that refuses it. */
export function parseAcquiredQuery(
  req: ApiRequest,
): { ok: true; query: ReferralQuery; filter: ProgressFilter } | { ok: false; answer: ApiResponse } {
  const q = parseReferralQuery(req.query, {
    dateFilter: '48hours',
    showClaimed: true,
    sort: { key: 'lastModDate', direction: 'desc' },
    size: PAGE_SIZE,
  });
  const f = parseProgressFilter(req.query);
  const errors = [...(q.ok ? [] : q.errors), ...(f.ok ? [] : f.errors)];
  if (!q.ok || !f.ok) return { ok: false, answer: fail(400, 'invalid list query', errors) };
  return { ok: true, query: q.query, filter: f.filter };
}

/** The scope of the caller's acquired list, or null for a user with no agency. */
export async function acquiredScopeOf(
  profiles: ProfileResolver,
  p: Principal,
): Promise<{ scope: ListScope; agency: string | null } | null> {
  if (p.access.isAdmin) return { scope: BOUGHT, agency: null };
  const { agencyName } = await profiles.resolve(p);
  return agencyName === null ? null : { scope: boughtBy(agencyName), agency: agencyName };
}
