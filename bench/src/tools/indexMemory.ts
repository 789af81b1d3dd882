/**
 * What the list indexes hold in memory, in-process: the referrals of a running stand-in are read
 * and validated as the first load reads them, then loaded into a `ReferralIndex` with every order
 * of the market built (as a relay has them after its background builds) and each marketplace's
 * in-appetite view. The heap is read after a full garbage collection, before and after the index.
 *   node --expose-gc --import tsx --conditions=@referrals/source src/tools/indexMemory.ts http://localhost:8090 1000000
 * Prints the referrals, the heap of the records alone and the index's heap per referral.
 */
import { DEFAULT_SORTS, opportunitySchema, type Marketplace } from '@referrals/shared';
import { recordValidator } from '../../../apps/relay/src/upstream/compiledSchema.js';
import { ReferralIndex } from '../../../apps/relay/src/readModel/lists/referralIndex.js';
import { inAppetite } from '../../../apps/relay/src/readModel/lists/scopes.js';
import { EVERY_ORDER, WARM_ORDERS } from '../../../apps/relay/src/readModel/readModel.js';
import { readReferrals, simGet } from './simGet.js';

const [sim = 'http://localhost:8090', total = '100000'] = process.argv.slice(2);
const want = Number(total);
const get = simGet(sim);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heapMb = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

const validate = recordValidator(opportunitySchema);
const empty = heapMb();
const records = await readReferrals(get, want, (rows) => rows.map(validate));
const marketplaces = (await get('/api/v3/marketplaces')) as Marketplace[];
const withRecords = heapMb();

const index = new ReferralIndex({ warm: WARM_ORDERS, background: EVERY_ORDER });
await index.load(records, 1);
for (const m of marketplaces)
  await index.prepare(inAppetite(m.id, m.riskAppetite), DEFAULT_SORTS.nonPrivileged);
while (index.status().ordersBuilt < index.status().orders)
  await new Promise((r) => setTimeout(r, 100));
const withIndex = heapMb();
const perReferral = (mb: number): number => Math.round((mb * 1e6) / records.length);
process.stdout.write(
  `${JSON.stringify({
    referrals: records.length,
    views: index.status().views,
    recordsMb: Math.round(withRecords - empty),
    recordsBytesPerReferral: perReferral(withRecords - empty),
    indexMb: Math.round(withIndex - withRecords),
    indexBytesPerReferral: perReferral(withIndex - withRecords),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  })}\n`,
);
