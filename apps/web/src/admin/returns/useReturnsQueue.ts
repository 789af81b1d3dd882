import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorToast, successToast, type ReturnRequest, type ReturnState } from '@referrals/shared';
import { apiKey, apiQuery } from '../../api/queries';
import { useOnError } from '../../api/useOnError';
import { useServices } from '../../app/services';
import { useRereadOnTopics } from '../../live/useRereadOnTopics';
import { logger } from '../../log';
import { useToast } from '../../toasts/useToast';
import { errorText } from '../common/errors';

const log = logger('returns');
const RETURNS_TOPICS = [{ kind: 'returns' }] as const;
const PATH = '/api/returns';
const NOT_LIVE = (error: string) => log.warn(`returns not live: ${error}`);
/** Rows per page of the queue. */
const RETURNS_PAGE_SIZE = 25;

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
 * return (or gives a new base), so the queue stays live. `decide` approves or denies one, then
 * the queue is read again whatever the answer (a refusal may mean a colleague decided first).
 */
export const useReturnsQueue = (state: ReturnState, page: number) => {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const read = useQuery({
    ...apiQuery<ReturnsPage>(api, PATH, { state, page, size: RETURNS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  useOnError(read.error, (err) => log.error('could not load returns', err));
  useRereadOnTopics(RETURNS_TOPICS, apiKey(PATH), { onRefused: NOT_LIVE });

  const decide = useCallback(
    async (id: number, approve: boolean, comment: string): Promise<boolean> => {
      try {
        await api.post<ReturnRequest>(`${PATH}/${id}/decision`, {
          approve,
          comment: comment.trim(),
        });
        toast(successToast(approve ? 'The return is approved.' : 'The return is denied.'));
        return true;
      } catch (err: unknown) {
        toast(errorToast(errorText(err)));
        return false;
      } finally {
        void client.invalidateQueries({ queryKey: apiKey(PATH) });
      }
    },
    [api, client, toast],
  );

  return { data: read.data ?? null, error: read.error ? errorText(read.error) : null, decide };
};
