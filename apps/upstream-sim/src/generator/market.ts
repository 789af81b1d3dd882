import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { DEMO_USERS } from '../demoUsers.js';
import type { ClaimOutcome } from '../store/referrals.js';
import { createState, type SimState } from '../store/state.js';
import { DECAYED, MEAN_CLAIM_MS, MEAN_SETTLE_MS } from './catalog.js';
import { seedFeatureFlags } from './featureFlags.js';
import { generateHistory } from './history.js';
import { Lifecycle } from './lifecycle.js';
import { applyDecay } from './pricing.js';
import { Rng } from './prng.js';
import { draftReferral } from './referral.js';
import { generateWorld } from './world.js';

/** A source of the current time, injectable so tests decide what "now" is. */
export interface Clock {
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** What one tick changed, for logs and tests. */
export interface TickSummary {
  added: number;
  routed: number;
  expired: number;
  claimed: number;
  settled: number;
}

/** Options of the market. */
export interface MarketOptions {
  readonly seed: string;
  readonly referrals: number;
  readonly referralsPerMinute: number;
}

/** A long pause (a laptop asleep) is not replayed minute by minute: one tick covers an hour at most. */
const MAX_TICK_SPAN_MS = 3_600_000;
/** Agencies of demo users: simulated agents never claim for them, so their lists change only by their own hand. */
const DEMO_AGENCIES: ReadonlySet<number> = new Set(
  DEMO_USERS.flatMap((u) => (u.agencyId === null ? [] : [u.agencyId])),
);

/**
 * The live referral market. All change happens in `tick(now)`, which a timer calls in production
 * and tests call directly, so behaviour depends only on the seed and the instants given.
 */
export class LiveMarket {
  readonly state: SimState;
  readonly life: Lifecycle;
  private readonly rng: Rng;
  private lastTickMs: number;
  private elapsedMs = 0;
  private arrived = 0;

  constructor(
    private readonly options: MarketOptions,
    nowMs: number,
  ) {
    const root = new Rng(options.seed);
    this.state = createState();
    generateWorld(this.state, root.fork('world'), nowMs);
    seedFeatureFlags(this.state.flags);
    this.life = new Lifecycle(this.state, root.fork('history'));
    generateHistory(this.life, root.fork('dates'), options.referrals, nowMs);
    this.life.debitBalances = true;
    this.rng = root.fork('live');
    this.lastTickMs = nowMs;
  }

  /** Advances the market to `nowMs`: arrivals, routing, expiry, decay, claims, settlements. */
  tick(nowMs: number): TickSummary {
    const span = Math.min(Math.max(0, nowMs - this.lastTickMs), MAX_TICK_SPAN_MS);
    const from = nowMs - span;
    this.lastTickMs = Math.max(this.lastTickMs, nowMs);
    const summary: TickSummary = { added: 0, routed: 0, expired: 0, claimed: 0, settled: 0 };
    // Arrivals due are computed from the total elapsed time, so summing fractions cannot drift.
    this.elapsedMs += span;
    const due = Math.floor((this.elapsedMs * this.options.referralsPerMinute) / 60_000 + 1e-9);
    const arrivals = due - this.arrived;
    this.arrived = due;
    for (let i = 1; i <= arrivals; i++) {
      this.addReferral(Math.round(from + (span * i) / arrivals));
      summary.added++;
    }
    const store = this.state.referrals;
    for (const id of store.idsWithStatus(MarketplaceStatus.Incoming)) {
      const at = store.meta(id)?.routeAtMs ?? nowMs;
      if (at <= nowMs) {
        this.life.route(id, at);
        summary.routed++;
      }
    }
    const pClaim = 1 - Math.exp(-span / MEAN_CLAIM_MS);
    for (const id of store.idsWithStatus(MarketplaceStatus.Available)) {
      const referral = store.get(id) as Opportunity;
      const expiry = referral.marketplaceExpirationDate;
      if (expiry !== null && Date.parse(expiry) <= nowMs) {
        this.life.expire(id, Date.parse(expiry));
        summary.expired++;
      } else if (
        this.rng.chance(pClaim) &&
        this.life.claimBySomeone(id, nowMs, DEMO_AGENCIES)?.kind === 'claimed'
      ) {
        summary.claimed++;
      } else {
        applyDecay(referral, store.meta(id)?.decays ?? false, nowMs);
      }
    }
    const pSettle = 1 - Math.exp(-span / MEAN_SETTLE_MS);
    for (const id of store.idsWithStatus(MarketplaceStatus.Claimed)) {
      if (this.rng.chance(pSettle)) {
        this.life.settle(id, nowMs);
        summary.settled++;
      }
    }
    this.state.delivery.rollDay(new Date(nowMs).toISOString().slice(0, 10));
    store.version++;
    return summary;
  }

  /** Adds a referral arriving at `atMs`, with optional fields forced (test controls). */
  addReferral(atMs: number, fields: Partial<Opportunity> = {}): Opportunity {
    const draft = draftReferral(this.rng, this.state.referrals.nextId(), atMs);
    const referral = { ...draft.referral, ...fields, opportunityId: draft.referral.opportunityId };
    if (fields.decayStatus === undefined) {
      const { discountPrice: was, dynamicPrice: now } = referral;
      referral.decayStatus = was !== null && now !== null && was > now ? DECAYED : null;
    }
    return this.life.arrive(
      { referral, decays: draft.decays && fields.dynamicPrice === undefined },
      atMs,
    );
  }

  /** A claim by a user of the console: 'unknown-user' when the user has no agency to buy for. */
  claim(id: number, username: string, nowMs: number): ClaimOutcome | { kind: 'unknown-user' } {
    const user = this.state.directory.user(username);
    const agency =
      user?.agencyId === null || user === undefined
        ? undefined
        : this.state.directory.agency(user.agencyId);
    if (user === undefined || agency === undefined) return { kind: 'unknown-user' };
    const agentName = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
    return this.life.claim(
      id,
      { agencyId: agency.fulcrumId, agencyName: agency.name, agentName },
      nowMs,
    );
  }
}
