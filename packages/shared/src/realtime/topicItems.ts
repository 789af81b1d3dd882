import type { AuditEntry } from '../audit/index.js';
import type { Pipeline, ReturnRequest } from '../pipeline/index.js';
import type { Dashboard } from '../dashboard/types.js';
import type { PublicReferral } from '../referrals/publicProjection.js';
import type { DeliveryError, DeliveryStat, FeatureFlag } from '../schemas/admin.js';
import type { AgencySettingsNotice } from '../marketplaces/selfServe.js';
import type { Marketplace } from '../schemas/marketplace.js';
import type { Opportunity } from '../schemas/opportunity.js';
import type { ListReferral } from './projections.js';

/**
 * Whether live data is current; stale while the relay cannot poll some upstream source, or cannot
 * reach its store (then no change can reach the client).
 */
export interface LiveStatus {
  readonly id: 'poll';
  readonly stale: boolean;
  /** Streams whose last poll failed, and 'store' while the client's relay cannot reach Redis. */
  readonly failing: readonly string[];
  /** When the status last changed (epoch ms). */
  readonly since: number;
  /**
   * While the relay's first load of the market runs: referrals loaded so far and expected. Lists
   * answer with what has arrived meanwhile.
   */
  readonly loading?: { readonly loaded: number; readonly expected: number };
}

/** The latest delivery errors as one item: the page as the upstream returned it. */
export interface DeliveryErrorsItem {
  readonly id: 'page0';
  readonly content: readonly DeliveryError[];
  readonly totalElements: number;
  readonly totalPages: number;
}

/** The item type each topic carries. */
export interface TopicItems {
  publicFeed: PublicReferral;
  referrals: ListReferral;
  inAppetite: ListReferral;
  acquired: Opportunity;
  marketplaces: Marketplace;
  deliveryStats: DeliveryStat;
  deliveryErrors: DeliveryErrorsItem;
  featureFlags: FeatureFlag;
  status: LiveStatus;
  dashboard: Dashboard;
  auditLog: AuditEntry;
  pipeline: Pipeline;
  returns: ReturnRequest;
  agencySettings: AgencySettingsNotice;
}

/** Every topic kind: the keys of `TopicItems`, which the registry `TOPICS` must match exactly. */
export type TopicKind = keyof TopicItems;
