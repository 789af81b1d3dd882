import {
  agencyUserSchema,
  BUSINESS_LINES,
  DIRECT_CALL_SOURCE,
  LINE_CATEGORIES,
  MARKETPLACE_STATUSES,
  marketplaceSchema,
  matchesAppetite,
  OPPORTUNITY_TYPES,
  opportunitySchema,
  STATE_CODES,
  type LineCategory,
} from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demoUsers.js';
import { expectEach, T0 } from '../sim.testkit.js';
import { SOURCES } from './catalog.js';
import { HISTORY_MS } from './history.js';
import { LiveMarket } from './market.js';

const options = { seed: '42', referrals: 2000, referralsPerMinute: 6 };
const market = new LiveMarket(options, T0);
const referrals = market.state.referrals.all();

describe('the generated market', () => {
  it('holds the asked number of referrals, each valid against the shared schema', () => {
    expect(referrals).toHaveLength(2000);
    expectEach(opportunitySchema, referrals);
  });

  it('shows every opportunity type, status, category, state (with DC) and source', () => {
    const seen = (pick: (o: (typeof referrals)[number]) => string | null) =>
      new Set(referrals.map(pick));
    expect(seen((o) => o.opportunityType)).toEqual(new Set(OPPORTUNITY_TYPES));
    expect(seen((o) => o.marketplaceStatus)).toEqual(new Set(MARKETPLACE_STATUSES));
    expect(seen((o) => o.category)).toEqual(new Set([...LINE_CATEGORIES, null]));
    expect(seen((o) => o.state)).toEqual(new Set(STATE_CODES));
    expect(seen((o) => o.state).has('DC')).toBe(true);
    expect(seen((o) => o.source)).toEqual(new Set(SOURCES));
  });

  it('dates every referral within the last 30 days, ids rising with addDate', () => {
    for (const o of referrals) {
      const added = Date.parse(o.addDate);
      expect(added).toBeGreaterThanOrEqual(T0 - HISTORY_MS);
      expect(added).toBeLessThan(T0);
      expect(Date.parse(o.lastModDate ?? o.addDate)).toBeGreaterThanOrEqual(added);
    }
    const ids = referrals.map((o) => o.opportunityId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('marks decay exactly where discountPrice > dynamicPrice, and some do decay', () => {
    let decayed = 0;
    for (const o of referrals) {
      const decays =
        o.discountPrice !== null && o.dynamicPrice !== null && o.discountPrice > o.dynamicPrice;
      expect(o.decayStatus !== null).toBe(decays);
      if (decays) decayed++;
    }
    expect(decayed).toBeGreaterThan(0);
  });

  it('makes direct calls WT-CIR with a null category and no business data', () => {
    for (const o of referrals) {
      const direct = o.source === DIRECT_CALL_SOURCE;
      expect(o.opportunityType === 'WT-CIR').toBe(direct);
      expect(o.category === null).toBe(direct);
      if (direct) expect(o.businessLines).toEqual([]);
    }
  });

  it('draws business lines of the referral category and six-digit NAICS codes for commercial ones', () => {
    for (const o of referrals) {
      if (o.category === null) continue;
      const codes = new Set(BUSINESS_LINES[o.category as LineCategory].map((l) => l.code));
      expect(o.businessLines.length).toBeGreaterThan(0);
      for (const line of o.businessLines) expect(codes.has(line)).toBe(true);
      if (o.category === 'COMMERCIAL') expect(o.industryCode).toMatch(/^\d{6}$/);
      else expect(o.industryCode).toBeNull();
    }
  });

  it('gives Available referrals an expiration minutes ahead', () => {
    const available = referrals.filter((o) => o.marketplaceStatus === 'Available');
    expect(available.length).toBeGreaterThan(20);
    for (const o of available) {
      const ahead = Date.parse(o.marketplaceExpirationDate ?? '') - T0;
      expect(ahead).toBeGreaterThan(0);
      expect(ahead).toBeLessThanOrEqual(60 * 60_000);
    }
  });

  it('sells claimed referrals at their price to an agency', () => {
    for (const o of referrals.filter((r) => r.marketplaceStatus === 'Claimed')) {
      expect(o.soldPrice).toBe(o.dynamicPrice);
      expect(o.assignedAgency).not.toBeNull();
    }
  });

  it('is the same market for the same seed and instant, another for another seed', () => {
    const again = new LiveMarket(options, T0);
    expect(again.state.referrals.all()).toEqual(referrals);
    expect(again.state.marketplaces.list()).toEqual(market.state.marketplaces.list());
    const other = new LiveMarket({ ...options, seed: '43' }, T0);
    expect(other.state.referrals.all()).not.toEqual(referrals);
  });

  it('has the house, demo and generated marketplaces, all valid, of every kind', () => {
    const list = market.state.marketplaces.list();
    expectEach(marketplaceSchema, list);
    expect(list.length).toBeGreaterThanOrEqual(16);
    expect(market.state.marketplaces.get(1)?.marketplaceName).toBe('MARKETPLACE');
    expect(market.state.marketplaces.get(2)?.marketplaceName).toBe('CONSUMER_FUNNEL');
    for (const u of DEMO_USERS.filter((d) => d.marketplaceId !== null)) {
      expect(market.state.marketplaces.get(u.marketplaceId ?? 0)?.agencyId).toBe(u.agencyId);
    }
    expect(list.some((m) => !m.enabled)).toBe(true);
    expect(list.some((m) => !m.includedInMarketplaceFlow)).toBe(true);
    expect(list.some((m) => m.debitPrepaidBalance)).toBe(true);
  });

  it("puts a good share of referrals inside the demo producer's appetite", () => {
    const appetite = market.state.marketplaces.get(3)?.riskAppetite;
    if (appetite === undefined) throw new Error('no marketplace 3');
    const share = referrals.filter((o) => matchesAppetite(o, appetite)).length / referrals.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.95);
  });

  it('makes every demo user with an agency an agency user, and agency 1001 span 3+ pages', () => {
    const { directory } = market.state;
    for (const u of DEMO_USERS) {
      const user = directory.user(u.username);
      expect(user?.emailAddress).toBe(u.email);
      expect(user?.agencyId).toBe(u.agencyId);
      expect(directory.usersByEmail(u.email)).toHaveLength(1);
    }
    expect(directory.usersOf(1001).length).toBeGreaterThan(20);
    expectEach(agencyUserSchema, directory.usersOf(1001));
  });

  it('generates 100,000 referrals', () => {
    const started = performance.now();
    const big = new LiveMarket({ ...options, referrals: 100_000 }, T0);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`generated 100,000 referrals in ${ms} ms\n`);
    expect(big.state.referrals.size).toBe(100_000);
  }, 60_000);
});
