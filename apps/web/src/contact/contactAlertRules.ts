import { clockSpanText, readClock, type ContactClock } from '@referrals/shared';
import type { AlertText } from '../alerts/alertRules';

/** Who hears of a clock: its claimer at half the target, the agency's admin once it passed. */
export interface ClockViewer {
  readonly username: string;
  readonly isAgencyAdmin: boolean;
}

/** One alert of a clock; `key` names it once per claim, so it is given once. */
export interface ClockAlert {
  readonly key: string;
  readonly referralId: number;
  readonly text: AlertText;
}

/**
 * How long after a target passed its admin is still alerted. A console opened later shows the
 * clocks it missed in red on Acquired Referrals, but does not push a notice for each (a morning's
 * first sign-in after a night of purchases bought upstream, which no one claimed here).
 */
export const LATE_ALERT_WINDOW_MS = 60 * 60_000;

/**
 * The alerts a clock calls for at `now`: to the agent who claimed it, once half the target has
 * passed without a contact; to the agency's admin, once the target itself has passed (within
 * `LATE_ALERT_WINDOW_MS` of it).
 */
export const clockAlertsOf = (
  clock: ContactClock,
  targetMinutes: number,
  viewer: ClockViewer,
  now: Date,
): ClockAlert[] => {
  const r = readClock(clock, targetMinutes, now);
  const id = clock.referralId;
  const out: ClockAlert[] = [];
  if (r.phase === 'running' && r.halfPassed && clock.claimedBy === viewer.username) {
    out.push({
      key: `half:${id}:${clock.claimedAt}`,
      referralId: id,
      text: {
        title: `Contact referral #${id}: ${clockSpanText(r.remainingMs)} left`,
        body: `Half of your agency's ${targetMinutes}-minute contact target has passed since you claimed it.`,
        tag: `contact-half-${id}`,
      },
    });
  }
  const lateForMs = -r.remainingMs;
  if (r.phase === 'late' && viewer.isAgencyAdmin && lateForMs <= LATE_ALERT_WINDOW_MS) {
    const who = clock.claimedBy ? ` (claimed by ${clock.claimedBy})` : '';
    out.push({
      key: `late:${id}:${clock.claimedAt}`,
      referralId: id,
      text: {
        title: `Referral #${id} is past the contact target`,
        body: `Nobody has contacted it within ${targetMinutes} minutes of the claim${who}.`,
        tag: `contact-late-${id}`,
      },
    });
  }
  return out;
};
