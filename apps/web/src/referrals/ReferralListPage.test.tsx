import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { ReferralListPage } from './ReferralListPage';

type Params = Record<string, unknown>;

const setup = (url = '/admin/all-referrals?state=ca') => {
  const api = fakeApi();
  renderWith(<ReferralListPage variant="all" />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    url,
  });
  const listCalls = () =>
    api.get.mock.calls
      .filter(([path]) => path === '/api/referrals')
      .map((c) => (c as unknown[])[1] as Params);
  return { api, listCalls, last: () => listCalls().at(-1) };
};

describe('referral list toolbar', () => {
  it('starts from the producer defaults and the upper-cased URL state when geo-location fails', async () => {
    const { last } = setup();
    await waitFor(() => expect(last()).toBeDefined());
    expect(last()).toMatchObject({
      view: 'inAppetite',
      state: 'CA',
      dateFilter: '48hours',
      showClaimed: false,
      sort: 'marketplaceExpirationDate',
      dir: 'asc',
      page: 0,
      size: 25,
    });
  });

  it('sends the view, Show Claimed and the date filter as query parameters', async () => {
    const { last } = setup();
    await waitFor(() => expect(last()).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'All Referrals' }));
    await waitFor(() => expect(last()).toMatchObject({ view: 'all' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Show Claimed' }));
    await waitFor(() => expect(last()).toMatchObject({ view: 'all', showClaimed: true }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date' }));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'Last 7 Days' }),
    );
    await waitFor(() =>
      expect(last()).toMatchObject({
        view: 'all',
        showClaimed: true,
        dateFilter: '7days',
        page: 0,
      }),
    );
  });

  it('drops the state parameter when All States is chosen', async () => {
    const { last } = setup();
    await waitFor(() => expect(last()).toMatchObject({ state: 'CA' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'All States' }),
    );
    await waitFor(() => expect(last()).toMatchObject({ state: 'all' }));
  });

  it('ignores a URL state that is not two characters', async () => {
    const { last } = setup('/admin/all-referrals?state=texas');
    await waitFor(() => expect(last()).toMatchObject({ state: 'all' }));
  });
});
