import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { DECAYED } from '../generator/catalog.js';
import { applyDecay, decayedPrice, decayStepAt } from '../generator/pricing.js';
import { MetaColumns, type ReferralMeta } from './metaColumns.js';
import type { ReferralObserver, Status } from './referralObserver.js';

export type { ReferralMeta } from './metaColumns.js';

/** Who takes a referral in a claim. */
export interface ClaimOwner {
  readonly agencyId: number;
  readonly agencyName: string;
  readonly agentName: string;
}

/** The outcome of a claim: the winner gets the referral, everyone else a reason. */
export type ClaimOutcome =
  | { readonly kind: 'claimed'; readonly referral: Opportunity }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'conflict'; readonly reason: string };

/** Who a referral is assigned to when it is routed. */
export interface Assignment {
  readonly agencyId: number;
  readonly agencyName: string;
  readonly agentName: string;
  readonly partner: string | null;
}

/**
 * Referrals in memory in id order (ids rise with addDate). Ids are consecutive until referrals are
 * deleted, so a referral is found by arithmetic on its id (a binary search when deletions left
 * gaps), not through a Map of 1,000,000 entries. Every write goes through a method here, which
 * tells the observers before and after, so list views and the live market's schedule follow
 * changes without rescanning. Every write that changes what a referral's JSON says stamps
 * lastModDate with the change's instant, as the service does, except `rewriteSilently` (a fault).
 */
export class ReferralStore {
  private readonly ordered: Opportunity[] = [];
  private readonly metas = new MetaColumns();
  private readonly bySearchId = new Map<string, number>();
  private readonly observers: ReferralObserver[] = [];
  private lastId = 0;
  /** Rises on every write; readers may cache derived values per version. */
  version = 0;

  /** The id the next referral gets. */
  nextId(): number {
    return this.lastId + 1;
  }

  /** Registers an observer of every later write. */
  observe(observer: ReferralObserver): void {
    this.observers.push(observer);
  }

  /** Stores a new referral; ids must rise. */
  add(
    referral: Opportunity,
    meta: ReferralMeta,
    atMs: number = Date.parse(referral.addDate),
  ): void {
    if (referral.opportunityId <= this.lastId) throw new Error('referral ids must rise');
    this.lastId = referral.opportunityId;
    this.metas.set(this.ordered.length, meta);
    this.ordered.push(referral);
    if (referral.searchId !== null) this.bySearchId.set(referral.searchId, referral.opportunityId);
    this.version++;
    for (const o of this.observers) o.added(referral, atMs);
  }

  /** One referral, or undefined. */
  get(id: number): Opportunity | undefined {
    const position = this.positionOf(id);
    return position < 0 ? undefined : this.ordered[position];
  }

  /** One referral by its searchId (the street-view key), or undefined. */
  bySearch(searchId: string): Opportunity | undefined {
    const id = this.bySearchId.get(searchId);
    return id === undefined ? undefined : this.get(id);
  }

  /** The hidden facts of a referral, as a snapshot. */
  meta(id: number): ReferralMeta | undefined {
    const position = this.positionOf(id);
    return position < 0 ? undefined : this.metas.get(position);
  }

  /** The agency that acquired a referral, or null. */
  ownerOf(id: number): number | null {
    const position = this.positionOf(id);
    return position < 0 ? null : this.metas.ownerAt(position);
  }

  /** Every referral, oldest first. Read-only: change referrals through the store. */
  all(): readonly Opportunity[] {
    return this.ordered;
  }

  /** The referral at a position of `all()`, or undefined. */
  at(position: number): Opportunity | undefined {
    return this.ordered[position];
  }

