/**
 * An appetite in words, for the agency's read-only appetite screen, and a pause window's words
 * for that screen and the admins' Marketplaces list.
 */
import { businessLineName } from '../domain/businessLines.js';
import { TIMEZONES, WEEK_DAYS } from '../domain/marketplace.js';
import type { RiskAppetite } from '../schemas/marketplace.js';
import { formatUsDateTime } from './dates.js';
import type { PauseWindow } from './selfServe.js';

/** One line of the summary: a label and its value in words. */
export interface AppetiteLine {
  readonly label: string;
  readonly value: string;
}

const limit = (n: number | null): string => (n === null ? 'No limit' : String(n));
const hhmm = (t: string | null): string => (t ? t.slice(0, 5) : '–');

/** The appetite as the screen shows it, line by line. */
export function appetiteSummary(ra: RiskAppetite): AppetiteLine[] {
  const categories = [
    ra.acceptCommercialLines ? 'Commercial' : null,
    ra.acceptPersonalLines ? 'Personal' : null,
    ra.acceptLifeAnnuitiesLines ? 'Life & Annuities' : null,
  ].filter((c): c is string => c !== null);
  const required = ra.riskAppetiteBusinessLines.filter((l) => !l.excluded);
  const excluded = ra.riskAppetiteBusinessLines.filter((l) => l.excluded);
  const names = (ls: typeof required) => ls.map((l) => businessLineName(l.businessLineCode));
  const days = WEEK_DAYS.filter((d) => ra[d.field]).map((d) => d.key.slice(0, 3));
  const zone =
    TIMEZONES.find((t) => t.zone === ra.referralDeliveryTimezone)?.label ??
    ra.referralDeliveryTimezone ??
    '';
  return [
    {
      label: 'States',
      value: ra.stateCodes.length ? [...ra.stateCodes].sort().join(', ') : 'None',
    },
    { label: 'Categories', value: categories.length ? categories.join(', ') : 'None' },
    { label: 'Required lines', value: required.length ? names(required).join(', ') : 'None' },
    { label: 'Excluded lines', value: excluded.length ? names(excluded).join(', ') : 'None' },
    {
      label: 'Limits',
      value: `${limit(ra.maxReferralsPerHour)} an hour · ${limit(ra.maxReferralsPerDay)} a day · ${limit(ra.maxReferralsPerWeek)} a week · ${limit(ra.maxReferralsPerMonth)} a month`,
    },
    {
      label: 'Delivery days',
      value:
        (days.length ? days.join(', ') : 'None') +
        (ra.acceptReferralsOnBankHolidays ? ', bank holidays' : ''),
    },
    {
      label: 'Delivery times',
      value:
        `${hhmm(ra.referralDeliveryStartTime)}–${hhmm(ra.referralDeliveryEndTime)} ${zone}`.trim(),
    },
  ];
}

/**
 * A pause window in words at an instant: 'Paused until …' while it runs, 'Pause from … to …'
 * before; null when there is none or it is over.
 */
export function pauseText(
  pause: PauseWindow | null,
  nowMs: number,
  timeZone: string,
): string | null {
  if (!pause) return null;
  const from = new Date(pause.from);
  const until = new Date(pause.until);
  if (until.getTime() <= nowMs) return null;
  if (pause.active || from.getTime() <= nowMs)
    return `Paused until ${formatUsDateTime(until, timeZone)}`;
  return `Pause from ${formatUsDateTime(from, timeZone)} to ${formatUsDateTime(until, timeZone)}`;
}
