import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services';
import type { QueryParams } from './apiClient';
import { apiQuery } from './queries';

/**
 * A relay GET through the query cache, for code that awaits a read in a sequence or a callback
 * rather than rendering it: the same cache key as `apiQuery` (callers at once share one request),
 * the cache's retries, and the cached answer while it is younger than `staleTime` (0: always read).
 */
export const useApiRead = () => {
  const { api } = useServices();
  const client = useQueryClient();
  return useCallback(
    <T,>(path: string, o: { params?: QueryParams; staleTime?: number } = {}): Promise<T> =>
      client.fetchQuery({ ...apiQuery<T>(api, path, o.params), staleTime: o.staleTime ?? 0 }),
    [api, client],
  );
};
