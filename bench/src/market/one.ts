import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Bench } from '../bench.js';
import { recordFrames } from '../bare/frames.js';
import type { Frames } from '../bare/protocol.js';
import { createFleet } from '../clients/fleet.js';
import { FEED_USERS } from '../clients/mix.js';
import { relayMemory, type Memory } from '../metrics.js';
import { growTo, measureLatency } from '../phases/levels.js';
import type { Plan } from '../plan.js';
import { freePort, sleep } from '../procs.js';
import { deletePrefix, followCommits } from '../redisTap.js';
import type { Recorder } from '../report.js';
import type { Summary } from '../stats.js';
import { demoToken, ROOT, startRelay, startSim } from '../stack.js';
import {
  diffRows,
  drift,
  driftOutcome,
  passAfterLoad,
  silentBudgetMs,
  stampedChanges,
  steadyWindow,
  type DiffOutcome,
  type Drifted,
  type DriftOutcome,
  type Steady,
} from './diffCost.js';
import { eventLoopWindows } from './eventLoop.js';
import { observeFirstLoad, type FirstLoad } from './firstLoad.js';
import {
  capturePage,
  listLatency,
  listThroughput,
  type ListCost,
  type ListTarget,
  type PageSample,
} from './lists.js';
import type { MarketPlan } from './plan.js';
import { listTotals, waitForMarket } from './ready.js';
import { runStorm, type StormCost } from './storm.js';

/** What every market size shares: the recorder, the plans, the private Redis. */
export interface MarketContext {
  readonly rec: Recorder;
  readonly plan: Plan;
  readonly market: MarketPlan;
  readonly redis: Redis;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly deadline: number;
}

/** The figures of one market size that others are compared with. */
export interface MarketOutcome {
  readonly size: number;
  /** After-poll latency by socket count. */
  readonly afterPoll: ReadonlyMap<number, Summary | null>;
  /** The relay's change frames, recorded when asked (for the bare server). */
  readonly frames: Frames | null;
  /** The demo users' tokens the sockets carried (the bare server's rooms follow them). */
  readonly tokens: ReadonlyMap<string, string>;
  /** The diff-cost phase's figures (compared across sizes). */
  readonly diff: DiffOutcome;
  /** The relay's CPU a list page, an arriving agent and a reconnecting one (summary.ts's ratios). */
  readonly cost: MarketCost;
  /** One real list page, captured when asked (the bare server's floor route answers it). */
  readonly page: PageSample | null;
}

