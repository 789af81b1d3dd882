import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/apiClient';
import { EarlyReads } from '../api/earlyReads';
import { renderWith } from '../app/services.testkit';
import { aPublicReferral } from '../live/publicReferral.testkit';
import PublicFeedPage from './PublicFeedPage';
import { startPublicFeedEarly } from './publicFeedRead';

const pathOf = (url: RequestInfo | URL): string => (typeof url === 'string' ? url : '');

/** A fetch that answers every list read with one referral, and records the URLs asked. */
const relay = () =>
  vi.fn((url: RequestInfo | URL) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          pathOf(url).startsWith('/api/public/referrals')
            ? { seq: 5, content: [aPublicReferral(71, 5)], totalElements: 1 }
            : {},
        ),
        { status: 200 },
      ),
    ),
  );

const start = (url: string) => {
  const fetchFn = relay();
  const early = new EarlyReads();
  const api = createApiClient(() => Promise.resolve(null), fetchFn, undefined, early);
  const loc = new URL(url, 'http://localhost');
  const onFeed = startPublicFeedEarly({ pathname: loc.pathname, search: loc.search }, api, early);
  return { fetchFn, api, onFeed };
};

const listReads = (fetchFn: ReturnType<typeof relay>) =>
  fetchFn.mock.calls.map(([u]) => pathOf(u)).filter((u) => u.startsWith('/api/public/referrals'));

describe('the public feed read early', () => {
  it.each(['/public-referrals', '/public-referrals?state=CA'])(
    'shows the first page read at the entry without asking again (%s)',
    async (url) => {
      const { fetchFn, api } = start(url);
      await vi.waitFor(() => expect(listReads(fetchFn)).toHaveLength(1));
      renderWith(<PublicFeedPage />, { api, url });
      // The header and the one referral.
      await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), { timeout: 5000 });
      expect(listReads(fetchFn)).toHaveLength(1);
    },
  );

  it('reads nothing early off the feed, or for a state no list can match', async () => {
    const started = ['/admin/all-referrals', '/public-referrals?state=ZZ'].map(start);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the token is asked first
    for (const { fetchFn } of started) expect(listReads(fetchFn)).toEqual([]);
    // The feed's code is still started on the feed itself (the entry preloads it when true).
    expect(started.map((s) => s.onFeed)).toEqual([false, true]);
  });
});
