/**
 * Hooks over the tab's PresenceClient: the agency's holds and the viewers of the rows shown (the
 * list), and one referral's presence (the panel). Only agency users have a team; for anyone else
 * they stay empty and send nothing.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PresenceHold, PresenceViewer, ReferralPresence } from '@referrals/shared';
import { useServices } from '../app/services';

const NO_HOLDS: ReadonlyMap<number, PresenceHold> = new Map();
const NO_VIEWERS: ReadonlyMap<number, readonly PresenceViewer[]> = new Map();

/** The agency's holds by referral id, live, while the caller is mounted (agency users only). */
export function useAgencyHolds(enabled: boolean): ReadonlyMap<number, PresenceHold> {
  const { presence } = useServices().live;
  useEffect(() => (enabled ? presence.watchHolds() : undefined), [presence, enabled]);
  const holds = useSyncExternalStore(presence.subscribe, presence.holds, presence.holds);
  return enabled ? holds : NO_HOLDS;
}

/**
 * Who of the agency has each of the rows shown open, live, while the caller is mounted (agency
 * users only). The client names the rows to the relay only when their ids change.
 */
export function useRowViewers(
  referralIds: readonly number[],
  enabled: boolean,
): ReadonlyMap<number, readonly PresenceViewer[]> {
  const { presence } = useServices().live;
  useEffect(() => {
    presence.watchRows(enabled ? referralIds : []);
  }, [presence, referralIds, enabled]);
  useEffect(() => () => presence.watchRows([]), [presence]);
  const viewers = useSyncExternalStore(
    presence.subscribe,
    presence.rowViewers,
    presence.rowViewers,
  );
  return enabled ? viewers : NO_VIEWERS;
}

/** The presence of the referral the panel shows, announced as viewed while it is mounted. */
export function useReferralPresence(referralId: number | null): ReferralPresence | null {
  const { presence } = useServices().live;
  useEffect(() => {
    presence.view(referralId);
    return () => presence.view(null);
  }, [presence, referralId]);
  const current = useSyncExternalStore(presence.subscribe, presence.presence, presence.presence);
  return current?.referralId === referralId ? current : null;
}
