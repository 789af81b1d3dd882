import { useEffect } from 'react';
import type { Access } from '@referrals/shared';
import { everyLocalMidnight, localDay } from '../time/localDay';
import { electLeader } from './leader';
import { alertedKeys } from './localList';
import { playTone } from './tone';
import { useAlertDeps } from './useAlertDeps';
import { watchFollowUps } from './watchFollowUps';
import { showNotification } from './watchNewReferrals';

/**
 * Follow-up due alerts of the signed-in agent who opted in to alerts, while the console is open:
 * as the new-referral alerts, one tab leads and the tabs share what was alerted.
 */
export const useFollowUpAlerts = (access: Access, username: string): void => {
  const { live, read, wanted, open, sound } = useAlertDeps(access);

  useEffect(() => {
    if (!wanted) return;
    return electLeader(`rc.follow-up-alerts.${username}`, () =>
      watchFollowUps({
        live,
        read,
        notify: showNotification,
        open,
        sound,
        playTone,
        today: () => localDay(),
        onNewDay: everyLocalMidnight,
        alerted: alertedKeys('follow-up-alerts', username),
      }),
    );
  }, [wanted, live, read, open, sound, username]);
};
