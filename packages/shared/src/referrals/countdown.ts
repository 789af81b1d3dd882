import { MarketplaceStatus } from '../domain/opportunity.js';
import { TIMING } from './constants.js';
import { plural } from './ageText.js';
import { ColourToken, IconKey } from './status.js';
import { toEpochMs } from './time.js';

/** Colour token of the Limited Time cell. */
export const CountdownColour = { Critical: ColourToken.Red, Normal: ColourToken.Grey } as const;
export type CountdownColour = (typeof CountdownColour)[keyof typeof CountdownColour];

/** The Limited Time cell: an hourglass with 'N minute(s) left'. */
export interface Countdown {
  readonly icon: typeof IconKey.Hourglass;
  readonly minutes: number;
  readonly text: string;
  readonly colour: CountdownColour;
}

/**
 * The countdown of an Available referral with an expiration date, or null. Minutes round up and
 * never drop below 1, so an expired-but-not-yet-updated row still reads '1 minute left'.
 */
export const countdown = (
  o: { readonly marketplaceStatus: string; readonly marketplaceExpirationDate: string | null },
  now: Date,
): Countdown | null => {
  if (o.marketplaceStatus !== MarketplaceStatus.Available || !o.marketplaceExpirationDate) {
    return null;
  }
  const expires = toEpochMs(o.marketplaceExpirationDate);
  if (Number.isNaN(expires)) return null;
  const minutes = Math.max(
    TIMING.countdownMinimumMinutes,
    Math.ceil((expires - now.getTime()) / 60_000),
  );
  return {
    icon: IconKey.Hourglass,
    minutes,
    text: `${plural(minutes, 'minute')} left`,
    colour:
      minutes <= TIMING.countdownCriticalMinutes
        ? CountdownColour.Critical
        : CountdownColour.Normal,
  };
};
