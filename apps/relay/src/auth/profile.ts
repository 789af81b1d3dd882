import type { Marketplace } from '@referrals/shared';
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

const TTL_MS = 60_000;

/**
 * Resolves a user's agency from the agency-user service (by the token's email) and caches it for
 * a minute per user, so a socket storm costs one upstream call per user, not per socket.
 */
export function createProfileResolver(upstream: UpstreamClient) {
  const cache = new Map<string, { at: number; profile: Promise<UserProfile> }>();

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

  return {
    resolve(p: Principal, now = Date.now()): Promise<UserProfile> {
      const hit = cache.get(p.username);
      if (hit && now - hit.at < TTL_MS) return hit.profile;
      const profile = load(p);
      cache.set(p.username, { at: now, profile });
      profile.catch(() => cache.delete(p.username));
      return profile;
    },
  };
}
export type ProfileResolver = ReturnType<typeof createProfileResolver>;

/**
 * The marketplace whose appetite is an agency's In-Appetite view: its flow marketplace, the
 * enabled one first, then the lowest id.
 */
export function marketplaceOfAgency(
  marketplaces: Iterable<Marketplace>,
  agencyId: number | null,
): Marketplace | undefined {
  if (agencyId === null) return undefined;
  return [...marketplaces]
    .filter((m) => m.agencyId === agencyId && m.includedInMarketplaceFlow)
    .sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.id - b.id)[0];
}
