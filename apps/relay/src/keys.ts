/**
 * Every Redis key the relay writes, built in one place so two areas never collide. Invariant:
 * every key is under the instance's prefix (REDIS_PREFIX), so deployments sharing a Redis under
 * different prefixes never touch each other's keys.
 */

/** The streams of the read model: each has a snapshot, a sequence number and a change log. */
export const STREAMS = [
  'referrals',
  'marketplaces',
  'deliveryStats',
  'deliveryErrors',
  'featureFlags',
  'status',
  'auditLog',
  'pipeline',
  'returns',
  'agencySettings',
] as const;
export type StreamName = (typeof STREAMS)[number];

/**
 * Notice streams (auditLog, pipeline, returns, agencySettings) hold one record, the newest change, under this id:
 * each commit carries that change to every instance's sockets, while the data itself lives in
 * the database and is read through REST.
 */
export const NOTICE_ID = 'latest';
export type NoticeStream = 'auditLog' | 'pipeline' | 'returns' | 'agencySettings';

/** Builds the relay's Redis keys under one prefix (REDIS_PREFIX). */
export function redisKeys(prefix: string) {
  return {
    /** Hash: record id → canonical JSON of the record. */
    snapshot: (stream: StreamName) => `${prefix}snap:${stream}`,
    /** Hash: record id → content hash, compared by the diff. */
    hashes: (stream: StreamName) => `${prefix}hash:${stream}`,
    /** String: the stream's last committed sequence number. */
    seq: (stream: StreamName) => `${prefix}seq:${stream}`,
    /** Redis stream of committed change sets, entry id '{seq}-0'. */
    changes: (stream: StreamName) => `${prefix}changes:${stream}`,
    /** String: the poller's note on a stream (how far its incremental read has got), JSON. */
    meta: (stream: StreamName) => `${prefix}meta:${stream}`,
    /** String: epoch ms of the last poll cycle that read every upstream stream (see pollClock). */
    health: () => `${prefix}poll:health`,
    /** String: the poll's lease, the owning relay's token (pollLease.ts). */
    pollOwner: () => `${prefix}poll:owner`,
    /** Pub/sub channel: polls asked for and leases given up, heard by every relay. */
    pollChannel: () => `${prefix}poll:now`,
    /** Rate-limit counter of one action by one subject in one window. */
    rateLimit: (action: string, subject: string, window: number) =>
      `${prefix}rl:${action}:${subject}:${window}`,
    /** String: one user's console preferences (JSON), keyed by the verified username. */
    preferences: (username: string) => `${prefix}prefs:${username}`,
    /** Sorted set: the sockets viewing one referral within one agency, scored by expiry (ms). */
    presenceViewers: (agencyId: number, referralId: number) =>
      `${prefix}presence:view:${agencyId}:${referralId}`,
    /** String: one agency's soft hold of one referral (JSON), SET NX with the hold's TTL. */
    presenceHold: (agencyId: number, referralId: number) =>
      `${prefix}presence:hold:${agencyId}:${referralId}`,
    /** Sorted set: the referrals an agency holds, scored by the hold's expiry (ms). */
    presenceHolds: (agencyId: number) => `${prefix}presence:holds:${agencyId}`,
    /** Pub/sub channel: presence changes, heard by every relay to tell its own sockets. */
    presenceChannel: () => `${prefix}presence:changes`,
  } as const;
}
export type RedisKeys = ReturnType<typeof redisKeys>;
