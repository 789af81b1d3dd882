import { useEffect, useState } from 'react';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiKey } from '../api/queries';
import { useOnError } from '../api/useOnError';
import { useServices } from '../app/services';
import { logger } from '../log';
import {
  isPipelineView,
  newerView,
  PIPELINE_TOPIC,
  RETURNS_TOPIC,
  withPipeline,
  type PipelineView,
} from './pipelineView';

const log = logger('pipeline');
const EMPTY: ReadonlyMap<number, PipelineView> = new Map();
const PATH = '/api/acquired/pipelines';

/** The pipelines of a list page, by referral id, and a count of the live changes heard. */
export interface PipelinesState {
  readonly byId: ReadonlyMap<number, PipelineView>;
  readonly changes: number;
}

type ById = ReadonlyMap<number, PipelineView>;

/** Applies `f` to every cached page of pipelines. */
const changeAll = (client: QueryClient, f: (m: ById) => ById) =>
  client.setQueriesData<ById>({ queryKey: apiKey(PATH) }, (m) => (m ? f(m) : m));

/**
 * The progress and returns of the referrals on a list page, in one read
 * (`GET /api/acquired/pipelines?ids=`) into the query cache, which the pipeline and returns
 * topics update in place. A new base of either topic (a reconnect, or a stream's first change
 * sent as a snapshot) reads again.
 */
export const usePipelines = (ids: readonly number[]): PipelinesState => {
  const { api, live } = useServices();
  const client = useQueryClient();
  const key = [...ids].sort((a, b) => a - b).join(',');
  const [changes, setChanges] = useState(0);
  const read = useQuery({
    queryKey: apiKey(PATH, { ids: key }),
    queryFn: async ({ signal }): Promise<ById> => {
      const r = await api.withSignal(signal).get(PATH, { ids: key });
      const items = Array.isArray(r.items) ? r.items.filter(isPipelineView) : [];
      // A live change heard while reading may be newer than the answer.
      const held = client.getQueryData<ById>(apiKey(PATH, { ids: key }));
      return new Map(items.map((i) => [i.referralId, newerView(held?.get(i.referralId), i)]));
    },
    enabled: key !== '',
    // The page's progress stays on screen while the next page's is read.
    placeholderData: keepPreviousData,
  });
  useOnError(read.error, (err) => log.warn('could not read the progress of the page', err));

  useEffect(() => {
    const again = () => void client.invalidateQueries({ queryKey: apiKey(PATH) });
    const unwatchPipelines = live.watch(PIPELINE_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      changeAll(client, (m) => {
        const next = new Map(m);
        for (const p of e.upserts) next.set(p.referralId, withPipeline(m.get(p.referralId), p));
        return next;
      });
      setChanges((n) => n + 1);
    });
    const unwatchReturns = live.watch(RETURNS_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      changeAll(client, (m) => {
        const next = new Map(m);
        for (const r of e.upserts) {
          const view = m.get(r.referralId);
          if (view) next.set(r.referralId, { ...view, return: r });
        }
        return next;
      });
    });
    return () => {
      unwatchPipelines();
      unwatchReturns();
    };
  }, [client, live]);

  return { byId: key === '' ? EMPTY : (read.data ?? EMPTY), changes };
};
