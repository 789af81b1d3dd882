import {
  LINE_CATEGORIES,
  MARKETPLACE_STATUSES,
  OPPORTUNITY_TYPES,
  type Opportunity,
} from '@referrals/shared';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demoUsers.js';
import { LiveMarket } from '../generator/market.js';
import { Rng } from '../generator/prng.js';
import { T0 } from '../sim.testkit.js';
import { ReferralViews } from '../store/referralViews.js';
import { parsePaging } from './paging.js';
import { answerList } from './referralList.js';
import {
  BY_ADD_DATE_DESC,
  isClaimable,
  parseListFilter,
  REFERRAL_SORT_FIELDS,
  referralFilter,
  sortReferrals,
  STATUS_AVAILABLE,
  type Condition,
} from './referralQuery.js';
import { acquiredBy, acquiredByAnyone, inAppetiteOf } from './userScope.js';

const MINUTE = 60_000;
const asRequest = (query: Record<string, string | string[]>) => ({ query }) as unknown as Request;
const usDate = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

/** A random list query of the contract: filters, sorts (one or two keys), page and size. */
function aQuery(rng: Rng, nowMs: number): Record<string, string | string[]> {
  const q: Record<string, string | string[]> = {};
  if (rng.chance(0.3)) q.startDate = usDate(nowMs - rng.int(0, 30) * 86_400_000);
  if (rng.chance(0.15)) q.endDate = usDate(nowMs - rng.int(0, 20) * 86_400_000);
  if (rng.chance(0.2)) q.state = rng.pick(['TX', 'ca', 'NY', 'FL', 'DC']);
  if (rng.chance(0.25))
    q.marketplaceStatus = rng.chance(0.4)
      ? 'ELIGIBLE'
      : rng.sample(MARKETPLACE_STATUSES, rng.int(1, 3)).join(',');
  if (rng.chance(0.15)) q.category = rng.pick(LINE_CATEGORIES);
  if (rng.chance(0.1)) q.opportunityType = rng.pick(OPPORTUNITY_TYPES);
  if (rng.chance(0.1)) q.source = rng.pick(['google-ads', 'direct-call', 'web-quote']);
  const fields = [...REFERRAL_SORT_FIELDS];
  if (rng.chance(0.8)) {
    q.sort = Array.from(
      { length: rng.int(1, 2) },
      () => `${rng.pick(fields)},${rng.pick(['asc', 'desc'])}`,
    );
  }
  q.size = String(rng.pick([1, 5, 10, 50, 1_000]));
  q.page = String(rng.pick([0, 0, 1, 2, 7]));
  return q;
}

interface Scope {
  readonly conditions: readonly Condition[];
  readonly addedSince: string | null;
  readonly claimable: boolean;
}

describe('list pages from kept views', () => {
  // 400 rounds of writes and queries over 1,500 referrals: seconds on a busy machine.
  it(
    'answer every query as a filter and sort of the whole market would, through random changes',
    {
      timeout: 60_000,
    },
    () => {
      const market = new LiveMarket(
        { seed: 'views', referrals: 1_500, referralsPerMinute: 30 },
        T0,
      );
      const state = market.state;
      const views = new ReferralViews(state.referrals, 6);
      const rng = new Rng('queries');
      const users = DEMO_USERS.map((u) => u.username);
      let now = T0;
      for (let round = 0; round < 400; round++) {
        // Writes between queries: ticks (arrivals, claims, expiries, decay), console claims, patches.
        if (rng.chance(0.3)) market.tick((now += rng.int(1, 4) * MINUTE));
        if (rng.chance(0.2)) {
          const target = rng.pick(state.referrals.all());
          market.claim(target.opportunityId, rng.pick(users), now);
        }
        if (rng.chance(0.1)) {
          const target = rng.pick(state.referrals.all());
          state.referrals.setStatus(target.opportunityId, rng.pick(MARKETPLACE_STATUSES), now);
        }
        const scopes: Scope[] = [
          { conditions: [], addedSince: null, claimable: false },
          { conditions: [STATUS_AVAILABLE], addedSince: null, claimable: true },
          { conditions: [acquiredByAnyone(state)], addedSince: null, claimable: false },
          {
            conditions: [inAppetiteOf(state, rng.pick(users))],
            addedSince: new Date(now - 24 * 60 * MINUTE).toISOString(),
            claimable: false,
          },
          { conditions: [acquiredBy(state, rng.pick(users))], addedSince: null, claimable: false },
        ];
        const scope = rng.pick(scopes);
        const req = asRequest(aQuery(rng, now));
        const paging = parsePaging(req, REFERRAL_SORT_FIELDS, BY_ADD_DATE_DESC);
        const filter = parseListFilter(req);
        const page = answerList(views, {
          scope: scope.conditions,
          filter,
          addedSince: scope.addedSince,
          claimableAt: scope.claimable || filter.claimableOnly ? now : null,
          paging,
        });
        // The reference: the plain filter and sort of every referral.
        const test = referralFilter(req, now);
        const since = scope.addedSince;
        const expected = sortReferrals(
          state.referrals
            .all()
            .filter(
              (o: Opportunity) =>
                scope.conditions.every((c) => c.test(o)) &&
                (since === null || o.addDate >= since) &&
                (!scope.claimable || isClaimable(o, now)) &&
                test(o),
            ),
          paging.sort,
        );
        const start = paging.page * paging.size;
        expect(page.totalElements).toBe(expected.length);
        expect(page.content.map((o) => o.opportunityId)).toEqual(
          expected.slice(start, start + paging.size).map((o) => o.opportunityId),
        );
      }
      // Every write reached the views through the store: no removal had to search.
      expect(views.misses).toBe(0);
      expect(views.size).toBeLessThanOrEqual(6);
    },
  );

  it('answers a page past the end with no content and the true total', () => {
    const market = new LiveMarket({ seed: 'end', referrals: 50, referralsPerMinute: 0 }, T0);
    const views = new ReferralViews(market.state.referrals);
    const req = asRequest({ page: '9', size: '10' });
    const page = answerList(views, {
      scope: [],
      filter: parseListFilter(req),
      addedSince: null,
      claimableAt: null,
      paging: parsePaging(req, REFERRAL_SORT_FIELDS, BY_ADD_DATE_DESC),
    });
    expect(page).toMatchObject({ content: [], totalElements: 50, totalPages: 5, number: 9 });
  });
});
