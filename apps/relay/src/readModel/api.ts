/**
 * The read model as the rest of the relay reads it (realtime, http, ssr): the only module of
 * readModel/ they import. Every stream but the referrals is a mirror at hand on the event loop;
 * the referrals, their list indexes and the dashboards live on the read model host, so what is
 * read of them is asked, and every such answer is a promise.
 *
 * Invariant: a page, a scope's members and a record named by id are read at one seq of the
 * referral stream, and the seq they name is never ahead of what the referral feed has told its
 * listeners.
 */
import { createHash } from 'node:crypto';
import {
  isFlagOn,
  type AgencySettingsNotice,
  type AuditEntry,
  type Dashboard,
  type DeliveryErrorsItem,
  type DeliveryStat,
  type FeatureFlag,
  type LiveStatus,
  type Marketplace,
  type Opportunity,
  type Pipeline,
  type ReferralQuery,
  type ReturnRequest,
  type Sort,
} from '@referrals/shared';
import type { ReadModelStore } from '../changeLog/store.js';
import type { StreamName } from '../keys.js';
import type { DashboardAsk } from './dashboards.js';
import type { IndexedPage, ReferralIndex } from './lists/referralIndex.js';
import type { ListScope } from './lists/scopes.js';
import type { RowProjection } from './rowProjection.js';
import type { Feed, Mirror } from './mirror.js';

export { ALL, BOUGHT, boughtBy, inAppetite, withState, type ListScope } from './lists/scopes.js';
export type { DashboardAsk } from './dashboards.js';
export { projectRow, type RowProjection } from './rowProjection.js';
export type { IndexedPage } from './lists/referralIndex.js';
export type { Feed, Mirror, MirrorEvent } from './mirror.js';

/** What the list indexes report of themselves: loading, and how much is built. */
export type IndexStatus = ReturnType<ReferralIndex['status']>;

/**
 * A page serialized by the host, ready to send: the JSON of the page (`seq`, `content`,
 * `totalElements`, `page`, `size`), its rows in one projection.
 */
export interface PageJson {
  readonly seq: number;
  readonly json: string;
}

/** The list indexes, on the read model host: pages are asked; status and seq are as last told. */
export interface ReferralLists {
  /** A page of a scope's list, read at one seq (which it names). */
  page(
    scope: ListScope,
    query: Omit<ReferralQuery, 'state'>,
    signal?: AbortSignal,
  ): Promise<IndexedPage>;
  /**
   * The same page projected and serialized on the host, so the event loop only copies its bytes
   * (the REST lists answer with it).
   */
  pageJson(
    scope: ListScope,
    query: Omit<ReferralQuery, 'state'>,
    projection: RowProjection,
    signal?: AbortSignal,
  ): Promise<PageJson>;
  /** Builds a scope's list in an order ahead of its first page. */
  prepare(scope: ListScope, sort: Sort | null): Promise<void>;
  /** The indexes' status as the host last told it. */
  status(): IndexStatus;
  /** The seq of the referrals the indexes hold, as the host last told it. */
  readonly seq: number;
  /** Calls `listener` after each load of the indexes; returns the unsubscribe function. */
  onLoaded(listener: () => void): () => void;
  /** Resolves once the indexes hold what was forwarded and no load is under way. */
  settled(): Promise<void>;
}

/** A scope's referrals and the seq of the read model they were read at. */
export interface ScopeMembers {
  readonly seq: number;
  readonly records: readonly Opportunity[];
}

/** The small streams: every relay's event loop holds their records. */
export type SmallStream = Exclude<StreamName, 'referrals'>;

/** The record of each small stream. */
export interface SmallRecords {
  marketplaces: Marketplace;
  deliveryStats: DeliveryStat;
  deliveryErrors: DeliveryErrorsItem;
  featureFlags: FeatureFlag;
  status: LiveStatus;
  auditLog: AuditEntry;
  pipeline: Pipeline;
  returns: ReturnRequest;
  agencySettings: AgencySettingsNotice;
}

/** A mirror of each small stream. */
export type SmallMirrors = { readonly [S in SmallStream]: Mirror<SmallRecords[S]> };

/** A relay's read model (host/hostedReadModel.ts builds it). */
export interface ReadModel extends SmallMirrors {
  readonly referrals: Feed<Opportunity>;
  readonly referralIndex: ReferralLists;
  /** The change log the read model follows (the writes of the gateway commit to it). */
  readonly store: ReadModelStore;
  /** Referrals by id as the host holds them now (undefined: not held). */
  referralsById(ids: readonly number[]): Promise<(Opportunity | undefined)[]>;
  /** A dashboard at an instant (see dashboards.ts). */
  dashboard(ask: DashboardAsk, nowMs: number): Promise<Dashboard>;
  /** Every referral of a scope, at the seq the host held. */
  scopeMembers(scope: ListScope): Promise<ScopeMembers>;
  /** The status this instance tells its clients: the last poll's, stale while the store is away. */
  liveStatus(): LiveStatus[];
  /** Records whether the store answers; a change is told at once to every status room. */
  setStoreReachable(reachable: boolean): void;
  /** Loads every stream and follows the change log; fails if the store cannot be read. */
  start(): Promise<void>;
  /** Resolves when no stream reloads and the indexes are loaded (tests wait for this). */
  settled(): Promise<void>;
  stop(): void;
}

/** The feed of a stream, for code that follows every stream alike (fan-out). */
export const feedOf = (readModel: ReadModel, stream: StreamName): Feed<object> => readModel[stream];

/** The mirror of a small stream, for code that reads every small stream alike. */
export const mirrorOf = (readModel: ReadModel, stream: SmallStream): Mirror<object> =>
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
