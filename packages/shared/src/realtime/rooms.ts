import type { StateCode } from '../domain/states.js';
import type { ReferralAudience } from './projections.js';
import { TOPICS } from './topicRegistry.js';
import type { TopicKind } from './topicItems.js';

/** Socket.IO room names, built in one place (pinned by a test). Only the server uses them. */
export const rooms = {
  /** Public feed, all states or one. */
  publicFeed: (state: StateCode | null) => (state ? `public:${state}` : 'public:all'),
  /** Signed-in referral list, by audience, all states or one. */
  referrals: (audience: Exclude<ReferralAudience, 'public'>, state: StateCode | null) =>
    `referrals:${audience}:${state ?? 'all'}`,
  /** In-Appetite list of one marketplace, by audience, all states or one. */
  inAppetite: (
    marketplaceId: number,
    audience: Exclude<ReferralAudience, 'public'>,
    state: StateCode | null,
  ) => `appetite:${marketplaceId}:${audience}:${state ?? 'all'}`,
  /** Acquired referrals of one agency. */
  acquired: (agencyId: number) => `acquired:${agencyId}`,
  /** Every agency's acquired referrals: the admins' Claim-It Transactions. */
  transactions: () => 'acquired:all',
  /**
   * The one room of a topic sent whole to everyone allowed (marketplaces, delivery figures, the
   * audit log's notices, flags, status): `admin:<kind>` for an admin topic, else the kind.
   */
  single: (kind: TopicKind) => (TOPICS[kind].tier === 'admin' ? `admin:${kind}` : kind),
  /** Progress of one agency's bought referrals (null: every agency's, for admins). */
  pipeline: (agency: string | null) => (agency === null ? 'pipeline:all' : `pipeline:${agency}`),
  /** Returns of one agency (null: every agency's, the admins' queue). */
  returns: (agency: string | null) => (agency === null ? 'returns:all' : `returns:${agency}`),
  /** Notices of one agency's settings (null: every agency's, for admins). */
  agencySettings: (agencyId: number | null) =>
    agencyId === null ? 'agency-settings:all' : `agency-settings:${agencyId}`,
  /** The dashboard of admins and carriers (one computation for both). */
  privilegedDashboard: () => 'dashboard:privileged',
  /** The dashboard of the agents of one agency buying through one marketplace. */
  agentDashboard: (marketplaceId: number, agencyId: number) =>
    `dashboard:agent:${marketplaceId}:${agencyId}`,
  /** The sockets of one agency that have one referral open (its viewing presence). */
  presence: (agencyId: number, referralId: number) => `presence:${agencyId}:${referralId}`,
  /** The sockets of one agency that show one referral as a row (its "Ana is viewing" mark). */
  presenceRows: (agencyId: number, referralId: number) => `presence-rows:${agencyId}:${referralId}`,
  /** The sockets of one agency that watch its holds (the rows' "Ana is calling"). */
  holds: (agencyId: number) => `holds:${agencyId}`,
} as const;
