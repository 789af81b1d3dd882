/** Date texts of the admin screens, computed in an explicit time zone. */

/** Intl puts a narrow no-break space before AM/PM in recent ICU; screens and tests want a space. */
const plainSpaces = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');

const partsOf = (date: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
};

/** Days since 1970-01-01 of the calendar day `date` falls on in `timeZone`. */
export const calendarDay = (date: Date, timeZone: string): number => {
  const { year, month, day } = partsOf(date, timeZone);
  return Date.UTC(year, month - 1, day) / 86_400_000;
};

/** US date with short month, hour and minute, e.g. 'May 1, 2024, 3:05 PM'. */
export const formatUsDateTime = (date: Date, timeZone: string): string =>
  plainSpaces(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(date),
  );

/** Time of day, e.g. '3:05 PM'. */
export const formatUsTime = (date: Date, timeZone: string): string =>
  plainSpaces(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(date),
  );

/** Short US date m/d/yy, e.g. '5/1/24'. */
export const formatShortUsDate = (date: Date, timeZone: string): string => {
  const { year, month, day } = partsOf(date, timeZone);
  return `${month}/${day}/${String(year % 100).padStart(2, '0')}`;
};

/** A date from an ISO text; null for none or an unreadable text. */
export const parseDate = (iso: string | null | undefined): Date | null => {
  if (iso === null || iso === undefined || iso === '') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};
