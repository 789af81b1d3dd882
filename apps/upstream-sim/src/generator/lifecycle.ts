import {
  MarketplaceStatus,
  OpportunityType,
  type Marketplace,
  type Opportunity,
} from '@referrals/shared';
import type { ClaimOutcome, ClaimOwner } from '../store/referrals.js';
import { AppetiteMatcher, type SimState } from '../store/state.js';
import { DELIVERY_ERROR_RATE, INCOMING_MS } from './catalog.js';
import type { Draft } from './referral.js';
import type { Rng } from './prng.js';

const ERROR_NOTES = [
  'HTTP 500 from buyer delivery API',
  'Timed out after 30000 ms waiting for buyer API',
  'Email delivery bounced: mailbox full',
  'Rejected by buyer API: duplicate lead',
  'Buyer API answered 401: invalid API key',
] as const;

/** Where an Incoming CCR or CTR referral ends up, with weights. */
const ROUTES: Readonly<
  Record<string, readonly (readonly [Opportunity['marketplaceStatus'], number])[]>
> = {
  [OpportunityType.CCR]: [
    [MarketplaceStatus.Assigned, 75],
    [MarketplaceStatus.Delivered, 15],
    [MarketplaceStatus.OnHold, 10],
  ],
  [OpportunityType.CTR]: [
    [MarketplaceStatus.Delivered, 65],
    [MarketplaceStatus.Assigned, 15],
    [MarketplaceStatus.OnHold, 10],
    [MarketplaceStatus.Ineligible, 10],
  ],
};

/**
 * The transitions of a referral, shared by the history generator (at past instants) and the live
 * market (at each tick), so both produce the same kinds of records.
 */
export class Lifecycle {
  readonly matcher: AppetiteMatcher;
  /**
   * Whether claims debit prepaid balances. Off while history is generated: the balances set at
   * start are today's, after those past claims.
   */
  debitBalances = false;
  /** The last referral matched, so a claim right after arrival does not match it twice. */
  private lastMatch: {
    id: number;
    price: number | null;
    version: number;
    buyers: Marketplace[];
  } | null = null;

  constructor(
    readonly state: SimState,
    private readonly rng: Rng,
  ) {
    this.matcher = new AppetiteMatcher(state.marketplaces);
  }

  /** Stores a drafted referral and delivers it to the marketplaces whose appetite takes it. */
  arrive(draft: Draft, atMs: number): Opportunity {
    const { referral } = draft;
    const incoming = referral.marketplaceStatus === MarketplaceStatus.Incoming;
    const routeAtMs = incoming ? atMs + this.rng.int(INCOMING_MS[0], INCOMING_MS[1]) : null;
    this.state.referrals.add(referral, { decays: draft.decays, ownerAgencyId: null, routeAtMs });
    const buyers = this.deliverableBuyers(referral);
    referral.agenciesNotified = buyers.length;
    const iso = new Date(atMs).toISOString();
    for (const m of buyers) this.deliver(referral, m, buyers, iso);
    return referral;
  }

  /** Routes an Incoming referral to an agency, or marks why it went nowhere. */
  route(id: number, atMs: number): void {
    const referral = this.state.referrals.get(id);
    if (referral?.marketplaceStatus !== MarketplaceStatus.Incoming) return;
    const status = this.rng.weighted(
      ROUTES[referral.opportunityType] ?? [[MarketplaceStatus.Delivered, 1]],
    );
    const owner = this.ownerFor(referral);
    const needsOwner =
      status === MarketplaceStatus.Assigned || status === MarketplaceStatus.Delivered;
    if (needsOwner && owner === undefined) {
      this.state.referrals.setStatus(id, MarketplaceStatus.Undefined, atMs);
      return;
    }
    if (needsOwner && owner !== undefined) this.assign(referral, owner, atMs);
    this.state.referrals.setStatus(id, status, atMs);
  }

  /** An Available referral nobody claimed in time: direct calls become Undefined, others Ineligible. */
  expire(id: number, atMs: number): void {
    const referral = this.state.referrals.get(id);
    if (referral?.marketplaceStatus !== MarketplaceStatus.Available) return;
    const direct = referral.opportunityType === OpportunityType.WT_CIR;
    this.state.referrals.setStatus(
      id,
      direct ? MarketplaceStatus.Undefined : MarketplaceStatus.Ineligible,
      atMs,
    );
  }

