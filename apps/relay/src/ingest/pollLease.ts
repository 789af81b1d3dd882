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

/** What a lease scheduler is made of. */
interface LeaseOptions {
  /** The relay's commands connection (commands fail at once while Redis is away). */
  readonly redis: Redis;
  readonly leaseKey: string;
  readonly channel: string;
  readonly intervalMs: number;
  readonly run: () => Promise<unknown>;
  /** The owner's name as /readyz shows it (relayName() unless a test gives its own). */
  readonly name?: string;
}

/**
 * Publishes on the poll channel, failing after POLL_NOW_TIMEOUT_MS: a write must not hang on a
 * dead Redis.
 */
async function publishWithin(redis: Redis, channel: string, message: string): Promise<void> {
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
}

/**
 * One relay's side of the lease: who holds it as last heard, the interval timer while this relay
 * does, and the tick that renews or tries for it. One step at a time: a release heard while a
 * step runs asks for another right after it.
 */
class Lease {
  private readonly token: string;
  private readonly leaseMs: number;
  private readonly tickMs: number;
  private readonly subscriber: Redis;
  private holder: string | null = null;
  private timer: PollScheduler | undefined;
  private tick: NodeJS.Timeout | undefined;
  private retired = true;
  private stepping = false;
  private again = false;

  constructor(private readonly options: LeaseOptions) {
    ({ leaseMs: this.leaseMs, tickMs: this.tickMs } = leaseTiming(options.intervalMs));
    this.token = `${options.name ?? relayName()}/${randomUUID()}`;
    // Subscribed connections take no other command: the channel gets a connection of its own,
    // which queues the subscription until Redis answers and subscribes again after a reconnect.
    this.subscriber = options.redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    this.subscriber.on('error', (err) => log.debug({ err }, 'poll channel connection error'));
    this.subscriber.on('message', (_channel: string, message: string) => this.hear(message));
  }

  owns(): boolean {
    return this.holder === this.token;
  }

  /** Extends the lease; false when another relay holds it now. */
  private async renew(): Promise<boolean> {
    const { redis, leaseKey } = this.options;
    return Number(await redis.eval(RENEW_LUA, 1, leaseKey, this.token, this.leaseMs)) === 1;
  }

  private lose(why: string): void {
    if (this.holder !== this.token) return;
    this.holder = null;
    log.warn(`no longer the poll's owner: ${why}`);
    const stopping = this.timer;
    this.timer = undefined;
    void stopping?.stop();
  }

  private own(): void {
    this.holder = this.token;
    log.info({ leaseMs: this.leaseMs }, "this relay is the poll's owner");
    this.timer = createTimerScheduler({
      intervalMs: this.options.intervalMs,
      run: () => this.pollIfHeld(),
    });
    void this.timer.start();
  }

  /**
   * A poll, the lease confirmed first: after a stall the interval timer may fire before the
   * renewal.
   */
  private async pollIfHeld(): Promise<void> {
    let held: boolean;
    try {
      held = await this.renew();
    } catch (err) {
      // Redis away: a poll could not commit anyway; the lease lapses if this lasts.
      log.debug({ err }, 'could not confirm the poll lease; poll skipped');
      return;
    }
    if (!held) return this.lose('another relay holds the lease');
    await this.options.run();
  }

  /** Renews the lease when held, else tries for it. */
  private async step(): Promise<void> {
    const { redis, leaseKey } = this.options;
    try {
      if (this.holder === this.token && !(await this.renew()))
        this.lose('another relay holds the lease');
      if (this.holder !== this.token) {
        const other = (await redis.eval(ACQUIRE_LUA, 1, leaseKey, this.token, this.leaseMs)) as
          string | null;
        if (this.retired) {
          // Resigned while the claim was in flight: give back what it may have taken.
          if (other === null) await redis.eval(RELEASE_LUA, 1, leaseKey, this.token);
          return;
        }
        if (other === null) this.own();
        else this.holder = other;
      }
    } catch (err) {
      log.debug({ err }, 'could not reach the poll lease');
    }
  }

  private loop(): void {
    if (this.retired) return;
    if (this.stepping) {
      this.again = true;
      return;
    }
    clearTimeout(this.tick);
    this.stepping = true;
    void this.step().finally(() => {
      this.stepping = false;
      if (this.retired) return;
      if (this.again) {
        this.again = false;
        this.loop();
      } else this.tick = setTimeout(() => this.loop(), this.tickMs);
    });
  }

  /** A message on the poll channel: a poll asked for, or a lease given up. */
  private hear(message: string): void {
    if (message === ASK && this.holder === this.token) void this.timer?.pollNow();
    else if (message === RELEASED && this.holder !== this.token) this.loop();
  }

  async start(): Promise<void> {
    this.retired = false;
    await this.subscriber.subscribe(this.options.channel).catch((err: unknown) => {
      log.debug({ err }, 'poll channel not subscribed yet; it will be on connecting');
    });
    this.loop();
  }

  async pollNow(): Promise<void> {
    if (this.holder === this.token && this.timer) return this.timer.pollNow();
    const { redis, channel } = this.options;
    // The commands connection fails at once while Redis is away; a write must not wait on it.
    if (redis.status !== 'ready') throw new Error('Redis is unavailable: poll not asked for');
    await publishWithin(redis, channel, ASK);
  }

  async owner(): Promise<string | null> {
    const value = await this.options.redis.get(this.options.leaseKey).catch(() => this.holder);
    return value === null ? null : nameOf(value);
  }

  /** Stops trying for the lease, lets a running poll finish, then releases the lease. */
  async resign(): Promise<void> {
    const wasRetired = this.retired;
    this.retired = true;
    clearTimeout(this.tick);
    const stopping = this.timer;
    this.timer = undefined;
    await stopping?.stop();
    if (wasRetired || this.holder !== this.token) return;
    this.holder = null;
    const { redis, leaseKey, channel } = this.options;
    try {
      await redis.eval(RELEASE_LUA, 1, leaseKey, this.token);
      await publishWithin(redis, channel, RELEASED);
      log.info('poll lease released: another relay takes the poll over');
    } catch (err) {
      log.debug({ err }, 'could not release the poll lease; it lapses by itself');
    }
  }

  async stop(): Promise<void> {
    await this.resign();
    this.subscriber.disconnect();
  }
}

/**
 * Polls once per interval for the whole cluster: the relay holding the lease at `leaseKey` runs
 * the interval timer; the others try for the lease every tick. pollNow reaches the owner by a
 * message on `channel`, and resign (on SIGTERM) releases the lease and says so on the channel, so
 * another relay takes over at once.
 */
export function createLeaseScheduler(options: LeaseOptions): PollScheduler {
  const lease = new Lease(options);
  return {
    kind: 'lease',
    start: () => lease.start(),
    pollNow: () => lease.pollNow(),
    owns: () => lease.owns(),
    owner: () => lease.owner(),
    resign: () => lease.resign(),
    stop: () => lease.stop(),
  };
}
