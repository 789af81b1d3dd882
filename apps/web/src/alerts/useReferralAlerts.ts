import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES, type Access } from '@referrals/shared';
import { useServices } from '../app/services';
import { usePreferences } from '../preferences/usePreferences';
import { OPEN_REFERRAL_PARAM } from '../referrals/openReferralParam';
import { alertsWanted } from './alertRules';
import { electLeader } from './leader';
import { notificationPermission } from './permission';
import { playTone } from './tone';
import { showNotification, watchNewReferrals } from './watchNewReferrals';

/**
 * New-referral alerts of the signed-in agent, while the console is open: one tab of the browser
 * (the leader) watches and notifies; the others wait to take over if it closes.
 */
export const useReferralAlerts = (access: Access, username: string): void => {
  const { live } = useServices();
  const { preferences } = usePreferences();
  const navigate = useNavigate();
  const sound = useRef(preferences.alerts.sound);
  sound.current = preferences.alerts.sound;
  const wanted = alertsWanted(access, preferences) && notificationPermission() === 'granted';

  useEffect(() => {
    if (!wanted) return;
    return electLeader(`rc.referral-alerts.${username}`, () =>
      watchNewReferrals({
        live,
        notify: showNotification,
        open: (id) => void navigate(`/${ROUTES.allReferrals}?${OPEN_REFERRAL_PARAM}=${id}`),
        sound: () => sound.current,
        playTone,
        now: Date.now,
      }),
    );
  }, [wanted, live, navigate, username]);
};
