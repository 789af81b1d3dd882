/**
 * The tests' Redis connection under a key prefix of their own. Invariant: cleanup deletes only
 * keys under that prefix.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisKeys } from '../keys.js';

/** The Redis the tests use: REDIS_URL, or the machine's default one. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A connection and a key prefix of its own for one test file; cleanup deletes only the keys under
 * that prefix, never anything the test did not create.
 */
export async function testRedis() {
  const prefix = `test:${randomUUID().slice(0, 8)}:`;
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const cleanup = async () => {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (found.length > 0) await redis.del(...found);
    } while (cursor !== '0');
    redis.disconnect();
  };
  return { redis, prefix, keys: redisKeys(prefix), cleanup };
}
