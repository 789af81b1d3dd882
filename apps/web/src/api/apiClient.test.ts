import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { createApiClient } from './apiClient';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('createApiClient', () => {
  it('passes a bound signal to fetch, and an abort rejects with it, not as unreachable', async () => {
    const fetchFn = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    const controller = new AbortController();
    const api = createApiClient(() => Promise.resolve('t'), fetchFn).withSignal(controller.signal);
    const read = api.get('/api/me');
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    expect(fetchFn.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
    controller.abort();
    const err: unknown = await read.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });

  it('sends no signal without one, and a failed fetch is the unreachable-server ApiError', async () => {
    const fetchFn = vi.fn((_url: RequestInfo | URL, init?: RequestInit) =>
      init?.signal ? Promise.resolve(json({})) : Promise.reject(new TypeError('offline')),
    );
    const api = createApiClient(() => Promise.resolve(null), fetchFn);
    const err: unknown = await api.get('/api/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });
});
