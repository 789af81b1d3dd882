import type {
  DeliveryErrorsItem,
  DeliveryStat,
  FeatureFlag,
  LiveStatus,
  Marketplace,
  Opportunity,
} from '@referrals/shared';
import { createHash } from 'node:crypto';
import { StreamMirror } from './mirror.js';
import type { ReadModelStore } from './store.js';

// Records were validated against their schemas before they were committed.
const parse = <T>(json: string): T => JSON.parse(json) as T;

/** This instance's copy of every stream, kept live from the store's change log. */
export function createReadModel(store: ReadModelStore) {
  const mirrors = {
    referrals: new StreamMirror<Opportunity>(store, 'referrals', parse),
    marketplaces: new StreamMirror<Marketplace>(store, 'marketplaces', parse),
    deliveryStats: new StreamMirror<DeliveryStat>(store, 'deliveryStats', parse),
    deliveryErrors: new StreamMirror<DeliveryErrorsItem>(store, 'deliveryErrors', parse),
    featureFlags: new StreamMirror<FeatureFlag>(store, 'featureFlags', parse),
    status: new StreamMirror<LiveStatus>(store, 'status', parse),
  };
  return {
    ...mirrors,
    store,
    async start() {
      await Promise.all(Object.values(mirrors).map((m) => m.start()));
    },
    stop() {
      for (const m of Object.values(mirrors)) m.stop();
    },
  };
}
export type ReadModel = ReturnType<typeof createReadModel>;

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
