/**
 * A referral as the list indexes hold it (`Entry`), and what is read off one: its dates, its cells
 * (cells.ts) at the index's clock, the order of its dates, and a change of one as a scope sees it.
 *
 * Invariant: an entry stands for one version of a referral. Its record and dates never change (a
 * changed referral is a new entry); only its cells (moved by the window clock), its slot bits (set
 * by the slots) and its sort values (computed once, on first read) do.
 */
import { MarketplaceStatus, type Opportunity, type SortValue } from '@referrals/shared';
import { ShardedSet } from '../../lib/shardedMap.js';
import { bucketOf, cellOf } from './cells.js';
import { compareParts, instantOf, minuteOf, msOf } from './minuteDate.js';
import type { ListScope } from './scopes.js';

/**
 * A referral as the indexes hold it: the record, and its cells at the index's clock. Its dates are
 * kept as minute dates (see minuteDate.ts): no boxed number per entry.
 */
export class Entry {
  declare readonly o: Opportunity;
  declare readonly id: number;
  declare private readonly addedMin: number;
  declare private readonly addedMs: number;
  declare private readonly modifiedMin: number;
  declare private readonly modifiedMs: number;
  declare private readonly untilMin: number;
  declare private readonly untilMs: number;
  /** Claimable or not × the age bucket of `added`: its cell in the lists that filter on addDate. */
  declare addedCell: number;
  /** Its cell by `modified`: the acquired lists' date. */
  declare modifiedCell: number;
  /**
   * The slotted scopes it is in, a bit per slot (see `ScopeGroup.slot`, slots.ts): slots 0 to 29
   * in `slotsLow`, 30 to 59 in `slotsHigh`.
   */
  declare slotsLow: number;
  declare slotsHigh: number;
  /**
   * Sort values computed once per key (a change compares each entry some twenty times per view),
   * as fields of the entry rather than an array of them (two more objects a referral); undefined:
   * not computed yet, null: missing. See `SORTED` in orders.ts.
   */
  declare byAddDate: SortValue;
  declare byStatus: SortValue;
  declare byName: SortValue;
  declare byCity: SortValue;
  declare byCategory: SortValue;
  declare byBusinessLines: SortValue;
  declare byEstimatedPremium: SortValue;
  declare byIndustry: SortValue;
  declare byNoOfEmployees: SortValue;
  declare byYearsInBusiness: SortValue;
  declare byMarketplaceExpirationDate: SortValue;
  declare byLastModDate: SortValue;
  declare byPhone: SortValue;
  declare byEmail: SortValue;

  /** Made by `of` only (an object literal: see there). */
  private constructor() {}

  /**
   * An entry, made as an object literal with the class's prototype rather than by `new`: V8
   * tracks where a literal is made, and once what a site makes mostly outlives two young
   * collections it makes them in the old generation directly (pretenuring), where a class's
   * instances are always made young, so a first load's million would each be copied by
   * scavenges. Every entry has every field, in this order.
   */
  static of(
    o: Opportunity,
    added: number,
    modified: number,
    until: number,
    addedCell: number,
    modifiedCell: number,
  ): Entry {
    return {
      __proto__: ENTRY,
      o,
      id: o.opportunityId,
      addedMin: minuteOf(added),
      addedMs: msOf(added),
      modifiedMin: minuteOf(modified),
      modifiedMs: msOf(modified),
      untilMin: minuteOf(until),
      untilMs: msOf(until),
      addedCell,
      modifiedCell,
      slotsLow: 0,
      slotsHigh: 0,
      byAddDate: undefined,
      byStatus: undefined,
      byName: undefined,
      byCity: undefined,
      byCategory: undefined,
      byBusinessLines: undefined,
      byEstimatedPremium: undefined,
      byIndustry: undefined,
      byNoOfEmployees: undefined,
      byYearsInBusiness: undefined,
      byMarketplaceExpirationDate: undefined,
      byLastModDate: undefined,
      byPhone: undefined,
      byEmail: undefined,
    } as unknown as Entry;
  }

