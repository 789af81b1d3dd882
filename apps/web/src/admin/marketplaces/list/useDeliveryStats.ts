import { useCallback, useEffect, useState } from 'react';
import { LIST_TOASTS, type DeliveryStat } from '@referrals/shared';
import { useServices } from '../../../app/services';
import { useTopic } from '../../../live/useTopic';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';

const log = logger('marketplaces');
const STATS_TOPIC = { kind: 'deliveryStats' } as const;

/** Delivery statistics by marketplace id, with their own loading and refresh states. */
export interface DeliveryStats {
  readonly byId: ReadonlyMap<number, DeliveryStat>;
  readonly loading: boolean;
  readonly refreshing: boolean;
  readonly refresh: () => Promise<void>;
}

const byMarketplace = (items: readonly DeliveryStat[]) =>
  new Map(items.map((s) => [s.marketplaceId, s]));

/**
 * Delivery stats: read once over REST, then kept current by the deliveryStats topic; the refresh
 * button reads them again on demand.
 */
export const useDeliveryStats = (): DeliveryStats => {
  const { api } = useServices();
  const toast = useToast();
  const [byId, setById] = useState<ReadonlyMap<number, DeliveryStat>>(new Map());
  const [loading, setLoading] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const live = useTopic(STATS_TOPIC).items;

  useEffect(() => {
    api
      .get<{ items: DeliveryStat[] }>('/api/delivery-stats')
      .then((a) => setById(byMarketplace(a.items)))
      .catch((err: unknown) => {
        log.error('could not load delivery stats', err);
        toast(LIST_TOASTS.deliveryStatsFailed);
      })
      .finally(() => setLoading(false));
  }, [api, toast]);

  useEffect(() => {
    if (live.length > 0) setById(byMarketplace(live));
  }, [live]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const a = await api.get<{ items: DeliveryStat[] }>('/api/delivery-stats');
      setById(byMarketplace(a.items));
    } catch (err) {
      log.error('could not refresh delivery stats', err);
      toast(LIST_TOASTS.refreshStatsFailed);
    } finally {
      setRefreshing(false);
    }
  }, [api, toast]);

  return { byId, loading, refreshing, refresh };
};
