/**
 * The poll's owner in a cluster: the one relay holding a lease in Redis polls; the others wait to
 * take over. Invariant: a relay runs a poll only after confirming, in Redis, that it holds the
 * lease, so two polls overlap only when an owner's event loop stalls longer than the lease in the
 * middle of a poll (and then the change log's seq fences the second commit).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { logger } from '../log.js';
import { createTimerScheduler, relayName, type PollScheduler } from './scheduler.js';

const log = logger('poller');

/** How long pollNow waits for Redis before giving up: a write must not hang on a dead Redis. */
const POLL_NOW_TIMEOUT_MS = 1000;

/**
 * The lease's length and how often it is renewed (by its owner) or tried (by the others). An owner
 * keeps its lease through an event-loop stall shorter than leaseMs - tickMs (1.2 intervals); after
 * an owner dies without releasing, another relay holds the lease within leaseMs + tickMs (1.6
 * intervals) and polls at once, inside the promised two intervals.
 */
export function leaseTiming(intervalMs: number) {
  return {
    leaseMs: Math.max(500, Math.round(intervalMs * 1.4)),
    tickMs: Math.max(100, Math.round(intervalMs / 5)),
  };
}

/** Takes the lease when nobody holds it; answers the holder's token when somebody does. */
const ACQUIRE_LUA = `local v = redis.call('GET', KEYS[1])
if v then return v end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;
/**
 * Extends the lease while this token holds it (compare-and-expire), or takes it back when it
 * lapsed and nobody took it meanwhile (a stalled lone relay stays the owner without a word).
 */
const RENEW_LUA = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
/** Gives the lease up only while this token holds it (compare-and-delete). */
const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The messages of the poll channel: a poll asked for, or a lease given up. */
const ASK = 'poll';
const RELEASED = 'released';

/** A token's owner name: what precedes its random part. */
const nameOf = (token: string) => token.slice(0, token.lastIndexOf('/'));

/**
 * Polls once per interval for the whole cluster: the relay holding the lease at `leaseKey` runs
 * the interval timer; the others try for the lease every tick. pollNow reaches the owner by a
 * message on `channel`, and resign (on SIGTERM) releases the lease and says so on the channel, so
 * another relay takes over at once.
 */
export function createLeaseScheduler(options: {
  /** The relay's commands connection (commands fail at once while Redis is away). */
  readonly redis: Redis;
  readonly leaseKey: string;
  readonly channel: string;
  readonly intervalMs: number;
  readonly run: () => Promise<unknown>;
  /** The owner's name as /readyz shows it (relayName() unless a test gives its own). */
  readonly name?: string;
}): PollScheduler {
  const { redis, leaseKey, channel, intervalMs } = options;
  const { leaseMs, tickMs } = leaseTiming(intervalMs);
  const token = `${options.name ?? relayName()}/${randomUUID()}`;
  // Subscribed connections take no other command: the channel gets a connection of its own,
  // which queues the subscription until Redis answers and subscribes again after a reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', (err) => log.debug({ err }, 'poll channel connection error'));
  let holder: string | null = null;
  let timer: PollScheduler | undefined;
  let tick: NodeJS.Timeout | undefined;
  let retired = true;

  /** Extends the lease; false when another relay holds it now. */
  const renew = async () => Number(await redis.eval(RENEW_LUA, 1, leaseKey, token, leaseMs)) === 1;

  const lose = (why: string) => {
    if (holder !== token) return;
    holder = null;
    log.warn(`no longer the poll's owner: ${why}`);
    const stopping = timer;
    timer = undefined;
    void stopping?.stop();
  };

  const own = () => {
    holder = token;
    log.info({ leaseMs }, "this relay is the poll's owner");
    timer = createTimerScheduler({
      intervalMs,
      // Confirmed before each poll: after a stall the interval timer may fire before the renewal.
      run: async () => {
        let held: boolean;
        try {
          held = await renew();
        } catch (err) {
          // Redis away: a poll could not commit anyway; the lease lapses if this lasts.
          log.debug({ err }, 'could not confirm the poll lease; poll skipped');
          return;
        }
        if (!held) return lose('another relay holds the lease');
        await options.run();
      },
    });
    void timer.start();
  };

  const step = async () => {
    try {
      if (holder === token && !(await renew())) lose('another relay holds the lease');
      if (holder !== token) {
        const other = (await redis.eval(ACQUIRE_LUA, 1, leaseKey, token, leaseMs)) as string | null;
        if (retired) {
          // Resigned while the claim was in flight: give back what it may have taken.
          if (other === null) await redis.eval(RELEASE_LUA, 1, leaseKey, token);
          return;
        }
        if (other === null) own();
        else holder = other;
      }
    } catch (err) {
      log.debug({ err }, 'could not reach the poll lease');
    }
  };
  // One step at a time: a release heard while a step runs asks for another right after it.
  let stepping = false;
  let again = false;
  const loop = () => {
    if (retired) return;
    if (stepping) {
      again = true;
      return;
    }
    clearTimeout(tick);
    stepping = true;
    void step().finally(() => {
      stepping = false;
      if (retired) return;
      if (again) {
        again = false;
        loop();
      } else tick = setTimeout(loop, tickMs);
    });
  };
  subscriber.on('message', (_channel: string, message: string) => {
    if (message === ASK && holder === token) void timer?.pollNow();
    else if (message === RELEASED && holder !== token) loop();
  });

  const publish = async (message: string) => {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.publish(channel, message),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error('Redis did not answer: poll not asked for')),
            POLL_NOW_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timeout);
    }
  };

  /** Stops trying for the lease, lets a running poll finish, then releases the lease. */
  const resign = async () => {
    const wasRetired = retired;
    retired = true;
    clearTimeout(tick);
    const stopping = timer;
    timer = undefined;
    await stopping?.stop();
    if (wasRetired || holder !== token) return;
    holder = null;
    try {
      await redis.eval(RELEASE_LUA, 1, leaseKey, token);
      await publish(RELEASED);
      log.info('poll lease released: another relay takes the poll over');
    } catch (err) {
      log.debug({ err }, 'could not release the poll lease; it lapses by itself');
    }
  };

  return {
    kind: 'lease',
    async start() {
      retired = false;
      await subscriber.subscribe(channel).catch((err: unknown) => {
        log.debug({ err }, 'poll channel not subscribed yet; it will be on connecting');
      });
      loop();
    },
    async pollNow() {
      if (holder === token && timer) return timer.pollNow();
      // The commands connection fails at once while Redis is away; a write must not wait on it.
      if (redis.status !== 'ready') throw new Error('Redis is unavailable: poll not asked for');
      await publish(ASK);
    },
    owns: () => holder === token,
    async owner() {
      const value = await redis.get(leaseKey).catch(() => holder);
      return value === null ? null : nameOf(value);
    },
    resign,
    async stop() {
      await resign();
      subscriber.disconnect();
    },
  };
}
