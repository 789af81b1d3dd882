/**
 * A relay's poll lease on a thread of its own, for pollLease.test.ts: its event loop can be stalled
 * without stalling the test's. Reports each poll's span to the parent; stalls its own loop when
 * told; stops when told.
 */
import { Redis } from 'ioredis';
import { parentPort, workerData } from 'node:worker_threads';
import { createLeaseScheduler } from './pollLease.js';

interface Data {
  readonly redisUrl: string;
  readonly leaseKey: string;
  readonly channel: string;
  readonly intervalMs: number;
  readonly pollMs: number;
}
export type StallMessage = { stallMs: number } | { stop: true };

const data = workerData as Data;
const port = parentPort;
if (!port) throw new Error('run as a worker thread');
const redis = new Redis(data.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
await new Promise((resolve) => redis.once('ready', resolve));
const scheduler = createLeaseScheduler({
  redis,
  leaseKey: data.leaseKey,
  channel: data.channel,
  intervalMs: data.intervalMs,
  name: 'stalled',
  run: async () => {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, data.pollMs));
    port.postMessage({ by: 'stalled', start, end: Date.now() });
  },
});
await scheduler.start();
port.on('message', (message: StallMessage) => {
  if ('stallMs' in message) {
    // A synchronous task as long as the stall: no timer, renewal or message runs meanwhile.
    const until = Date.now() + message.stallMs;
    while (Date.now() < until);
    return;
  }
  void scheduler.stop().then(() => {
    redis.disconnect();
    port.postMessage({ stopped: true });
  });
});
