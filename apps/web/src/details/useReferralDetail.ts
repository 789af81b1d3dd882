import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONFIRM_TEXTS, type Opportunity } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey, apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import type { GridRow } from '../referrals/gridColumns';

/** A referral in the panel: what the server shows this user (contact details only if bought). */
export type DetailReferral = GridRow & Partial<Opportunity>;

/** Where one referral's record is read (and cached). */
const pathOf = (referralId: number) => `/api/referrals/${referralId}`;

/**
 * The panel's referral: the list row at once, then the full record (from the query cache); Claim
 * Now replaces it with the claimed referral the relay answers, so the result shows without
 * waiting for the live change. A lost race (409) says so plainly and reads the record again, so
 * the panel shows who has it now. Each new row or record is merged in as it arrives (while
 * rendering, not in an effect), so live row changes never overwrite a fuller record with less.
 */
export const useReferralDetail = (row: GridRow | null) => {
  const { api } = useServices();
  const client = useQueryClient();
  const id = row?.opportunityId ?? null;
  const path = pathOf(id ?? 0);
  // The list row is still shown when the record cannot be read.
  const full = useQuery({ ...apiQuery<DetailReferral>(api, path), enabled: id !== null });
  const [detail, setDetail] = useState<DetailReferral | null>(row);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState({ row, full: full.data });

  if (seen.row !== row || seen.full !== full.data) {
    setSeen({ row, full: full.data });
    let next = detail;
    if (seen.row !== row) {
      if (row?.opportunityId !== seen.row?.opportunityId) setError(null);
      next = row && next?.opportunityId === row.opportunityId ? { ...next, ...row } : row;
    }
    if (seen.full !== full.data && full.data && next?.opportunityId === id)
      next = { ...next, ...full.data };
    setDetail(next);
  }

  const claiming = useMutation({
    mutationFn: (claimId: number) => api.post<Opportunity>(`/api/referrals/${claimId}/claim`),
    onSuccess: (claimed) => setDetail(claimed),
    onError: (err, claimId) => {
      const lost = isApiError(err, 409);
      setError(lost ? CONFIRM_TEXTS.claimLost : isApiError(err) ? err.error : 'The claim failed.');
      if (lost) void client.invalidateQueries({ queryKey: apiKey(pathOf(claimId)) });
    },
  });
  const claim = () => {
    if (id === null) return;
    setError(null);
    claiming.mutate(id);
  };
  return { detail, busy: claiming.isPending, error, claim };
};
