import type { StateCode } from '../domain/states.js';

/** Version of the socket protocol; the server refuses a client that speaks another one. */
export const PROTOCOL_VERSION = 1 as const;

/**
 * What a client can subscribe to. The server decides from the verified token whether it may, and
 * which projection it gets: the client never names a room.
 */
export type Topic =
  /** The anonymous public feed, all states or one. */
  | { readonly kind: 'publicFeed'; readonly state: StateCode | null }
  /** Every referral, all states or one (signed in). */
  | { readonly kind: 'referrals'; readonly state: StateCode | null }
  /** Referrals in the appetite of the user's own marketplace (In-Appetite). */
  | { readonly kind: 'inAppetite'; readonly state: StateCode | null }
  /** Referrals the user's agency acquired, with contact details. */
  | { readonly kind: 'acquired' }
  /** Marketplaces (admin). */
  | { readonly kind: 'marketplaces' }
  /** Delivery statistics per marketplace (admin). */
  | { readonly kind: 'deliveryStats' }
  /** The latest delivery errors (admin). */
  | { readonly kind: 'deliveryErrors' }
  /** Feature flags (everyone). */
  | { readonly kind: 'featureFlags' }
  /** Whether live data is current or stale (everyone). */
  | { readonly kind: 'status' }
  /** The live dashboard of the user's audience, as one computed item (signed in). */
  | { readonly kind: 'dashboard' }
  /** Each new audit-log entry as it is recorded (admin); the log itself is paged through REST. */
  | { readonly kind: 'auditLog' }
  /**
   * Each change to the progress of a bought referral: the caller's agency's (every agency's for
   * admins), decided by the server from the token. The current state is read through REST.
   */
  | { readonly kind: 'pipeline' }
  /** Each new or decided return: the caller's agency's (every agency's for admins). */
  | { readonly kind: 'returns' };

export type TopicKind = Topic['kind'];

/** A stable text key of a topic, used to match events to subscriptions on the client. */
export function topicKey(topic: Topic): string {
  return 'state' in topic ? `${topic.kind}:${topic.state ?? 'all'}` : topic.kind;
}
