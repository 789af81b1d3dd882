/**
 * Calendar helpers in an explicit time zone. Rules never read the clock or the host zone: the
 * relay and the browser must agree on what "today" is, so the caller names the zone.
 */

/**
 * The zone used when a caller has none. The product serves US agents only and the opportunity
 * service keeps US Eastern business days, so Eastern is the least surprising calendar. The web
 * passes the viewer's own zone (Intl.DateTimeFormat().resolvedOptions().timeZone).
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** A date-time as the service sends it (ISO-8601), a Date, or epoch milliseconds. */
export type DateInput = string | Date | number;

/** Epoch milliseconds of a date input; NaN when it cannot be read. */
export const toEpochMs = (value: DateInput): number =>
  typeof value === 'number'
    ? value
    : typeof value === 'string'
      ? Date.parse(value)
      : value.getTime();

interface CalendarParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The wall-clock calendar parts of an instant in a zone. */
export const calendarParts = (epochMs: number, timeZone: string): CalendarParts => {
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Short date 'M/D/YY', as the older console's shortDate pipe printed it. */
export const formatShortDate = (epochMs: number, timeZone: string): string => {
  const p = calendarParts(epochMs, timeZone);
  return `${p.month}/${p.day}/${pad2(p.year % 100)}`;
};

/** Short time 'h:mm AM', as the older console's shortTime pipe printed it. */
export const formatShortTime = (epochMs: number, timeZone: string): string => {
  const p = calendarParts(epochMs, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${pad2(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
};

const DAY_MS = 86_400_000;
const dayNumber = (epochMs: number, timeZone: string): number => {
  const p = calendarParts(epochMs, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
};

/** Whole calendar days from `then` to `now` in the zone (0 on the same day). */
export const calendarDaysBetween = (thenMs: number, nowMs: number, timeZone: string): number =>
  dayNumber(nowMs, timeZone) - dayNumber(thenMs, timeZone);

/** True when both instants fall on the same calendar day in the zone. */
export const isSameCalendarDay = (aMs: number, bMs: number, timeZone: string): boolean =>
  calendarDaysBetween(aMs, bMs, timeZone) === 0;
