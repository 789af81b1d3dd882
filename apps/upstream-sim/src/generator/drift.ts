import type { Opportunity } from '@referrals/shared';
import type { ReferralStore } from '../store/referrals.js';
import { HISTORY_MS } from './history.js';
import { PLACES, type Place } from './places.js';
import type { Rng } from './prng.js';

/** Most referrals one drift call changes silently, and most it deletes. */
export const MAX_DRIFT = 10_000;

/** What a drift step did: the ids changed without a lastModDate stamp, and the ids deleted. */
export interface DriftResult {
  readonly silent: number[];
  readonly deleted: number[];
}

/** Continuous drift: how many referrals per minute of market time change silently or go. */
export interface DriftRates {
  readonly silentPerMinute: number;
  readonly deletedPerMinute: number;
}

/** Places per state, to move a referral to another city of its state. */
const PLACES_BY_STATE = new Map<string, Place[]>();
for (const [place] of PLACES) {
  const list = PLACES_BY_STATE.get(place.state) ?? [];
  list.push(place);
  PLACES_BY_STATE.set(place.state, list);
}
const ALL_PLACES: readonly Place[] = PLACES.map(([place]) => place);

/**
 * The drift fault: changes a real service makes without stamping lastModDate, and deletions, so
 * a poller that trusts lastModDate alone misses them. It picks referrals added within the last
 * 30 days (the relay's window) with its own seeded generator. A silent change moves the referral
 * to another city (city, and postal code and location with it), a field every list shows.
 * Deleted referrals leave every list and answer 404 by id.
 *
 * `apply` drifts at once; `setRates` drifts continuously, as the live market's tick advances.
 */
export class Drift {
  private rates: DriftRates | null = null;
  private elapsedMs = 0;
  private silentDone = 0;
  private deletedDone = 0;
  /** Referrals changed silently and deleted since start. */
  readonly totals = { silent: 0, deleted: 0 };

  constructor(
    private readonly store: ReferralStore,
    private readonly rng: Rng,
  ) {}

  /** The continuous drift in force, or null. */
  get current(): DriftRates | null {
    return this.rates;
  }

  /** Sets the continuous drift (null stops it); what is due is counted afresh from now. */
  setRates(rates: DriftRates | null): void {
    this.rates = rates;
    this.elapsedMs = 0;
    this.silentDone = 0;
    this.deletedDone = 0;
  }

  /**
   * Changes `silent` referrals without a lastModDate stamp and deletes `deleted` others, now.
   * Fewer when the window holds fewer referrals.
   */
  apply(silent: number, deleted: number, nowMs: number): DriftResult {
    const picked = this.pick(silent + deleted, nowMs);
    const silentIds = picked.slice(0, silent);
    const deletedIds = picked.slice(silent);
    for (const id of silentIds) {
      const referral = this.store.get(id);
      if (referral !== undefined) this.store.rewriteSilently(id, this.elsewhere(referral), nowMs);
    }
    this.store.remove(deletedIds);
    this.totals.silent += silentIds.length;
    this.totals.deleted += deletedIds.length;
    return { silent: silentIds, deleted: deletedIds };
  }

  /** Applies the continuous drift due after `spanMs` more of market time, if any is set. */
  advance(spanMs: number, nowMs: number): DriftResult {
    const rates = this.rates;
    if (rates === null) return { silent: [], deleted: [] };
    // Due counts come from the total elapsed time, so fractions per tick add up without drift.
    this.elapsedMs += spanMs;
    const silentDue = due(this.elapsedMs, rates.silentPerMinute);
    const deletedDue = due(this.elapsedMs, rates.deletedPerMinute);
    const silent = silentDue - this.silentDone;
    const deleted = deletedDue - this.deletedDone;
    this.silentDone = silentDue;
    this.deletedDone = deletedDue;
    return silent + deleted === 0
      ? { silent: [], deleted: [] }
      : this.apply(silent, deleted, nowMs);
  }

  /** Up to `count` distinct ids of referrals added in the last 30 days, in draw order. */
  private pick(count: number, nowMs: number): number[] {
    const from = this.store.countAddedBefore(new Date(nowMs - HISTORY_MS).toISOString());
    const window = this.store.size - from;
    const n = Math.min(count, window);
    const positions: number[] = [];
    if (n * 2 > window) {
      // Most of the window: a partial shuffle of it.
      const all = Array.from({ length: window }, (_, i) => from + i);
      for (let i = 0; i < n; i++) {
        const j = this.rng.int(i, window - 1);
        [all[i], all[j]] = [all[j] as number, all[i] as number];
        positions.push(all[i] as number);
      }
    } else {
      const chosen = new Set<number>();
      while (chosen.size < n) chosen.add(this.rng.int(from, this.store.size - 1));
      positions.push(...chosen);
    }
    return positions.map((p) => (this.store.at(p) as Opportunity).opportunityId);
  }

  /** The fields of the referral moved to another city, of its state when it has another. */
  private elsewhere(referral: Opportunity): Partial<Opportunity> {
    const others = (list: readonly Place[]) => list.filter((p) => p.city !== referral.city);
    const sameState = others(PLACES_BY_STATE.get(referral.state ?? '') ?? []);
    const place = this.rng.pick(sameState.length > 0 ? sameState : others(ALL_PLACES));
    const { city, location } = referral;
    return {
      city: place.city,
      ...(sameState.length > 0 ? { postalCode: place.postalCode } : {}),
      location: location !== null && city !== null ? location.replace(city, place.city) : location,
    };
  }
}

/** Whole events due after `elapsedMs` at `perMinute`. */
const due = (elapsedMs: number, perMinute: number): number =>
  Math.floor((elapsedMs * perMinute) / 60_000 + 1e-9);
