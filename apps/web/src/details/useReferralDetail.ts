import { useEffect, useState } from 'react';
import type { Opportunity } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { useServices } from '../app/services';
import type { GridRow } from '../referrals/gridColumns';

/** A referral in the panel: what the server shows this user (contact details only if bought). */
export type DetailReferral = GridRow & Partial<Opportunity>;

/** Message of a lost claim race (the relay's 409). */
export const NO_LONGER_AVAILABLE = 'This referral is no longer available.';

/**
 * The panel's referral: the list row at once, then the full record; Claim Now replaces it with the
 * claimed referral the relay answers, so the result shows without waiting for the live change.
 */
export const useReferralDetail = (row: GridRow | null) => {
  const { api } = useServices();
  const [detail, setDetail] = useState<DetailReferral | null>(row);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = row?.opportunityId ?? null;

  // Live row changes flow in, but never overwrite a fuller record (contact details) with less.
  useEffect(() => {
    setDetail((d) => (row && d?.opportunityId === row.opportunityId ? { ...d, ...row } : row));
  }, [row]);

  useEffect(() => {
    setError(null);
    if (id === null) return;
    let live = true;
    api.get<DetailReferral>(`/api/referrals/${id}`).then(
      (full) => live && setDetail((d) => ({ ...d, ...full })),
      () => undefined, // the list row is still shown
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  const claim = () => {
    if (id === null) return;
    setBusy(true);
    setError(null);
    api
      .post<Opportunity>(`/api/referrals/${id}/claim`)
      .then(
        (claimed) => setDetail(claimed),
        (err: unknown) =>
          setError(
            isApiError(err, 409)
              ? NO_LONGER_AVAILABLE
              : isApiError(err)
                ? err.error
                : 'The claim failed.',
          ),
      )
      .finally(() => setBusy(false));
  };
  return { detail, busy, error, claim };
};
