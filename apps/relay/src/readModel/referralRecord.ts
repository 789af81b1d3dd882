import type { Opportunity } from '@referrals/shared';

/**
 * The fields of a referral whose values repeat across the market (statuses, states, cities,
 * industries, sources, agencies and agents): a relay holding 1,000,000 referrals keeps one copy
 * of each value instead of one per referral. `JSON.parse` makes a new string for every value
 * but the shortest.
 */
const REPEATING = [
  'opportunityType',
  'marketplaceStatus',
  'category',
  'industryCode',
  'industryDescription',
  'industry',
  'gender',
  'city',
  'state',
  'source',
  'assignedAgent',
  'assignedAgency',
  'assignedPartner',
  'decayStatus',
] as const satisfies readonly (keyof Opportunity)[];

/**
 * Distinct values kept at most: past it a value is kept as parsed (a field that turns out not to
 * repeat costs no more than it did).
 */
export const MAX_SHARED_VALUES = 100_000;

/** One copy of each repeating value, shared by every referral that has it. */
export class SharedValues {
  private readonly values = new Map<string, string>();

  /** The shared copy of a value (the value itself the first time, or once the pool is full). */
  of(value: string): string {
    const kept = this.values.get(value);
    if (kept !== undefined) return kept;
    if (this.values.size < MAX_SHARED_VALUES) this.values.set(value, value);
    return value;
  }

  get size(): number {
    return this.values.size;
  }

  /**
   * A referral from its committed JSON (validated before it was committed), its repeating values
   * shared.
   */
  parseReferral(json: string): Opportunity {
    const o = JSON.parse(json) as Opportunity;
    const fields = o as unknown as Record<string, unknown>;
    for (const f of REPEATING) {
      const v = fields[f];
      if (typeof v === 'string') fields[f] = this.of(v);
    }
    if (Array.isArray(o.businessLines)) o.businessLines = o.businessLines.map((b) => this.of(b));
    return o;
  }
}
