import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, testRedis } from '../testkit/redis.testkit.js';
import { createBullScheduler, createTimerScheduler } from './scheduler.js';

const ctx = await testRedis();
afterAll(() => ctx.cleanup());

describe('poll scheduling', () => {
  it('polls once per interval for the whole cluster, not once per instance', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const run = async () => {
      runs += 1;
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await sleep(30);
      concurrent -= 1;
    };
    const instances = [1, 2, 3].map(() =>
      createBullScheduler({
        redisUrl: TEST_REDIS_URL,
        prefix: ctx.keys.bullPrefix(),
        intervalMs: 250,
        run,
      }),
    );
    await Promise.all(instances.map((s) => s.start()));
    await sleep(2100);
    await Promise.all(instances.map((s) => s.stop()));
    // About 2100/250 = 8 polls for three instances; one per instance would be about 25.
    expect(runs).toBeGreaterThanOrEqual(5);
    expect(runs).toBeLessThanOrEqual(11);
    expect(maxConcurrent).toBe(1);
  });

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
