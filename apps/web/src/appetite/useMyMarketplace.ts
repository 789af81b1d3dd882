import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast, type MyMarketplace, type SelfServeChange } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey, apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import { useToast } from '../toasts/useToast';

const PATH = '/api/my-marketplace';
/**
 * How often the screen reads its marketplace again: today's deliveries and a pause the relay
 * applied change without the agency doing anything.
 */
export const MY_MARKETPLACE_REFRESH_MS = 15_000;

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
  const read = useQuery({ ...apiQuery(api, PATH), refetchInterval: MY_MARKETPLACE_REFRESH_MS });
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
