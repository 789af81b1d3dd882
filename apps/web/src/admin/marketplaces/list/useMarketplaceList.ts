import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  hasUnsavedChanges,
  LIST_TOASTS,
  listSavePlan,
  moveEnabled,
  splitMarketplaces,
  toggleEnabled,
  type MarketplaceLists,
} from '@referrals/shared';
import { isApiError } from '../../../api/ApiError';
import { apiKey, apiQuery } from '../../../api/queries';
import { useOnError } from '../../../api/useOnError';
import { useServices } from '../../../app/services';
import { useTopic } from '../../../live/useTopic';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';
import { marketplacesSignature, type ListItem, type ListSaveBody } from './listTypes';

const log = logger('marketplaces');
const MARKETPLACES_TOPIC = { kind: 'marketplaces' } as const;
const PATH = '/api/marketplaces';

type Lists = MarketplaceLists<ListItem>;
const allOf = (l: Lists): ListItem[] => [...l.enabled, ...l.disabled, ...l.nonFlow];

/** The list screen's state and actions. */
export interface MarketplaceList {
  readonly loading: boolean;
  readonly saving: boolean;
  /** The lists as edited; null until the first load. */
  readonly lists: Lists | null;
  readonly unsaved: boolean;
  /** Another admin changed marketplaces while this one had unsaved edits. */
  readonly serverChanged: boolean;
  /** The relay's text of a refused (409) save, shown until the next save or discard. */
  readonly conflict: string | null;
  readonly toggle: (id: number, enabled: boolean) => void;
  readonly move: (from: number, to: number) => void;
  readonly save: () => Promise<void>;
  readonly discard: () => void;
}

/**
 * Loads the marketplaces into the query cache, keeps the admin's edits apart from what was
 * loaded, follows the live marketplaces topic and saves through list-save with the loaded
 * priorityVersion. Live changes read the list again only while there are no unsaved edits;
 * otherwise they are flagged and the save meets the relay's 409, so nobody's work is overwritten
 * silently. Edits belong to the list as read: a read that changed it (after a save, a 409, a live
 * change) replaces them.
 */
export const useMarketplaceList = (): MarketplaceList => {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  // Kept fresh by the live topic and by the reads after a save: no read of its own when another
  // part of the screen starts to observe it (that re-read re-rendered the list under a drag).
  const read = useQuery({ ...apiQuery(api, PATH), staleTime: Infinity });
  // Section 8: a marketplace-load failure only logs and stops loading.
  useOnError(read.error, (err) => log.error('could not load marketplaces', err));
  const loaded = useMemo(
    () => (read.data ? splitMarketplaces(read.data.items) : null),
    [read.data],
  );
  const version = read.data?.priorityVersion ?? null;
  const loadedSignature = useMemo(
    () => (loaded ? marketplacesSignature(allOf(loaded)) : null),
    [loaded],
  );
  // Edits belong to what was read, not to when: a read that brings the same list back (another
  // observer mounting, a refetch) keeps them; a changed list or priority version drops them.
  const readAt = `${version ?? ''}|${loadedSignature ?? ''}`;
  const [edits, setEdits] = useState<{ readonly readAt: string; readonly lists: Lists } | null>(
    null,
  );
  const current = edits !== null && edits.readAt === readAt ? edits.lists : loaded;
  const [conflict, setConflict] = useState<string | null>(null);
  const unsaved = loaded !== null && current !== null && hasUnsavedChanges(loaded, current);
  const reload = useCallback(() => client.invalidateQueries({ queryKey: apiKey(PATH) }), [client]);

  const saving = useMutation({
    mutationFn: (body: ListSaveBody) => api.post('/api/marketplaces/list-save', body),
    onMutate: () => setConflict(null),
    onSuccess: () => {
      toast(LIST_TOASTS.saved);
      return reload();
    },
    onError: (err) => {
      if (isApiError(err, 409)) {
        setConflict(err.error);
        return reload();
      }
      log.error('could not save marketplaces', err);
      toast(LIST_TOASTS.saveFailed);
    },
  });

  const live = useTopic(MARKETPLACES_TOPIC).items;
  const liveDiffers =
    loadedSignature !== null && live.length > 0 && marketplacesSignature(live) !== loadedSignature;
  useEffect(() => {
    if (liveDiffers && !unsaved && !saving.isPending) void reload();
  }, [liveDiffers, unsaved, saving.isPending, reload]);

  const { mutateAsync } = saving;
  const save = useCallback(async () => {
    if (!loaded || !current || version === null) return;
    const plan = listSavePlan(loaded, current);
    if (plan.length === 0) return;
    await mutateAsync({
      version,
      priorities: plan.flatMap((s) => (s.kind === 'priorities' ? s.priorities : [])),
      updates: plan.flatMap((s) =>
        s.kind === 'update' ? [{ id: s.marketplace.id, enabled: s.marketplace.enabled }] : [],
      ),
    }).catch(() => undefined); // told by onError
  }, [current, loaded, mutateAsync, version]);

  const edit = (change: (l: Lists) => Lists) =>
    setEdits((e) =>
      current === null ? e : { readAt, lists: change(e?.readAt === readAt ? e.lists : current) },
    );

  return {
    loading: read.isPending,
    saving: saving.isPending,
    lists: current,
    unsaved,
    // Another admin's change is shown only while edits hold the list back from reading it.
    serverChanged: liveDiffers && unsaved && !saving.isPending,
    conflict,
    toggle: (id, enabled) => edit((c) => toggleEnabled(c, id, enabled)),
    move: (from, to) => edit((c) => moveEnabled(c, from, to)),
    save,
    // Dropping the edits lets a flagged live change read the list again at once.
    discard: () => {
      setConflict(null);
      setEdits(null);
    },
  };
};
