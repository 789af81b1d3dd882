import { useEffect, useState } from 'react';
import { ADMIN_UI, LIST_TOASTS, type DeliveryError } from '@referrals/shared';
import { useServices } from '../../../app/services';
import { useTopic } from '../../../live/useTopic';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';

const log = logger('marketplaces');
const ERRORS_TOPIC = { kind: 'deliveryErrors' } as const;

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
  const [data, setData] = useState<DeliveryErrorsPage>(EMPTY);
  const [loading, setLoading] = useState(true);
  const live = useTopic(ERRORS_TOPIC).items;

  useEffect(() => {
    let current = true;
    api
      .get<DeliveryErrorsPage>('/api/delivery-errors', {
        page,
        size: ADMIN_UI.deliveryErrorsPageSize,
      })
      .then((d) => {
        if (current) setData(d);
      })
      .catch((err: unknown) => {
        log.error('could not load delivery errors', err);
        if (current) toast(LIST_TOASTS.deliveryErrorsFailed);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [api, page, toast, live]);

  return { page, setPage, data, loading };
};
