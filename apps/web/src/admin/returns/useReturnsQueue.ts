import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** An admin's decision on one return. */
interface Decision {
  readonly id: number;
  readonly approve: boolean;
  readonly comment: string;
}

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
 * the queue is read again whatever the answer (a refusal may mean a colleague decided first);
 * `decidingId` names the return while its decision is under way.
 */
export const useReturnsQueue = (state: ReturnState, page: number) => {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const read = useQuery({
    ...apiQuery(api, PATH, { state, page, size: RETURNS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  useOnError(read.error, (err) => log.error('could not load returns', err));
  useRereadOnTopics(RETURNS_TOPICS, apiKey(PATH), { onRefused: NOT_LIVE });

  const decision = useMutation({
    mutationFn: ({ id, approve, comment }: Decision) =>
      api.post(`${PATH}/${id}/decision`, { approve, comment: comment.trim() }),
    onSuccess: (_saved, { approve }) =>
      toast(successToast(approve ? 'The return is approved.' : 'The return is denied.')),
    onError: (err) => toast(errorToast(errorText(err))),
    // Read again whatever the answer, without holding the dialog for the read.
    onSettled: () => void client.invalidateQueries({ queryKey: apiKey(PATH) }),
  });
  const { mutateAsync } = decision;
  const decide = useCallback(
    (id: number, approve: boolean, comment: string): Promise<boolean> =>
      mutateAsync({ id, approve, comment }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );

  return {
    data: read.data ?? null,
    error: read.error ? errorText(read.error) : null,
    decide,
    /** The return whose decision is under way, if any. */
    decidingId: decision.isPending ? decision.variables.id : null,
  };
};
