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
  ProgressStatus,
  type ContactSpeedInput,
} from '@referrals/shared';
import { nextSlice } from '../../lib/slices.js';
import { ok, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { SLICE } from '../acquired/filtered.js';
import { windowPurchases } from '../acquired/window.js';
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
      const w = await windowPurchases(d, req, 'contact-speed');
      if (!w.ok) return w.answer;
      const all = w.window.purchases;
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
      return ok(contactSpeedFigures(rows, w.window.since));
    },
  };
}
