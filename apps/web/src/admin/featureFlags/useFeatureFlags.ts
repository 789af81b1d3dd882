import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appendFlag,
  FEATURE_FLAG_TOASTS,
  replaceFlag,
  type FeatureFlag,
  type FeatureFlagCreate,
} from '@referrals/shared';
import { apiKey, apiQuery } from '../../api/queries';
import { useOnError } from '../../api/useOnError';
import { useServices } from '../../app/services';
import { useTopic } from '../../live/useTopic';
import { logger } from '../../log';
import { errorText } from '../common/errors';
import { useToast } from '../../toasts/useToast';

const log = logger('feature-flags');
const FLAGS_TOPIC = { kind: 'featureFlags' } as const;
const PATH = '/api/feature-flags';
const NONE: readonly FeatureFlag[] = [];
const succeeded = () => true;
const failed = () => false;

/**
 * The screen's order: by name, whatever order the relay's answer or a live update brings, so the
 * list reads the same on every visit and a saved flag keeps its place.
 */
export const byName = (flags: readonly FeatureFlag[]): readonly FeatureFlag[] =>
  [...flags].sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id,
  );

/** `GET /api/feature-flags`. */
interface FlagsAnswer {
  readonly items: readonly FeatureFlag[];
}

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
 * Feature flags: read over REST into the query cache (a failure logs and leaves the list empty),
 * whose answer the featureFlags topic's items replace as they change; creates append, updates
 * replace their row in the cache, each with its toast.
 */
export const useFeatureFlags = (): FeatureFlags => {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const [savingIds, setSavingIds] = useState<ReadonlySet<number>>(new Set());
  const read = useQuery(apiQuery(api, PATH));
  useOnError(read.error, (err) => log.error('could not load feature flags', err));
  const write = useCallback(
    (change: (all: readonly FeatureFlag[]) => readonly FeatureFlag[]) =>
      client.setQueryData<FlagsAnswer>(apiKey(PATH), (a) => ({ items: change(a?.items ?? []) })),
    [client],
  );

  const live = useTopic(FLAGS_TOPIC).items;
  useEffect(() => {
    if (live.length > 0) write(() => live);
  }, [live, write]);

  const creating = useMutation({
    mutationFn: (values: FeatureFlagCreate) => api.post(PATH, values),
    onSuccess: (created) => {
      write((all) =>
        all.some((f) => f.id === created.id) ? replaceFlag(all, created) : appendFlag(all, created),
      );
      toast(FEATURE_FLAG_TOASTS.created(created.name));
    },
    onError: (err, values) => toast(FEATURE_FLAG_TOASTS.createFailed(values.name, errorText(err))),
  });
  // Rows save side by side, each with its spinner: the ids under way are kept here, since a
  // mutation's own state follows its latest call only.
  const updating = useMutation({
    mutationFn: (flag: FeatureFlag) => api.put(`${PATH}/${flag.id}`, flag),
    onSuccess: (saved) => {
      write((all) => replaceFlag(all, saved));
      toast(FEATURE_FLAG_TOASTS.updated(saved.name));
    },
    onError: (err, flag) => toast(FEATURE_FLAG_TOASTS.updateFailed(flag.name, errorText(err))),
    onSettled: (_saved, _err, flag) =>
      setSavingIds((s) => new Set([...s].filter((id) => id !== flag.id))),
  });
  const { mutateAsync: createAsync } = creating;
  const { mutateAsync: updateAsync } = updating;
  const create = useCallback(
    (values: FeatureFlagCreate) => createAsync(values).then(succeeded, failed),
    [createAsync],
  );
  const update = useCallback(
    (flag: FeatureFlag) => {
      // Marked at once: the row shows its spinner in the render the click causes.
      setSavingIds((s) => new Set([...s, flag.id]));
      return updateAsync(flag).then(succeeded, failed);
    },
    [updateAsync],
  );

  const items = read.data?.items;
  const flags = useMemo(() => (items ? byName(items) : NONE), [items]);
  return { flags, loading: read.isPending, savingIds, create, update };
};
