import {
  CONTACT_ATTEMPTS,
  PROGRESS_STATUS_DISPLAY,
  RETURN_WINDOW_DAYS,
  returnTimeLeft,
  type TimelineEntry,
} from '@referrals/shared';

/** What one timeline entry says, in a line: 'Progress: Open → In Progress', 'Call, no answer'. */
export const timelineEntryText = (e: TimelineEntry): string =>
  e.kind === 'status'
    ? `Progress: ${PROGRESS_STATUS_DISPLAY[e.from].label} → ${PROGRESS_STATUS_DISPLAY[e.to].label}`
    : e.kind === 'contact'
      ? `Contact attempt: ${CONTACT_ATTEMPTS[e.contact]}`
      : e.text;

/** Who and when of an entry: 'producer · 12/3/2026, 10:04:00 AM'. */
export const timelineEntryByline = (e: TimelineEntry): string =>
  `${e.by} · ${new Date(e.at).toLocaleString()}`;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * What the return window's countdown says at `now`: the time left (days and hours, or hours and
 * minutes on the last day) and when it ends, or that it closed.
 */
export const returnCountdownText = (endsAt: Date, now: Date): string => {
  const left = returnTimeLeft(endsAt, now);
  const end = endsAt.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  if (left === null)
    return `The return window closed on ${end} (${RETURN_WINDOW_DAYS} days after the purchase).`;
  const amount =
    left.days > 0
      ? `${plural(left.days, 'day')} ${plural(left.hours, 'hour')}`
      : left.hours > 0
        ? `${plural(left.hours, 'hour')} ${plural(left.minutes, 'minute')}`
        : plural(left.minutes, 'minute');
  return `${amount} left to request a return (until ${end}).`;
};
