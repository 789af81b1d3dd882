import { useEffect, useEffectEvent } from 'react';
import { isStateCode, referralId, type ListReferral } from '@referrals/shared';
import { useServices } from '../app/services';

/** What the live layer said of the followed referral: its new row, or that it must be read. */
export type ReferralNews = { readonly upsert: ListReferral } | { readonly reread: true };

/**
 * Follows one referral on the signed-in referral topic of its state, whether or not a list shows
 * its row: each change set naming it hands over its new row (projected for this user by the
 * relay); a removal or a new base (a reconnect, a gap the relay could not fill) asks for a read.
 * The topic is the one the list of that state already holds, so following costs no subscription
 * there, and nothing is read by anyone who does not have this referral open.
 */
export const useFollowReferral = (
  id: number | null,
  state: string | null | undefined,
  onNews: (news: ReferralNews) => void,
): void => {
  const { live } = useServices();
  const hear = useEffectEvent(onNews);
  const topicState = state && isStateCode(state) ? state : null;
  useEffect(() => {
    if (id === null) return;
    const key = String(id);
    return live.watch({ kind: 'referrals', state: topicState }, (e) => {
      if (e.type === 'snapshot') return hear({ reread: true });
      if (e.type !== 'changes') return;
      const upsert = e.upserts.find((u) => referralId(u) === key);
      if (upsert) hear({ upsert });
      else if (e.removed.includes(key)) hear({ reread: true });
    });
  }, [live, id, topicState]);
};
