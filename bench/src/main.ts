/**
 * The benchmark: `npm run bench` (quick, under two minutes), `npm run bench -- --full`, or
 * `npm run bench -- --market 2000,100000` (list pages, storm and fan-out by market size). Runs a
 * private redis-server, the built stand-in and relay as their own processes and clients in worker
 * processes; writes results/latest.json and results/latest.md. See bench/README.md for methods.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Bench } from './bench.js';
import { createFleet } from './clients/fleet.js';
import { FEED_USERS } from './clients/mix.js';
import { runCapacity } from './phases/capacity.js';
import { diffCost } from './phases/diffCost.js';
import { runLevels } from './phases/levels.js';
import { runWeb } from './phases/web.js';
import { marketPlan, marketRunPlan, marketSizes } from './market/plan.js';
import { runMarkets } from './market/run.js';
import { FULL, QUICK, withLevels } from './plan.js';
import { freePort, stopAll } from './procs.js';
import { deletePrefix, followCommits } from './redisTap.js';
import { createRecorder, writeResults } from './report.js';
import { heapSnapshot } from './heap.js';
import { checkBuilt, demoToken, ROOT, startRedis, startRelay, startSim } from './stack.js';
import { summarizeRun } from './summary.js';

const markets = marketSizes(process.argv);
const marketRun = markets ? marketPlan(markets, process.argv) : null;
const plan = marketRun
  ? marketRunPlan(marketRun)
  : withLevels(process.argv.includes('--full') ? FULL : QUICK, process.argv);
const rec = createRecorder(plan.mode, ROOT);
const RESULTS = path.join(ROOT, 'bench/results');
const began = Date.now();
const MAIN_REFERRALS = 1800;
let cleanup: () => Promise<void> = () => stopAll();
let finished = false;

/** Stops everything, writes what was measured, and exits. */
async function finish(code: number): Promise<never> {
  if (!finished) {
    finished = true;
    await cleanup().catch((err: unknown) => rec.note(`cleanup failed: ${String(err)}`));
    await stopAll();
    writeResults(rec, RESULTS);
    process.stdout.write(
      `results: ${RESULTS}/latest.md (${((Date.now() - began) / 1000).toFixed(0)} s)\n`,
    );
  }
  process.exit(code);
}

// The bench stops itself: a hard limit over the whole run, and on Ctrl-C.
const watchdog = setTimeout(() => {
  rec.note(`stopped by the ${plan.deadlineMs / 1000} s limit of ${plan.mode} mode`);
  void finish(1);
}, plan.deadlineMs + 20_000);
process.once('SIGINT', () => void finish(130));
process.once('SIGTERM', () => void finish(143));

/** Runs one phase; a failure is noted and the run goes on. */
async function phase(name: string, fn: () => Promise<void>): Promise<void> {
  process.stdout.write(`# ${name}\n`);
  try {
    await fn();
  } catch (err) {
    rec.note(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function main(): Promise<void> {
  checkBuilt();
  process.stdout.write(`bench, ${plan.mode} mode\n`);
  if (marketRun) {
    // The market run starts its own stacks, one per size; the usual phases are not run.
    await runMarkets(rec, plan, marketRun, began + plan.deadlineMs, (fn) => {
      cleanup = fn;
    });
    return;
  }
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  const prefix = `bench${process.pid}:`;
  const relayPort = await freePort();
  // Under 2,000 so the bench's own new referrals never add a 1,000-referral page to the poll.
  const sim = await startSim(MAIN_REFERRALS, `http://localhost:${relayPort}`);
  const cpuProfDir = process.argv.includes('--cpu-prof')
    ? path.join(RESULTS, 'profiles')
    : undefined;
  const heapDir = process.argv.includes('--heap-snapshots')
    ? path.join(RESULTS, 'profiles')
    : undefined;
  const relay = await startRelay({
    port: relayPort,
    sim,
    redisUrl: redisServer.url,
    prefix,
    cpuProfDir,
    heapDir,
  });
  const follower = followCommits(redisServer.url, prefix);
  const fleet = createFleet(relay.url);
  cleanup = async () => {
    await fleet.close();
    await follower.stop();
    await relay.proc.stop();
    await sim.proc.stop();
    await deletePrefix(redis, prefix);
    redis.disconnect();
    await redisServer.stop();
  };
  const tokens = new Map<string, string>();
  for (const u of FEED_USERS) tokens.set(u, await demoToken(sim, u, relay.origin));
  const b: Bench = {
    plan,
    rec,
    sim,
    relay,
    redis,
    redisUrl: redisServer.url,
    prefix,
    follower,
    fleet,
    tokens,
    deadline: began + plan.deadlineMs,
    ...(heapDir
      ? { heapSnapshot: (label: string) => heapSnapshot(relay.proc.child, heapDir, label) }
      : {}),
  };

  let levels: Awaited<ReturnType<typeof runLevels>> | undefined;
  await phase('upstream load and latency by clients', async () => {
    levels = await runLevels(b);
  });
  let capacity = {
    held: levels?.best.held ?? 0,
    p99AtHeld: levels?.best.p99 ?? null,
    stopReason: 'not ramped in quick mode',
  };
  if (plan.ramp.length > 0 && levels) {
    const base = levels;
    await phase('connections ramp', async () => {
      capacity = await runCapacity(b, base.baseline, base.best);
    });
  }
  summarizeRun(b, levels?.rates ?? new Map(), capacity);
  await fleet.close();
  await phase('web', () => runWeb(b));
  // The diff runs get the Redis to themselves, so its command counts are theirs alone.
  await relay.proc.stop();
  await sim.proc.stop();
  for (const size of plan.diffSizes) {
    if (Date.now() > b.deadline) break;
    await phase(`diff cost at ${size} referrals`, () => diffCost(b, size));
  }
}

main().then(
  () => {
    clearTimeout(watchdog);
    return finish(0);
  },
  (err: unknown) => {
    rec.note(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return finish(1);
  },
);
