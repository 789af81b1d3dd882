import type { LiveStatus } from '@referrals/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from '../app/services';
import { useTopic } from './useTopic';

/** What the live indicator shows. */
export type LiveState = 'live' | 'loading' | 'reconnecting' | 'stale';

const STATUS_TOPIC = { kind: 'status' } as const;

/**
 * Live when connected and the relay polls upstream; stale when connected but the relay cannot
 * poll (data may be old); reconnecting while the socket is down.
 */
export const useLiveStatus = (): LiveState => {
  const { live } = useServices();
  const subscribe = useCallback((cb: () => void) => live.onConnectionChange(cb), [live]);
  // A server render is never connected: it and the hydration show the state before connecting.
  const connection = useSyncExternalStore(
    subscribe,
    () => live.connectionState(),
    () => 'connecting' as const,
  );
  const { items } = useTopic(STATUS_TOPIC);
  if (connection !== 'connected') return 'reconnecting';
  if (items.some((s) => s.stale)) return 'stale';
  return items.some((s) => s.loading) ? 'loading' : 'live';
};

/**
 * While the relay's first load of the market runs: referrals loaded so far and expected; null
 * once the market is whole.
 */
export const useLoadProgress = (): LiveStatus['loading'] | null => {
  const { items } = useTopic(STATUS_TOPIC);
  return items.find((s) => s.loading)?.loading ?? null;
};

/** What the lists say while their referrals load (the grid's progress bar, the footer). */
export const LOADING_REFERRALS = 'Loading referrals';

/** 'Loading referrals: 120,000 of 1,000,000 so far.' */
export const loadingText = (p: NonNullable<LiveStatus['loading']>): string =>
  `${LOADING_REFERRALS}: ${p.loaded.toLocaleString('en-US')} of ${p.expected.toLocaleString('en-US')} so far.`;
