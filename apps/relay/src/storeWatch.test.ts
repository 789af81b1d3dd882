import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer, waitFor, type RedisServer } from './reliability/process.testkit.js';
import { watchRedis } from './storeWatch.js';

let server: RedisServer | undefined;
afterAll(async () => {
  await server?.kill();
});

describe('watching Redis', () => {
  it('says unreachable within a second of Redis going, and reachable once it is back', async () => {
    server = await startRedisServer();
    const redis = new Redis(server.url, {
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    redis.on('error', () => undefined);
    const said: boolean[] = [];
    const stop = watchRedis(redis, (reachable) => said.push(reachable), 200);
    // While the client still connects the first probe may say unreachable.
    await waitFor('reachable', () => said.at(-1) === true);
    said.length = 0;

    await server.kill();
    const goneIn = await waitFor('told unreachable', () => said.length === 1, 2000, 10);
    expect(goneIn).toBeLessThan(1000);
    await server.restart();
    await waitFor('told reachable', () => said.length === 2, 5000, 10);
    // Each change once, however many probes ran meanwhile.
    expect(said).toEqual([false, true]);
    stop();
    redis.disconnect();
    await new Promise((r) => setTimeout(r, 500));
    expect(said).toHaveLength(2);
  });
});
