/**
 * What a large scope's slot costs the event loop, in-process: the referrals of a running stand-in
 * are loaded into a `ReferralIndex` with the read model's warm orders, then, round after round,
 * every marketplace's appetite is prepared in the agents' default order (its members read; a
 * large one's slot taken, its bit set on every member, and counted in the market's view) and
 * then all are swept at once as idle (their slots freed: every member's bit cleared), as a
 * relay's 60 s sweep does.
 *   tsx --conditions=@referrals/source src/tools/slotTurns.ts http://localhost:8090 1000000 [rounds]
 * Prints per phase the longest turn of the event loop (the longest gap between two turns of a
 * ping that runs every turn) and the turns over 50 ms.
 */
import { DEFAULT_SORTS, opportunitySchema, type Marketplace } from '@referrals/shared';
import { recordValidator } from '../../../apps/relay/src/upstream/compiledSchema.js';
import { ReferralIndex } from '../../../apps/relay/src/readModel/lists/referralIndex.js';
import { inAppetite } from '../../../apps/relay/src/readModel/lists/scopes.js';
import { WARM_ORDERS } from '../../../apps/relay/src/readModel/readModel.js';
import { readReferrals, simGet } from './simGet.js';

const [sim = 'http://localhost:8090', total = '1000000', rounds = '3'] = process.argv.slice(2);
const get = simGet(sim);
const validate = recordValidator(opportunitySchema);
const records = await readReferrals(get, Number(total), (rows) => rows.map(validate));
const marketplaces = (await get('/api/v3/marketplaces')) as Marketplace[];
const scopes = marketplaces.map((m) => inAppetite(m.id, m.riskAppetite));
const members = scopes.map((scope) => records.filter((o) => scope.has(o)).length);

const IDLE_MS = 60_000;
let shift = 0;
const index = new ReferralIndex({
  warm: WARM_ORDERS,
  idleMs: IDLE_MS,
  now: () => Date.now() + shift,
});
await index.load(records, 1);

/** The longest turn and the turns over 50 ms while `work` runs, then for `settleMs` after. */
async function turns(
  work: () => unknown,
  settleMs: number,
): Promise<{ maxMs: number; over50: number; ms: number }> {
  let last = performance.now();
  let maxMs = 0;
  let over50 = 0;
  let running = true;
  const ping = (): void => {
    const now = performance.now();
    const gap = now - last;
    last = now;
    if (gap > maxMs) maxMs = gap;
    if (gap > 50) over50 += 1;
    if (running) setImmediate(ping);
  };
  setImmediate(ping);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, settleMs));
  running = false;
  return { maxMs: +maxMs.toFixed(1), over50, ms: +ms.toFixed(1) };
}

const out: Record<string, unknown>[] = [];
for (let round = 1; round <= Number(rounds); round += 1) {
  const take = await turns(async () => {
    for (const scope of scopes) await index.prepare(scope, DEFAULT_SORTS.nonPrivileged);
  }, 500);
  // Idle past the sweep's limit: the scope goes, its slot freed (its members' bits cleared).
  shift += 2 * IDLE_MS;
  const free = await turns(() => index.sweep(), 3000);
  out.push({ round, take, free });
}
process.stdout.write(
  `${JSON.stringify({ referrals: records.length, members, rounds: out }, null, 1)}\n`,
);
process.exit(0);