  /** `addDate` in ms; NaN when it cannot be read (such a referral is in no date window). */
  get added(): number {
    return instantOf(this.addedMin, this.addedMs);
  }

  /** `lastModDate` in ms (NaN when absent). */
  get modified(): number {
    return instantOf(this.modifiedMin, this.modifiedMs);
  }

  /** Until when a dashboard may count it (see RECENT_MS); Infinity while it is claimable. */
  get until(): number {
    return instantOf(this.untilMin, this.untilMs);
  }

  /**
   * Where a walk of the trees by date starts: an entry dated `t` (both dates) before every entry
   * of that date. A real entry, since the comparators read its date parts (a plain object with
   * `added` would compare as before every entry, and a walk from it read the whole tree).
   */
  static probe(t: number): Entry {
    return Entry.of({ opportunityId: -Infinity } as Opportunity, t, t, t, 0, 0);
  }

  /** The order of `added`, then id (an entry without a date ties on it, and goes by id). */
  static compareAdded(this: void, a: Entry, b: Entry): number {
    return compareParts(a.addedMin, a.addedMs, b.addedMin, b.addedMs) || a.id - b.id;
  }

  /** The order of `modified`, then id. */
  static compareModified(this: void, a: Entry, b: Entry): number {
    return compareParts(a.modifiedMin, a.modifiedMs, b.modifiedMin, b.modifiedMs) || a.id - b.id;
  }

  /** The order of `until`, then id. */
  static compareUntil(this: void, a: Entry, b: Entry): number {
    return compareParts(a.untilMin, a.untilMs, b.untilMin, b.untilMs) || a.id - b.id;
  }
}

const ENTRY = Entry.prototype;

/**
 * How long after its last date (added, modified, expiry) a referral can still count on a
 * dashboard: the last 24 clock hours, or today since midnight (25 hours on the day clocks go back),
 * and 3 hours to spare for a clock read earlier by another caller.
 */
export const RECENT_MS = 28 * 3_600_000;

const parseDate = (iso: string | null): number => (iso === null ? NaN : Date.parse(iso));

/** The entry of a record, its cells at `clock`. */
export function entryOf(o: Opportunity, clock: number): Entry {
  const added = Date.parse(o.addDate);
  const last = Math.max(
    ...[added, parseDate(o.lastModDate), parseDate(o.marketplaceExpirationDate)].filter(
      Number.isFinite,
    ),
  );
  const until = o.marketplaceStatus === MarketplaceStatus.Available ? Infinity : last + RECENT_MS;
  const modified = parseDate(o.lastModDate);
  return Entry.of(
    o,
    added,
    modified,
    until,
    cellOf(o, bucketOf(added, clock), clock),
    cellOf(o, bucketOf(modified, clock), clock),
  );
}

/**
 * A set of entries in shards by id (see ShardedSet): an appetite's members at 1,000,000 referrals
 * are some 600,000, and one Set of them would grow by a copy of ~100 ms inside one `add`.
 */
export type EntrySet = ShardedSet<Entry>;
export const entrySet = (): EntrySet => new ShardedSet<Entry>((e) => e.id);

const addedCellOf = (e: Entry): number => e.addedCell;
export const modifiedCellOf = (e: Entry): number => e.modifiedCell;
/** The cell of an entry in a scope's views: its age by the date the scope's lists filter on. */
export const cellIn = (scope: ListScope): ((e: Entry) => number) =>
  scope.dateField === 'lastModDate' ? modifiedCellOf : addedCellOf;

/**
 * A change of one entry as a scope sees it: what it held before and holds after; or an entry
 * that moved to another cell (`moved`) while a view that may hold it was built.
 */
export interface Move {
  readonly prev: Entry | undefined;
  readonly next: Entry | undefined;
  readonly moved?: Entry;
}
