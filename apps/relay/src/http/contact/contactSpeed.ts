/**
 * `GET /api/contact-speed`: how fast the purchases of a window were first contacted: the median
 * claim-to-contact time of each producer who claimed, and the bound rate by contact speed (under
 * 5 minutes, 5 to 30, over 30, not yet). The caller's agency's; the market's for admins.
 * Invariant: a user who is not an admin sees only their own agency's figures; one with no agency
 * gets 403.
 */
import {
  API,
  contactSpeedFigures,
  DATE_FILTER_SPAN_MS,
  parseQuery,
  ProgressStatus,
  QUERIES,
  type ContactSpeedInput,
  type DateFilter,
} from '@referrals/shared';
import { nextSlice } from '../../lib/slices.js';
import { fail, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { EXPORT_MAX_ROWS, SLICE } from '../acquired/filtered.js';
import { acquiredScopeOf } from '../acquired/query.js';
import { readClocks } from './clocksOf.js';
import type { ClockDeps } from './deps.js';

export function contactSpeedRoute(
  d: Pick<GatewayDeps, 'profiles' | 'readModel' | 'now'>,
  s: Pick<ClockDeps, 'claims' | 'pipeline'>,
): Route {
  return {
    ...API.contactSpeed,
    guard: 'signedIn',
    handler: async (req) => {
      const q = parseQuery(QUERIES.conversion, req.query);
      if (!q.ok) return fail(400, 'invalid contact-speed query', q.errors);
      const dateFilter = (q.value.dateFilter as DateFilter | undefined) ?? '30days';
      const mine = await acquiredScopeOf(d.profiles, principalOf(req));
      if (!mine) return fail(403, 'your account has no agency');
      const all = await d.readModel.referralIndex.page(mine.scope, {
        dateFilter,
        showClaimed: true,
        sort: null,
        page: 0,
        size: EXPORT_MAX_ROWS,
      });
      const rows: ContactSpeedInput[] = [];
      for (let i = 0; i < all.content.length; i += SLICE) {
        for (const { clock, pipeline } of await readClocks(s, all.content.slice(i, i + SLICE))) {
          rows.push({
            producer: clock.claimedBy,
            contactMs:
              clock.contactedAt === null
                ? null
                : Date.parse(clock.contactedAt) - Date.parse(clock.claimedAt),
            status: pipeline?.status ?? ProgressStatus.Open,
          });
        }
        await nextSlice();
      }
      const since = new Date(d.now().getTime() - DATE_FILTER_SPAN_MS[dateFilter]);
      return ok(contactSpeedFigures(rows, since.toISOString()));
    },
  };
}
