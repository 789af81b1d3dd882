import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Topic } from '@referrals/shared';
import { useServices } from '../app/services';

/** How a screen re-reads on live news. */
export interface RereadOptions {
  /** Gather a burst of news for this long and read once (a busy claim minute costs one read). */
  readonly delayMs?: number;
  /** Hears the relay's refusal of a topic (the screen still works, only not live). */
  readonly onRefused?: (error: string) => void;
}

/**
 * Marks the cached reads under `queryKey` stale, so the shown ones are read again, whenever one of
 * `topics` changes or gives a new base (its first snapshot, a reconnect, a gap the server could
 * not fill). For screens whose REST answer is computed from what the topic carries (a page of a
 * filtered list, a sum), so the socket's items cannot be written into the cache as they are.
 * `topics` must be stable (a module constant).
 */
export const useRereadOnTopics = (
  topics: readonly Topic[],
  queryKey: QueryKey,
  o: RereadOptions = {},
): void => {
  const { live } = useServices();
  const client = useQueryClient();
  const reread = useEffectEvent(() => void client.invalidateQueries({ queryKey }));
  const refused = useEffectEvent((error: string) => o.onRefused?.(error));
  const { delayMs } = o;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first news of a burst starts the wait; the rest join it, so a steady stream still
    // reads again every delayMs.
    const again = () => {
      if (delayMs === undefined) return reread();
      timer ??= setTimeout(() => {
        timer = undefined;
        reread();
      }, delayMs);
    };
    const stops = topics.map((topic) =>
      live.watch(topic, (e) => (e.type === 'refused' ? refused(e.error) : again())),
    );
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, [live, topics, delayMs]);
};
