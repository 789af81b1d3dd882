/**
 * What the REST gateway's routes are given to work with.
 * Invariant: the read model is the routes' only view of the market, and a check-then-write that
 * other instances could interleave runs under `withLock`.
 */
import type { ProfileResolver } from '../auth/profile.js';
import type { ReadModel } from '../readModel/api.js';
import type { UpstreamClient } from '../upstream/client.js';

/** What the REST gateway works with. */
export interface GatewayDeps {
  readonly readModel: ReadModel;
  readonly upstream: UpstreamClient;
  readonly profiles: ProfileResolver;
  /** Asks for a poll at once, so a write reaches every screen without waiting for the interval. */
  readonly pollNow: () => Promise<void>;
  /** Runs `fn` while holding a cluster-wide lock on `key`, so check-then-write is not interleaved. */
  readonly withLock: <T>(key: string, fn: () => Promise<T>) => Promise<T>;
  readonly now: () => Date;
}
