import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, QueryParams } from './apiClient';

/** The cache key of a relay GET: its path, then its parameters when it has any. */
export const apiKey = (path: string, params?: QueryParams) =>
  params === undefined ? (['api', path] as const) : (['api', path, params] as const);

/**
 * A relay GET as a cached query: keyed by path and parameters (so two screens asking the same
 * share one request), aborted on the network when TanStack Query cancels it.
 */
export const apiQuery = <T>(api: ApiClient, path: string, params?: QueryParams) =>
  queryOptions({
    queryKey: apiKey(path, params),
    queryFn: ({ signal }): Promise<T> =>
      params === undefined
        ? api.withSignal(signal).get<T>(path)
        : api.withSignal(signal).get<T>(path, params),
  });
