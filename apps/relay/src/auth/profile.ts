/**
 * Who a signed-in user is to the console: their agency and its details, from the agency-user
 * service, cached per user. Invariant: a user costs at most one upstream call per cache lifetime,
 * however many sockets ask at once, and a failed call is never cached.
 */
import { LRUCache } from 'lru-cache';
import { logger } from '../log.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { Principal } from './verify.js';

const log = logger('auth');

/** Where a signed-in user sits: their agency and, through it, their buying marketplace. */
export interface UserProfile {
  readonly username: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly agencyId: number | null;
  readonly agencyName: string | null;
  readonly city: string | null;
  readonly state: string | null;
}

/** How long a profile is kept, and how many at most (the least recently used go first). */
export interface ProfileCacheOptions {
  readonly ttlMs: number;
  readonly max: number;
  /** The cache's clock (tests); performance.now by default. */
  readonly perf?: { now(): number };
}

const DEFAULTS: ProfileCacheOptions = { ttlMs: 60_000, max: 10_000 };

/**
 * Resolves a user's agency from the agency-user service (by the token's email) and caches it for
 * a minute per user, so a socket storm costs one upstream call per user, not per socket: callers
 * that ask at once share the call, and a failed call is not kept. At most `max` users are kept.
 */
export function createProfileResolver(
  upstream: UpstreamClient,
  options: ProfileCacheOptions = DEFAULTS,
) {
  async function load(p: Principal): Promise<UserProfile> {
    const users = p.email ? await upstream.usersByEmail(p.email) : [];
    const user = users.find((u) => u.username === p.username) ?? users[0];
    if (!user) log.info({ username: p.username }, 'no agency user for this account');
    return {
      username: p.username,
      firstName: user?.firstName ?? p.firstName,
      lastName: user?.lastName ?? p.lastName,
      agencyId: user?.agencyId ?? null,
      agencyName: user?.agencyName ?? null,
      city: user?.city ?? null,
      state: user?.state ?? null,
    };
  }
  const cache = new LRUCache<string, UserProfile, Principal>({
    max: options.max,
    ttl: options.ttlMs,
    // Read the clock at each lookup (the default caches it for a millisecond on a timer).
    ttlResolution: 0,
    ...(options.perf ? { perf: options.perf } : {}),
    fetchMethod: (_username, _stale, { context }) => load(context),
  });

  return {
    resolve(p: Principal): Promise<UserProfile> {
      return cache.forceFetch(p.username, { context: p });
    },
  };
}
export type ProfileResolver = ReturnType<typeof createProfileResolver>;
