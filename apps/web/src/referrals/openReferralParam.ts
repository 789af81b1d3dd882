import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import type { GridRow } from './gridColumns';

/** The URL parameter that opens one referral's details panel (`?referral=123`), e.g. from an alert. */
export const OPEN_REFERRAL_PARAM = 'referral';

/**
 * Opens the details panel of the referral named in the URL, whether or not it is on the current
 * page, then drops the parameter so a reload or the back button does not open it again.
 */
export const useOpenReferralFromUrl = (open: (row: GridRow) => void, enabled: boolean): void => {
  const { api } = useServices();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get(OPEN_REFERRAL_PARAM);

  useEffect(() => {
    if (!enabled || raw === null) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(OPEN_REFERRAL_PARAM);
        return next;
      },
      { replace: true },
    );
    if (!/^\d{1,12}$/.test(raw)) return;
    // Through the cache: the details panel it opens reads the same record.
    client.fetchQuery(apiQuery(api, `/api/referrals/${Number(raw)}`)).then(
      (row) => open(row),
      () => undefined, // gone or not visible to this user: the list stays as it is
    );
  }, [api, client, enabled, raw, open, setParams]);
};
