import { useEffect, useState } from 'react';
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

/** The pipelines of a list page, by referral id, and a count of the live changes heard. */
export interface PipelinesState {
  readonly byId: ReadonlyMap<number, PipelineView>;
  readonly changes: number;
}

/**
 * The progress and returns of the referrals on a list page, in one read
 * (`GET /api/acquired/pipelines?ids=`), kept current by the pipeline and returns topics. A new
 * base of either topic (a reconnect, or a stream's first change sent as a snapshot) reads again.
 */
export const usePipelines = (ids: readonly number[]): PipelinesState => {
  const { api, live } = useServices();
  const key = [...ids].sort((a, b) => a - b).join(',');
  const [byId, setById] = useState<ReadonlyMap<number, PipelineView>>(EMPTY);
  const [reads, setReads] = useState(0);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (key === '') return undefined;
    let current = true;
    api.get<{ items?: unknown }>('/api/acquired/pipelines', { ids: key }).then(
      (r) => {
        const items = Array.isArray(r.items) ? r.items.filter(isPipelineView) : [];
        if (current)
          setById(
            (m) => new Map(items.map((i) => [i.referralId, newerView(m.get(i.referralId), i)])),
          );
      },
      (err: unknown) => log.warn('could not read the progress of the page', err),
    );
    return () => {
      current = false;
    };
  }, [api, key, reads]);

  useEffect(() => {
    const again = () => setReads((n) => n + 1);
    const unwatchPipelines = live.watch(PIPELINE_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      setById((m) => {
        const next = new Map(m);
        for (const p of e.upserts) next.set(p.referralId, withPipeline(m.get(p.referralId), p));
        return next;
      });
      setChanges((n) => n + 1);
    });
    const unwatchReturns = live.watch(RETURNS_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      setById((m) => {
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
  }, [live]);

  return { byId: key === '' ? EMPTY : byId, changes };
};
