import type { StateCode } from '../domain/states.js';

/** Which projection of a referral a room carries. */
export type ReferralAudience = 'public' | 'agent' | 'carrier' | 'admin';

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
  marketplaces: () => 'admin:marketplaces',
  deliveryStats: () => 'admin:deliveryStats',
  deliveryErrors: () => 'admin:deliveryErrors',
  auditLog: () => 'admin:auditLog',
  /** Progress of one agency's bought referrals (null: every agency's, for admins). */
  pipeline: (agency: string | null) => (agency === null ? 'pipeline:all' : `pipeline:${agency}`),
  /** Returns of one agency (null: every agency's, the admins' queue). */
  returns: (agency: string | null) => (agency === null ? 'returns:all' : `returns:${agency}`),
  featureFlags: () => 'featureFlags',
  status: () => 'status',
  /** The dashboard of admins and carriers (one computation for both). */
  privilegedDashboard: () => 'dashboard:privileged',
  /** The dashboard of the agents of one agency buying through one marketplace. */
  agentDashboard: (marketplaceId: number, agencyId: number) =>
    `dashboard:agent:${marketplaceId}:${agencyId}`,
} as const;
