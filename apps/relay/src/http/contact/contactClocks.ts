/**
 * `GET /api/contact-clocks`: the contact clocks of the caller's agency's purchases among some ids
 * (a list page), or with none given those of the last 48 hours still running (the alerts' read),
 * with the agency's target.
 * Invariant: only the caller's own agency's referrals are answered; another agency's ids are left
 * out, never refused one by one, and a caller without an agency gets 403. The running read costs
 * what it answers: claims and pipelines are read a slice at a time, until the answer is full.
 */
import {
  API,
  isBoughtByAgency,
  parseQuery,
  pipelineIdsQuerySchema,
  type ContactClock,
  type Opportunity,
} from '@referrals/shared';
import { boughtBy } from '../../readModel/api.js';
import { fail, ok, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { callerAgency } from './agencyOf.js';
import { readClocks } from './clocksOf.js';
import type { ClockDeps } from './deps.js';

/** Most running clocks the alerts' read answers: far more than an agency claims in two days. */
export const RUNNING_MAX = 200;
/** Most purchases of the 48 hours the running read looks through for them. */
export const RUNNING_CANDIDATES = RUNNING_MAX * 5;

type ReadDeps = Pick<GatewayDeps, 'readModel'>;

/** The clocks of the agency's purchases among the named ids, in the ids' order. */
async function namedClocks(d: ReadDeps, s: ClockDeps, agency: string, ids: string) {
  const named = (await d.readModel.referralsById(ids.split(',').map(Number))).filter(
    (o): o is Opportunity => o !== undefined && isBoughtByAgency(o, agency),
  );
  return (await readClocks(s, named)).map((r) => r.clock);
}

/**
 * The agency's first RUNNING_MAX clocks still running among its purchases of the last 48 hours,
 * in the index's order. Purchases, claims and pipelines are read RUNNING_MAX at a time, and no
 * more once that many are running: an agency whose newest purchases still run costs one slice,
 * not RUNNING_CANDIDATES records. A purchase that moves between two slices' reads is kept once.
 */
async function runningClocks(d: ReadDeps, s: ClockDeps, agency: string) {
  const running = new Map<number, ContactClock>();
  for (let page = 0; page * RUNNING_MAX < RUNNING_CANDIDATES; page += 1) {
    const slice = await d.readModel.referralIndex.page(boughtBy(agency), {
      dateFilter: '48hours',
      showClaimed: true,
      sort: null,
      page,
      size: RUNNING_MAX,
    });
    for (const { clock } of await readClocks(s, slice.content)) {
      if (clock.contactedAt === null && !running.has(clock.referralId))
        running.set(clock.referralId, clock);
    }
    if (running.size >= RUNNING_MAX || slice.content.length < RUNNING_MAX) break;
  }
  return [...running.values()].slice(0, RUNNING_MAX);
}

export function contactClocksRoute(
  d: Pick<GatewayDeps, 'profiles' | 'readModel'>,
  s: ClockDeps,
): Route {
  return {
    ...API.contactClocks,
    guard: 'signedIn',
    handler: async (req) => {
      const q = parseQuery(pipelineIdsQuerySchema, req.query);
      if (!q.ok) return fail(400, 'invalid ids', q.errors);
      const mine = await callerAgency(d.profiles, req);
      if (!mine.ok) return mine.answer;
      const [items, target] = await Promise.all([
        q.value.ids === ''
          ? runningClocks(d, s, mine.agency)
          : namedClocks(d, s, mine.agency, q.value.ids),
        s.targets.get(mine.agency),
      ]);
      return ok({ targetMinutes: target.minutes, items });
    },
  };
}
