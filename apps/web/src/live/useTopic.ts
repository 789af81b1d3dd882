import { useCallback, useState, useSyncExternalStore } from 'react';
import { topicKey, type Topic } from '@referrals/shared';
import { useServices } from '../app/services';
import type { ItemOf } from './LiveClient';

const NONE: readonly never[] = [];

/** A whole (small) topic, kept current by the live layer; `error` when the server refused it. */
export const useTopic = <T extends Topic>(
  topic: T | null,
): { readonly items: readonly ItemOf<T>[]; readonly error: string | null } => {
  const { live } = useServices();
  const key = topic ? topicKey(topic) : null;
  // The caller may build a new topic object each render; the key is what identifies it.
  const [stable, setStable] = useState(topic);
  if ((stable ? topicKey(stable) : null) !== key) setStable(topic);
  const [error, setError] = useState<string | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) =>
      stable
        ? live.watch(stable, (e) => {
            setError(e.type === 'refused' ? e.error : null);
            onChange();
          })
        : () => undefined,
    [live, stable],
  );
  // A server render has no live data: it and the hydration show none, then the topic's items.
  const items = useSyncExternalStore(
    subscribe,
    () => (stable ? live.items(stable) : NONE),
    () => NONE,
  );
  return { items, error };
};
