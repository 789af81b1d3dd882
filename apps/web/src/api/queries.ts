import type { AnswerAt, ApiUrl } from '@referrals/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, QueryParams } from './apiClient';

/** The cache key of a relay GET: its path, then its parameters when it has any. */
export const apiKey = (path: string, params?: QueryParams) =>
  params === undefined ? (['api', path] as const) : (['api', path, params] as const);

/**
 * A relay GET as a cached query: keyed by path and parameters (so two screens asking the same
 * share one request), aborted on the network when TanStack Query cancels it.
 */
export const apiQuery = <U extends ApiUrl<'get'>>(api: ApiClient, path: U, params?: QueryParams) =>
  queryOptions({
    queryKey: apiKey(path, params),
    queryFn: ({ signal }): Promise<AnswerAt<'get', U>> =>
      params === undefined
        ? api.withSignal(signal).get(path)
        : api.withSignal(signal).get(path, params),
  });

/** How a relay GET is read through the cache rather than rendered. */
export interface ReadOptions {
  readonly params?: QueryParams;
  /** How long a cached answer is used instead of reading (0, the default: always read). */
  readonly staleTime?: number;
  /**
   * How long an answer nobody renders is kept (the cache's default unless given). 0 for a page
   * only its reader wants: a list screen opened later takes a cached page as its first.
   */
  readonly gcTime?: number;
}

/** A relay GET through the query cache, awaited by code that reads in a sequence or callback. */
export type ApiRead = <U extends ApiUrl<'get'>>(
  path: U,
  o?: ReadOptions,
) => Promise<AnswerAt<'get', U>>;

/**
 * `ApiRead` over `client`: the same cache key as `apiQuery` (callers at once share one request),
 * the cache's retries, and the cached answer while it is younger than `staleTime`. For code
 * outside React too (the alert watchers), which gets it from the hook that starts it.
 */
export const apiRead =
  (client: QueryClient, api: ApiClient): ApiRead =>
  <U extends ApiUrl<'get'>>(path: U, o: ReadOptions = {}): Promise<AnswerAt<'get', U>> =>
    client.fetchQuery({
      ...apiQuery(api, path, o.params),
      staleTime: o.staleTime ?? 0,
      ...(o.gcTime === undefined ? {} : { gcTime: o.gcTime }),
    });
