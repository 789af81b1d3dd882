import { useCallback, useEffect, useState } from 'react';
import { CONFIRM_TEXTS, type Opportunity } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { useServices } from '../app/services';
import type { GridRow } from '../referrals/gridColumns';

/** A referral in the panel: what the server shows this user (contact details only if bought). */
export type DetailReferral = GridRow & Partial<Opportunity>;

/**
 * The panel's referral: the list row at once, then the full record; Claim Now replaces it with the
 * claimed referral the relay answers, so the result shows without waiting for the live change. A
 * lost race (409) says so plainly and reloads the record, so the panel shows who has it now.
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

  const load = useCallback(
    (isLive: () => boolean) => {
      if (id === null) return;
      api.get<DetailReferral>(`/api/referrals/${id}`).then(
        (full) => isLive() && setDetail((d) => (d?.opportunityId === id ? { ...d, ...full } : d)),
        () => undefined, // the list row is still shown
      );
    },
    [api, id],
  );

  useEffect(() => {
    setError(null);
    let live = true;
    load(() => live);
    return () => {
      live = false;
    };
  }, [load]);

  const claim = () => {
    if (id === null) return;
    setBusy(true);
    setError(null);
    api
      .post<Opportunity>(`/api/referrals/${id}/claim`)
      .then(
        (claimed) => setDetail(claimed),
        (err: unknown) => {
          const lost = isApiError(err, 409);
          setError(
            lost ? CONFIRM_TEXTS.claimLost : isApiError(err) ? err.error : 'The claim failed.',
          );
          if (lost) load(() => true);
        },
      )
      .finally(() => setBusy(false));
  };
  return { detail, busy, error, claim };
};
