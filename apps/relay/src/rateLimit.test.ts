import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CoordinationUnavailableError,
  memoryCoordination,
  redisCoordination,
  type Coordination,
} from './coordination.js';
import { redisKeys } from './keys.js';
import { testRedis, TEST_REDIS_URL } from './testkit/redis.testkit.js';

const MINUTE = 60_000;
/** The start of a clock minute: old limiters cut their windows there. */
const T0 = Date.UTC(2026, 0, 5, 10, 0);

/** How many of `n` writes by `subject` at `at` are allowed. */
async function writes(c: Coordination, subject: string, n: number, at: number) {
  vi.setSystemTime(at);
  let allowed = 0;
  for (let i = 0; i < n; i += 1) if (await c.allow('write', subject, 60, MINUTE)) allowed += 1;
  return allowed;
}

let redis: Awaited<ReturnType<typeof testRedis>>;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(() => redis.cleanup());
afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['memory', () => memoryCoordination()],
  ['Redis', () => redisCoordination(redis.redis, redis.keys, redis.prefix)],
])('the write limit (%s)', (name, make) => {
  it('lets no more than the limit through across a window boundary, then refills', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const c = make();
    const subject = `boundary-${name}`;
    expect(await writes(c, subject, 60, T0 + MINUTE - 100)).toBe(60);
    // A fixed window let 60 more in 200 ms later, as a new minute began.
    expect(await writes(c, subject, 60, T0 + MINUTE + 100)).toBe(0);
    // Half a minute on, half of the last minute's writes have slid out of the window (the
    // refused ones were not counted).
    expect(await writes(c, subject, 60, T0 + MINUTE + MINUTE / 2)).toBe(30);
    // Two minutes on, the whole limit again.
    expect(await writes(c, subject, 61, T0 + 3 * MINUTE)).toBe(60);
  });

  it('counts each user apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const c = make();
    expect(await writes(c, `a-${name}`, 61, T0)).toBe(60);
    expect(await writes(c, `b-${name}`, 61, T0)).toBe(60);
  });
});

describe('the write limit over Redis', () => {
  it('is one count shared by every instance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const one = redisCoordination(redis.redis, redis.keys, redis.prefix);
    const two = redisCoordination(redis.redis, redis.keys, redis.prefix);
    expect(await writes(one, 'shared', 40, T0)).toBe(40);
    expect(await writes(two, 'shared', 40, T0)).toBe(20);
  });

  it('fails fast with CoordinationUnavailableError while Redis is away', async () => {
    const gone = new Redis(TEST_REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    const c = redisCoordination(gone, redisKeys('test-gone:'), 'test-gone:');
    await expect(c.allow('write', 'x', 60, MINUTE)).rejects.toBeInstanceOf(
      CoordinationUnavailableError,
    );
    gone.disconnect();
  });
});
