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
  /** Business-line lists by their codes: a handful of combinations across the market. */
  private readonly lines = new Map<string, readonly string[]>();

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
   * The shared copy of a list of business lines, frozen (every referral with these lines in this
   * order holds the same array: two objects fewer a referral for the collector to mark).
   */
  linesOf(codes: readonly string[]): string[] {
    const key = codes.join('\n');
    let kept = this.lines.get(key);
    if (kept === undefined) {
      kept = Object.freeze(codes.map((b) => this.of(b)));
      if (this.lines.size < MAX_SHARED_VALUES) this.lines.set(key, kept);
    }
    // Frozen: a caller that tried to change a referral's lines would throw, not change others'.
    return kept as string[];
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
    if (Array.isArray(o.businessLines)) o.businessLines = this.linesOf(o.businessLines);
    return o;
  }
}