/** The relay's CPU per unit of work at one size. */
export interface MarketCost {
  readonly pages: ListCost;
  readonly agents: StormCost | null;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/**
 * One market size: a fresh stand-in with `size` referrals and a fresh relay on the private Redis
 * (own key prefix); waits until the market is loaded, then list latency and throughput, memory,
 * after-poll latency at the socket levels, the reconnect storm, and the event-loop delay of every
 * window. Stops both processes and deletes the prefix whatever happens.
 */
export async function runMarket(
  ctx: MarketContext,
  size: number,
  o: { socketLevels: readonly number[]; recordFrames: boolean },
): Promise<MarketOutcome> {
  const profileDir = path.join(ROOT, 'bench/results/profiles');
  const { rec, market: mp } = ctx;
  const prefix = `${ctx.prefix}m${size}:`;
  const port = await freePort();
  const began = Date.now();
  const sim = await startSim(size, `http://localhost:${port}`, mp.simStartMs);
  const simMs = Date.now() - began;
  const relayStart = Date.now();
  // The first load is watched from the relay's start: the first rows show before /readyz does.
  let started: { proc: { child: { exitCode: number | null } } } | null = null;
  const watch = observeFirstLoad({
    relayUrl: `http://127.0.0.1:${port}`,
    simOrigin: sim.origin,
    startedAt: relayStart,
    timeoutMs: mp.loadTimeoutMs,
    exited: () => started !== null && started.proc.child.exitCode !== null,
  });
  const relay = await startRelay({
    port,
    sim,
    redisUrl: ctx.redisUrl,
    prefix,
    readyTimeoutMs: mp.loadTimeoutMs,
    cpuProfDir: mp.cpuProfile ? profileDir : undefined,
  }).catch(async (err: unknown) => {
    watch.stop();
    await sim.proc.stop();
    throw err;
  });
  started = relay;
  const follower = followCommits(ctx.redisUrl, prefix);
  const fleet = createFleet(relay.url);
  const afterPoll = new Map<number, Summary | null>();
  const tokens = new Map<string, string>();
  let frames: Frames | null = null;
  let firstLoad: FirstLoad | null = null;
  let steady: Steady | null = null;
  let pages: ListCost = new Map();
  let agents: StormCost | null = null;
  let page: PageSample | null = null;
  const outcome = (): MarketOutcome => ({
    size,
    afterPoll,
    frames,
    tokens,
    diff: { size, firstLoad, steady },
    cost: { pages, agents },
    page,
  });
  /** One part of the market's run: a failure is noted and the other parts go on. */
  const part = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      rec.note(
        `${size} referrals: ${name} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
  try {
    try {
      firstLoad = await watch.result;
    } catch (err) {
      rec.note(
        `${size} referrals: first-load watch failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const loaded = await waitForMarket(
      relay.url,
      Math.max(60_000, began + mp.loadTimeoutMs - Date.now()),
      () => relay.proc.child.exitCode !== null,
    );
    // The first-load watch scraped /metrics until the load was complete (each scrape resets the
    // relay's event-loop histogram): its maximum is the first load's; the rest, until the lists are
    // built and the seq still, is a window of its own.
    const loop = eventLoopWindows(
      relay.url,
      firstLoad ? 'after the first load (lists built, seq still)' : 'first load',
    );
    await loop.end();
    if (firstLoad)
      loop.windows.unshift(
        {
          name: 'relay start-up',
          maxMs: Math.round((firstLoad.sampled.loopMax[0] ?? 0) * 10) / 10,
        },
        {
          name: 'first load',
          maxMs: Math.round(Math.max(0, ...firstLoad.sampled.loopMax.slice(1)) * 10) / 10,
        },
      );
    rec.add({
      section: 'market',
      measure: 'market loaded (relay start to its final seq with referrals)',
      market: size,
      value: Math.round((loaded.loadedAt - relayStart) / 100) / 10,
      unit: 's',
      detail: `${loaded.total} referrals in the 30-day public list at seq ${loaded.seq} (still for two poll intervals after); the stand-in generated the market in ${(simMs / 1000).toFixed(1)} s`,
    });
    for (const u of FEED_USERS) tokens.set(u, await demoToken(sim, u, relay.origin));
    // Diff cost (issue 17): the steady window on the quiet market, then changes through the poll.
    const windowTotal = firstLoad?.windowTotal ?? loaded.total;
    process.stdout.write(`  diff cost: steady window of ${mp.diffWindowMs / 1000} s\n`);
    await part('diff cost: steady window', async () => {
      steady = await steadyWindow({
        relayUrl: relay.url,
        simOrigin: sim.origin,
        windowMs: mp.diffWindowMs,
        windowTotal,
      });
    });
    const adminToken = tokens.get('admin') ?? '';
    let stamped: Awaited<ReturnType<typeof stampedChanges>> | null = null;
    await part('diff cost: stamped changes', async () => {
      stamped = await stampedChanges({
        relayUrl: relay.url,
        simOrigin: sim.origin,
        token: adminToken,
        follower,
      });
    });
    let drifted: Drifted | null = null;
    let driftDone: DriftOutcome | null = null;
    await part('diff cost: silent changes', async () => {
      drifted = await drift(sim.origin);
    });
    const awaitDrift = async (d: Drifted) => {
      driftDone = await driftOutcome({
        relayUrl: relay.url,
        simOrigin: sim.origin,
        token: adminToken,
        follower,
        drifted: d,
        // Up to twice the target (a pass over its budget still shows its figure), within the
        // run's limit.
        untilMs: Math.min(ctx.deadline, d.at + 2 * silentBudgetMs(size)),
      });
    };
    // A short pass (≤ 2 min) is waited for here; a long one (1,000,000) runs on while the other
    // parts do, and is read at the end.
    const passEstimate = (steady as Steady | null)?.estimatedPassMs ?? silentBudgetMs(size);
    if (drifted && passEstimate <= 120_000)
      await part('diff cost: silent changes', () => awaitDrift(drifted as Drifted));
    let steadyPass: number | null = null;
    const sp = steady as Steady | null;
    if (sp && firstLoad && sp.passes > firstLoad.poll.passes) steadyPass = sp.lastPassMs;
    const diffDone = async () => {
      if (drifted && !driftDone)
        await part('diff cost: silent changes', () => awaitDrift(drifted as Drifted));
      let pass: { ms: number; where: string } | null =
        steadyPass !== null ? { ms: steadyPass, where: 'by the end of the steady window' } : null;
      if (!pass && firstLoad) {
        const ms = await passAfterLoad(
          relay.url,
          firstLoad.poll.passes,
          Math.min(ctx.deadline, relayStart + firstLoad.completeMs + silentBudgetMs(size) + 60_000),
        );
        if (ms !== null)
          pass = { ms, where: "by the end of the size's run (other parts loading the relay)" };
      }
      diffRows(rec, size, { firstLoad, steady, stamped, drift: driftDone, pass });
    };
    if (mp.diffOnly) {
      await diffDone();
      return outcome();
    }
    const t: ListTarget = {
      rec,
      plan: mp,
      relayUrl: relay.url,
      market: size,
      totals: await listTotals(relay.url, tokens),
      tokens,
      relayPid: relay.proc.child.pid,
    };
    let pageMs: number | null = null;
    await loop.begin('list pages');
    await part('list latency', async () => {
      pageMs = await listLatency(t);
    });
    await loop.begin('pages per second');
    await part('pages per second', async () => {
      pages = await listThroughput(t, pageMs);
    });
    await loop.end();
    // The floor route's bytes (first size): read between windows, in the one skipped below.
    if (o.recordFrames)
      await part('capturing a list page', async () => {
        page = await capturePage(t);
      });
    const idle = await relayMemory(relay);
    await loop.skip(); // the forced collections are the bench's, not the relay's
    const b: Bench = {
      plan: ctx.plan,
      rec,
      sim,
      relay,
      redis: ctx.redis,
      redisUrl: ctx.redisUrl,
      prefix,
      follower,
      fleet,
      tokens,
      deadline: ctx.deadline,
    };
    if (o.recordFrames)
      await part('recording change frames', async () => {
        frames = await recordFrames(b);
      });
    let loaded5k: Memory | null = null;
    const socketLevel = async (level: number): Promise<void> => {
      const clients = await growTo(b, level);
      await sleep(1000);
      await loop.begin(`after-poll at ${level} sockets`);
      const lat = await measureLatency(b, clients, ctx.plan.windowMs);
      await loop.end();
      afterPoll.set(level, lat.after);
      rec.add({
        section: 'market',
        measure: 'after-poll latency (diff committed → client)',
        clients,
        market: size,
        value: lat.after?.p99 ?? null,
        unit: 'ms p99',
        detail: `p50 ${lat.after?.p50 ?? '?'} · max ${lat.after?.max ?? '?'} ms; ${lat.samples.length} changes; delivered ${lat.delivered}/${lat.expected}; ${lat.disconnects} disconnects`,
      });
      if (level === mp.sockets) {
        loaded5k = await relayMemory(relay);
        await loop.skip();
      }
    };
    for (const level of o.socketLevels) {
      if (Date.now() > ctx.deadline) break;
      await part(`after-poll at ${level} sockets`, () => socketLevel(level));
    }
    await fleet.close();
    await part('reconnect storm', async () => {
      agents = await runStorm(
        t,
        loop,
        pageMs,
        mp.cpuProfile ? { inspector: relay.inspector, dir: profileDir } : null,
      );
    });
    await diffDone();
    const worst = loop.windows.reduce((m, w) => (w.maxMs > m.maxMs ? w : m), {
      name: 'none',
      maxMs: 0,
    });
    rec.add({
      section: 'market',
      measure: 'relay event-loop delay max (monitorEventLoopDelay, 10 ms resolution)',
      market: size,
      value: worst.maxMs,
      unit: 'ms',
      detail: `worst: ${worst.name}; by window: ${loop.windows.map((w) => `${w.name} ${w.maxMs}`).join(', ')} ms (idle reads ~10 ms)`,
      target: '≤ 50 ms',
      met: worst.maxMs <= 50,
    });
    const top = loaded5k ?? idle;
    rec.add({
      section: 'market',
      measure: 'relay RSS after forced GC',
      clients: loaded5k ? mp.sockets : 0,
      market: size,
      value: Math.round(top.rss / 2 ** 20),
      unit: 'MB',
      detail: `heap ${mb(top.heapUsed)}; market loaded, no sockets: RSS ${mb(idle.rss)}, heap ${mb(idle.heapUsed)}`,
      target: 'RSS ≤ 3 GB',
      met: top.rss <= 3 * 2 ** 30,
    });
  } finally {
    await fleet.close();
    await follower.stop();
    await relay.proc.stop();
    await sim.proc.stop();
    await deletePrefix(ctx.redis, prefix);
  }
  return outcome();
}
