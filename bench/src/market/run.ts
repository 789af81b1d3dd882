import { Redis } from 'ioredis';
import { runBare, type BareOutcome } from '../bare/run.js';
import type { Plan } from '../plan.js';
import { deletePrefix } from '../redisTap.js';
import type { Recorder } from '../report.js';
import { startRedis } from '../stack.js';
import { summarizeMarkets } from '../summary.js';
import { condense } from './condense.js';
import { summarizeDiff } from './diffCost.js';
import { runMarket, type MarketOutcome } from './one.js';
import type { MarketPlan } from './plan.js';

/**
 * `--market`: each market size in turn on one private Redis (a failed size is noted and the next
 * goes on), the bare Socket.IO server right after the first size (the relay's socket levels are
 * measured there; its floor HTTP route answers a list page of that size), then the comparisons
 * and the cost ratios. `onCleanup` receives what stops the Redis on an early
 * exit; every child process is tracked by procs.ts as well.
 */
export async function runMarkets(
  rec: Recorder,
  plan: Plan,
  mp: MarketPlan,
  deadline: number,
  onCleanup: (fn: () => Promise<void>) => void,
): Promise<void> {
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  const prefix = `bench${process.pid}:`;
  onCleanup(async () => {
    await deletePrefix(redis, prefix);
    redis.disconnect();
    await redisServer.stop();
  });
  const ctx = { rec, plan, market: mp, redis, redisUrl: redisServer.url, prefix, deadline };
  const outcomes: MarketOutcome[] = [];
  let bare: BareOutcome | null = null;
  for (const [i, size] of mp.sizes.entries()) {
    if (Date.now() > deadline) {
      rec.note(`${size} referrals not run: the run's time limit passed`);
      continue;
    }
    process.stdout.write(`# market of ${size} referrals\n`);
    try {
      const levels =
        i === 0 ? [...new Set([...mp.bareLevels, mp.sockets])].sort((a, b) => a - b) : [mp.sockets];
      const out = await runMarket(ctx, size, { socketLevels: levels, recordFrames: i === 0 });
      outcomes.push(out);
      if (i === 0 && !mp.diffOnly) bare = await bareRun(rec, deadline, out, mp);
    } catch (err) {
      rec.note(
        `market of ${size} referrals failed: ${condense(err instanceof Error ? err.message : String(err))}`,
      );
    }
  }
  summarizeMarkets(rec, outcomes, bare, mp.sockets);
  summarizeDiff(
    rec,
    outcomes.map((o) => o.diff),
  );
}

/**
 * The bare server with the first market's frames (its relay is already stopped), and its floor
 * route with one of that market's list pages under the list pages' load.
 */
async function bareRun(
  rec: Recorder,
  deadline: number,
  first: MarketOutcome,
  mp: MarketPlan,
): Promise<BareOutcome | null> {
  if (!first.frames) {
    rec.note('bare Socket.IO not run: no change frames were recorded from the relay');
    return null;
  }
  process.stdout.write('# bare Socket.IO server\n');
  try {
    return await runBare({ rec, tokens: first.tokens, deadline }, first.frames, mp.bareLevels, {
      page: first.page,
      concurrencies: mp.throughputAt,
      ms: mp.throughputMs,
    });
  } catch (err) {
    rec.note(`bare Socket.IO failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}
