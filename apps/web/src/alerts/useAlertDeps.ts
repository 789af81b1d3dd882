import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES, type Access } from '@referrals/shared';
import { useApiRead } from '../api/useApiRead';
import { useServices } from '../app/services';
import { usePreferences } from '../preferences/usePreferences';
import { OPEN_REFERRAL_PARAM } from '../referrals/openReferralParam';
import { alertsWanted } from './alertRules';
import { notificationPermission } from './permission';

/**
 * What every alert watcher of the console shares: the live client, relay reads through the query
 * cache, whether alerts run (an agent who opted in, with permission to notify), the sound setting
 * read at each alert, and how a click opens a referral's details.
 */
export const useAlertDeps = (access: Access) => {
  const { live } = useServices();
  const read = useApiRead();
  const { preferences } = usePreferences();
  const navigate = useNavigate();
  const soundOn = useRef(preferences.alerts.sound);
  useEffect(() => {
    soundOn.current = preferences.alerts.sound;
  }, [preferences.alerts.sound]);
  const wanted = alertsWanted(access, preferences) && notificationPermission() === 'granted';
  const open = useCallback(
    (id: number) => void navigate(`/${ROUTES.allReferrals}?${OPEN_REFERRAL_PARAM}=${id}`),
    [navigate],
  );
  const sound = useCallback(() => soundOn.current, []);
  return { live, read, wanted, open, sound };
};
