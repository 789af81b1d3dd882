import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast, type MyMarketplace, type SelfServeChange } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey, apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import { useRereadOnTopics } from '../live/useRereadOnTopics';
import { useToast } from '../toasts/useToast';

const PATH = '/api/my-marketplace';
/**
 * The live news of the agency's settings: a change of its pause or cap bounds (by its admin, an
 * administrator or the pause clock), and a nudge when its marketplace or today's deliveries
 * change. The screen reads its marketplace again on each.
 */
export const SETTINGS_TOPICS = [{ kind: 'agencySettings' }] as const;
/** A burst of news (a poll's new delivery figures and a pause step) is read once. */
export const SETTINGS_REREAD_MS = 500;

/** A change the screen sends, without the version it was based on (added here). */
export type ScreenChange = Omit<SelfServeChange, 'version'>;

/** What each card of the screen that changes the marketplace is given. */
export interface ChangeCardProps {
  readonly m: MyMarketplace;
  readonly saving: boolean;
  readonly onSave: (c: ScreenChange) => Promise<boolean>;
}

/** Why the last change was refused: the relay's reason and its field messages. */
export interface Refusal {
  readonly error: string;
  readonly details: readonly string[];
}

/** The caller's marketplace, and the change its admin may make. */
export const useMyMarketplace = () => {
  const { api } = useServices();
  const client = useQueryClient();
  const showToast = useToast();
  const read = useQuery(apiQuery(api, PATH));
  useRereadOnTopics(SETTINGS_TOPICS, apiKey(PATH), { delayMs: SETTINGS_REREAD_MS });
  const change = useMutation({
    mutationFn: (c: ScreenChange) => {
      const version = read.data?.version ?? '';
      return api.put(PATH, { version, ...c });
    },
    onSuccess: (saved: MyMarketplace) => {
      client.setQueryData(apiKey(PATH), saved);
      showToast(toast('success', 'Your marketplace has been updated.'));
    },
    onError: (err) => {
      // Changed meanwhile: read it again, so the next try names the current version.
      if (isApiError(err, 409)) void read.refetch();
    },
  });
  const refusal: Refusal | null = change.error
    ? isApiError(change.error)
      ? { error: change.error.error, details: change.error.details }
      : { error: 'Your change could not be saved. Try again.', details: [] }
    : null;
  return {
    marketplace: read.data,
    loading: read.isPending,
    loadError: read.error,
    saving: change.isPending,
    refusal,
    save: (c: ScreenChange) =>
      change.mutateAsync(c).then(
        () => true,
        () => false,
      ),
  };
};
