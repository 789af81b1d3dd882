import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { LiveMarket } from '../generator/market.js';
import { Rng } from '../generator/prng.js';
import { answerList } from '../routes/referralList.js';
import { referralComparator } from '../routes/referralQuery.js';
import { acquiredByAnyone } from '../routes/userScope.js';
import { T0 } from '../sim.testkit.js';
import { ReferralViews } from './referralViews.js';

const MINUTE = 60_000;
const BY_LAST_MOD_DESC = [{ field: 'lastModDate', direction: 'desc' }] as const;

/** A page of every referral in a scope, from the kept views. */
const listed = (views: ReferralViews, scope: Parameters<typeof answerList>[1]['scope'] = []) =>
  answerList(views, {
    scope,
    filter: { addedFrom: null, addedBefore: null, conditions: [], claimableOnly: false },
    addedSince: null,
    claimableAt: null,
    paging: { page: 0, size: 10_000, sort: BY_LAST_MOD_DESC },
  }).content.map((o) => o.opportunityId);

describe('the referral store', () => {
  it('stamps an assignment with its instant', () => {
    const market = new LiveMarket({ seed: 'assign', referrals: 50, referralsPerMinute: 0 }, T0);
    const store = market.state.referrals;
    const id = store.all()[3]!.opportunityId;
    const partner = null;
    store.assign(id, { agencyId: 1001, agencyName: 'A', agentName: 'B', partner }, T0 + 7);
    expect(store.get(id)).toMatchObject({
      assignedAgency: 'A',
      lastModDate: new Date(T0 + 7).toISOString(),
    });
    expect(store.ownerOf(id)).toBe(1001);
  });

  it('deletes referrals: gone by id and search id, the rest keep their facts and positions', () => {
    const market = new LiveMarket({ seed: 'delete', referrals: 3_000, referralsPerMinute: 0 }, T0);
    const store = market.state.referrals;
    const views = new ReferralViews(store);
    const owned = listed(views, [acquiredByAnyone(market.state)]);
    const before = new Map(
      store.all().map((o) => [o.opportunityId, { referral: o, meta: store.meta(o.opportunityId) }]),
    );
    const rng = new Rng('pick');
    // The first, the last, owned ones and random ones, some named twice or unknown.
    const ids = [
      store.all()[0]!.opportunityId,
      store.all().at(-1)!.opportunityId,
      ...owned.slice(0, 20),
      ...rng.sample(store.all(), 300).map((o) => o.opportunityId),
      owned[0]!,
      999_999,
    ];
    const gone = new Set(ids.filter((id) => before.has(id)));
    // In batches of every size: one pass for many, one by one for a few.
    const removed = [200, 201, 203, ids.length].flatMap((to, i, ends) =>
      store.remove(ids.slice(ends[i - 1] ?? 0, to)),
    );
    expect(new Set(removed.map((o) => o.opportunityId))).toEqual(gone);
    expect(store.size).toBe(3_000 - gone.size);

    for (const [id, { referral, meta }] of before) {
      if (gone.has(id)) {
        expect(store.get(id)).toBeUndefined();
        expect(store.meta(id)).toBeUndefined();
        expect(store.ownerOf(id)).toBeNull();
        expect(store.bySearch(referral.searchId!)).toBeUndefined();
      } else {
        expect(store.get(id)).toBe(referral);
        expect(store.meta(id)).toEqual(meta);
        expect(store.bySearch(referral.searchId!)).toBe(referral);
      }
    }
    // Writes to the rest still reach the right referral and views.
    const survivor = store.all()[1_000]!;
    store.setStatus(survivor.opportunityId, MarketplaceStatus.OnHold, T0 + 1);
    expect(store.get(survivor.opportunityId)?.marketplaceStatus).toBe('On Hold');
    // New referrals get fresh ids after the deletions and are found.
    const added = market.addReferral(T0 + 2);
    expect(added.opportunityId).toBe(3_001);
    expect(store.get(3_001)).toBe(added);

    // The views built before the deletion dropped them, as a fresh build would.
    expect(listed(views)).toEqual(
      [...store.all()].sort(referralComparator(BY_LAST_MOD_DESC)).map((o) => o.opportunityId),
    );
    const stillOwned = listed(views, [acquiredByAnyone(market.state)]);
    expect(new Set(stillOwned)).toEqual(new Set(owned.filter((id) => !gone.has(id))));
    expect(stillOwned).toEqual(
      store
        .all()
        .filter((o) => store.ownerOf(o.opportunityId) !== null)
        .sort(referralComparator(BY_LAST_MOD_DESC))
        .map((o) => o.opportunityId),
    );
    expect(views.misses).toBe(0);
  });

  it('keeps the views true through deletions mixed with ticks and silent changes', () => {
    const market = new LiveMarket({ seed: 'mixed', referrals: 2_000, referralsPerMinute: 20 }, T0);
    const store = market.state.referrals;
    const views = new ReferralViews(store);
    const owned = acquiredByAnyone(market.state);
    listed(views);
    listed(views, [owned]);
    for (let m = 1; m <= 30; m++) {
      market.tick(T0 + m * MINUTE);
      market.drift.apply(5, 5, T0 + m * MINUTE);
    }
    const byLastMod = (o: Opportunity[]) =>
      o.sort(referralComparator(BY_LAST_MOD_DESC)).map((r) => r.opportunityId);
    expect(listed(views)).toEqual(byLastMod([...store.all()]));
    expect(listed(views, [owned])).toEqual(byLastMod(store.all().filter((o) => owned.test(o))));
    expect(views.misses).toBe(0);
  });
});
