import {
  DEFAULT_SORTS,
  isFlagOn,
  SORT_FIELDS,
  type AuditEntry,
  type Dashboard,
  type DeliveryErrorsItem,
  type DeliveryStat,
  type FeatureFlag,
  type LiveStatus,
  type Marketplace,
  type Opportunity,
  type Pipeline,
  type ReturnRequest,
  type Sort,
  type SortKey,
} from '@referrals/shared';
import { createHash } from 'node:crypto';
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import {
  AppetiteMemo,
  dashboardOf,
  type DashboardAsk,
  type DashboardSources,
} from './dashboards.js';
import { ReferralIndex } from './lists/referralIndex.js';
import { inAppetite, type ListScope } from './lists/scopes.js';
import { StreamMirror, type Mirror } from './mirror.js';
import { SharedValues } from './referralRecord.js';
import type { ReadModelStore } from '../changeLog/store.js';

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

/**
 * This instance's copy of every stream, kept live from the store's change log, and the indexes
 * every referral list is answered from, kept live from the referrals' mirror.
 */
/** The mirrors of every stream but the referrals: small, and kept by every relay's event loop. */
export function smallMirrors(store: ReadModelStore) {
  return {
    marketplaces: new StreamMirror<Marketplace>(store, 'marketplaces', parse),
    deliveryStats: new StreamMirror<DeliveryStat>(store, 'deliveryStats', parse),
    deliveryErrors: new StreamMirror<DeliveryErrorsItem>(store, 'deliveryErrors', parse),
    featureFlags: new StreamMirror<FeatureFlag>(store, 'featureFlags', parse),
    status: new StreamMirror<LiveStatus>(store, 'status', parse),
    auditLog: new StreamMirror<AuditEntry>(store, 'auditLog', parse),
    pipeline: new StreamMirror<Pipeline>(store, 'pipeline', parse),
    returns: new StreamMirror<ReturnRequest>(store, 'returns', parse),
  } satisfies Record<Exclude<StreamName, 'referrals'>, unknown>;
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

export function createReadModel(store: ReadModelStore, now: () => number = Date.now) {
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
    store,
    /**
     * Referrals by id as this instance holds them now (undefined: not held). Asked, not read:
     * where the referrals live on the read model's own thread (see host/remoteModel.ts) the answer
     * comes from there.
     */
    referralsById(ids: readonly number[]): Promise<(Opportunity | undefined)[]> {
      return Promise.resolve(ids.map((id) => mirrors.referrals.get(id)));
    },
    /** A dashboard at an instant (see dashboards.ts); a promise where it is computed elsewhere. */
    dashboard(ask: DashboardAsk, nowMs: number): Dashboard | Promise<Dashboard> {
      return dashboardOf(dashboardSources, ask, nowMs, appetites);
    },
    /**
     * Every referral of a scope with the seq they are at, if its lists are built (see
     * `ReferralIndex.allNow`); undefined while they are not (a load under way). At hand here; a
     * promise where the referrals live on the read model's own thread.
     */
    scopeMembers(scope: ListScope): ScopeMembers | undefined | Promise<ScopeMembers | undefined> {
      const records = referralIndex.allNow(scope);
      return records && { seq: mirrors.referrals.seq, records };
    },
    ...storeStatus(mirrors.status, now),
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
/**
 * The list indexes as the routes, fan-out and readiness read them: at hand (`ReferralIndex`), or
 * asked of the read model's own thread (host/hostedReadModel.ts).
 */
export type ReferralLists = Pick<
  ReferralIndex,
  'page' | 'prepare' | 'status' | 'seq' | 'onLoaded' | 'settled'
>;

/**
 * A relay's read model, wherever its referrals live: in this thread (`createReadModel`, whose own
 * type tests read more of) or on a thread of their own (`createHostedReadModel`).
 */
export type ReadModel = Omit<ReturnType<typeof createReadModel>, 'referrals' | 'referralIndex'> & {
  readonly referrals: Mirror<Opportunity>;
  readonly referralIndex: ReferralLists;
};

/** A scope's referrals and the seq of the read model they were read at. */
export interface ScopeMembers {
  readonly seq: number;
  readonly records: readonly Opportunity[];
}

/** The mirror of a stream, for code that serves every stream alike (fan-out, dashboards). */
export const mirrorOf = (readModel: ReadModel, stream: StreamName): Mirror<object> =>
  // Each mirror holds its own record type; these callers read records as plain objects.
  readModel[stream];

/**
 * Whether a feature flag is on: a flag the read model does not hold (never loaded, or unknown) is
 * off, as a failed flag read counts as disabled (marketplace-admin section 7).
 */
export const flagEnabled = (readModel: Pick<ReadModel, 'featureFlags'>, name: string): boolean =>
  isFlagOn(readModel.featureFlags.values(), name);

/**
 * The version of a record as a client saw it: a hash of its canonical JSON. A write that names
 * another version than the current one is based on stale data.
 */
export function versionOf(record: unknown): string {
  return createHash('sha1').update(JSON.stringify(record)).digest('base64url').slice(0, 16);
}

/** The version of the delivery order: which flow marketplaces are enabled, at which priority. */
export function priorityVersionOf(marketplaces: Iterable<Marketplace>): string {
  const order = [...marketplaces]
    .filter((m) => m.includedInMarketplaceFlow)
    .map((m) => [m.id, m.enabled, m.priority] as const)
    .sort((a, b) => a[0] - b[0]);
  return versionOf(order);
}
