/**
 * Minute dates: an instant (ms) kept as two small integers, whole minutes since the epoch and the
 * ms within the minute. V8 keeps a number that is not a small integer in an object's field as an
 * object of its own (a boxed double); a list index entry has three dates, so as plain numbers
 * 1,000,000 referrals would be 3,000,000 more objects for each full collection to mark.
 *
 * Invariant: both parts fit a small integer even where V8 has 31-bit ones, and `instantOf` gives
 * the instant back exactly for dates up to about the year 4000. NaN (no date) and ±Infinity have
 * minute counts of their own; a date further than the largest count (about ±2,000 years from
 * 1970) reads as ±Infinity: no referral is that far out.
 */

const MINUTE_MS = 60_000;
/** The largest small integer on every V8 (2^30 - 1). */
const SMALL = 0x3fffffff;
const NO_DATE = -SMALL - 1;
const FUTURE = SMALL;
const PAST = -SMALL;

/** The minute part of an instant. */
export function minuteOf(t: number): number {
  if (Number.isNaN(t)) return NO_DATE;
  const m = Math.floor(t / MINUTE_MS);
  return m >= FUTURE ? FUTURE : m <= PAST ? PAST : m;
}

/** The ms part of an instant (0 for NaN and the far ones). */
export function msOf(t: number): number {
  const m = minuteOf(t);
  return m === NO_DATE || m === FUTURE || m === PAST ? 0 : t - m * MINUTE_MS;
}

/** The instant again from its two parts. */
export function instantOf(minute: number, ms: number): number {
  if (minute === NO_DATE) return NaN;
  if (minute === FUTURE) return Infinity;
  if (minute === PAST) return -Infinity;
  return minute * MINUTE_MS + ms;
}

/**
 * How two instants given by their parts compare, with the sign `a - b` has: without building
 * either instant, which is a boxed double each time (a tree's comparator runs ~20 times a change,
 * so the instants would be a large share of what a first load allocates on the event loop). 0
 * when either has no date, as `NaN - x` reads as a tie in `a - b || ...`.
 */
export function compareParts(aMin: number, aMs: number, bMin: number, bMs: number): number {
  if (aMin === NO_DATE || bMin === NO_DATE) return 0;
  return aMin - bMin || aMs - bMs;
}
