import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend, type RelayBackend } from './backend.js';
import { parseConfig } from './config.js';
import { TEST_REDIS_URL, testRedis } from './testkit/redis.testkit.js';

const opened: RelayBackend[] = [];
/** A backend for the env given, closed after the test. */
function backendFor(env: Record<string, string>): RelayBackend {
  const backend = createBackend(parseConfig({ LOG_LEVEL: 'silent', ...env }));
  opened.push(backend);
  return backend;
}
afterEach(async () => {
  for (const b of opened.splice(0)) {
    await b.store.close();
    b.disconnect();
  }
});

describe('the relay backend', () => {
  it('without REDIS_URL keeps everything in memory, never waits for a store, and allows recovery', async () => {
    const backend = backendFor({});
    expect(backend.store.kind).toBe('memory');
    expect(backend.scheduler(() => Promise.resolve()).kind).toBe('timer');
    // null, not true: /readyz then reports no Redis, and the load does not wait for one.
    await expect(backend.storeAnswers()).resolves.toBeNull();
    const said: boolean[] = [];
    backend.watch((reachable) => said.push(reachable))();
    expect(said).toEqual([]);
    expect(backend.stateRecovery).toBe(true);
  });

  it('with REDIS_URL shares the poll clock and rate limits with every instance on the prefix', async () => {
    const { prefix, cleanup } = await testRedis();
    try {
      const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, RELAY_ALONE: '1' };
      const a = backendFor(env);
      const b = backendFor(env);
      expect(a.store.kind).toBe('redis');
      expect(a.stateRecovery).toBe(false);
      // The client connects in the background: until then Redis is said not to answer.
      await vi.waitFor(async () => expect(await a.storeAnswers()).toBe(true));
      await vi.waitFor(async () => expect(await b.storeAnswers()).toBe(true));
      await a.pollClock.noteSuccess(1234);
      await expect(b.pollClock.lastSuccessAt()).resolves.toBe(1234);
      await expect(a.coordination.allow('test', 'someone', 1, 60_000)).resolves.toBe(true);
      await expect(b.coordination.allow('test', 'someone', 1, 60_000)).resolves.toBe(false);
    } finally {
      await cleanup();
    }
  });

  it('with a REDIS_URL that does not answer says so, and tells clients stale from the start', async () => {
    const backend = backendFor({ REDIS_URL: 'redis://127.0.0.1:1', RELAY_ALONE: '1' });
    const said: boolean[] = [];
    const stop = backend.watch((reachable) => said.push(reachable));
    expect(said).toEqual([false]);
    // Required once given: no fallback to memory.
    await expect(backend.storeAnswers()).resolves.toBe(false);
    expect(backend.store.kind).toBe('redis');
    stop();
  });
});
