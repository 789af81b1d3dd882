import {
  newPipeline,
  type ContactClock,
  type Opportunity,
  type Pipeline,
  type ReferralQuery,
} from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResolver, UserProfile } from '../../auth/profile.js';
import type { Principal } from '../../auth/verify.js';
import { createMemoryStore } from '../../changeLog/memoryStore.js';
import type { Claim } from '../../db/auditLog.js';
import type { PipelineStore } from '../../db/pipeline.js';
import { createHostedReadModel } from '../../readModel/host/hostedReadModel.js';
import { boughtBy, type ReadModel } from '../../readModel/api.js';
import { referralWithContact } from '../../testkit/referrals.testkit.js';
import { commitWhole } from '../../testkit/store.testkit.js';
import type { ApiRequest } from '../api.js';
import { clockOf } from './clocksOf.js';
import { contactClocksRoute, RUNNING_CANDIDATES, RUNNING_MAX } from './contactClocks.js';
import type { ClockDeps } from './deps.js';

const NOW = Date.now();
const HOUR = 3_600_000;
const BUSY = 'Lone Star';
const QUIET = 'Peachtree';

/** A purchase of an agency, claimed `hoursAgo`. */
const bought = (id: number, agency: string, hoursAgo: number): Opportunity =>
  referralWithContact(id, {
    marketplaceStatus: 'Claimed',
    assignedAgency: agency,
    addDate: new Date(NOW - hoursAgo * HOUR - HOUR).toISOString(),
    lastModDate: new Date(NOW - hoursAgo * HOUR).toISOString(),
  });

// The busy agency: 700 purchases of the 48 hours, a third of them contacted, and 20 older ones
// still running. The quiet one: 30 of the 48 hours (10 contacted) and 10 older.
const referrals = [
  ...Array.from({ length: 700 }, (_, i) => bought(1000 + i, BUSY, (i % 460) / 10)),
  ...Array.from({ length: 20 }, (_, i) => bought(5000 + i, BUSY, 49 + i)),
  ...Array.from({ length: 30 }, (_, i) => bought(6000 + i, QUIET, i)),
  ...Array.from({ length: 10 }, (_, i) => bought(7000 + i, QUIET, 50 + i)),
];
const contacted = (id: number) => id % 3 === 0;
const claimsById = new Map<number, Claim>(
  referrals.map((o) => [o.opportunityId, { at: new Date(o.lastModDate ?? ''), by: 'ann' }]),
);

/** A pipeline with a note after the claim for a contacted referral, a new one otherwise. */
const pipelineOf = (r: { id: number; agency: string }): Pipeline => {
  const claimed = claimsById.get(r.id)?.at.getTime() ?? NOW;
  const note = { id: r.id, author: 'bob', at: new Date(claimed + 60_000).toISOString(), text: 'x' };
  return { ...newPipeline(r.id, r.agency), notes: contacted(r.id) ? [note] : [] };
};

/** The stores, counting the rows each read is asked for. */
function countingStores() {
  const read = { purchases: 0, claims: 0, pipelines: 0 };
  const pipeline = {
    get: (rs: readonly { id: number; agency: string }[]) => {
      read.pipelines += rs.length;
      return Promise.resolve(rs.map(pipelineOf));
    },
  } as unknown as PipelineStore;
  const stores: ClockDeps = {
    targets: {
      get: (agency) => Promise.resolve({ agency, minutes: 10, updatedBy: null, updatedAt: null }),
      set: () => Promise.reject(new Error('not in this test')),
    },
    claims: {
      claimsOf: (ids) => {
        read.claims += ids.length;
        return Promise.resolve(new Map(ids.map((id) => [id, claimsById.get(id) as Claim])));
      },
    },
    pipeline,
  };
  return { read, stores };
}

const profiles: ProfileResolver = {
  resolve: (p: Principal) =>
    Promise.resolve({ agencyId: 1, agencyName: p.username } as UserProfile),
};
const asked = (agency: string): ApiRequest => ({
  params: {},
  query: {},
  body: undefined,
  principal: { username: agency, access: { isAdmin: false } } as Principal,
  clientIp: undefined,
  requestId: 'r',
});

let readModel: ReadModel;
beforeAll(async () => {
  const store = createMemoryStore();
  readModel = createHostedReadModel(store, { placement: 'this thread', now: () => NOW });
  await readModel.start();
  await commitWhole(store, 'referrals', referrals, (o) => o.opportunityId);
  await readModel.settled();
}, 60_000);
afterAll(() => readModel.stop());

/** The answer as the whole read makes it: every candidate's clock, the running ones, capped. */
async function wholeRead(agency: string): Promise<ContactClock[]> {
  const q: Omit<ReferralQuery, 'state'> = {
    dateFilter: '48hours',
    showClaimed: true,
    sort: null,
    page: 0,
    size: RUNNING_CANDIDATES,
  };
  const all = (await readModel.referralIndex.page(boughtBy(agency), q)).content;
  return all
    .map((o) =>
      clockOf(o, claimsById.get(o.opportunityId), pipelineOf({ id: o.opportunityId, agency })),
    )
    .filter((c) => c.contactedAt === null)
    .slice(0, RUNNING_MAX);
}

async function runningOf(agency: string) {
  const { read, stores } = countingStores();
  // The purchases the read model hands over, counted as the claims and pipelines are.
  const index = readModel.referralIndex;
  const counted: ReadModel = {
    ...readModel,
    referralIndex: {
      ...index,
      page: async (...args: Parameters<typeof index.page>) => {
        const p = await index.page(...args);
        read.purchases += p.content.length;
        return p;
      },
    },
  };
  const answer = await contactClocksRoute({ readModel: counted, profiles }, stores).handler(
    asked(agency),
  );
  return { read, items: (answer as { body: { items: ContactClock[] } }).body.items };
}

describe('the running contact clocks of an agency (no ids)', () => {
  it('answers at most RUNNING_MAX running clocks of the 48 hours, as the whole read would, reading claims and pipelines only until it has them', async () => {
    const { read, items } = await runningOf(BUSY);
    expect(items).toEqual(await wholeRead(BUSY));
    expect(items).toHaveLength(RUNNING_MAX);
    const inWindow = new Set(referrals.slice(0, 700).map((o) => o.opportunityId));
    expect(items.every((c) => inWindow.has(c.referralId) && c.contactedAt === null)).toBe(true);
    // Two thirds run, so 400 of the 700 candidates hold 200 running: no more rows are read, of
    // the purchases either.
    expect(read).toEqual({
      purchases: 2 * RUNNING_MAX,
      claims: 2 * RUNNING_MAX,
      pipelines: 2 * RUNNING_MAX,
    });
  });

  it('answers every running clock of the 48 hours when fewer than RUNNING_MAX run, none older', async () => {
    const { read, items } = await runningOf(QUIET);
    expect(items).toEqual(await wholeRead(QUIET));
    expect(items.map((c) => c.referralId).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => 6000 + i)
        .filter((id) => !contacted(id))
        .sort(),
    );
    expect(read).toEqual({ purchases: 30, claims: 30, pipelines: 30 });
  });
});
