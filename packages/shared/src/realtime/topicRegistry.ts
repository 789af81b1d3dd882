import type { TopicItems, TopicKind } from './topicItems.js';

/** Who may subscribe to a topic: anyone, any signed-in user, or administrators only. */
export type TopicTier = 'public' | 'signedIn' | 'admin';

/**
 * How a topic's items reach a client. `complete`: sent whole on join, then changed. `paged`: the
 * items are read page by page through REST; the snapshot only fixes the seq the changes continue
 * from. `notice`: each change as it happens (the newest one is the stream's only record); the
 * state itself is read through REST.
 */
export type TopicDelivery = 'complete' | 'paged' | 'notice';

/** What both sides know of a topic kind. */
export interface TopicDefinition<K extends TopicKind> {
  readonly tier: TopicTier;
  /** Whether the topic names a state (null: all states). */
  readonly byState: boolean;
  readonly delivery: TopicDelivery;
  /** How administrators get the topic, where it differs (they see every agency's). */
  readonly adminDelivery?: TopicDelivery;
  /** The id of an item, as the server names removed items and the client keys what it holds. */
  readonly idOf: (item: TopicItems[K]) => string;
}

/** The id of a referral as topics name it (removed items) and clients key what they hold. */
export const referralId = (o: { readonly opportunityId: number }): string =>
  String(o.opportunityId);

/**
 * The topics a client can subscribe to, one entry each; the item type each carries is
 * `TopicItems`, and the compiler holds the two to the same kinds. `Topic` and `TopicKind` are
 * derived from them (a topic names a state exactly when its entry is `byState`), and the relay
 * derives its rooms, their tier checks, what a token's expiry drops and which streams it follows
 * from this registry (with its own sources and projections in apps/relay's
 * realtime/topicSources.ts); the web keys the items it holds by `idOf`. Adding a topic is its item
 * type in `TopicItems`, one entry here and its source (the projection) there.
 */
export const TOPICS = {
  /** The anonymous public feed, all states or one. */
  publicFeed: { tier: 'public', byState: true, delivery: 'paged', idOf: referralId },
  /** Every referral, all states or one (signed in). */
  referrals: { tier: 'signedIn', byState: true, delivery: 'paged', idOf: referralId },
  /** Referrals in the appetite of the user's own marketplace (In-Appetite). */
  inAppetite: { tier: 'signedIn', byState: true, delivery: 'paged', idOf: referralId },
  /**
   * Referrals the user's agency acquired, with contact details. An agency's purchases are few and
   * sent whole; every agency's (the admins' Claim-It Transactions) are too many at market scale,
   * so they are paged.
   */
  acquired: {
    tier: 'signedIn',
    byState: false,
    delivery: 'complete',
    adminDelivery: 'paged',
    idOf: referralId,
  },
  /** Marketplaces (admin). */
  marketplaces: { tier: 'admin', byState: false, delivery: 'complete', idOf: (m) => String(m.id) },
  /** Delivery statistics per marketplace (admin). */
  deliveryStats: {
    tier: 'admin',
    byState: false,
    delivery: 'complete',
    idOf: (s) => String(s.marketplaceId),
  },
  /** The latest delivery errors (admin). */
  deliveryErrors: { tier: 'admin', byState: false, delivery: 'complete', idOf: (e) => e.id },
  /** Feature flags (everyone). */
  featureFlags: { tier: 'public', byState: false, delivery: 'complete', idOf: (f) => String(f.id) },
  /** Whether live data is current or stale (everyone). */
  status: { tier: 'public', byState: false, delivery: 'complete', idOf: (s) => s.id },
  /** The live dashboard of the user's audience, as one computed item (signed in). */
  dashboard: { tier: 'signedIn', byState: false, delivery: 'complete', idOf: (d) => d.id },
  /** Each new audit-log entry as it is recorded (admin); the log itself is paged through REST. */
  auditLog: { tier: 'admin', byState: false, delivery: 'notice', idOf: (e) => String(e.id) },
  /**
   * Each change to the progress of a bought referral: the caller's agency's (every agency's for
   * admins), decided by the server from the token. The current state is read through REST.
   */
  pipeline: {
    tier: 'signedIn',
    byState: false,
    delivery: 'notice',
    idOf: (p) => String(p.referralId),
  },
  /** Each new or decided return: the caller's agency's (every agency's for admins). */
  returns: { tier: 'signedIn', byState: false, delivery: 'notice', idOf: (r) => String(r.id) },
  /**
   * Each change of an agency's settings (its marketplace's pause and cap bounds, its contact
   * target), and a nudge when its marketplace or today's deliveries change: the caller's agency's
   * (every agency's for admins). The settings themselves are read through REST.
   */
  agencySettings: {
    tier: 'signedIn',
    byState: false,
    delivery: 'notice',
    idOf: (n) => String(n.agencyId),
  },
} as const satisfies { readonly [K in TopicKind]: TopicDefinition<K> };

/** Every topic kind, in the registry's order. */
export const TOPIC_KINDS = Object.keys(TOPICS) as readonly TopicKind[];

/** The registry's entry of a topic kind. */
export const topicDefinition = <K extends TopicKind>(kind: K): TopicDefinition<K> =>
  TOPICS[kind] as TopicDefinition<K>;

/** How a topic reaches a subscriber, administrator or not. */
export const deliveryOf = (kind: TopicKind, isAdmin: boolean): TopicDelivery => {
  const d: TopicDefinition<TopicKind> = topicDefinition(kind);
  return (isAdmin ? d.adminDelivery : undefined) ?? d.delivery;
};

/** The id of an item of a topic (see `TopicDefinition.idOf`). */
export const topicItemId = <K extends TopicKind>(kind: K, item: TopicItems[K]): string =>
  topicDefinition(kind).idOf(item);
