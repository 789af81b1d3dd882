/**
 * The read model the host serves: every stream's mirror and the referrals' list indexes, kept
 * live from the change log. The relay reaches it through the host (api.ts), never directly; the
 * small streams' mirrors are also what every relay's event loop holds.
 */
import {
  DEFAULT_SORTS,
  SORT_FIELDS,
  type Dashboard,
  type LiveStatus,
  type Opportunity,
  type Sort,
  type SortKey,
} from '@referrals/shared';
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import {
  AppetiteMemo,
  dashboardOf,
  type DashboardAsk,
  type DashboardSources,
} from './dashboards.js';
import { ReferralIndex } from './lists/referralIndex.js';
import { inAppetite } from './lists/scopes.js';
import { StreamMirror } from './mirror.js';
import { SharedValues } from './referralRecord.js';
import type { ChangeLogReader } from '../changeLog/store.js';
import type { SmallRecords, SmallStream } from './api.js';

const log = logger('readModel');

// Records were validated against their schemas before they were committed.
const parse = <T>(json: string): T => JSON.parse(json) as T;

/** The list orders built with every load, so no default list waits for a first sort. */
export const WARM_ORDERS = [
  DEFAULT_SORTS.availableAndAll,
  DEFAULT_SORTS.nonPrivileged,
  DEFAULT_SORTS.acquired,
] as const;

/** Every order a list can ask for: each sort key both ways, and unsorted. */
export const EVERY_ORDER: readonly (Sort | null)[] = [
  null,
  ...(Object.keys(SORT_FIELDS) as SortKey[]).flatMap((key) =>
    (['desc', 'asc'] as const).map((direction) => ({ key, direction })),
  ),
];

/** The mirrors of every stream but the referrals: small, and kept by every relay's event loop. */
export function smallMirrors(store: ChangeLogReader) {
  const mirror = <S extends SmallStream>(stream: S) =>
    new StreamMirror<SmallRecords[S]>(store, stream, parse);
  return {
    marketplaces: mirror('marketplaces'),
    deliveryStats: mirror('deliveryStats'),
    deliveryErrors: mirror('deliveryErrors'),
    featureFlags: mirror('featureFlags'),
    status: mirror('status'),
    auditLog: mirror('auditLog'),
    pipeline: mirror('pipeline'),
    returns: mirror('returns'),
    agencySettings: mirror('agencySettings'),
  } satisfies Record<SmallStream, unknown>;
}

/**
 * The status an instance tells its clients: the last poll's, and stale (failing 'store') while it
 * cannot read its store. That cannot be committed through the store, so it is told by each
 * instance to its own clients.
 */
export function storeStatus(status: StreamMirror<LiveStatus>, now: () => number) {
  // While this instance cannot read its store, no change can reach it: since when (or null).
  let storeDownSince: number | null = null;
  return {
    liveStatus(): LiveStatus[] {
      const polled = [...status.values()];
      if (storeDownSince === null) return polled;
      const since = storeDownSince;
      const last = polled[0] ?? { id: 'poll', stale: false, failing: [], since };
      const failing = [...new Set([...last.failing, 'store'])].sort();
      return [{ ...last, stale: true, failing, since }];
    },
    /** Records whether the store answers; a change is sent at once to every status room. */
    setStoreReachable(reachable: boolean): void {
      if ((storeDownSince === null) === reachable) return;
      storeDownSince = reachable ? null : now();
      status.announce();
    },
  };
}

/**
 * The read model the host serves (host/modelServer.ts): a copy of every stream kept live from its
 * change log, and the indexes every referral list is answered from, kept live from the referrals'
 * mirror. The relay reaches it through the host (api.ts), never directly.
 */
export function createReadModel(store: ChangeLogReader, now: () => number = Date.now) {
  const referralIndex = new ReferralIndex({ now, warm: WARM_ORDERS, background: EVERY_ORDER });
  const shared = new SharedValues();
  const mirrors = {
    // The indexes take each delta in slices, and the mirror applies it once they hold it.
    referrals: new StreamMirror<Opportunity>(
      store,
      'referrals',
      (json) => shared.parseReferral(json),
      (e) => referralIndex.applyInSlices(e),
    ),
    ...smallMirrors(store),
    // One mirror per stream of keys.ts, no more and no fewer (the compiler holds them together).
  } satisfies Record<StreamName, unknown>;
  const stopIndexing = mirrors.referrals.onEvent((e) => {
    if (e.kind === 'reset') void referralIndex.load(mirrors.referrals.valuesArray(), e.seq);
  });
  // While the poll says the market's first load is under way, the list orders no list reads wait
  // for it to end (see ReferralIndex.holdBackground).
  const holdWhileLoading = () =>
    referralIndex.holdBackground(Boolean(mirrors.status.get('poll')?.loading));
  const stopHolding = mirrors.status.onEvent(holdWhileLoading);
  // Date windows slide with the clock even when no list is read, and unused views go.
  // Each marketplace's in-appetite list in the agents' default order, readied after each load: the
  // market is read once for the appetite's members (kept with every change), so the same list in
  // any order, or narrowed to a state, never runs the appetite rule over the market again; a large
  // appetite's slot is counted in the market's view of that order (see ReferralIndex.prepare).
  const stopWarming = referralIndex.onLoaded(() => {
    void (async () => {
      for (const m of [...mirrors.marketplaces.values()]) {
        await referralIndex
          .prepare(inAppetite(m.id, m.riskAppetite), DEFAULT_SORTS.nonPrivileged)
          .catch((err: unknown) => log.warn({ err, marketplace: m.id }, 'could not build a list'));
      }
    })();
  });
  const tick = setInterval(() => referralIndex.advance(now()), 1000);
  const sweep = setInterval(() => referralIndex.sweep(), 60_000);
  tick.unref();
  sweep.unref();
  const dashboardSources: DashboardSources = { ...mirrors, recent: () => referralIndex.recent() };
  const appetites = new AppetiteMemo();
  return {
    ...mirrors,
    referralIndex,
    /** A dashboard at an instant (see dashboards.ts). */
    dashboard(ask: DashboardAsk, nowMs: number): Dashboard {
      return dashboardOf(dashboardSources, ask, nowMs, appetites);
    },
    async start() {
      await Promise.all(Object.values(mirrors).map((m) => m.start()));
      await referralIndex.settled();
    },
    /** Resolves when no mirror reloads and the indexes are loaded (tests wait for this). */
    async settled() {
      await Promise.all(Object.values(mirrors).map((m) => m.settled()));
      await referralIndex.settled();
    },
    stop() {
      for (const m of Object.values(mirrors)) m.stop();
      stopIndexing();
      stopHolding();
      stopWarming();
      clearInterval(tick);
      clearInterval(sweep);
    },
  };
}

/** The read model the host serves (modelServer.ts): its referrals and indexes at hand. */
export type LocalReadModel = ReturnType<typeof createReadModel>;
