import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import type { ReferralObserver, Status } from '../store/referralObserver.js';
import type { ReferralStore } from '../store/referrals.js';
import { DECAY, MEAN_CLAIM_MS, MEAN_SETTLE_MS } from './catalog.js';
import { EventQueue, type EventKind, type MarketEvent } from './eventQueue.js';
import { exponential } from './history.js';
import type { Rng } from './prng.js';

const KINDS: readonly EventKind[] = ['route', 'expire', 'claim', 'settle', 'decay'];

/**
 * When each live referral next changes: routing of Incoming ones, expiry, claim and price-decay
 * steps of Available ones, settlement of Claimed ones. Entries are made when a referral enters a
 * status (the store tells), so a tick takes what is due instead of scanning every Available and
 * Claimed referral (at 1,000,000 referrals that scan took ~45 ms a second).
 *
 * Claims and settlements are drawn as instants (exponential, mean MEAN_CLAIM_MS and
 * MEAN_SETTLE_MS) when a referral enters the status: the same law as a chance per tick, since
 * waiting times of a constant-rate process are memoryless.
 */
export class MarketSchedule implements ReferralObserver {
  private readonly queue = new EventQueue();
  /** The latest event per referral and kind: an older one is stale and skipped. */
  private readonly latest = new Map<number, number>();
  private seq = 0;

  constructor(
    private readonly store: ReferralStore,
    private readonly rng: Rng,
  ) {}

  /** Schedules every referral that can still change (once, after the history is generated). */
  seed(nowMs: number): void {
    for (const referral of this.store.all()) this.enter(referral, nowMs);
  }

  /** Events waiting, stale ones included (for tests and logs). */
  get pending(): number {
    return this.queue.size;
  }

  /** The next event due at `nowMs` that is still current, or undefined. */
  nextDue(nowMs: number): MarketEvent | undefined {
    for (let e = this.queue.popDue(nowMs); e !== undefined; e = this.queue.popDue(nowMs)) {
      const key = keyOf(e.id, e.kind);
      if (this.latest.get(key) !== e.seq) continue;
      this.latest.delete(key);
      return e;
    }
    return undefined;
  }

  /** Schedules an event, replacing any earlier one of the same kind for the referral. */
  at(atMs: number, kind: EventKind, id: number): void {
    const seq = ++this.seq;
    this.latest.set(keyOf(id, kind), seq);
    this.queue.push({ at: atMs, seq, kind, id });
  }

  /** A new claim chance for an Available referral nobody could buy at `atMs`. */
  retryClaim(id: number, atMs: number): void {
    this.at(atMs + exponential(this.rng, MEAN_CLAIM_MS), 'claim', id);
  }

  /** The next price step of a decaying referral after `atMs`, unless it is at its floor. */
  nextDecay(referral: Opportunity, atMs: number): void {
    const addMs = Date.parse(referral.addDate);
    const step = Math.floor((atMs - addMs) / DECAY.stepMs) + 1;
    if (step * DECAY.stepShare > 1 - DECAY.floorShare + 1e-9) return;
    this.at(addMs + step * DECAY.stepMs, 'decay', referral.opportunityId);
  }

  added(referral: Opportunity, atMs: number): void {
    this.enter(referral, atMs);
  }

  changing(): void {
    // Nothing to undo: events of a status left are skipped when they fall due.
  }

  changed(referral: Opportunity, previousStatus: Status, atMs: number): void {
    if (referral.marketplaceStatus !== previousStatus) {
      this.enter(referral, atMs);
      return;
    }
    // Same status: only a new expiration date (a control's patch) moves anything.
    const expiry = referral.marketplaceExpirationDate;
    if (referral.marketplaceStatus === MarketplaceStatus.Available && expiry !== null) {
      this.at(Date.parse(expiry), 'expire', referral.opportunityId);
    }
  }

  /** Schedules what a referral does next in the status it has just entered. */
  private enter(referral: Opportunity, atMs: number): void {
    const id = referral.opportunityId;
    switch (referral.marketplaceStatus) {
      case MarketplaceStatus.Incoming:
        this.at(this.store.meta(id)?.routeAtMs ?? atMs, 'route', id);
        return;
      case MarketplaceStatus.Available: {
        const expiry = referral.marketplaceExpirationDate;
        if (expiry !== null) this.at(Date.parse(expiry), 'expire', id);
        this.retryClaim(id, atMs);
        if (this.store.meta(id)?.decays === true) this.nextDecay(referral, atMs);
        return;
      }
      case MarketplaceStatus.Claimed:
        this.at(atMs + exponential(this.rng, MEAN_SETTLE_MS), 'settle', id);
        return;
      default:
        return;
    }
  }
}

/** One number per (referral, kind): cheaper in a Map than a string key. */
const keyOf = (id: number, kind: EventKind): number => id * KINDS.length + KINDS.indexOf(kind);
