/**
 * What a list page costs the relay at N referrals, and on which thread: a fresh stand-in with N
 * referrals and one relay (as the bench's `--market` starts them), then the bench's page mix
 * (`market/queries.ts`, every list, filter, key and depth) at 20 concurrent, whole and cut by
 * list and by depth, and whole again last (the first cut also pays for what a relay builds on
 * the first pages of each order). For each cut: pages answered, the relay's CPU per page (user + system from
 * /proc, every thread) and the same per thread (the main thread, then the busiest others: the
 * read model's host, the collector's helpers, libuv's pool). The last cut is also profiled on
 * every thread through the relay's inspector (the workers' through `NodeWorker`); read each with
 * `tools/cpuTop.ts`. Last, the storm's agents arrive (`clients/agentMix.ts`: connect, subscribe,
 * first page, 100 at a time per process), read the same way. Every cut also says what the
 * collector did in it (the relay runs with `--trace-gc`).
 *   npm run build && cd bench && npx tsx --conditions=@referrals/source \
 *     src/tools/pageCost.ts <referrals> [seconds per cut, 10] [out dir, results/profiles]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAgentFleet } from '../clients/agentFleet.js';
import { agentsUpTo } from '../clients/agentMix.js';
import { FEED_USERS } from '../clients/mix.js';
import type { Inspector } from '../inspector.js';
import type { Get } from '../market/httpLoad.js';
import { closedLoop } from '../market/httpLoad.js';
import { LIST_SOURCES, listRequests } from '../market/queries.js';
import { listTotals, waitForMarket } from '../market/ready.js';
import { freePort, stopAll } from '../procs.js';
import { checkBuilt, demoToken, ROOT, startRedis, startRelay, startSim } from '../stack.js';

const referrals = Number(process.argv[2]);
const seconds = Number(process.argv[3] ?? 10);
const out = path.resolve(process.argv[4] ?? path.join(ROOT, 'bench/results/profiles'));
if (!Number.isInteger(referrals) || referrals <= 0 || !(seconds > 0)) {
  process.stderr.write('usage: pageCost.ts <referrals> [seconds per cut] [out dir]\n');
  process.exit(2);
}
/** Concurrent requests, as the Scale table's page-cost figure. */
const CONCURRENCY = 20;
/** Linux's clock ticks a second (USER_HZ), the unit of /proc's times. */
const CLOCK_TICKS = 100;

/** Agents of the arrival cut, as the bench's storm. */
const AGENTS = 5000;

/** The collector's pauses the relay printed (`--trace-gc`) since the last call, by kind. */
function gcTally() {
  let text = '';
  return {
    take(chunk: Buffer) {
      text += chunk.toString();
    },
    /** e.g. "Scavenge 40× 210 ms, Mark-Compact 2× 1,900 ms" (each pause's own ms, summed). */
    since(): string {
      const byKind = new Map<string, { n: number; ms: number }>();
      for (const m of text.matchAll(
        /\[\d+:(0x[\da-f]+)\] +[\d.]+ ms: (Scavenge|Minor Mark-Sweep|Mark-Compact(?: \(reduce\))?) [^,]*, ([\d.]+) \/ [\d.]+ ms/g,
      )) {
        // Each isolate (the main thread's, each worker's) prints its own.
        const key = `${m[2] ?? ''} in ${m[1] ?? ''}`;
        const k = byKind.get(key) ?? { n: 0, ms: 0 };
        k.n += 1;
        k.ms += Number(m[3]);
        byKind.set(key, k);
      }
      text = '';
      return (
        [...byKind.entries()].map(([k, v]) => `${k} ${v.n}× ${v.ms.toFixed(0)} ms`).join(', ') ||
        'none'
      );
    },
  };
}

