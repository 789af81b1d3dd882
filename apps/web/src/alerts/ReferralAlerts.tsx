import type { Access } from '@referrals/shared';
import { useContactAlerts } from '../contact/useContactAlerts';
import { useCapAlerts } from './useCapAlerts';
import { useFollowUpAlerts } from './useFollowUpAlerts';
import { useReferralAlerts } from './useReferralAlerts';

/**
 * Runs the signed-in agent's new-referral, follow-up due, contact-clock and cap alerts; renders
 * nothing.
 */
export const ReferralAlerts = ({
  access,
  username,
}: {
  readonly access: Access;
  readonly username: string;
}) => {
  useReferralAlerts(access, username);
  useFollowUpAlerts(access, username);
  useCapAlerts(access, username);
  useContactAlerts(access, username);
  return null;
};
