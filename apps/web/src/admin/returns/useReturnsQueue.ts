import { useCallback, useEffect, useState } from 'react';
import { errorToast, successToast, type ReturnRequest, type ReturnState } from '@referrals/shared';
import { useServices } from '../../app/services';
import { logger } from '../../log';
import { useToast } from '../../toasts/useToast';
import { errorText } from '../common/errors';

const log = logger('returns');
const RETURNS_TOPIC = { kind: 'returns' } as const;
/** Rows per page of the queue. */
export const RETURNS_PAGE_SIZE = 25;

/** `GET /api/returns` (1-based pages, newest first). */
export interface ReturnsPage {
  readonly page: number;
  readonly size: number;
  readonly totalElements: number;
  readonly totalPages: number;
  readonly content: readonly ReturnRequest[];
}

/**
 * One page of returns in a state, read again whenever the returns topic hears of a new or decided
 * return (or gives a new base), so the queue stays live. `decide` approves or denies one.
 */
export const useReturnsQueue = (state: ReturnState, page: number) => {
  const { api, live } = useServices();
  const toast = useToast();
  const [data, setData] = useState<ReturnsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(
    () =>
      live.watch(RETURNS_TOPIC, (e) => {
        if (e.type === 'refused') return log.warn(`returns not live: ${e.error}`);
        setReads((n) => n + 1);
      }),
    [live],
  );

  useEffect(() => {
    let current = true;
    api.get<ReturnsPage>('/api/returns', { state, page, size: RETURNS_PAGE_SIZE }).then(
      (d) => {
        if (!current) return;
        setData(d);
        setError(null);
      },
      (err: unknown) => {
        if (!current) return;
        log.error('could not load returns', err);
        setError(errorText(err));
      },
    );
    return () => {
      current = false;
    };
  }, [api, state, page, reads]);

  const decide = useCallback(
    async (id: number, approve: boolean, comment: string): Promise<boolean> => {
      try {
        await api.post<ReturnRequest>(`/api/returns/${id}/decision`, {
          approve,
          comment: comment.trim(),
        });
        toast(successToast(approve ? 'The return is approved.' : 'The return is denied.'));
        setReads((n) => n + 1);
        return true;
      } catch (err: unknown) {
        toast(errorToast(errorText(err)));
        setReads((n) => n + 1);
        return false;
      }
    },
    [api, toast],
  );

  return { data, error, decide };
};
