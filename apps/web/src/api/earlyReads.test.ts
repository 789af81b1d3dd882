import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './apiClient';
import { EarlyReads } from './earlyReads';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('EarlyReads', () => {
  afterEach(() => vi.useRealTimers());

  it('hands a read to the first taker of its URL only', async () => {
    const early = new EarlyReads();
    early.remember('/api/x?a=1', Promise.resolve('answer'));
    expect(early.take('/api/x?a=2')).toBeUndefined();
    await expect(early.take('/api/x?a=1')).resolves.toBe('answer');
    expect(early.take('/api/x?a=1')).toBeUndefined();
  });

  it('drops a read nobody took in time', () => {
    vi.useFakeTimers();
    const early = new EarlyReads(1000);
    early.remember('/api/x', Promise.resolve(1));
    vi.advanceTimersByTime(1001);
    expect(early.take('/api/x')).toBeUndefined();
  });

  it('keeps a failure for its taker (and reports nothing when nobody takes it)', async () => {
    const early = new EarlyReads();
    early.remember('/api/x', Promise.reject(new Error('down')));
    early.remember('/api/y', Promise.reject(new Error('unwanted')));
    await expect(early.take('/api/x')).rejects.toThrow('down');
  });
});

describe('createApiClient with early reads', () => {
  it('answers a GET of a URL read early from that read, once, on signal-bound clients too', async () => {
    const fetchFn = vi.fn((url: RequestInfo | URL) =>
      Promise.resolve(json({ url: typeof url === 'string' ? url : 'not a path', fresh: true })),
    );
    const early = new EarlyReads();
    const api = createApiClient(() => Promise.resolve(null), fetchFn, undefined, early);
    early.remember('/api/referrals?page=0&size=25', Promise.resolve({ early: true }));
    const bound = api.withSignal(new AbortController().signal);
    await expect(bound.get('/api/referrals', { page: 0, size: 25 })).resolves.toEqual({
      early: true,
    });
    expect(fetchFn).not.toHaveBeenCalled();
    await expect(bound.get('/api/referrals', { page: 0, size: 25 })).resolves.toEqual({
      url: '/api/referrals?page=0&size=25',
      fresh: true,
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
