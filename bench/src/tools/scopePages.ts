/**
 * What a page of a part of the market (an appetite, a state) costs at any depth, in-process: the
 * referrals of a running stand-in are loaded into two `ReferralIndex`es, one whose market views
 * count the scopes' members per node (slots, the relay's default) and one without (`slots: 0`:
 * a page walks the market's view while near, else builds the scope's view), each with every
 * order of the market built, as a relay has them. Then the same seeded pages are asked of both:
 * every marketplace's appetite and each narrowed to Texas, every sort key both ways, any page.
 *   tsx --conditions=@referrals/source src/tools/scopePages.ts http://localhost:8090 200000 [pages]
 * With `MODE=expiry`, the admin's list under the expiration flag instead (the open claim windows
 * soonest first, then the rest in the sort), over the market and the market narrowed to Texas: one
 * index reads its lead from the list by expiry and the rest from the list in the sort (the
 * default), the other builds a view of the lead's order per key and direction (`tieLimit: 0`).
 * Prints per index: page latency p50 / p99 / max (of the first page of each order, which may wait
 * for a build, and of a page anywhere after it), the event loop's longest stall meanwhile, and
 * the heap after a forced GC (run node with --expose-gc).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  byExpirationFirst,
  opportunitySchema,
  type Marketplace,
  type ReferralQuery,
} from '@referrals/shared';
import { recordValidator } from '../../../apps/relay/src/upstream/compiledSchema.js';
import { ReferralIndex } from '../../../apps/relay/src/readModel/lists/referralIndex.js';
import { ALL, inAppetite, withState } from '../../../apps/relay/src/readModel/lists/scopes.js';
import { EVERY_ORDER, WARM_ORDERS } from '../../../apps/relay/src/readModel/readModel.js';
import { PAGE_SIZE, SORT_KEYS, seeded } from '../market/queries.js';
import { readReferrals, simGet } from './simGet.js';

const [sim = 'http://localhost:8090', total = '200000', asks = '300', most = '1000'] =
  process.argv.slice(2);
const want = Number(total);
const get = simGet(sim);
const validate = recordValidator(opportunitySchema);
const records = await readReferrals(get, want, (rows) => rows.map(validate));
const marketplaces = (await get('/api/v3/marketplaces')) as Marketplace[];
const byExpiry = process.env.MODE === 'expiry';
const scopes = byExpiry
  ? [ALL, withState(ALL, 'TX')]
  : marketplaces.slice(0, Number(most)).flatMap((m) => {
      const appetite = inAppetite(m.id, m.riskAppetite);
      return [appetite, withState(appetite, 'TX')];
    });
/** The two indexes compared: slots or none; by expiry, the composed list or a view per order. */
const variants = byExpiry
  ? [{ label: 'composed' }, { label: 'view per order', tieLimit: 0 }]
  : [{ label: 'slots' }, { label: 'none', slots: 0 }];
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
};
const q = (sorted: number[], p: number) =>
  +(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);

for (const { label, ...options } of process.env.FIRST_ONLY ? variants.slice(0, 1) : variants) {
  const index = new ReferralIndex({ warm: WARM_ORDERS, background: EVERY_ORDER, ...options });
  await index.load(records, 1);
  while (index.status().ordersBuilt < index.status().orders)
    await new Promise((r) => setTimeout(r, 20));
  const rand = seeded(7);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const times: number[] = [];
  const firsts: number[] = [];
  const started = performance.now();
  for (let i = 0; i < Number(asks); i += 1) {
    const scope = scopes[Math.floor(rand() * scopes.length)] ?? scopes[0];
    const key = SORT_KEYS[Math.floor(rand() * SORT_KEYS.length)] ?? 'addDate';
    const sort = { key, direction: rand() < 0.5 ? ('asc' as const) : ('desc' as const) };
    const query: Omit<ReferralQuery, 'state'> = {
      dateFilter: '30days',
      showClaimed: true,
      sort: byExpiry ? byExpirationFirst(sort) : sort,
      page: 0,
      size: PAGE_SIZE,
    };
    if (!scope) break;
    // A turn between pages, as between requests: the event loop's stall is then one page's.
    await new Promise((resolve) => setImmediate(resolve));
    const t0 = performance.now();
    const first = await index.page(scope, query);
    firsts.push(performance.now() - t0);
    await new Promise((resolve) => setImmediate(resolve));
    const pages = Math.max(1, Math.ceil(first.totalElements / PAGE_SIZE));
    const t = performance.now();
    await index.page(scope, { ...query, page: Math.floor(rand() * pages) });
    times.push(performance.now() - t);
  }
  const wallS = (performance.now() - started) / 1000;
  loop.disable();
  times.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({
      referrals: records.length,
      index: label,
      scopes: scopes.length,
      pages: times.length,
      firstP50Ms: q(firsts, 0.5),
      firstP99Ms: q(firsts, 0.99),
      firstMaxMs: q(firsts, 1),
      pageP50Ms: q(times, 0.5),
      pageP99Ms: q(times, 0.99),
      pageMaxMs: q(times, 1),
      wallS: +wallS.toFixed(1),
      eventLoopMaxMs: +(loop.max / 1e6).toFixed(1),
      views: index.status().views,
      heapMb: heapMb(),
    })}\n`,
  );
}
