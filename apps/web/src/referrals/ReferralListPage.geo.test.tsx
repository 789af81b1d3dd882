import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWith } from '../app/services.testkit';
import PublicFeedPage from '../public/PublicFeedPage';
import { renderProducerList } from './listPage.testkit';

/** The state the list's first read asks for, with the geo-location answering `geo`. */
const firstState = async (geo: unknown, url: string) => {
  const { listCalls } = renderProducerList(url, { '/api/geo-location': geo });
  await waitFor(() => expect(listCalls()).toHaveLength(1));
  return listCalls()[0]?.state;
};

describe('the geo-located state of a signed-in list (section 2, state from URL)', () => {
  it("opens on a geo-located state that is a state option, before the URL's", async () => {
    expect(await firstState({ state: 'OH' }, '/admin/all-referrals?state=ca')).toBe('OH');
  });

  it('maps a geo-located state named in full to its option', async () => {
    expect(await firstState({ state: 'Ohio' }, '/admin/all-referrals')).toBe('OH');
  });

  it("ignores a geo-located state that is no state option, and keeps the URL's state", async () => {
    expect(await firstState({ state: 'ZZ' }, '/admin/all-referrals?state=ca')).toBe('CA');
  });

  it('ignores a geo-located state that is no state option, and opens All States without one in the URL', async () => {
    expect(await firstState({ state: 'Atlantis' }, '/admin/all-referrals')).toBe('all');
  });
});

describe('the public feed and geo-location', () => {
  it('never asks it, and opens All States', async () => {
    const api = fakeApi({ '/api/geo-location': { state: 'OH' } });
    renderWith(<PublicFeedPage />, { api, url: '/public-referrals' });
    await screen.findByRole('heading', { name: 'Insurance Referral Feed' });
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(
        '/api/public/referrals',
        expect.objectContaining({ state: 'all' }),
      ),
    );
    expect(api.get.mock.calls.map(([path]) => path)).not.toContain('/api/geo-location');
  });
});
