/**
 * What an agency may change of its own marketplace (issue 49, item 3): a pause, now or over a
 * date range, and its daily and weekly caps within the bounds an administrator set. The rules
 * are checked by the relay and shown by the screen, from this one place.
 */
import * as yup from 'yup';
import type { RiskAppetite } from '../schemas/marketplace.js';

/** The largest cap anyone may set by themselves, bound or none. */
export const SELF_CAP_MAX = 100_000;
/** The longest pause an agency may set by itself, in days. */
export const PAUSE_MAX_DAYS = 90;
/** How far in the past a pause may start (a clock a little behind is not refused). */
const PAUSE_START_SLACK_MS = 5 * 60_000;

/** The bounds an administrator set on an agency's own caps (null: the agency may not set it). */
export interface SelfServeBounds {
  readonly maxPerDay: number | null;
  readonly maxPerWeek: number | null;
}

/**
 * A pause of a marketplace: from and until (ISO instants). `active` once the relay switched the
 * marketplace off for it; it is switched back on at `until` when it was on at `from`.
 */
export interface PauseWindow {
  readonly from: string;
  readonly until: string;
  readonly active: boolean;
}

/** What the relay keeps of a marketplace beside the upstream's record. */
export interface SelfServeSettings {
  readonly marketplaceId: number;
  readonly bounds: SelfServeBounds;
  readonly pause: PauseWindow | null;
  /** Who changed them last, and when (null: never changed). */
  readonly updatedBy: string | null;
  readonly updatedAt: string | null;
}

/** The settings of a marketplace nobody has changed. */
export const defaultSelfServe = (marketplaceId: number): SelfServeSettings => ({
  marketplaceId,
  bounds: { maxPerDay: null, maxPerWeek: null },
  pause: null,
  updatedBy: null,
  updatedAt: null,
});

