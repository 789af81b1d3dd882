import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_UI, LIST_TOASTS, type DeliveryError } from '@referrals/shared';
import { apiKey, apiQuery } from '../../../api/queries';
import { useOnError } from '../../../api/useOnError';
import { useServices } from '../../../app/services';
import { useRereadOnTopics } from '../../../live/useRereadOnTopics';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';

const log = logger('marketplaces');
const ERRORS_TOPICS = [{ kind: 'deliveryErrors' }] as const;
const PATH = '/api/delivery-errors';

/** GET /api/delivery-errors (1-based pages). */
export interface DeliveryErrorsPage {
  readonly page: number;
  readonly totalElements: number;
  readonly totalPages: number;
  readonly content: readonly DeliveryError[];
}

const EMPTY: DeliveryErrorsPage = { page: 1, totalElements: 0, totalPages: 0, content: [] };

/** One page of delivery errors, read again whenever the deliveryErrors topic changes. */
export const useDeliveryErrors = () => {
  const { api } = useServices();
  const toast = useToast();
  const [page, setPage] = useState<number>(ADMIN_UI.firstPage);
  // The page shown stays until the next one is read, as the pager moves.
  const read = useQuery({
    ...apiQuery(api, PATH, { page, size: ADMIN_UI.deliveryErrorsPageSize }),
    placeholderData: keepPreviousData,
  });
  useOnError(read.error, (err) => {
    log.error('could not load delivery errors', err);
    toast(LIST_TOASTS.deliveryErrorsFailed);
  });
  useRereadOnTopics(ERRORS_TOPICS, apiKey(PATH));
  return { page, setPage, data: read.data ?? EMPTY, loading: read.isPending };
};
