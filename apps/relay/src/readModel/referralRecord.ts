/**
 * A referral as the read model keeps it: parsed once, with the values that repeat across the
 * market (statuses, states, cities, agencies) shared, written back as the same JSON.
 */
import { opportunitySchema, type Opportunity } from '@referrals/shared';

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
  /** The field orders of the referrals packed (see orderOf). */
  private readonly orders: (readonly (keyof Opportunity)[])[] = [];
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
   * shared and its own text packed (see StoredReferral).
   */
  parseReferral(json: string): Opportunity {
    const o = JSON.parse(json) as Opportunity;
    const fields = o as unknown as Record<string, unknown>;
    for (const f of REPEATING) {
      const v = fields[f];
      if (typeof v === 'string') fields[f] = this.of(v);
    }
    if (Array.isArray(o.businessLines)) o.businessLines = this.linesOf(o.businessLines);
    const order = this.orderOf(o);
    return (order && StoredReferral.of(o, order)) ?? o;
  }

  /**
   * The order of a referral's fields, shared by every referral whose JSON has them in that order
   * (one order in practice: the validator's); undefined when it does not have exactly the
   * schema's fields.
   */
  private orderOf(o: Opportunity): readonly (keyof Opportunity)[] | undefined {
    for (const order of this.orders) if (inOrder(o, order)) return order;
    const keys = Object.keys(o) as (keyof Opportunity)[];
    if (keys.length !== FIELDS.length || !FIELDS.every((f) => Object.hasOwn(o, f)))
      return undefined;
    if (this.orders.length >= MAX_ORDERS) return undefined;
    const order = Object.freeze(keys);
    this.orders.push(order);
    return order;
  }
}

/** Field orders kept at most (past them a referral is kept as parsed). */
const MAX_ORDERS = 4;

/** Whether `o`'s own fields are `order`, in that order. */
function inOrder(o: object, order: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (k !== order[i]) return false;
    i += 1;
  }
  return i === order.length;
}

/** A referral's fields. */
const FIELDS = Object.keys(opportunitySchema.fields) as readonly (keyof Opportunity)[];

/**
 * The fields whose values are the referral's own (no two referrals share them) and that no list
 * sorts by: packed into one string, in this order. Strings or null, as the schema has them. The
 * ones lists sort by (dates, last name, phone, email) stay strings of their own: a list index
 * keeps each entry's sort value, and a value read out of the packed string would be a string
 * more a referral, not one fewer.
 */
export const PACKED = [
  'searchId',
  'prospectMessage',
  'firstName',
  'businessName',
  'address1',
  'postalCode',
  'location',
] as const satisfies readonly (keyof Opportunity)[];
type Packed = (typeof PACKED)[number];

/** Between two packed values; a referral whose text holds it is kept as parsed. */
const SEP = '\u001f';

/**
 * A referral as a relay's mirror holds it: the fields lists filter, sort and count by as its own
 * properties (shared strings, numbers, booleans, its dates and the sort keys' own strings), and
 * the seven values no list reads (search id, message, first and business name, address, postal
 * code, location) as one string, read through getters. With its keys held as numbers (`idKey`)
 * a referral is about five heap objects fewer for the collector to mark and the scavenger to copy.
 *
 * It reads like the parsed referral: every field by name, and `JSON.stringify` (its `toJSON`)
 * gives the same JSON. What it is not is a plain object: a spread (`{...o}`) or `Object.keys`
 * sees the shared fields only, so code that copies a referral picks its fields by name (as the
 * projections do). It cannot be changed: the mirror's records are replaced, never edited.
 */
export class StoredReferral implements Opportunity {
  declare readonly opportunityId: number;
  declare readonly opportunityType: Opportunity['opportunityType'];
  declare readonly marketplaceStatus: Opportunity['marketplaceStatus'];
  declare readonly marketplaceExpirationDate: string | null;
  declare readonly addDate: string;
  declare readonly lastModDate: string | null;
  declare readonly category: string | null;
  declare readonly businessLines: string[];
  declare readonly industryCode: string | null;
  declare readonly industryDescription: string | null;
  declare readonly industry: string | null;
  declare readonly noOfEmployees: number | null;
  declare readonly yearsInBusiness: number | null;
  declare readonly estimatedPremium: number | null;
  declare readonly age: number | null;
  declare readonly gender: string | null;
  declare readonly medicalExam: boolean | null;
  declare readonly currentlyInsured: boolean | null;
  declare readonly lastName: string | null;
  declare readonly phone: string | null;
  declare readonly email: string | null;
  declare readonly city: string | null;
  declare readonly state: string | null;
  declare readonly showVisualLocation: boolean;
  declare readonly source: string | null;
  declare readonly agenciesNotified: number | null;
  declare readonly assignedAgent: string | null;
  declare readonly assignedAgency: string | null;
  declare readonly assignedPartner: string | null;
  declare readonly dynamicPrice: number | null;
  declare readonly discountPrice: number | null;
  declare readonly soldPrice: number | null;
  declare readonly decayStatus: string | null;
  declare readonly limitedTime: boolean | null;
  /** The PACKED values joined by SEP, null as ''. */
  declare private readonly packed: string;
  /** Bit i: PACKED[i] is null. */
  declare private readonly nulls: number;
  /** The order of the fields in its JSON (shared). */
  declare private readonly order: readonly (keyof Opportunity)[];

