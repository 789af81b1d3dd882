import { Redis } from 'ioredis';
import { call, type Bench } from '../bench.js';
import { pollTotals, scrape } from '../metrics.js';
import { POLL_INTERVAL_MS } from '../plan.js';
import { freePort, nowMs, sleep } from '../procs.js';
import { commandStats, deletePrefix, followCommits } from '../redisTap.js';
import { startRelay, startSim } from '../stack.js';

/** Which part of the relay a Redis command served, from the first key of ours it names. */
function categoryOf(args: readonly string[], prefix: string): string | null {
  const key = args.find((a) => a.startsWith(prefix));
  if (key === undefined) return null;
  const rest = key.slice(prefix.length);
  if (rest.startsWith('poll:')) return 'poll lease';
  if (rest.startsWith('socket.io')) return 'Socket.IO adapter';
  if (/^(snap|hash|seq|changes):/.test(rest)) return 'read model';
  return 'other';
}

/**
 * One poll cycle at a given number of referrals: a fresh stand-in and relay (own key prefix on the
 * private Redis); the first cycle (initial load) and then cycles that each carry one new referral,
 * timed from relay_poll_duration_seconds. Redis round trips are counted with MONITOR: every
 * command a client sent that names a key of this relay's prefix (commands run inside Lua scripts
 * show as 'lua' and are left out, so are the bench's own reader and keyless commands such as PING);
 * INFO commandstats deltas (every client, script-internal calls included) beside them.
 */
export async function diffCost(b: Bench, size: number): Promise<void> {
  const prefix = `${b.prefix}diff${size}:`;
  const port = await freePort();
  const sim = await startSim(size, `http://localhost:${port}`);
  const startedAt = Date.now();
  const relay = await startRelay({ port, sim, redisUrl: b.redisUrl, prefix }).catch(
    async (err: unknown) => {
      await sim.proc.stop();
      throw err;
    },
  );
  const follower = followCommits(b.redisUrl, prefix);
  const monitorConn = new Redis(b.redisUrl);
  try {
    const readyMs = Date.now() - startedAt;
    const first = pollTotals(await scrape(relay.url));
    await sleep(POLL_INTERVAL_MS); // let the first cycles settle
    const monitor = await monitorConn.monitor();
    const counts = new Map<string, number>();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source === 'lua' || source === follower.address) return;
      const c = categoryOf(args, prefix);
      if (c === null) return;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    });
    const statsBefore = await commandStats(b.redis);
    const before = pollTotals(await scrape(relay.url));
    for (let i = 0; i < b.plan.diffCycles && Date.now() < b.deadline; i += 1) {
      const t0 = nowMs();
      const body = await call(sim.origin, 'POST', '/__sim/referrals', { state: 'TX' });
      await follower.waitFor(
        (body as { opportunityId: number }).opportunityId,
        t0,
        6 * POLL_INTERVAL_MS + 60_000,
      );
    }
    await sleep(200);
    const after = pollTotals(await scrape(relay.url));
    const statsAfter = await commandStats(b.redis);
    monitor.disconnect();
    const cycles = Math.max(1, after.count - before.count);
    const meanMs = ((after.seconds - before.seconds) / cycles) * 1000;
    const trips = [...counts.values()].reduce((a, n) => a + n, 0);
    let calls = 0;
    for (const [cmd, n] of statsAfter) calls += n - (statsBefore.get(cmd) ?? 0);
    const split = [...counts.entries()]
      .sort((x, y) => y[1] - x[1])
      .map(([c, n]) => `${c} ${(n / cycles).toFixed(1)}`)
      .join(', ');
    b.rec.add({
      section: 'diff',
      measure: 'poll cycle duration (one new referral per cycle)',
      clients: 0,
      value: Math.round(meanMs),
      unit: `ms mean at ${size} referrals`,
      detail: `${cycles} cycles; first cycle (initial load) ${first.count === 1 ? `${Math.round(first.seconds * 1000)} ms` : `${first.count} cycles, ${Math.round(first.seconds * 1000)} ms in all`}; relay ready after ${readyMs} ms`,
    });
    b.rec.add({
      section: 'diff',
      measure: 'Redis round trips per poll cycle',
      clients: 0,
      value: Math.round((trips / cycles) * 10) / 10,
      unit: `commands/cycle at ${size} referrals`,
      detail: `by area: ${split}; INFO commandstats (incl. calls inside scripts) ${(calls / cycles).toFixed(1)}/cycle`,
    });
  } finally {
    monitorConn.disconnect();
    await follower.stop();
    await relay.proc.stop();
    await sim.proc.stop();
    await deletePrefix(b.redis, prefix);
  }
}
