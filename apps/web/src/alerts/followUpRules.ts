import {
  cityState,
  fullName,
  PROGRESS_STATUS_DISPLAY,
  type Opportunity,
  type Pipeline,
} from '@referrals/shared';
import type { AlertText } from './alertRules';

/** A follow-up of a bought referral, with who it is about. */
export interface FollowUp {
  readonly referralId: number;
  /** The due day (YYYY-MM-DD). */
  readonly followUpOn: string;
  readonly status: Pipeline['status'];
  /** The prospect's name, else their city, as the notification names them. */
  readonly who: string;
  readonly place: string;
}

/** Who a follow-up is about: the name, else the city and state, else the referral's number. */
export const followUpOf = (
  p: Pick<Pipeline, 'referralId' | 'followUpOn' | 'status'> & { readonly followUpOn: string },
  o: Pick<Opportunity, 'firstName' | 'lastName' | 'city' | 'state'> | null,
): FollowUp => {
  const place = o ? cityState(o) : '';
  return {
    referralId: p.referralId,
    followUpOn: p.followUpOn,
    status: p.status,
    who: (o && fullName(o)) || place || `Referral ${p.referralId}`,
    place,
  };
};

/** Whether a follow-up day has come: it is today or past (days compare as text, YYYY-MM-DD). */
export const isDue = (followUpOn: string | null, today: string): followUpOn is string =>
  followUpOn !== null && followUpOn <= today;

/** One alert per referral per due day: a follow-up moved to another day alerts again then. */
export const followUpKey = (f: Pick<FollowUp, 'referralId' | 'followUpOn'>): string =>
  `${f.referralId}@${f.followUpOn}`;

/** 'Follow-up due: Ophelia Marchbanks (Quote Sent)' / 'Kerrville, TX · due 2026-11-23'. */
export const followUpText = (f: FollowUp): AlertText => ({
  title: `Follow-up due: ${f.who} (${PROGRESS_STATUS_DISPLAY[f.status].label})`,
  body: [f.place, `due ${f.followUpOn}`].filter(Boolean).join(' · '),
  tag: `follow-up-${followUpKey(f)}`,
});
