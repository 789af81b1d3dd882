import { afterAll, describe, expect, it } from 'vitest';
import { redisKeys } from '../keys.js';
import { testRedis } from '../testkit/redis.testkit.js';
import { memoryPresence } from './memoryPresence.js';
import { presenceStoreContract } from './presenceStore.contract.testkit.js';
import { redisPresence } from './redisPresence.js';

presenceStoreContract('memory', () => Promise.resolve(memoryPresence()));

// Real Redis, under a key prefix of this file's own (cleaned up after; never a flush).
const contexts: Awaited<ReturnType<typeof testRedis>>[] = [];
presenceStoreContract('Redis', async () => {
  const ctx = await testRedis();
  contexts.push(ctx);
  return redisPresence(ctx.redis, ctx.keys);
});
afterAll(async () => {
  for (const c of contexts) await c.cleanup();
});

// The key names are pinned here (keys.ts builds them).
describe('presence keys', () => {
  it('builds them under the prefix', () => {
    const k = redisKeys('rc:');
    expect(k.presenceViewers(1001, 7)).toBe('rc:presence:view:1001:7');
    expect(k.presenceHold(1001, 7)).toBe('rc:presence:hold:1001:7');
    expect(k.presenceHolds(1001)).toBe('rc:presence:holds:1001');
    expect(k.presenceChannel()).toBe('rc:presence:changes');
  });
});
