import { describe, expect, it } from 'vitest';
import { T0 } from '../sim.testkit.js';
import { LiveMarket } from './market.js';

const MINUTE = 60_000;
const aMarket = (referralsPerMinute = 6) =>
  new LiveMarket({ seed: '7', referrals: 500, referralsPerMinute }, T0);

describe('the live market tick', () => {
  it('adds referrals at the configured rate, fractions carried over', () => {
    const market = aMarket(6);
    const before = market.state.referrals.size;
    let added = 0;
    for (let s = 1; s <= 60; s++) added += market.tick(T0 + s * 1000).added;
    expect(added).toBe(6);
    expect(market.state.referrals.size).toBe(before + 6);
    const newest = market.state.referrals.all().at(-1);
    expect(Date.parse(newest?.addDate ?? '')).toBeLessThanOrEqual(T0 + MINUTE);
  });

  it('expires every Available referral once its window has passed', () => {
    const market = aMarket(0);
    const available = market.state.referrals.idsWithStatus('Available');
    expect(available.length).toBeGreaterThan(0);
    const summary = market.tick(T0 + 2 * 60 * MINUTE);
    expect(market.state.referrals.idsWithStatus('Available')).toEqual([]);
    expect(summary.expired + summary.claimed).toBe(available.length);
    for (const id of available) {
      const o = market.state.referrals.get(id);
      const expected = o?.opportunityType === 'WT-CIR' ? 'Undefined' : 'Ineligible';
      if (o?.assignedAgency === null) expect(o.marketplaceStatus).toBe(expected);
    }
  });

  it('routes Incoming referrals and settles claimed ones as time goes by', () => {
    const market = aMarket(0);
    const incoming = market.state.referrals.idsWithStatus('Incoming');
    const claimed = market.state.referrals.idsWithStatus('Claimed').length;
    let settled = 0;
    for (let m = 1; m <= 180; m++) settled += market.tick(T0 + m * MINUTE).settled;
    expect(market.state.referrals.idsWithStatus('Incoming')).toEqual([]);
    for (const id of incoming)
      expect(market.state.referrals.get(id)?.marketplaceStatus).not.toBe('Incoming');
    expect(settled).toBeGreaterThanOrEqual(claimed);
  });

  it('lowers prices of decaying Available referrals without passing the floor', () => {
    const market = aMarket(0);
    market.tick(T0 + 20 * MINUTE);
    for (const id of market.state.referrals.idsWithStatus('Available')) {
      const o = market.state.referrals.get(id);
      if (o === undefined || o.discountPrice === null || o.dynamicPrice === null) continue;
      expect(o.dynamicPrice).toBeLessThanOrEqual(o.discountPrice);
      expect(o.dynamicPrice).toBeGreaterThanOrEqual(Math.round(o.discountPrice / 2));
      expect(o.decayStatus !== null).toBe(o.discountPrice > o.dynamicPrice);
    }
  });

  it('is deterministic: the same ticks give the same market', () => {
    const a = aMarket();
    const b = aMarket();
    for (let s = 1; s <= 30; s++) {
      a.tick(T0 + s * 10_000);
      b.tick(T0 + s * 10_000);
    }
    expect(a.state.referrals.all()).toEqual(b.state.referrals.all());
    expect(a.state.delivery.allStats()).toEqual(b.state.delivery.allStats());
  });

  it('records deliveries of new referrals in the delivery stats', () => {
    const market = aMarket(60);
    const total = () =>
      market.state.delivery.allStats().reduce((n, s) => n + s.totalReferralsDeliveredToday, 0);
    const before = total();
    market.tick(T0 + MINUTE);
    expect(total()).toBeGreaterThan(before);
  });

  it('resets daily delivery counts on a new UTC day', () => {
    const market = aMarket(0);
    market.tick(Date.parse('2025-06-03T00:00:30Z'));
    for (const s of market.state.delivery.allStats())
      expect(s.totalReferralsDeliveredToday).toBe(0);
  });
});
