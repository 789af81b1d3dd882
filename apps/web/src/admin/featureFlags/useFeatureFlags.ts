import { useCallback, useEffect, useState } from 'react';
import {
  appendFlag,
  FEATURE_FLAG_TOASTS,
  replaceFlag,
  type FeatureFlag,
  type FeatureFlagCreate,
} from '@referrals/shared';
import { useServices } from '../../app/services';
import { useTopic } from '../../live/useTopic';
import { logger } from '../../log';
import { errorText } from '../common/errors';
import { useToast } from '../../toasts/useToast';

const log = logger('feature-flags');
const FLAGS_TOPIC = { kind: 'featureFlags' } as const;

/** The flags screen's list and its writes. */
export interface FeatureFlags {
  readonly flags: readonly FeatureFlag[];
  readonly loading: boolean;
  /** Ids of rows whose save is under way (their row shows a spinner). */
  readonly savingIds: ReadonlySet<number>;
  readonly create: (values: FeatureFlagCreate) => Promise<boolean>;
  readonly update: (flag: FeatureFlag) => Promise<boolean>;
}

/**
 * Feature flags: loaded over REST (a failure logs and leaves the list empty), then kept current by
 * the featureFlags topic; creates append, updates replace their row, each with its toast.
 */
export const useFeatureFlags = (): FeatureFlags => {
  const { api } = useServices();
  const toast = useToast();
  const [flags, setFlags] = useState<readonly FeatureFlag[]>([]);
  const [loading, setLoading] = useState(true);
  const [savingIds, setSavingIds] = useState<ReadonlySet<number>>(new Set());
  const live = useTopic(FLAGS_TOPIC).items;

  useEffect(() => {
    api
      .get<{ items: FeatureFlag[] }>('/api/feature-flags')
      .then((a) => setFlags(a.items))
      .catch((err: unknown) => {
        log.error('could not load feature flags', err);
        setFlags([]);
      })
      .finally(() => setLoading(false));
  }, [api]);

  useEffect(() => {
    if (live.length > 0) setFlags([...live].sort((a, b) => a.id - b.id));
  }, [live]);

  const create = useCallback(
    async (values: FeatureFlagCreate) => {
      try {
        const created = await api.post<FeatureFlag>('/api/feature-flags', values);
        setFlags((all) =>
          all.some((f) => f.id === created.id)
            ? replaceFlag(all, created)
            : appendFlag(all, created),
        );
        toast(FEATURE_FLAG_TOASTS.created(created.name));
        return true;
      } catch (err) {
        toast(FEATURE_FLAG_TOASTS.createFailed(values.name, errorText(err)));
        return false;
      }
    },
    [api, toast],
  );

  const update = useCallback(
    async (flag: FeatureFlag) => {
      setSavingIds((s) => new Set([...s, flag.id]));
      try {
        const saved = await api.put<FeatureFlag>(`/api/feature-flags/${flag.id}`, flag);
        setFlags((all) => replaceFlag(all, saved));
        toast(FEATURE_FLAG_TOASTS.updated(saved.name));
        return true;
      } catch (err) {
        toast(FEATURE_FLAG_TOASTS.updateFailed(flag.name, errorText(err)));
        return false;
      } finally {
        setSavingIds((s) => new Set([...s].filter((id) => id !== flag.id)));
      }
    },
    [api, toast],
  );

  return { flags, loading, savingIds, create, update };
};
