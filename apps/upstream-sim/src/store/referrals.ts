import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { DECAYED } from '../generator/catalog.js';
import { applyDecay } from '../generator/pricing.js';
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
 * Referrals in memory in id order (ids rise with addDate). Ids are consecutive, so a referral is
 * found by arithmetic on its id, not through a Map of 1,000,000 entries. Every write goes through
 * a method here, which tells the observers before and after, so list views and the live market's
 * schedule follow changes without rescanning.
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
      referral.lastModDate = new Date(nowMs).toISOString();
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
      referral.lastModDate = new Date(nowMs).toISOString();
    });
  }

  /** Stops the price decay of a referral (a price set by hand stays). */
  stopDecay(id: number): void {
    const position = this.positionOf(id);
    if (position >= 0) this.metas.setDecays(position, false);
  }

  /** Sets the decayed price of a referral for `nowMs` (no lastModDate: the service's decay job does not stamp it). */
  reprice(id: number, nowMs: number): void {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined || !this.metas.decaysAt(position)) return;
    this.notify(referral, nowMs, () => applyDecay(referral, true, nowMs));
  }

  /** Sets the hidden owner of a referral. */
  setOwner(id: number, agencyId: number | null): void {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined) return;
    // Who owns a referral decides the lists it is in, so observers hear of it.
    this.notify(referral, Date.parse(referral.lastModDate ?? referral.addDate), () =>
      this.metas.setOwner(position, agencyId),
    );
  }

  /** Assigns a referral to an agency (routing), without changing its status. */
  assign(id: number, to: Assignment): void {
    const position = this.positionOf(id);
    const referral = this.ordered[position];
    if (referral === undefined) return;
    this.notify(referral, Date.parse(referral.lastModDate ?? referral.addDate), () => {
      referral.assignedAgency = to.agencyName;
      referral.assignedAgent = to.agentName;
      if (to.partner !== null) referral.assignedPartner = to.partner;
      this.metas.setOwner(position, to.agencyId);
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
      referral.lastModDate = new Date(nowMs).toISOString();
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

  /** The position of an id: ids are consecutive, so arithmetic first, a binary search if not. */
  private positionOf(id: number): number {
    const first = this.ordered[0]?.opportunityId;
    if (first === undefined || !Number.isInteger(id)) return -1;
    const guess = id - first;
    if (this.ordered[guess]?.opportunityId === id) return guess;
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
