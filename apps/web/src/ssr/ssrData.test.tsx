import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicReferral } from '@referrals/shared';
import { createQueryClient } from '../api/queryClient';
import { fakeApi, renderWith } from '../app/services.testkit';
import { aPublicReferral } from '../live/publicReferral.testkit';
import PublicFeedPage from '../public/PublicFeedPage';
import { PUBLIC_FEED_PATH, publicFeedFirstQuery } from '../public/publicFeedRead';
import { readSsrData, seedPublicFeed, ssrDataElement, type SsrData } from './ssrData';

const FEED_URL = 'http://localhost/public-referrals?state=tx';
const rows: PublicReferral[] = [aPublicReferral(71, 5), aPublicReferral(72, 90, 'Claimed')];
const data: SsrData = {
  basis: { now: Date.now(), timeZone: 'America/Chicago', mode: 'dark', mobile: false },
  page: { seq: 7, content: rows, totalElements: 2 },
};

const feedReads = (api: ReturnType<typeof fakeApi>) =>
  api.get.mock.calls.filter(([path]) => path === PUBLIC_FEED_PATH);

describe("a server render's data", () => {
  it('is inert JSON that nothing in it can end, read back whole', () => {
    const hostile: SsrData = {
      ...data,
      page: {
        ...data.page,
        content: [{ ...aPublicReferral(73, 1), city: '</script><script>alert(1)</script>\u2028&' }],
      },
    };
    const element = ssrDataElement(hostile);
    expect(element.match(/<\/script/g)).toHaveLength(1);
    expect(element).not.toContain('<!--');
    document.body.innerHTML = element;
    expect(readSsrData(document)).toEqual(hostile);
    document.body.innerHTML = '<script type="application/json" id="ssr-data">{not json</script>';
    expect(readSsrData(document)).toBeNull();
  });

  it("seeds the cache the feed's first render takes its rows from, and nothing is read again", async () => {
    const params = publicFeedFirstQuery(new URL(FEED_URL));
    expect(params).not.toBeNull();
    const queryClient = createQueryClient({ retry: false });
    seedPublicFeed(queryClient, params ?? {}, data);
    const api = fakeApi();
    renderWith(<PublicFeedPage />, { api, url: '/public-referrals?state=tx', queryClient });
    // The first render already holds the rows: no loading state, no request.
    expect(screen.getAllByRole('row').map((r) => r.getAttribute('data-id'))).toEqual([
      null,
      '71',
      '72',
    ]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(feedReads(api)).toEqual([]);
  });
});