/** CPU ticks (user + system) of each thread of `pid`, by thread id. */
function threadTicks(pid: number): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const after = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ');
      ticks.set(Number(tid), Number(after?.[11]) + Number(after?.[12]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ticks;
}

/** The DevTools sessions of the relay's worker threads, each able to send protocol calls. */
async function workerSessions(inspector: Inspector) {
  const sessions: { title: string; send: (method: string, params?: object) => Promise<unknown> }[] =
    [];
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  inspector.on('NodeWorker.receivedMessageFromWorker', (p) => {
    const msg = JSON.parse((p as { message: string }).message) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  inspector.on('NodeWorker.attachedToWorker', (p) => {
    const { sessionId, workerInfo } = p as { sessionId: string; workerInfo: { title: string } };
    sessions.push({
      title: workerInfo.title,
      send: (method, params) =>
        new Promise((resolve) => {
          const id = nextId++;
          pending.set(id, resolve);
          void inspector.send('NodeWorker.sendMessageToWorker', {
            sessionId,
            message: JSON.stringify({ id, method, params }),
          });
        }),
    });
  });
  await inspector.send('NodeWorker.enable', { waitForDebuggerOnStart: false });
  // The attach events of the workers already running follow the enable.
  await new Promise((r) => setTimeout(r, 500));
  return sessions;
}

checkBuilt();
mkdirSync(out, { recursive: true });
const redis = await startRedis();
const gc = gcTally();
try {
  const port = await freePort();
  const sim = await startSim(referrals, `http://localhost:${port}`, 15 * 60_000);
  const relay = await startRelay({
    port,
    sim,
    redisUrl: redis.url,
    prefix: 'pagecost:',
    readyTimeoutMs: 45 * 60_000,
    nodeFlags: ['--trace-gc'],
    onOutput: (chunk) => gc.take(chunk),
  });
  const pid = relay.proc.child.pid ?? 0;
  const loaded = await waitForMarket(
    relay.url,
    45 * 60_000,
    () => relay.proc.child.exitCode !== null,
  );
  process.stdout.write(`${loaded.total} referrals loaded, seq ${loaded.seq}\n`);
  const tokens = new Map<string, string>();
  // Every demo user, as the bench's market run signs its lists and agents.
  for (const user of FEED_USERS) tokens.set(user, await demoToken(sim, user, relay.origin));
  const totals = await listTotals(relay.url, tokens);
  const pageOf = (g: Get) => Number(/[?&]page=(\d+)/.exec(g.path)?.[1] ?? 0);
  const cuts: { label: string; keep: (g: Get) => boolean }[] = [
    { label: 'the whole mix (the first: orders counted, views built)', keep: () => true },
    { label: 'first pages', keep: (g) => pageOf(g) === 0 },
    { label: 'pages 1-9', keep: (g) => pageOf(g) >= 1 && pageOf(g) <= 9 },
    { label: 'pages 10+', keep: (g) => pageOf(g) >= 10 },
    ...LIST_SOURCES.map((s) => ({
      label: s.label,
      keep: (g: Get) =>
        g.path.startsWith(s.path) && g.token === (s.user ? tokens.get(s.user) : undefined),
    })),
    { label: 'the whole mix again', keep: () => true },
  ];
  /** What each thread spent between two readings, per unit of work, as one line. */
  const spent = (label: string, units: number, unit: string, before: Map<number, number>) => {
    const after = threadTicks(pid);
    const used = [...after.entries()]
      .map(([tid, t]) => ({ tid, ms: ((t - (before.get(tid) ?? 0)) / CLOCK_TICKS) * 1000 }))
      .sort((a, b) => (a.tid === pid ? -1 : b.tid === pid ? 1 : b.ms - a.ms));
    const each = (ms: number) => (units > 0 ? (ms / units).toFixed(3) : '-');
    const total = used.reduce((s, u) => s + u.ms, 0);
    process.stdout.write(
      `${label}: relay CPU ${each(total)} ms/${unit} = ` +
        used
          .slice(0, 4)
          .map((u) => `${u.tid === pid ? 'main' : `thread ${u.tid}`} ${each(u.ms)}`)
          .join(' + ') +
        ` + others ${each(used.slice(4).reduce((s, u) => s + u.ms, 0))}; collector: ${gc.since()}\n`,
    );
  };
  // What the relay spends with no request at all (its poll of the market, timers): every cut's
  // CPU holds this much per second besides its work.
  gc.since();
  const rest = threadTicks(pid);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  spent(`at rest for ${seconds} s`, seconds, 's', rest);
  const workers = await workerSessions(relay.inspector);
  const everyThread = [
    { title: 'main', send: (m: string, p?: object) => relay.inspector.send(m, p) },
    ...workers,
  ];
  for (const [i, cut] of cuts.entries()) {
    const all = listRequests(null, 48 + i, totals, tokens);
    const next = () => {
      for (;;) {
        const g = all(0);
        if (cut.keep(g)) return g;
      }
    };
    const profiled = i === cuts.length - 1;
    if (profiled) {
      for (const t of everyThread) {
        await t.send('Profiler.enable');
        await t.send('Profiler.setSamplingInterval', { interval: 1000 });
        await t.send('Profiler.start');
      }
    }
    gc.since();
    const before = threadTicks(pid);
    const load = await closedLoop(relay.url, next, {
      concurrency: CONCURRENCY,
      maxRequests: Number.MAX_SAFE_INTEGER,
      untilMs: Date.now() + seconds * 1000,
      timeoutMs: 60_000,
    });
    spent(
      `${cut.label} (${load.latencies.length} in ${(load.elapsedMs / 1000).toFixed(1)} s, ${load.errors} errors${profiled ? ', profiled' : ''})`,
      load.latencies.length,
      'page',
      before,
    );
    if (profiled) {
      for (const [n, t] of everyThread.entries()) {
        const { profile } = (await t.send('Profiler.stop')) as { profile: unknown };
        const name = `page-cost-${referrals}-${n}-${t.title.replace(/\W+/g, '_')}.cpuprofile`;
        writeFileSync(path.join(out, name), JSON.stringify(profile));
        process.stdout.write(`  profile of ${t.title}: ${path.join(out, name)}\n`);
      }
    }
  }
  const fleet = createAgentFleet(relay.url);
  try {
    gc.since();
    const before = threadTicks(pid);
    const began = performance.now();
    const arrived = await fleet.open(agentsUpTo(AGENTS, tokens, 0));
    spent(
      `${AGENTS} agents arriving (${arrived.rowsMs.length} with rows in ${((performance.now() - began) / 1000).toFixed(1)} s)`,
      arrived.rowsMs.length,
      'agent',
      before,
    );
  } finally {
    await fleet.close();
  }
} finally {
  await stopAll();
  await redis.stop();
}
