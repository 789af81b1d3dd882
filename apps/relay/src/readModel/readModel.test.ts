import { opportunitySchema, type Marketplace, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import type { StreamName } from '../keys.js';
import { diffRecords, hashRecords } from './diff.js';
import { inAppetite } from './listIndex/scopes.js';
import { createMemoryStore } from './memoryStore.js';
import { createReadModel } from './readModel.js';

const NOW = Date.parse('2026-11-21T15:30:00Z');
const referral = (id: number, state: string): Opportunity =>
  opportunitySchema.cast({
    opportunityId: id,
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    addDate: new Date(NOW - id * 60_000).toISOString(),
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    state,
  });

describe('the read model', () => {
  it("builds each marketplace's in-appetite list after a load, before anyone asks for it", async () => {
    const store = createMemoryStore();
    const readModel = createReadModel(store, () => NOW);
    await readModel.start();
    const put = async <T extends object>(stream: StreamName, rows: T[], id: (r: T) => number) => {
      const { seq, hashes } = await store.loadHashes(stream);
      await store.commit(stream, diffRecords(hashes, hashRecords(rows, id)), seq, NOW);
      await readModel.settled();
    };
    await put('marketplaces', [lonestar], (m: Marketplace) => m.id);
    await put(
      'referrals',
      [referral(1, 'TX'), referral(2, 'CA'), referral(3, 'TX')],
      (r) => r.opportunityId,
    );
    const appetite = readModel.marketplaces.get(30)?.riskAppetite;
    if (!appetite) throw new Error('no marketplace');
    await expect
      .poll(() =>
        readModel.referralIndex.allNow(inAppetite(30, appetite))?.map((o) => o.opportunityId),
      )
      .toEqual([1, 3]);
    readModel.stop();
  });
});
