import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  toast,
  type PauseWindow,
  type SelfServeBounds,
  type SelfServeSettings,
} from '@referrals/shared';
import { apiKey, apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import { useToast } from '../toasts/useToast';
import { errorText } from '../admin/common/errors';
import { useRereadOnTopics } from '../live/useRereadOnTopics';
import { SETTINGS_REREAD_MS, SETTINGS_TOPICS } from './useMyMarketplace';

const PATH = '/api/self-serve/marketplaces';

/**
 * Every marketplace's self-serve settings, for the admins' Marketplaces list: each one's pause in
 * window, its bounds, and the save of an agency's cap bounds. Read again on every agency's
 * settings news (admins hear them all), and when the list's live marketplaces change (`refetch`).
 */
export const useSelfServeSettings = () => {
  const { api } = useServices();
  const client = useQueryClient();
  const showToast = useToast();
  const read = useQuery(apiQuery(api, PATH));
  useRereadOnTopics(SETTINGS_TOPICS, apiKey(PATH), { delayMs: SETTINGS_REREAD_MS });
  const { refetch } = read;
  const again = useCallback(() => void refetch(), [refetch]);
  const byId = useMemo(
    () => new Map((read.data?.items ?? []).map((s) => [s.marketplaceId, s])),
    [read.data],
  );
  const pauses = useMemo(() => {
    const out = new Map<number, PauseWindow>();
    for (const s of byId.values()) if (s.pause) out.set(s.marketplaceId, s.pause);
    return out;
  }, [byId]);
  const saving = useMutation({
    mutationFn: ({ id, bounds }: { id: number; bounds: SelfServeBounds }) =>
      api.put(`${PATH}/${id}/bounds`, bounds),
    onSuccess: (saved: SelfServeSettings) => {
      client.setQueryData<{ items: SelfServeSettings[] }>(apiKey(PATH), (a) => ({
        items: [...(a?.items ?? []).filter((s) => s.marketplaceId !== saved.marketplaceId), saved],
      }));
      showToast(toast('success', 'Cap bounds saved.'));
    },
    onError: (err) => showToast(toast('error', `Failed to save cap bounds: ${errorText(err)}`)),
  });
  return {
    byId,
    pauses,
    /** Reads the settings again (stable). */
    refetch: again,
    saveBounds: (id: number, bounds: SelfServeBounds) =>
      saving.mutateAsync({ id, bounds }).then(
        () => true,
        () => false,
      ),
    savingBounds: saving.isPending,
  };
};
