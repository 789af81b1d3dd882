import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { T0 } from '../sim.testkit.js';
import { DECAY } from './catalog.js';
import { LiveMarket } from './market.js';
import { decayedPrice, decayStepAt } from './pricing.js';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A referral's JSON without lastModDate: what a change of anything else changes. */
const body = (o: Opportunity): string => JSON.stringify({ ...o, lastModDate: undefined });

/** Snapshots of every referral by id: its JSON without lastModDate, and its lastModDate. */
function snapshot(market: LiveMarket): Map<number, { body: string; lastModDate: string | null }> {
  return new Map(
    market.state.referrals
      .all()
      .map((o) => [o.opportunityId, { body: body(o), lastModDate: o.lastModDate }]),
  );
}

describe('lastModDate', () => {
  it('moves on every change the live market makes, and only then, to an instant of the tick', () => {
    const market = new LiveMarket({ seed: 'lastmod', referrals: 1_500, referralsPerMinute: 0 }, T0);
    let now = T0;
    let changed = 0;
    for (let minute = 1; minute <= 40; minute++) {
      const before = snapshot(market);
      const from = now;
      now = T0 + minute * MINUTE;
      market.tick(now);
      for (const o of market.state.referrals.all()) {
        const was = before.get(o.opportunityId);
        if (was === undefined) continue;
        if (was.body === body(o)) {
          expect(o.lastModDate).toBe(was.lastModDate);
        } else {
          changed++;
          expect(o.lastModDate! > (was.lastModDate ?? '')).toBe(true);
          expect(o.lastModDate! > iso(from)).toBe(true);
          expect(o.lastModDate! <= iso(now)).toBe(true);
        }
      }
    }
    expect(changed).toBeGreaterThan(200);
  });

  it('moves to the instant of each kind of change: route, expiry, claim, settlement, price step', () => {
    const market = new LiveMarket({ seed: 'kinds', referrals: 1_500, referralsPerMinute: 0 }, T0);
    const store = market.state.referrals;
    const before = new Map(store.all().map((o) => [o.opportunityId, { ...o }]));
    const routeAt = new Map(
      store.idsWithStatus(MarketplaceStatus.Incoming).map((id) => [id, store.meta(id)?.routeAtMs]),
    );
    const decaying = store
      .idsWithStatus(MarketplaceStatus.Available)
      .filter((id) => store.meta(id)?.decays === true);
    const seen = new Set<string>();
    for (let s = 1; s <= 6 * 60; s++) {
      const now = T0 + s * 10_000;
      market.tick(now);
      for (const id of decaying) {
        const o = store.get(id)!;
        const addMs = Date.parse(o.addDate);
        if (o.marketplaceStatus !== MarketplaceStatus.Available || now - addMs < DECAY.stepMs)
          continue;
        // A price step: the decayed price of the step, stamped at the step's instant.
        expect(o.dynamicPrice).toBe(decayedPrice(o.discountPrice!, true, now - addMs));
        const stepAt = decayStepAt(addMs, now);
        if (stepAt > T0) {
          expect(o.lastModDate).toBe(iso(stepAt));
          seen.add('decay');
        }
      }
    }
    const end = T0 + 6 * 60 * 10_000;
    for (const o of store.all()) {
      const was = before.get(o.opportunityId)!;
      const at = Date.parse(o.lastModDate!);
      if (was.marketplaceStatus === o.marketplaceStatus) continue;
      expect(at).toBeGreaterThan(T0);
      expect(at).toBeLessThanOrEqual(end);
      if (was.marketplaceStatus === MarketplaceStatus.Incoming) {
        // Routed (assigned or not) at its routing instant.
        expect(at).toBe(routeAt.get(o.opportunityId));
        seen.add('route');
      } else if (o.marketplaceStatus === MarketplaceStatus.Ineligible) {
        expect(o.lastModDate).toBe(was.marketplaceExpirationDate);
        seen.add('expire');
      } else if (o.marketplaceStatus === MarketplaceStatus.Claimed) {
        expect(o.soldPrice).not.toBeNull();
        seen.add('claim');
      } else if (o.marketplaceStatus === MarketplaceStatus.Settled) {
        seen.add('settle');
      }
    }
    expect([...seen].sort()).toEqual(['claim', 'decay', 'expire', 'route', 'settle']);
  });

  it('moves on a console claim to the claim instant, and never backwards', () => {
    const market = new LiveMarket({ seed: 'claim', referrals: 500, referralsPerMinute: 0 }, T0);
    const store = market.state.referrals;
    const id = store.idsWithStatus(MarketplaceStatus.Available)[0]!;
    const outcome = market.claim(id, 'producer', T0 + 1_000);
    expect(outcome.kind).toBe('claimed');
    expect(store.get(id)?.lastModDate).toBe(iso(T0 + 1_000));
    // A write stamped at an earlier instant (an event due before a write between two ticks)
    // keeps the later stamp.
    store.setStatus(id, MarketplaceStatus.Settled, T0 + 500);
    expect(store.get(id)).toMatchObject({
      marketplaceStatus: 'Settled',
      lastModDate: iso(T0 + 1_000),
    });
  });

  it('dates a generated referral on the market at its latest price step', () => {
    const market = new LiveMarket({ seed: 'history', referrals: 2_000, referralsPerMinute: 0 }, T0);
    const store = market.state.referrals;
    let decayed = 0;
    for (const id of store.idsWithStatus(MarketplaceStatus.Available)) {
      const o = store.get(id)!;
      if (o.decayStatus === null) {
        expect(o.lastModDate).toBe(o.addDate);
        continue;
      }
      decayed++;
      expect(o.lastModDate).toBe(iso(decayStepAt(Date.parse(o.addDate), T0)));
      expect(o.lastModDate! > o.addDate).toBe(true);
    }
    expect(decayed).toBeGreaterThan(0);
  });
});
