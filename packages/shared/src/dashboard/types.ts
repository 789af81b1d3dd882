import type { DeliveryError } from '../schemas/admin.js';

/** The id of the one item the dashboard topic carries. */
export const DASHBOARD_ITEM_ID = 'dashboard' as const;

/** How many hour buckets a dashboard holds: the current hour and the 23 before it. */
export const DASHBOARD_HOURS = 24;

/** How many entries the ranked lists (top states, nearest limit, latest errors) keep. */
export const DASHBOARD_TOP = 5;

/** One clock hour of the privileged dashboard, from `start` (epoch ms) for an hour. */
export interface DashboardHour {
  readonly start: number;
  readonly arrivals: number;
  readonly claims: number;
  readonly expirations: number;
}

/** One clock hour of an agent's arrivals sparkline. */
export interface ArrivalsHour {
  readonly start: number;
  readonly arrivals: number;
}

/** A state and how many referrals arrived from it in the last 24 hours. */
export interface StateCount {
  readonly state: string;
  readonly count: number;
}

/** A marketplace's deliveries today against its daily limit (`ratio` = delivered / limit). */
export interface MarketplaceLoad {
  readonly marketplaceId: number;
  readonly marketplaceName: string;
  readonly delivered: number;
  readonly limit: number;
  readonly ratio: number;
}

/** Today's delivery errors: how many the relay holds and the latest few. */
export interface ErrorsToday {
  readonly count: number;
  /** True when every kept error is from today and upstream has more: `count` is a floor. */
  readonly more: boolean;
  readonly latest: readonly DeliveryError[];
}

/** The dashboard of admins and carriers: the whole market's flow. */
export interface PrivilegedDashboard {
  readonly id: typeof DASHBOARD_ITEM_ID;
  readonly audience: 'privileged';
  /** When it was computed (epoch ms). */
  readonly at: number;
  /** The zone "today" was read in. */
  readonly timeZone: string;
  /** Oldest first; the last one is the current (partial) hour. */
  readonly hours: readonly DashboardHour[];
  readonly totals: {
    readonly arrivals: number;
    readonly claims: number;
    readonly expirations: number;
  };
  readonly topStates: readonly StateCount[];
  readonly nearestLimit: readonly MarketplaceLoad[];
  readonly errorsToday: ErrorsToday;
}

/**
 * The dashboard of an agent (producer, agency admin): counts only, of their own marketplace's
 * appetite and their own agency, so no referral's price or contact details are in it.
 */
export interface AgentDashboard {
  readonly id: typeof DASHBOARD_ITEM_ID;
  readonly audience: 'agent';
  readonly at: number;
  readonly timeZone: string;
  /** Available, unexpired referrals in the appetite of the agent's marketplace. */
  readonly openNow: number;
  /** Referrals the agent's agency bought today. */
  readonly claimsToday: number;
  /** In-appetite arrivals per hour, oldest first; the last one is the current hour. */
  readonly hours: readonly ArrivalsHour[];
  readonly arrivalsTotal: number;
}

/** The item of the dashboard topic, by audience. */
export type Dashboard = PrivilegedDashboard | AgentDashboard;
