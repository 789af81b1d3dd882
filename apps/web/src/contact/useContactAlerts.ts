import { useEffect, useRef } from 'react';
import { errorToast, type Access } from '@referrals/shared';
import { isAgent } from '../alerts/alertRules';
import { alertedKeys } from '../alerts/localList';
import { useAlertDeps } from '../alerts/useAlertDeps';
import { showNotification } from '../alerts/watchNewReferrals';
import { useToast } from '../toasts/useToast';
import { watchContactClocks } from './watchContactClocks';

/**
 * The contact-clock alerts of a signed-in agent while the console is open: the claimer's at half
 * the target, the agency admin's past it. Each tab shows its own console notice, for every agent
 * (speed to contact is the agency's rule, not a preference); a browser notification is given once
 * per browser, for an agent who opted in to alerts, where the browser allows one.
 */
export const useContactAlerts = (access: Access, username: string): void => {
  const { live, read, wanted, open } = useAlertDeps(access);
  const toast = useToast();
  // Read at each alert, so a change of the preferences does not restart the watch.
  const notifying = useRef(wanted);
  useEffect(() => {
    notifying.current = wanted;
  }, [wanted]);
  const agent = isAgent(access);
  const { isAgencyAdmin } = access;
  useEffect(() => {
    if (!agent) return undefined;
    return watchContactClocks({
      live,
      read,
      viewer: { username, isAgencyAdmin },
      notice: (text) => toast(errorToast(`${text.title}. ${text.body}`)),
      notify: (text, onClick) => {
        if (notifying.current) showNotification(text, onClick);
      },
      open,
      now: () => new Date(),
      everySecond: (run) => {
        const id = setInterval(run, 1000);
        return () => clearInterval(id);
      },
      alerted: alertedKeys('contact-alerts', username),
    });
  }, [agent, isAgencyAdmin, live, read, open, toast, username]);
};
