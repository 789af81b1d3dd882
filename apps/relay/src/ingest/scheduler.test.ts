/** Tests of the poll's schedulers: polls never overlap, and the lease moves between relays. */
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startWorker } from '../lib/threads.js';
import { TEST_REDIS_URL, testRedis } from '../testkit/redis.testkit.js';
import { createLeaseScheduler, leaseTiming } from './pollLease.js';
import { createTimerScheduler, type PollScheduler } from './scheduler.js';
import type { StallMessage } from './leaseStall.worker.testkit.js';

const ctx = await testRedis();
const connections: Redis[] = [];
const running: PollScheduler[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  for (const c of connections.splice(0)) c.disconnect();
});
afterAll(() => ctx.cleanup());

interface Poll {
  readonly by: string;
  readonly start: number;
  readonly end: number;
}

let clusters = 0;
/** A lease key and channel of a cluster's own. */
function newCluster() {
  clusters += 1;
  return { leaseKey: `${ctx.prefix}lease${clusters}`, channel: `${ctx.prefix}channel${clusters}` };
}

/** Relays of one cluster, each on its own connection, recording their polls in `polls`. */
function lease(intervalMs: number, polls: Poll[], { leaseKey, channel } = newCluster()) {
  return async (name: string) => {
    const redis = new Redis(TEST_REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    connections.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    const scheduler = createLeaseScheduler({
      redis,
      leaseKey,
      channel,
      intervalMs,
      name,
      run: async () => {
        const start = Date.now();
        await sleep(30);
        polls.push({ by: name, start, end: Date.now() });
      },
    });
    running.push(scheduler);
    await scheduler.start();
    return { scheduler, redis, leaseKey, channel };
  };
}

/** Two polls overlapping in time, if any. */
function overlap(polls: readonly Poll[]): [Poll, Poll] | null {
  const sorted = [...polls].sort((a, b) => a.start - b.start);
  for (const [i, poll] of sorted.entries()) {
    const before = sorted[i - 1];
    if (before && poll.start < before.end) return [before, poll];
  }
  return null;
}

async function until(what: string, test: () => boolean, withinMs = 5000) {
  const deadline = Date.now() + withinMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('the poll lease', () => {
  it('polls once per interval for the whole cluster, always on the same relay', async () => {
    const polls: Poll[] = [];
    const join = lease(250, polls);
    const a = await join('a');
    await until('a polls', () => polls.length > 0);
    const others = [await join('b'), await join('c')];
    await sleep(2100);
    const seen = polls.length;
    // About 2,100 / 250 = 8 polls after the first; one per relay would be about 25.
    expect(seen).toBeGreaterThanOrEqual(6);
    expect(seen).toBeLessThanOrEqual(12);
    expect(new Set(polls.map((p) => p.by))).toEqual(new Set(['a']));
    expect(overlap(polls)).toBeNull();
    expect(a.scheduler.owns()).toBe(true);
    expect(others.map((o) => o.scheduler.owns())).toEqual([false, false]);
    for (const s of [a, ...others]) expect(await s.scheduler.owner()).toBe('a');
  });

  it('reaches the owner from any relay when a poll is asked for', async () => {
    const polls: Poll[] = [];
    const join = lease(60_000, polls);
    await join('owner');
    await until('the first poll', () => polls.length === 1);
    const other = await join('other');
    await sleep(100);
    await other.scheduler.pollNow();
    await until('the asked-for poll', () => polls.length === 2);
    expect(polls.map((p) => p.by)).toEqual(['owner', 'owner']);
  });

  it('hands the poll over at once when its owner resigns, not when the lease lapses', async () => {
    const polls: Poll[] = [];
    const intervalMs = 2000;
    const join = lease(intervalMs, polls);
    const owner = await join('leaving');
    await until('the first poll', () => polls.length === 1);
    const heir = await join('heir');
    await sleep(50);
    const resignedAt = Date.now();
    await owner.scheduler.resign();
    await until('the heir polls', () => polls.some((p) => p.by === 'heir'));
    const handOver = polls.find((p) => p.by === 'heir')!.start - resignedAt;
    // A lapse would take the lease's whole 2.8 s; a release is heard on the channel at once.
    expect(handOver).toBeLessThan(leaseTiming(intervalMs).leaseMs / 2);
    expect(owner.scheduler.owns()).toBe(false);
    expect(await heir.scheduler.owner()).toBe('heir');
    await sleep(200);
    // Resigned for good: the leaving relay never takes the lease back.
    expect(polls.filter((p) => p.by === 'leaving')).toHaveLength(1);
  });

  it('is taken over within two intervals when its owner vanishes without releasing', async () => {
    const polls: Poll[] = [];
    const intervalMs = 500;
    const join = lease(intervalMs, polls);
    const owner = await join('vanishing');
    await until('the first poll', () => polls.length === 1);
    await join('survivor');
    // Cut off from Redis as a killed process is: no renewal, no release.
    owner.redis.disconnect();
    const goneAt = Date.now();
    await until('the survivor polls', () => polls.some((p) => p.by === 'survivor'), 5000);
    const takeover = polls.find((p) => p.by === 'survivor')!.start - goneAt;
    expect(takeover).toBeLessThanOrEqual(2 * intervalMs);
    expect(polls.filter((p) => p.by === 'vanishing')).toHaveLength(1);
  });

  it('never polls twice at once in 100 intervals while the owner stalls a whole interval', async () => {
    const intervalMs = 300;
    const polls: Poll[] = [];
    const { leaseKey, channel } = newCluster();
    // The owner on a thread of its own, so that its event loop can stall without the test's.
    const owner = startWorker(import.meta.url, 'leaseStall.worker.testkit', {
      redisUrl: TEST_REDIS_URL,
      leaseKey,
      channel,
      intervalMs,
      pollMs: 30,
    });
    let stopped = false;
    owner.on('message', (m: Poll | { stopped: true }) => {
      if ('stopped' in m) stopped = true;
      else polls.push(m);
    });
    try {
      await until('the stalled relay polls', () => polls.length > 0, 20_000);
      await lease(intervalMs, polls, { leaseKey, channel })('follower');
      const from = polls.length;
      // A stall as long as the interval (the default 3 s against 3 s) every fourth interval,
      // landing anywhere in a poll's cycle.
      for (let i = 0; i < 100; i += 1) {
        if (i % 4 === 1) owner.postMessage({ stallMs: intervalMs } satisfies StallMessage);
        await sleep(intervalMs);
      }
      expect(overlap(polls)).toBeNull();
      expect(polls.filter((p) => p.by === 'follower')).toEqual([]);
      // The stalls delay polls but do not stop them: most intervals still had one.
      expect(polls.length - from).toBeGreaterThanOrEqual(60);
    } finally {
      owner.postMessage({ stop: true } satisfies StallMessage);
      await until('the stalled relay stops', () => stopped, 10_000).catch(() => undefined);
      await owner.terminate();
    }
  }, 90_000);
});

describe('the timer of a single instance', () => {
  it('runs a requested poll at once and coalesces requests made meanwhile', async () => {
    let runs = 0;
    const scheduler = createTimerScheduler({
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await sleep(50);
      },
    });
    await scheduler.start();
    await sleep(10);
    await Promise.all([scheduler.pollNow(), scheduler.pollNow(), scheduler.pollNow()]);
    await sleep(200);
    await scheduler.stop();
    // The start poll, then one more for the three requests made while it ran.
    expect(runs).toBe(2);
  });
});
