import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { useServices } from '../../../app/services';
import { useTopic } from '../../../live/useTopic';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';
import {
  marketplacesSignature,
  type ListItem,
  type ListSaveBody,
  type MarketplacesAnswer,
} from './listTypes';

const log = logger('marketplaces');
const MARKETPLACES_TOPIC = { kind: 'marketplaces' } as const;

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
 * Loads the marketplaces, keeps the admin's edits apart from what was loaded, follows the live
 * marketplaces topic and saves through list-save with the loaded priorityVersion. Live changes
 * replace the list only while there are no unsaved edits; otherwise they are flagged and the save
 * meets the relay's 409, so nobody's work is overwritten silently.
 */
export const useMarketplaceList = (): MarketplaceList => {
  const { api } = useServices();
  const toast = useToast();
  const [loaded, setLoaded] = useState<Lists | null>(null);
  const [current, setCurrent] = useState<Lists | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [serverChanged, setServerChanged] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api.get<MarketplacesAnswer>('/api/marketplaces');
      const lists = splitMarketplaces(answer.items);
      setLoaded(lists);
      setCurrent(lists);
      setVersion(answer.priorityVersion);
      setServerChanged(false);
    } catch (err) {
      // Section 8: a marketplace-load failure only logs and stops loading.
      log.error('could not load marketplaces', err);
    } finally {
      setLoading(false);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const unsaved = loaded !== null && current !== null && hasUnsavedChanges(loaded, current);
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;

  const live = useTopic(MARKETPLACES_TOPIC).items;
  const loadedSignature = useMemo(
    () => (loaded ? marketplacesSignature(allOf(loaded)) : null),
    [loaded],
  );
  useEffect(() => {
    if (loadedSignature === null || live.length === 0 || saving) return;
    if (marketplacesSignature(live) === loadedSignature) return;
    if (unsavedRef.current) setServerChanged(true);
    else void load();
  }, [live, loadedSignature, load, saving]);

  const save = useCallback(async () => {
    if (!loaded || !current || version === null) return;
    const plan = listSavePlan(loaded, current);
    if (plan.length === 0) return;
    const body: ListSaveBody = {
      version,
      priorities: plan.flatMap((s) => (s.kind === 'priorities' ? s.priorities : [])),
      updates: plan.flatMap((s) =>
        s.kind === 'update' ? [{ id: s.marketplace.id, enabled: s.marketplace.enabled }] : [],
      ),
    };
    setSaving(true);
    setConflict(null);
    try {
      await api.post('/api/marketplaces/list-save', body);
      toast(LIST_TOASTS.saved);
      await load();
    } catch (err) {
      if (isApiError(err, 409)) {
        setConflict(err.error);
        await load();
      } else {
        log.error('could not save marketplaces', err);
        toast(LIST_TOASTS.saveFailed);
      }
    } finally {
      setSaving(false);
    }
  }, [api, current, load, loaded, toast, version]);

  const discard = useCallback(() => {
    setConflict(null);
    if (serverChanged) {
      setLoading(true);
      void load();
    } else setCurrent(loaded);
  }, [load, loaded, serverChanged]);

  return {
    loading,
    saving,
    lists: current,
    unsaved,
    serverChanged,
    conflict,
    toggle: (id, enabled) => setCurrent((c) => (c ? toggleEnabled(c, id, enabled) : c)),
    move: (from, to) => setCurrent((c) => (c ? moveEnabled(c, from, to) : c)),
    save,
    discard,
  };
};
