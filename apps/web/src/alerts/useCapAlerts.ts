import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES, type Access } from '@referrals/shared';
import { localDay } from '../time/localDay';
import { electLeader } from './leader';
import { alertedKeys } from './localList';
import { playTone } from './tone';
import { useAlertDeps } from './useAlertDeps';
import { watchCapAlerts } from './watchCapAlerts';
import { showNotification } from './watchNewReferrals';

/**
 * Cap alerts of the signed-in agent who opted in to alerts, while the console is open: as the
 * other alerts, one tab leads and the tabs share what was alerted.
 */
export const useCapAlerts = (access: Access, username: string): void => {
  const { live, read, wanted, sound } = useAlertDeps(access);
  const navigate = useNavigate();
  const openAppetite = useCallback(() => void navigate(`/${ROUTES.appetite}`), [navigate]);

  useEffect(() => {
    if (!wanted) return;
    return electLeader(`rc.cap-alerts.${username}`, () =>
      watchCapAlerts({
        live,
        read,
        notify: showNotification,
        openAppetite,
        sound,
        playTone,
        today: () => localDay(),
        alerted: alertedKeys('cap-alerts', username),
      }),
    );
  }, [wanted, live, read, openAppetite, sound, username]);
};