  /** Made by `stored` only (an object literal: see there). */
  private constructor() {}

  /**
   * The stored form of a parsed referral with exactly the schema's fields, in `order`; undefined
   * when a packed value is neither a string nor null or holds SEP (kept as parsed then).
   */
  static of(o: Opportunity, order: readonly (keyof Opportunity)[]): StoredReferral | undefined {
    const values: string[] = [];
    let nulls = 0;
    for (let i = 0; i < PACKED.length; i += 1) {
      const v: unknown = o[PACKED[i] as Packed];
      if (v === null) {
        nulls |= 1 << i;
        values.push('');
      } else if (typeof v === 'string' && !v.includes(SEP)) values.push(v);
      else return undefined;
    }
    return stored(o, values.join(SEP), nulls, order);
  }

  /** PACKED[i]'s value. */
  private unpack(i: number): string | null {
    if (this.nulls & (1 << i)) return null;
    let start = 0;
    for (let k = 0; k < i; k += 1) start = this.packed.indexOf(SEP, start) + 1;
    const end = this.packed.indexOf(SEP, start);
    return this.packed.slice(start, end < 0 ? undefined : end);
  }

  get searchId(): string | null {
    return this.unpack(0);
  }
  get prospectMessage(): string | null {
    return this.unpack(1);
  }
  get firstName(): string | null {
    return this.unpack(2);
  }
  get businessName(): string | null {
    return this.unpack(3);
  }
  get address1(): string | null {
    return this.unpack(4);
  }
  get postalCode(): string | null {
    return this.unpack(5);
  }
  get location(): string | null {
    return this.unpack(6);
  }

  /** The referral as a plain object, its fields in its JSON's order (what JSON.stringify writes). */
  toJSON(): Opportunity {
    const out: Record<string, unknown> = {};
    for (const f of this.order) out[f] = this[f];
    return out as Opportunity;
  }
}

const STORED = StoredReferral.prototype;

/**
 * A stored referral made as an object literal with the class's prototype rather than by `new`:
 * V8 tracks where a literal is made, and once what a site makes mostly outlives two young
 * collections it makes them in the old generation directly (pretenuring); a class's instances are
 * always made young. A first load keeps every one it makes, and young ones are copied by the
 * scavenges that hold the thread. Same fields, same order.
 */
function stored(
  o: Opportunity,
  packed: string,
  nulls: number,
  order: readonly (keyof Opportunity)[],
): StoredReferral {
  return {
    __proto__: STORED,
    opportunityId: o.opportunityId,
    opportunityType: o.opportunityType,
    marketplaceStatus: o.marketplaceStatus,
    marketplaceExpirationDate: o.marketplaceExpirationDate,
    addDate: o.addDate,
    lastModDate: o.lastModDate,
    category: o.category,
    businessLines: o.businessLines,
    industryCode: o.industryCode,
    industryDescription: o.industryDescription,
    industry: o.industry,
    noOfEmployees: o.noOfEmployees,
    yearsInBusiness: o.yearsInBusiness,
    estimatedPremium: o.estimatedPremium,
    age: o.age,
    gender: o.gender,
    medicalExam: o.medicalExam,
    currentlyInsured: o.currentlyInsured,
    lastName: o.lastName,
    phone: o.phone,
    email: o.email,
    city: o.city,
    state: o.state,
    showVisualLocation: o.showVisualLocation,
    source: o.source,
    agenciesNotified: o.agenciesNotified,
    assignedAgent: o.assignedAgent,
    assignedAgency: o.assignedAgency,
    assignedPartner: o.assignedPartner,
    dynamicPrice: o.dynamicPrice,
    discountPrice: o.discountPrice,
    soldPrice: o.soldPrice,
    decayStatus: o.decayStatus,
    limitedTime: o.limitedTime,
    packed,
    nulls,
    order,
  } as unknown as StoredReferral;
}
