/**
 * What the list indexes cost while a market streams in, in-process, without sockets or Redis:
 * the referrals of a running stand-in are read as the first load reads them (pages of 10,000,
 * oldest first), validated, and applied to a `ReferralIndex` in the poll's commit parts, with
 * the read model's orders and each marketplace's in-appetite view built, as a relay has them.
 *   tsx --conditions=@referrals/source src/tools/indexApply.ts http://localhost:8090 200000 [part]
 * Prints the time to validate, the time to apply (in all, per part p50 and max, each applied in
 * slices as a relay applies it), the event loop's longest stall meanwhile, and the views kept.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_SORTS, opportunitySchema, type Marketplace } from '@referrals/shared';
import { recordValidator } from '../../../apps/relay/src/upstream/compiledSchema.js';
import { ReferralIndex } from '../../../apps/relay/src/readModel/lists/referralIndex.js';
import { inAppetite } from '../../../apps/relay/src/readModel/lists/scopes.js';
import { EVERY_ORDER, WARM_ORDERS } from '../../../apps/relay/src/readModel/readModel.js';
import { RECORDS_PER_COMMIT as COMMIT_PART } from '../../../apps/relay/src/ingest/referrals/storeMirror.js';
import { readReferrals, simGet } from './simGet.js';

const [sim = 'http://localhost:8090', total = '100000', part = String(COMMIT_PART)] =
  process.argv.slice(2);
const want = Number(total);
const partSize = Number(part);
const get = simGet(sim);

const validate = recordValidator(opportunitySchema);
let validateMs = 0;
const records = await readReferrals(get, want, (rows) => {
  const t = performance.now();
  const valid = rows.map(validate);
  validateMs += performance.now() - t;
  return valid;
});
const marketplaces = (await get('/api/v3/marketplaces')) as Marketplace[];

const index = new ReferralIndex({ warm: WARM_ORDERS, background: EVERY_ORDER });
await index.load([], 0);
for (const m of marketplaces)
  await index.prepare(inAppetite(m.id, m.riskAppetite), DEFAULT_SORTS.nonPrivileged);
// The background orders are built on the empty market: every view exists before the stream.
while (index.status().ordersBuilt < index.status().orders)
  await new Promise((r) => setTimeout(r, 10));

// Each part is applied as a relay's mirror hands it on: in slices, one after another.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const perDelta: number[] = [];
const started = performance.now();
for (let i = 0, seq = 1; i < records.length; i += partSize, seq += 1) {
  const upserts = records.slice(i, i + partSize).map((next) => ({ next, previous: undefined }));
  const t = performance.now();
  await index.applyInSlices({ seq, upserts, removed: [] });
  perDelta.push(performance.now() - t);
}
const applyMs = performance.now() - started;
loop.disable();
const sorted = [...perDelta].sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({
    referrals: records.length,
    part: partSize,
    views: index.status().views,
    validateMs: Math.round(validateMs),
    validateUsPerRecord: +((validateMs * 1000) / records.length).toFixed(2),
    applyMs: Math.round(applyMs),
    applyUsPerRecord: +((applyMs * 1000) / records.length).toFixed(1),
    partP50Ms: +q(0.5).toFixed(1),
    partMaxMs: +q(1).toFixed(1),
    eventLoopMaxMs: +(loop.max / 1e6).toFixed(1),
  })}\n`,
);
