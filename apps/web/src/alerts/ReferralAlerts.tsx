import type { Access } from '@referrals/shared';
import { useReferralAlerts } from './useReferralAlerts';

/** Runs the signed-in agent's new-referral alerts; renders nothing. */
export const ReferralAlerts = ({
  access,
  username,
}: {
  readonly access: Access;
  readonly username: string;
}) => {
  useReferralAlerts(access, username);
  return null;
};
