import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer, waitFor, type RedisServer } from './reliability/process.testkit.js';
import { redisAnswers, watchRedis } from './storeWatch.js';

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
    // Watched while its client still connects, a Redis that answers is never called unreachable.
    await waitFor('reachable', () => said.at(-1) === true);
    expect(said).toEqual([true]);
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

  it('answers whether Redis answers, waiting for a client still opening its connection', async () => {
    server ??= await startRedisServer();
    const redis = new Redis(server.url, { enableOfflineQueue: false });
    redis.on('error', () => undefined);
    // Asked at once: a bare ping would fail while the connection opens.
    expect(redis.status).not.toBe('ready');
    expect(await redisAnswers(redis, 1000)).toBe(true);
    redis.disconnect();
    const nowhere = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      retryStrategy: () => 200,
    });
    nowhere.on('error', () => undefined);
    expect(await redisAnswers(nowhere, 300)).toBe(false);
    nowhere.disconnect();
  });
});
