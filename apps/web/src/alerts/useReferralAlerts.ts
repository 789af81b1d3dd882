import { useEffect } from 'react';
import { PAGING, type Access } from '@referrals/shared';
import { electLeader } from './leader';
import { playTone } from './tone';
import { listRequestParams, type ListState } from '../referrals/listState';
import { useAlertDeps } from './useAlertDeps';
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
  const { live, read, wanted, open, sound } = useAlertDeps(access);

  useEffect(() => {
    if (!wanted) return;
    return electLeader(`rc.referral-alerts.${username}`, () =>
      watchNewReferrals({
        live,
        notify: showNotification,
        open,
        sound,
        playTone,
        now: Date.now,
        // Not kept once read: the In-Appetite list would show this page at once as its own.
        newest: () =>
          read('/api/referrals', {
            params: listRequestParams(NEWEST, true),
            gcTime: 0,
          }).then((page) => page.content),
        alerted: localAlertedStore(username),
      }),
    );
  }, [wanted, live, read, open, sound, username]);
};
