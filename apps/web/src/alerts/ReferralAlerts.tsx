import type { Access } from '@referrals/shared';
import { useFollowUpAlerts } from './useFollowUpAlerts';
import { useReferralAlerts } from './useReferralAlerts';

/** Runs the signed-in agent's new-referral and follow-up due alerts; renders nothing. */
export const ReferralAlerts = ({
  access,
  username,
}: {
  readonly access: Access;
  readonly username: string;
}) => {
  useReferralAlerts(access, username);
  useFollowUpAlerts(access, username);
  return null;
};
