import { MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { applyDecay } from '../generator/pricing.js';

/** What the stand-in knows about a referral beyond the fields it serves. */
export interface ReferralMeta {
  /** Whether its price decays while Available. */
  decays: boolean;
  /** The agency that acquired it (claimed, assigned or delivered to), if any. */
  ownerAgencyId: number | null;
  /** When an Incoming referral is routed on (epoch ms). */
  routeAtMs: number | null;
}

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

type Status = Opportunity['marketplaceStatus'];

/**
 * Referrals in memory, by id and in id order (ids rise with addDate), with an index per status so
 * the live market touches only the referrals that can still change.
 */
export class ReferralStore {
  private readonly byId = new Map<number, Opportunity>();
  private readonly metaById = new Map<number, ReferralMeta>();
  private readonly ordered: Opportunity[] = [];
  private readonly byStatus = new Map<Status, Set<number>>();
  private readonly bySearchId = new Map<string, Opportunity>();
  private lastId = 0;
  /** Rises on every write; readers may cache derived views per version. */
  version = 0;

  /** The id the next referral gets. */
  nextId(): number {
    return this.lastId + 1;
  }

  /** Stores a new referral; ids must rise. */
  add(referral: Opportunity, meta: ReferralMeta): void {
    if (referral.opportunityId <= this.lastId) throw new Error('referral ids must rise');
    this.lastId = referral.opportunityId;
    this.byId.set(referral.opportunityId, referral);
    this.metaById.set(referral.opportunityId, meta);
    this.ordered.push(referral);
    if (referral.searchId !== null) this.bySearchId.set(referral.searchId, referral);
    this.index(referral.opportunityId, referral.marketplaceStatus);
    this.version++;
  }

  /** One referral, or undefined. */
  get(id: number): Opportunity | undefined {
    return this.byId.get(id);
  }

  /** One referral by its searchId (the street-view key), or undefined. */
  bySearch(searchId: string): Opportunity | undefined {
    return this.bySearchId.get(searchId);
  }

  /** The hidden facts of a referral. */
  meta(id: number): ReferralMeta | undefined {
    return this.metaById.get(id);
  }

  /** Every referral, oldest first. Read-only: change referrals through the store. */
  all(): readonly Opportunity[] {
    return this.ordered;
  }

  /** How many referrals there are. */
  get size(): number {
    return this.ordered.length;
  }

  /** Ids of the referrals in one status, as a snapshot safe to iterate while changing them. */
  idsWithStatus(status: Status): number[] {
    return [...(this.byStatus.get(status) ?? [])];
  }

  /** Moves a referral to a status and stamps lastModDate. */
  setStatus(id: number, status: Status, nowMs: number): Opportunity | undefined {
    const referral = this.byId.get(id);
    if (referral === undefined) return undefined;
    this.byStatus.get(referral.marketplaceStatus)?.delete(id);
    referral.marketplaceStatus = status;
    referral.lastModDate = new Date(nowMs).toISOString();
    this.index(id, status);
    this.version++;
    return referral;
  }

  /** Overwrites fields (not the id or status) and stamps lastModDate. */
  patch(id: number, fields: Partial<Opportunity>, nowMs: number): Opportunity | undefined {
    const referral = this.byId.get(id);
    if (referral === undefined) return undefined;
    // The id is fixed and status changes go through setStatus, which keeps the index right.
    const rest = { ...fields };
    delete rest.opportunityId;
    delete rest.marketplaceStatus;
    Object.assign(referral, rest);
    referral.lastModDate = new Date(nowMs).toISOString();
    this.version++;
    return referral;
  }

  /** Sets the hidden owner of a referral. */
  setOwner(id: number, agencyId: number | null): void {
    const meta = this.metaById.get(id);
    if (meta !== undefined) meta.ownerAgencyId = agencyId;
    this.version++; // who owns a referral decides the lists it is in
  }

  /**
   * Claims an Available, unexpired referral. Check and write run in one synchronous step, so of
   * any number of concurrent claims exactly one wins; the price is the decayed price of this
   * instant.
   */
  claim(id: number, owner: ClaimOwner, nowMs: number): ClaimOutcome {
    const referral = this.byId.get(id);
    const meta = this.metaById.get(id);
    if (referral === undefined || meta === undefined) return { kind: 'not-found' };
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
    applyDecay(referral, meta.decays, nowMs);
    referral.soldPrice = referral.dynamicPrice;
    referral.assignedAgency = owner.agencyName;
    referral.assignedAgent = owner.agentName;
    meta.ownerAgencyId = owner.agencyId;
    this.setStatus(id, MarketplaceStatus.Claimed, nowMs);
    return { kind: 'claimed', referral };
  }

  private index(id: number, status: Status): void {
    let set = this.byStatus.get(status);
    if (set === undefined) {
      set = new Set();
      this.byStatus.set(status, set);
    }
    set.add(id);
  }
}
