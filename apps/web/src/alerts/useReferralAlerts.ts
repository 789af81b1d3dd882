import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGING, ROUTES, type Access, type ListReferral } from '@referrals/shared';
import { useServices } from '../app/services';
import { usePreferences } from '../preferences/usePreferences';
import { OPEN_REFERRAL_PARAM } from '../referrals/openReferralParam';
import { alertsWanted } from './alertRules';
import { electLeader } from './leader';
import { notificationPermission } from './permission';
import { playTone } from './tone';
import type { FetchedPage } from '../live/useReferralPage';
import { listRequestParams, type ListState } from '../referrals/listState';
import { localAlertedStore, showNotification, watchNewReferrals } from './watchNewReferrals';

/** The first page of the user's appetite list in every state, newest first. */
const NEWEST: ListState = {
  view: 'inAppetite',
  showClaimed: false,
  dateFilter: '24hours',
  stateCode: null,
  sort: null,
  page: 0,
  size: PAGING.availablePageSize,
};

/**
 * New-referral alerts of the signed-in agent, while the console is open: one tab of the browser
 * (the leader) watches and notifies; the others wait to take over if it closes.
 */
export const useReferralAlerts = (access: Access, username: string): void => {
  const { live, api } = useServices();
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
        newest: () =>
          api
            .get<FetchedPage<ListReferral>>('/api/referrals', listRequestParams(NEWEST, true))
            .then((page) => page.content),
        alerted: localAlertedStore(username),
      }),
    );
  }, [wanted, live, api, navigate, username]);
};