  /**
   * How many referrals were added before `iso` (an ISO instant): ids rise with addDate, so a
   * binary search (a referral created by a control with a forced addDate may be out of place).
   */
  countAddedBefore(iso: string): number {
    let lo = 0;
    let hi = this.ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.ordered[mid] as Opportunity).addDate < iso) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How many referrals there are. */
  get size(): number {
    return this.ordered.length;
  }

  /**
   * Ids of the referrals in one status. Scans the market: for tests and tools, not for anything
   * that runs per tick or per request.
   */
  idsWithStatus(status: Status): number[] {
    const ids: number[] = [];
    for (const o of this.ordered) if (o.marketplaceStatus === status) ids.push(o.opportunityId);
    return ids;
  }

  /** Moves a referral to a status and stamps lastModDate. */
  setStatus(id: number, status: Status, nowMs: number): Opportunity | undefined {
    return this.write(id, nowMs, (referral) => {
      referral.marketplaceStatus = status;
      stamp(referral, nowMs);
    });
  }

  /**
   * Overwrites fields (not the id or status) and stamps lastModDate; keeps decayStatus true to its
   * definition (set exactly when discountPrice > dynamicPrice) after a price change.
   */
  patch(id: number, fields: Partial<Opportunity>, nowMs: number): Opportunity | undefined {
    return this.write(id, nowMs, (referral) => {
      // The id is fixed and status changes go through setStatus.
      const rest = { ...fields };
      delete rest.opportunityId;
      delete rest.marketplaceStatus;
      Object.assign(referral, rest);
      const { discountPrice: was, dynamicPrice: now } = referral;
      if (was !== null && now !== null) referral.decayStatus = was > now ? DECAYED : null;
      stamp(referral, nowMs);
    });
  }

  /**
   * Overwrites fields (not the id, status or lastModDate itself) without stamping lastModDate: a
   * change a real service's stamping missed (the drift fault). Observers still hear of it, so lists
   * stay true to the referral.
   */
  rewriteSilently(
    id: number,
    fields: Partial<Opportunity>,
    nowMs: number,
  ): Opportunity | undefined {
    return this.write(id, nowMs, (referral) => {
      const rest = { ...fields };
      delete rest.opportunityId;
      delete rest.marketplaceStatus;
      delete rest.lastModDate;
      Object.assign(referral, rest);
    });
  }

  /**
   * Deletes referrals outright (the drift fault): they leave every list and are not found by id
   * any more; unknown ids are skipped. Observers hear of each one before it goes. The referrals
   * after the first deleted move down to close the gaps: O(n) per call, however many go at once
   * (a few ms at 1,000,000 referrals).
   */
  remove(ids: Iterable<number>): Opportunity[] {
    const positions = [...new Set(Array.from(ids, (id) => this.positionOf(id)))]
      .filter((p) => p >= 0)
      .sort((a, b) => a - b);
    const first = positions[0];
    if (first === undefined) return [];
    const { ordered } = this;
    const removed = positions.map((p) => ordered[p] as Opportunity);
    for (const referral of removed) for (const o of this.observers) o.removing?.(referral);
    this.metas.removePositions(positions, ordered.length);
    if (positions.length <= SPLICES) {
      // A native move per deletion: a few times faster than the loop below for one or two.
      for (let k = positions.length - 1; k >= 0; k--) ordered.splice(positions[k] as number, 1);
    } else {
      let write = first;
      for (let k = 0; k < positions.length; k++) {
        const to = positions[k + 1] ?? ordered.length;
        for (let read = (positions[k] as number) + 1; read < to; read++)
          ordered[write++] = ordered[read] as Opportunity;
      }
      ordered.length = write;
    }
    for (const { searchId, opportunityId } of removed)
      if (searchId !== null && this.bySearchId.get(searchId) === opportunityId)
        this.bySearchId.delete(searchId);
    this.version++;
    return removed;
  }

  /** Stops the price decay of a referral (a price set by hand stays). */
  stopDecay(id: number): void {
    const position = this.positionOf(id);
    if (position >= 0) this.metas.setDecays(position, false);
  }

  /**
   * Sets the decayed price of a referral for `nowMs` and stamps lastModDate with the instant of the
   * price step (one step every DECAY.stepMs of age, a handful per referral). Nothing is written
   * when the price is already the one of that instant.
   */
  reprice(id: number, nowMs: number): void {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined || !this.metas.decaysAt(position)) return;
    const original = referral.discountPrice;
    if (original === null) return;
    const addMs = Date.parse(referral.addDate);
    const price = decayedPrice(original, true, nowMs - addMs);
    const marker = price < original ? DECAYED : null;
    if (price === referral.dynamicPrice && marker === referral.decayStatus) return;
    this.notify(referral, nowMs, () => {
      applyDecay(referral, true, nowMs);
      stamp(referral, decayStepAt(addMs, nowMs));
    });
  }

  /** Sets the hidden owner of a referral (no field it serves changes, so lastModDate stays). */
  setOwner(id: number, agencyId: number | null): void {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined) return;
    // Who owns a referral decides the lists it is in, so observers hear of it.
    this.notify(referral, Date.parse(referral.lastModDate ?? referral.addDate), () =>
      this.metas.setOwner(position, agencyId),
    );
  }

  /** Assigns a referral to an agency (routing) at `nowMs`, without changing its status. */
  assign(id: number, to: Assignment, nowMs: number): void {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined) return;
    this.notify(referral, nowMs, () => {
      referral.assignedAgency = to.agencyName;
      referral.assignedAgent = to.agentName;
      if (to.partner !== null) referral.assignedPartner = to.partner;
      this.metas.setOwner(position, to.agencyId);
      stamp(referral, nowMs);
    });
  }

  /**
   * Claims an Available, unexpired referral. Check and write run in one synchronous step, so of
   * any number of concurrent claims exactly one wins; the price is the decayed price of this
   * instant.
   */
  claim(id: number, owner: ClaimOwner, nowMs: number): ClaimOutcome {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined) return { kind: 'not-found' };
    if (referral.marketplaceStatus !== MarketplaceStatus.Available) {
      return {
        kind: 'conflict',
        reason: `Referral ${id} is ${referral.marketplaceStatus}, not Available.`,
      };
    }
    const expiry = referral.marketplaceExpirationDate;
    if (expiry !== null && Date.parse(expiry) <= nowMs) {
      return { kind: 'conflict', reason: `Referral ${id} expired at ${expiry}.` };
    }
    this.write(id, nowMs, () => {
      applyDecay(referral, this.metas.decaysAt(position), nowMs);
      referral.soldPrice = referral.dynamicPrice;
      referral.assignedAgency = owner.agencyName;
      referral.assignedAgent = owner.agentName;
      this.metas.setOwner(position, owner.agencyId);
      referral.marketplaceStatus = MarketplaceStatus.Claimed;
      stamp(referral, nowMs);
    });
    return { kind: 'claimed', referral };
  }

  /** Runs one write on a referral between the observers' before and after calls. */
  private write(
    id: number,
    nowMs: number,
    change: (referral: Opportunity) => void,
  ): Opportunity | undefined {
    const referral = this.get(id);
    if (referral === undefined) return undefined;
    this.notify(referral, nowMs, () => change(referral));
    return referral;
  }

  private notify(referral: Opportunity, nowMs: number, change: () => void): void {
    const previous = referral.marketplaceStatus;
    for (const o of this.observers) o.changing(referral);
    change();
    this.version++;
    for (const o of this.observers) o.changed(referral, previous, nowMs);
  }

  /**
   * The position of an id. Ids are consecutive until deletions: arithmetic first (from the first
   * id, then from the last, which finds ids added after every deletion), a binary search if not.
   */
  private positionOf(id: number): number {
    const first = this.ordered[0]?.opportunityId;
    if (first === undefined || !Number.isInteger(id)) return -1;
    const guess = id - first;
    if (this.ordered[guess]?.opportunityId === id) return guess;
    const last = this.ordered.length - 1;
    const fromLast = last - ((this.ordered[last] as Opportunity).opportunityId - id);
    if (this.ordered[fromLast]?.opportunityId === id) return fromLast;
    let lo = 0;
    let hi = this.ordered.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = (this.ordered[mid] as Opportunity).opportunityId;
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** Up to this many deletions at once are spliced out one by one; more are moved in one pass. */
const SPLICES = 4;

/**
 * Stamps lastModDate with `nowMs`, never moving it back: a tick applies events at their scheduled
 * instants, which may lie just before a write made between two ticks.
 */
function stamp(referral: Opportunity, nowMs: number): void {
  const iso = new Date(nowMs).toISOString();
  if (referral.lastModDate === null || referral.lastModDate < iso) referral.lastModDate = iso;
}