const cap = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be a whole number`)
    .integer(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(SELF_CAP_MAX, `${label} must be at most ${SELF_CAP_MAX}`);

const instant = (label: string) =>
  yup
    .string()
    .required(`${label} is required`)
    .test('instant', `${label} must be a date and time`, (v) => !Number.isNaN(Date.parse(v)));

/** The body of an agency's change: caps and/or a pause (null: end or cancel the pause). */
/** Strict: a field besides these is refused, not dropped, so nothing else can be changed here. */
export const selfServeChangeSchema = yup
  .object({
    version: yup.string().required('version is required'),
    caps: yup
      .object({
        maxPerDay: cap('The daily cap').required('The daily cap is required'),
        maxPerWeek: cap('The weekly cap').required('The weekly cap is required'),
      })
      .optional()
      .default(undefined),
    pause: yup
      .object({ from: instant('The pause start'), until: instant('The pause end') })
      .nullable()
      .optional()
      .default(undefined),
  })
  .noUnknown('only caps and a pause may be changed here')
  .strict();
export type SelfServeChange = yup.InferType<typeof selfServeChangeSchema>;

/** The body of an administrator's bounds (null: the agency may not set that cap). */
export const selfServeBoundsSchema = yup
  .object({
    maxPerDay: cap('The daily bound').nullable().defined(),
    maxPerWeek: cap('The weekly bound').nullable().defined(),
  })
  .noUnknown('only the daily and weekly bounds may be set here')
  .strict();

/**
 * Why an agency's caps are refused, in the screen's words (none: allowed): each within the bound
 * an administrator set, and the daily cap not above the weekly one.
 */
export function capProblems(
  caps: { readonly maxPerDay: number; readonly maxPerWeek: number },
  bounds: SelfServeBounds,
): string[] {
  const out: string[] = [];
  if (bounds.maxPerDay === null)
    out.push('An administrator has not allowed you to set the daily cap.');
  else if (caps.maxPerDay > bounds.maxPerDay)
    out.push(`The daily cap may be at most ${bounds.maxPerDay}, the bound an administrator set.`);
  if (bounds.maxPerWeek === null)
    out.push('An administrator has not allowed you to set the weekly cap.');
  else if (caps.maxPerWeek > bounds.maxPerWeek)
    out.push(`The weekly cap may be at most ${bounds.maxPerWeek}, the bound an administrator set.`);
  if (caps.maxPerDay > caps.maxPerWeek) out.push('The daily cap may not be above the weekly cap.');
  return out;
}

/** Why a pause is refused (none: allowed): it ends after it starts, later than now, within 90 days. */
export function pauseProblems(
  pause: { readonly from: string; readonly until: string },
  nowMs: number,
): string[] {
  const from = Date.parse(pause.from);
  const until = Date.parse(pause.until);
  if (Number.isNaN(from) || Number.isNaN(until)) return ['The pause needs a start and an end.'];
  const out: string[] = [];
  if (until <= from) out.push('The pause must end after it starts.');
  else if (until <= nowMs) out.push('The pause must end in the future.');
  if (from < nowMs - PAUSE_START_SLACK_MS) out.push('The pause may not start in the past.');
  if (until - from > PAUSE_MAX_DAYS * 86_400_000)
    out.push(`A pause may last at most ${PAUSE_MAX_DAYS} days.`);
  return out;
}

/** Whether a marketplace is paused at an instant by its window. */
export const pausedAt = (pause: PauseWindow | null, nowMs: number): boolean =>
  pause !== null && Date.parse(pause.from) <= nowMs && nowMs < Date.parse(pause.until);

/** The cap alert thresholds, in percent of a day's cap. */
export const CAP_ALERT_LEVELS = [50, 80, 100] as const;
export type CapAlertLevel = (typeof CAP_ALERT_LEVELS)[number];

/** The highest alert level today's deliveries reached against the daily cap (null: none). */
export function capAlertLevel(
  deliveredToday: number | null,
  appetite: Pick<RiskAppetite, 'maxReferralsPerDay'>,
): CapAlertLevel | null {
  const capOfDay = appetite.maxReferralsPerDay;
  if (deliveredToday === null || capOfDay === null || capOfDay <= 0) return null;
  const percent = (deliveredToday / capOfDay) * 100;
  let reached: CapAlertLevel | null = null;
  for (const level of CAP_ALERT_LEVELS) if (percent >= level) reached = level;
  return reached;
}

/** The words of a cap alert. */
export const capAlertText = (level: CapAlertLevel, delivered: number, capOfDay: number): string =>
  level === 100
    ? `Today's cap is reached: ${delivered} of ${capOfDay} referrals delivered. No more arrive today.`
    : `${level}% of today's cap: ${delivered} of ${capOfDay} referrals delivered.`;

/** An agency setting whose change is announced to the agency's screens. */
export const AGENCY_SETTINGS = ['selfServe', 'contactTarget'] as const;
export type AgencySetting = (typeof AGENCY_SETTINGS)[number];

/**
 * The notice that an agency's settings changed (its marketplace's pause or cap bounds, its
 * contact target): its screens read the settings again through REST. It carries no values, so a
 * notice never holds more than its room may see.
 */
export interface AgencySettingsNotice {
  readonly agencyId: number;
  /** The marketplace whose settings changed (null: a setting of the agency itself). */
  readonly marketplaceId: number | null;
  readonly setting: AgencySetting;
  /** ISO 8601. */
  readonly at: string;
}

/**
 * What an agency's appetite screen shows: its marketplace's appetite as it stands (no delivery
 * credentials, no prices), the relay's settings beside it, today's deliveries, and whether the
 * caller may change what the agency may change.
 */
export interface MyMarketplace {
  readonly id: number;
  readonly marketplaceName: string;
  readonly enabled: boolean;
  /** The version a change names (the marketplace's, as the admin form's save). */
  readonly version: string;
  readonly riskAppetite: RiskAppetite;
  readonly selfServe: SelfServeSettings;
  /** Referrals delivered today (null: no statistics yet). */
  readonly deliveredToday: number | null;
  /** Whether the caller may pause and set the caps (the agency's admin). */
  readonly canChange: boolean;
}
