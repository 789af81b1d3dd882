import type { DeliveryStat } from '../schemas/admin.js';
import { calendarDay, formatShortUsDate, formatUsTime, parseDate } from './dates.js';
import { CellColour } from './listCells.js';

/** The states of the Last Delivered column. */
export const LastDeliveredStatus = {
  Today: 'today',
  Yesterday: 'yesterday',
  Recent: 'recent',
  Error: 'error',
  OverAMonth: 'overAMonth',
} as const;
export type LastDeliveredStatus = (typeof LastDeliveredStatus)[keyof typeof LastDeliveredStatus];

/** One Last Delivered cell: dot colour, text, and the time shown beside 'Today'. */
export interface LastDeliveredCell {
  readonly status: LastDeliveredStatus;
  readonly colour: CellColour;
  readonly text: string;
  readonly time: string | null;
}

/** Deliveries older than this many calendar days read '> 1 Month'. */
export const LAST_DELIVERED_MONTH_DAYS = 30;

/**
 * Last Delivered column, with `now` and the viewer's time zone given. A failed last delivery
 * (success false) is red 'Delivery Error' whatever the date; no date (or no stat) is grey
 * '> 1 Month'; the same calendar day is green 'Today' with the time; the day before is yellow
 * 'Yesterday'; up to 30 days back is orange m/d/yy. Beyond 30 days the spec is silent: it is grey
 * '> 1 Month', as for no date. A date after `now` (clock skew) counts as today.
 */
export const lastDeliveredCell = (
  stat: Pick<DeliveryStat, 'lastReferralDeliverySuccess' | 'lastReferralDeliveryDate'> | undefined,
  now: Date,
  timeZone: string,
): LastDeliveredCell => {
  if (stat?.lastReferralDeliverySuccess === false) {
    return { status: 'error', colour: CellColour.Red, text: 'Delivery Error', time: null };
  }
  const date = parseDate(stat?.lastReferralDeliveryDate);
  const overAMonth = {
    status: LastDeliveredStatus.OverAMonth,
    colour: CellColour.Grey,
    text: '> 1 Month',
    time: null,
  };
  if (date === null) return overAMonth;
  const days = calendarDay(now, timeZone) - calendarDay(date, timeZone);
  if (days <= 0) {
    return {
      status: 'today',
      colour: CellColour.Green,
      text: 'Today',
      time: formatUsTime(date, timeZone),
    };
  }
  if (days === 1)
    return { status: 'yesterday', colour: CellColour.Yellow, text: 'Yesterday', time: null };
  if (days > LAST_DELIVERED_MONTH_DAYS) return overAMonth;
  return {
    status: LastDeliveredStatus.Recent,
    colour: CellColour.Orange,
    text: formatShortUsDate(date, timeZone),
    time: null,
  };
};
