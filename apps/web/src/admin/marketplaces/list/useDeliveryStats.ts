import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_TOASTS, type AnswerOf, type DeliveryStat } from '@referrals/shared';
import { apiKey, apiQuery } from '../../../api/queries';
import { useOnError } from '../../../api/useOnError';
import { useServices } from '../../../app/services';
import { useTopic } from '../../../live/useTopic';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';

const log = logger('marketplaces');
const STATS_TOPIC = { kind: 'deliveryStats' } as const;
const PATH = '/api/delivery-stats';

/** `GET /api/delivery-stats`. */
type StatsAnswer = AnswerOf<'deliveryStats'>;

/** Delivery statistics by marketplace id, with their own loading and refresh states. */
export interface DeliveryStats {
  readonly byId: ReadonlyMap<number, DeliveryStat>;
  readonly loading: boolean;
  readonly refreshing: boolean;
  readonly refresh: () => void;
}

const NONE: ReadonlyMap<number, DeliveryStat> = new Map();
const byMarketplace = (items: readonly DeliveryStat[]) =>
  new Map(items.map((s) => [s.marketplaceId, s]));

/** Failures of the refresh's reads, which the refresh reports (the load's toast skips them). */
const refreshFailures = new WeakSet<object>();

/**
 * Delivery stats: read once over REST into the query cache, then kept current by the
 * deliveryStats topic, whose items replace the cached answer; the refresh button reads them again
 * on demand. The refresh is a mutation whose read goes through the cache under the same key (its
 * answer lands in the cache), not retried: the admin clicks again. Its failure has its own toast
 * and leaves the shown figures; it is marked before the query holds it, so the load's toast is
 * not raised for it too.
 */
export const useDeliveryStats = (): DeliveryStats => {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const stats = apiQuery(api, PATH);
  const read = useQuery({ ...stats, select: (a) => byMarketplace(a.items) });
  useOnError(read.error, (err) => {
    if (err instanceof Object && refreshFailures.has(err)) return;
    log.error('could not load delivery stats', err);
    toast(LIST_TOASTS.deliveryStatsFailed);
  });

  const live = useTopic(STATS_TOPIC).items;
  useEffect(() => {
    if (live.length > 0)
      client.setQueryData<StatsAnswer>(apiKey(PATH), (old) => ({
        seq: old?.seq ?? 0,
        items: [...live],
      }));
  }, [client, live]);

  const refresh = useMutation({
    mutationFn: () =>
      client.fetchQuery({
        ...stats,
        staleTime: 0,
        retry: false,
        queryFn: async ({ signal }) => {
          try {
            return await api.withSignal(signal).get(PATH);
          } catch (err) {
            if (err instanceof Object) refreshFailures.add(err);
            throw err;
          }
        },
      }),
    onError: (err) => {
      log.error('could not refresh delivery stats', err);
      toast(LIST_TOASTS.refreshStatsFailed);
    },
  });

  return {
    byId: read.data ?? NONE,
    loading: read.isPending,
    refreshing: refresh.isPending,
    refresh: refresh.mutate,
  };
};
