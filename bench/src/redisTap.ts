import { Redis } from 'ioredis';
import { decodeEntry } from '../../apps/relay/src/changeLog/redisStore.js';
import { nowMs, sleep } from './procs.js';

/** One change set the relay committed to its referral change log, seen by the bench. */
export interface Commit {
  readonly seq: number;
  /** When the bench's blocking XREAD returned it: the commit time, within a fraction of a ms. */
  readonly seenAt: number;
  /** Ids of upserted and removed records. */
  readonly ids: ReadonlySet<string>;
}

/**
 * Follows the relay's referral change log (`{prefix}changes:referrals`) with a blocking XREAD of
 * its own, the same way the relay's mirror does. Redis wakes both readers on the same XADD, so
 * the moment this reader returns is the moment the diff was committed; it changes nothing.
 */
export function followCommits(redisUrl: string, prefix: string) {
  const conn = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const key = `${prefix}changes:referrals`;
  const commits: Commit[] = [];
  let stopped = false;
  let last = '$';
  let address = '';

  const loop = async () => {
    // The address MONITOR shows for this connection, so its own reads can be left out.
    address = /addr=(\S+)/.exec(String(await conn.client('INFO')))?.[1] ?? '';
    while (!stopped) {
      const answer = await conn.xread('BLOCK', 1000, 'STREAMS', key, last).catch(() => null);
      const seenAt = nowMs();
      for (const [id, fields] of answer?.[0]?.[1] ?? []) {
        last = id;
        const ids = new Set<string>();
        const change = decodeEntry('referrals', [id, fields]);
        if (change.kind === 'delta') {
          for (const u of change.upserts) ids.add(u.id);
          for (const r of change.removed) ids.add(r);
        }
        commits.push({ seq: Number(id.split('-')[0]), seenAt, ids });
      }
    }
  };
  const running = loop();

  return {
    /** This reader's address as Redis sees it (empty until it started). */
    get address() {
      return address;
    },
    /** The first commit holding `id` seen after `after` (epoch ms), if one was seen yet. */
    find(id: number | string, after: number): Commit | undefined {
      return commits.find((c) => c.seenAt >= after && c.ids.has(String(id)));
    },
    /** The first commit holding `id` seen after `after` (epoch ms); fails after `timeoutMs`. */
    async waitFor(id: number | string, after: number, timeoutMs: number): Promise<Commit> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = commits.find((c) => c.seenAt >= after && c.ids.has(String(id)));
        if (hit) return hit;
        await sleep(5);
      }
      throw new Error(`no commit of referral ${id} within ${timeoutMs} ms`);
    },
    async stop(): Promise<void> {
      stopped = true;
      await running;
      conn.disconnect();
    },
  };
}
export type CommitFollower = ReturnType<typeof followCommits>;

/** Calls per command from INFO commandstats (script-internal calls included). */
export async function commandStats(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info('commandstats');
  const out = new Map<string, number>();
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    out.set(m[1] ?? '', Number(m[2]));
  return out;
}

/** Deletes every key under `prefix` (and only those), by SCAN and UNLINK. */
export async function deletePrefix(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  for (let round = 0; round < 100_000; round += 1) {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) deleted += await redis.unlink(...keys);
    cursor = next;
    if (cursor === '0') break;
  }
  return deleted;
}
