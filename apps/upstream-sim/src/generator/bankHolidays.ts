import type { BankHoliday } from '@referrals/shared';

/** The nth weekday (0 Sunday .. 6 Saturday) of a month; n = -1 means the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return new Date(Date.UTC(year, month, 1 + offset + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return new Date(Date.UTC(year, month, last.getUTCDate() - back));
}

/** A fixed-date holiday that falls on a Sunday is observed on the Monday, as the Federal Reserve does. */
function observed(year: number, month: number, day: number): Date {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCDay() === 0 ? new Date(Date.UTC(year, month, day + 1)) : date;
}

/**
 * The Federal Reserve bank holidays of a year, in date order. The spec leaves the bank-holidays
 * parameter unexplained; the form loads "bank holidays for the current year", so it is the year.
 */
export function bankHolidays(year: number): BankHoliday[] {
  const days: [string, string, Date][] = [
    ["New Year's Day", 'new-years-day', observed(year, 0, 1)],
    ['Birthday of Martin Luther King, Jr.', 'mlk-day', nthWeekday(year, 0, 1, 3)],
    ["Washington's Birthday", 'presidents-day', nthWeekday(year, 1, 1, 3)],
    ['Memorial Day', 'memorial-day', nthWeekday(year, 4, 1, -1)],
    ['Juneteenth National Independence Day', 'juneteenth', observed(year, 5, 19)],
    ['Independence Day', 'independence-day', observed(year, 6, 4)],
    ['Labor Day', 'labor-day', nthWeekday(year, 8, 1, 1)],
    ['Columbus Day', 'columbus-day', nthWeekday(year, 9, 1, 2)],
    ['Veterans Day', 'veterans-day', observed(year, 10, 11)],
    ['Thanksgiving Day', 'thanksgiving-day', nthWeekday(year, 10, 4, 4)],
    ['Christmas Day', 'christmas-day', observed(year, 11, 25)],
  ];
  return (
    days
      // Juneteenth became a federal holiday in 2021.
      .filter(([, key]) => key !== 'juneteenth' || year >= 2021)
      .map(([description, key, date]) => ({
        description,
        date: date.toISOString().slice(0, 10),
        propertiesKey: `bank.holiday.${key}`,
      }))
  );
}