  /** A simulated agent of a buying agency claims the referral; undefined when no agency buys it. */
  claimBySomeone(
    id: number,
    atMs: number,
    skipAgencies: ReadonlySet<number>,
  ): ClaimOutcome | undefined {
    const referral = this.state.referrals.get(id);
    if (referral === undefined) return undefined;
    const owner = this.ownerFor(referral, skipAgencies);
    if (owner === undefined) return undefined;
    return this.claim(id, owner, atMs);
  }

  /** Claims for an owner and debits the agency's prepaid balance when its marketplace does so. */
  claim(id: number, owner: ClaimOwner, atMs: number): ClaimOutcome {
    const outcome = this.state.referrals.claim(id, owner, atMs);
    if (outcome.kind === 'claimed' && this.debitBalances) {
      const debits = this.state.marketplaces
        .list()
        .some((m) => m.agencyId === owner.agencyId && m.debitPrepaidBalance);
      if (debits)
        this.state.directory.adjustBalance(owner.agencyId, -(outcome.referral.soldPrice ?? 0));
    }
    return outcome;
  }

  /** A claimed (or assigned) referral closes: the sale is settled. */
  settle(id: number, atMs: number): void {
    const status = this.state.referrals.get(id)?.marketplaceStatus;
    if (status === MarketplaceStatus.Claimed || status === MarketplaceStatus.Assigned) {
      this.state.referrals.setStatus(id, MarketplaceStatus.Settled, atMs);
    }
  }

  /** A user of a random agency whose marketplace buys the referral. */
  ownerFor(referral: Opportunity, skip: ReadonlySet<number> = new Set()): ClaimOwner | undefined {
    const agencies = this.buyersOf(referral)
      .map((m) => m.agencyId)
      .filter((a): a is number => a !== null && !skip.has(a));
    if (agencies.length === 0) return undefined;
    const agencyId = this.rng.pick(agencies);
    const agency = this.state.directory.agency(agencyId);
    const users = this.state.directory.usersOf(agencyId);
    if (agency === undefined || users.length === 0) return undefined;
    const agent = this.rng.pick(users);
    return {
      agencyId,
      agencyName: agency.name,
      agentName: `${agent.firstName ?? ''} ${agent.lastName ?? ''}`.trim(),
    };
  }

  private assign(referral: Opportunity, owner: ClaimOwner, atMs: number): void {
    // Some deliveries are shared with a secondary partner agency.
    const partner = this.rng.chance(0.15)
      ? this.rng.pick(this.state.directory.allAgencies()).name
      : null;
    this.state.referrals.assign(referral.opportunityId, { ...owner, partner }, atMs);
  }

  /** Buyers under their daily limit: a marketplace that reached it gets nothing more today. */
  private deliverableBuyers(referral: Opportunity): Marketplace[] {
    return this.buyersOf(referral).filter((m) => {
      const max = m.riskAppetite.maxReferralsPerDay;
      return max === null || this.state.delivery.stat(m.id).totalReferralsDeliveredToday < max;
    });
  }

  /** Buyers of a referral, reused while neither its price nor the marketplaces changed. */
  private buyersOf(referral: Opportunity): Marketplace[] {
    const last = this.lastMatch;
    const version = this.state.marketplaces.version;
    if (
      last?.id === referral.opportunityId &&
      last.price === referral.dynamicPrice &&
      last.version === version
    ) {
      return last.buyers;
    }
    const buyers = this.matcher.buyersOf(referral);
    this.lastMatch = { id: referral.opportunityId, price: referral.dynamicPrice, version, buyers };
    return buyers;
  }

  private deliver(
    referral: Opportunity,
    m: Marketplace,
    buyers: readonly Marketplace[],
    iso: string,
  ): void {
    const failed = this.rng.chance(DELIVERY_ERROR_RATE);
    this.state.delivery.recordDelivery(m.id, !failed, iso);
    if (!failed) return;
    const other = buyers.find((b) => b.id !== m.id);
    this.state.delivery.addError({
      opportunityId: referral.opportunityId,
      errorMarketplaceName: m.marketplaceName,
      errorNotes: this.rng.pick(ERROR_NOTES),
      errorDate: iso,
      currentMarketplaceName: other?.marketplaceName ?? 'MARKETPLACE',
      currentMarketplaceStatus: referral.marketplaceStatus,
    });
  }
}
