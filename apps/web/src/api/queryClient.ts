import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './ApiError';

/** Tries of a failed read after the first: enough for a relay restart behind the balancer. */
const READ_RETRIES = 2;

/**
 * Whether a failed read is tried again: a network failure or a 5xx is (a relay restarting, a
 * balancer failing over), a refusal (4xx: forbidden, not found, bad query) is final, as its
 * answer would not change. 408 and 429 ask for a later try.
 */
const retryRead = (failures: number, err: unknown): boolean => {
  if (failures >= READ_RETRIES) return false;
  if (!isApiError(err)) return true;
  return err.status === 0 || err.status >= 500 || err.status === 408 || err.status === 429;
};

/** How to build the tab's query client; tests shorten or turn off the retries. */
export interface QueryClientOptions {
  readonly retry?: typeof retryRead | false;
  readonly retryDelayMs?: (failures: number) => number;
}

/**
 * The tab's REST cache. Reads are not re-run on focus or on the browser's online event: live
 * data comes over the socket, whose reconnect resyncs and makes the screens read again where
 * they need to. Writes are never retried by the cache (a claim or a save must not run twice).
 */
export const createQueryClient = (o: QueryClientOptions = {}): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: o.retry ?? retryRead,
        ...(o.retryDelayMs ? { retryDelay: o.retryDelayMs } : {}),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
