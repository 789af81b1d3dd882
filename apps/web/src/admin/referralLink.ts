import { ROUTES } from '@referrals/shared';
import { OPEN_REFERRAL_PARAM } from '../referrals/openReferralParam';

/** Where a referral opens: the referral list with its details panel open (`?referral=1878`). */
export const referralHref = (id: number | string): string =>
  `/${ROUTES.allReferrals}?${OPEN_REFERRAL_PARAM}=${encodeURIComponent(String(id))}`;
