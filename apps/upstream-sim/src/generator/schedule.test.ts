import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { T0 } from '../sim.testkit.js';
import type { ReferralObserver } from '../store/referralObserver.js';
import { LiveMarket } from './market.js';

const MINUTE = 60_000;
const options = { seed: 'schedule', referrals: 800, referralsPerMinute: 0 };

/** Counts the writes the store reports. */
function countWrites(market: LiveMarket): { changed: number } {
  const seen = { changed: 0 };
  const observer: ReferralObserver = {
    added: () => undefined,
    changing: () => undefined,
    changed: () => void seen.changed++,
  };
  market.state.referrals.observe(observer);
  return seen;
}

describe('the live market schedule', () => {
  it('generates the same market in chunks as in one run, reporting progress', async () => {
    const progress: number[] = [];
    const chunked = await LiveMarket.generate(options, T0, {
      chunk: 100,
      onProgress: (n) => progress.push(n),
    });
    const whole = new LiveMarket(options, T0);
    expect(chunked.state.referrals.all()).toEqual(whole.state.referrals.all());
    expect(progress.at(-1)).toBe(800);
    expect(progress.length).toBeGreaterThan(5);
    // And the same live market after it: the schedule draws the same.
    for (const m of [chunked, whole]) for (let s = 1; s <= 90; s++) m.tick(T0 + s * 20_000);
    expect(chunked.state.referrals.all()).toEqual(whole.state.referrals.all());
  });

  it('touches only what is due: a tick with nothing due writes nothing', () => {
    const market = new LiveMarket(options, T0);
    market.tick(T0 + 3 * 60 * MINUTE); // everything from the history has happened by now
    const writes = countWrites(market);
    const summary = market.tick(T0 + 3 * 60 * MINUTE + 1_000);
    expect(summary).toEqual({ added: 0, routed: 0, expired: 0, claimed: 0, settled: 0 });
    expect(writes.changed).toBe(0);
  });

  it('writes once per change it reports (plus price steps and assignments)', () => {
    const market = new LiveMarket(options, T0);
    const writes = countWrites(market);
    const summary = market.tick(T0 + 10 * MINUTE);
    const reported = summary.routed + summary.expired + summary.claimed + summary.settled;
    expect(reported).toBeGreaterThan(0);
    expect(writes.changed).toBeGreaterThanOrEqual(reported);
    // Each Available referral steps its price at most twice in 10 minutes; routing may assign.
    expect(writes.changed).toBeLessThanOrEqual(
      reported * 2 + (3 * market.state.referrals.size) / 10,
    );
  });

  it('follows a changed expiry and a status set by hand', () => {
    const market = new LiveMarket(options, T0);
    const store = market.state.referrals;
    const target = store.all().find((o) => o.marketplaceStatus === 'Settled') as Opportunity;
    const id = target.opportunityId;
    const expiry = new Date(T0 + 5 * MINUTE).toISOString();
    store.patch(id, { marketplaceExpirationDate: expiry, opportunityType: 'WT-CIR' }, T0);
    store.setStatus(id, MarketplaceStatus.Available, T0);
    // Nobody may claim it in this test: only expiry moves it.
    for (const m of market.state.marketplaces.list()) if (m.agencyId !== null) m.enabled = false;
    market.state.marketplaces.version++;
    market.tick(T0 + 5 * MINUTE - 1);
    expect(store.get(id)?.marketplaceStatus).toBe('Available');
    const later = new Date(T0 + 8 * MINUTE).toISOString();
    store.patch(id, { marketplaceExpirationDate: later }, T0 + 1);
    market.tick(T0 + 6 * MINUTE);
    expect(store.get(id)?.marketplaceStatus).toBe('Available');
    market.tick(T0 + 8 * MINUTE);
    expect(store.get(id)).toMatchObject({ marketplaceStatus: 'Undefined', lastModDate: later });
  });
});
