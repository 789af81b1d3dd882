import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONFIRM_TEXTS, MarketplaceStatus, type Opportunity } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey, apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import type { GridRow } from '../referrals/gridColumns';
import { useFollowReferral } from './useFollowReferral';

/** A referral in the panel: what the server shows this user (contact details only if bought). */
export type DetailReferral = GridRow & Partial<Opportunity>;

/** Where one referral's record is read (and cached). */
const pathOf = (referralId: number) => `/api/referrals/${referralId}` as const;

const stampOf = (r: Partial<Opportunity>): number => Date.parse(r.lastModDate ?? '');

/**
 * `held` with what `next` says of the same referral, unless `next` is an older version of it (by
 * lastModDate): the list hands back the row it first opened on once a change took that row off
 * the page, and that row must not undo the change. Another referral replaces it.
 */
const absorb = (held: DetailReferral | null, next: DetailReferral): DetailReferral => {
  if (held?.opportunityId !== next.opportunityId) return next;
  return stampOf(next) < stampOf(held) ? held : { ...held, ...next };
};

/** Whether a change may alter what this user may read of the referral (contact, the buyer). */
const changesHands = (held: DetailReferral | null, next: Partial<Opportunity>): boolean =>
  !held ||
  held.marketplaceStatus !== next.marketplaceStatus ||
  held.assignedAgency !== next.assignedAgency;

/**
 * The panel's referral: the list row at once, then the full record (from the query cache), then
 * every live change of it (useFollowReferral) whether or not its row is still on the page. A
 * price change comes whole in the change; a change of status or buyer reads the record again
 * (contact details and the agent appear for the buying agency). Claim Now replaces it with the
 * claimed referral the relay answers. A lost race (409) says so, takes the Claim button out of
 * play and reads the record again. Rows and records are merged in while rendering, not in an
 * effect, so live row changes never overwrite a fuller record with less.
 */
export const useReferralDetail = (row: GridRow | null) => {
  const { api } = useServices();
  const client = useQueryClient();
  const id = row?.opportunityId ?? null;
  const path = pathOf(id ?? 0);
  // The list row is still shown when the record cannot be read.
  const full = useQuery({ ...apiQuery(api, path), enabled: id !== null });
  const [detail, setDetail] = useState<DetailReferral | null>(row);
  const [error, setError] = useState<string | null>(null);
  const [lostId, setLostId] = useState<number | null>(null);
  const [seen, setSeen] = useState({ row, full: full.data });

  if (seen.row !== row || seen.full !== full.data) {
    setSeen({ row, full: full.data });
    let next = detail;
    if (seen.row !== row) {
      if (row?.opportunityId !== seen.row?.opportunityId) setError(null);
      next = row && absorb(next, row);
    }
    if (seen.full !== full.data && full.data && next?.opportunityId === id)
      next = absorb(next, full.data);
    setDetail(next);
  }

  const reread = (readId: number) =>
    void client.invalidateQueries({ queryKey: apiKey(pathOf(readId)) });
  useFollowReferral(id, row?.state, (news) => {
    if (id === null) return;
    if ('reread' in news) return reread(id);
    const upsert = news.upsert as DetailReferral;
    if (changesHands(detail, upsert)) reread(id);
    setDetail((held) => (held ? absorb(held, upsert) : held));
  });

  const claiming = useMutation({
    mutationFn: (claimId: number) => api.post(`/api/referrals/${claimId}/claim`),
    onSuccess: (claimed) => setDetail(claimed),
    onError: (err, claimId) => {
      const lost = isApiError(err, 409);
      setError(lost ? CONFIRM_TEXTS.claimLost : isApiError(err) ? err.error : 'The claim failed.');
      if (!lost) return;
      setLostId(claimId);
      reread(claimId);
    },
  });
  const claim = () => {
    if (id === null) return;
    setError(null);
    claiming.mutate(id);
  };
  // Lost, yet Available as far as this tab knows: the relay has not heard of the winner yet.
  const lost =
    lostId !== null && lostId === id && detail?.marketplaceStatus === MarketplaceStatus.Available;
  return { detail, busy: claiming.isPending, error, lost, claim };
};
