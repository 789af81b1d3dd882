import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { DEMO_USERS } from '../demoUsers.js';
import type { ClaimOutcome } from '../store/referrals.js';
import { createState, type SimState } from '../store/state.js';
import { DECAYED } from './catalog.js';
import { Drift } from './drift.js';
import { seedFeatureFlags } from './featureFlags.js';
import { generateHistory, historySteps } from './history.js';
import { Lifecycle } from './lifecycle.js';
import type { MarketEvent } from './eventQueue.js';
import { Rng } from './prng.js';
import { draftReferral, PRIMARY_NAMES, spell, type Spelling } from './referral.js';
import { MarketSchedule } from './schedule.js';
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

/** A market generated up to its live start: what `LiveMarket` is made from. */
export interface GeneratedMarket {
  readonly state: SimState;
  readonly life: Lifecycle;
  /** The generator of every live draw, forked after the history's. */
  readonly live: Rng;
}

/** How `LiveMarket.generate` reports and paces its work. */
export interface GenerateOptions {
  /** Called after each chunk with the referrals generated so far. */
  readonly onProgress?: (generated: number) => void;
  /** Referrals per chunk between two turns of the event loop. */
  readonly chunk?: number;
}

/** World, flags and the lifecycle, before any history: the first steps of every generation. */
function beginMarket(options: MarketOptions, nowMs: number) {
  const root = new Rng(options.seed);
  const state = createState();
  generateWorld(state, root.fork('world'), nowMs);
  seedFeatureFlags(state.flags);
  const life = new Lifecycle(state, root.fork('history'));
  return { root, state, life, dates: root.fork('dates') };
}

/** Generates a market in one synchronous run. */
export function generateMarket(options: MarketOptions, nowMs: number): GeneratedMarket {
  const { root, state, life, dates } = beginMarket(options, nowMs);
  generateHistory(life, dates, options.referrals, nowMs);
  return { state, life, live: root.fork('live') };
}

/**
 * Generates a market in chunks, giving the event loop a turn between them (1,000,000 referrals
 * take seconds; meanwhile the process still answers health checks and signals). The same seed
 * gives the same market as `generateMarket`.
 */
export async function generateMarketInChunks(
  options: MarketOptions,
  nowMs: number,
  pace: GenerateOptions = {},
): Promise<GeneratedMarket> {
  const { root, state, life, dates } = beginMarket(options, nowMs);
  for (const done of historySteps(life, dates, options.referrals, nowMs, pace.chunk)) {
    pace.onProgress?.(done);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  pace.onProgress?.(options.referrals);
  return { state, life, live: root.fork('live') };
}

/**
 * The live referral market. All change happens in `tick(now)`, which a timer calls in production
 * and tests call directly, so behaviour depends only on the seed and the instants given.
 */
export class LiveMarket {
  readonly state: SimState;
  readonly life: Lifecycle;
  /** When each live referral next changes; a tick takes only what is due. */
  readonly schedule: MarketSchedule;
  /** The drift fault (changes without a lastModDate stamp, deletions); off until a control sets it. */
  readonly drift: Drift;
  private readonly rng: Rng;
  private lastTickMs: number;
  private elapsedMs = 0;
  private arrived = 0;

  /** A market generated now (synchronously) or from an already generated one. */
  constructor(
    private readonly options: MarketOptions,
    nowMs: number,
    generated: GeneratedMarket = generateMarket(options, nowMs),
  ) {
    this.state = generated.state;
    this.life = generated.life;
    this.life.debitBalances = true;
    this.rng = generated.live;
    this.lastTickMs = nowMs;
    this.schedule = new MarketSchedule(this.state.referrals, this.rng);
    this.schedule.seed(nowMs);
    this.state.referrals.observe(this.schedule);
    // Its own generator: turning drift on shifts no other draw of the market.
    this.drift = new Drift(this.state.referrals, new Rng(`${options.seed}:drift`));
  }

  /** A market generated in chunks that yield to the event loop (see `generateMarketInChunks`). */
  static async generate(
    options: MarketOptions,
    nowMs: number,
    pace: GenerateOptions = {},
  ): Promise<LiveMarket> {
    return new LiveMarket(options, nowMs, await generateMarketInChunks(options, nowMs, pace));
  }

  /**
   * Advances the market to `nowMs`: arrivals, then every scheduled routing, expiry, claim,
   * settlement and price step due by then, in time order, then the continuous drift if set. The
   * work is proportional to what changes, not to the size of the market.
   */
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
      const at = Math.round(from + (span * i) / arrivals);
      // As drawn, its spelling included (a control's referral is spelt as the control says).
      this.life.arrive(draftReferral(this.rng, this.state.referrals.nextId(), at), at);
      summary.added++;
    }
    for (let e = this.schedule.nextDue(nowMs); e !== undefined; e = this.schedule.nextDue(nowMs)) {
      this.apply(e, summary);
    }
    this.drift.advance(span, nowMs);
    this.state.delivery.rollDay(new Date(nowMs).toISOString().slice(0, 10));
    return summary;
  }

  /** Carries out one due event if the referral is still in the status it was scheduled for. */
  private apply(e: MarketEvent, summary: TickSummary): void {
    const store = this.state.referrals;
    const referral = store.get(e.id);
    if (referral === undefined) return;
    const status = referral.marketplaceStatus;
    switch (e.kind) {
      case 'route':
        if (status !== MarketplaceStatus.Incoming) return;
        this.life.route(e.id, e.at);
        summary.routed++;
        return;
      case 'expire':
        if (status !== MarketplaceStatus.Available) return;
        this.life.expire(e.id, e.at);
        summary.expired++;
        return;
      case 'claim':
        if (status !== MarketplaceStatus.Available) return;
        if (this.life.claimBySomeone(e.id, e.at, DEMO_AGENCIES)?.kind === 'claimed') {
          summary.claimed++;
        } else if (!isExpired(referral, e.at)) {
          // Nobody could buy it now (no buyer outside the demo agencies): try again later.
          this.schedule.retryClaim(e.id, e.at);
        }
        return;
      case 'settle':
        if (status !== MarketplaceStatus.Claimed) return;
        this.life.settle(e.id, e.at);
        summary.settled++;
        return;
      case 'decay':
        if (status !== MarketplaceStatus.Available) return;
        store.reprice(e.id, e.at);
        this.schedule.nextDecay(referral, e.at);
        return;
    }
  }

  /**
   * Adds a referral arriving at `atMs` (test controls), with optional fields forced, sent under
   * `spelling`'s names: a test reads back what it asked for, never the drawn spelling.
   */
  addReferral(
    atMs: number,
    fields: Partial<Opportunity> = {},
    spelling: Spelling = PRIMARY_NAMES,
  ): Opportunity {
    const draft = draftReferral(this.rng, this.state.referrals.nextId(), atMs);
    const referral = spell(
      { ...draft.referral, ...fields, opportunityId: draft.referral.opportunityId },
      spelling,
    );
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

/** True when an Available referral's claim window has closed at `atMs`. */
const isExpired = (referral: Opportunity, atMs: number): boolean =>
  referral.marketplaceExpirationDate !== null &&
  Date.parse(referral.marketplaceExpirationDate) <= atMs;
