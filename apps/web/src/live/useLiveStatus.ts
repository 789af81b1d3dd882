import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from '../app/services';
import { useTopic } from './useTopic';

/** What the live indicator shows. */
export type LiveState = 'live' | 'reconnecting' | 'stale';

const STATUS_TOPIC = { kind: 'status' } as const;

/**
 * Live when connected and the relay polls upstream; stale when connected but the relay cannot
 * poll (data may be old); reconnecting while the socket is down.
 */
export const useLiveStatus = (): LiveState => {
  const { live } = useServices();
  const subscribe = useCallback((cb: () => void) => live.onConnectionChange(cb), [live]);
  const connection = useSyncExternalStore(subscribe, () => live.connectionState());
  const { items } = useTopic(STATUS_TOPIC);
  if (connection !== 'connected') return 'reconnecting';
  return items.some((s) => s.stale) ? 'stale' : 'live';
};
