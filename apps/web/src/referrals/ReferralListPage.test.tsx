import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderProducerList } from './listPage.testkit';

const setup = (url = '/admin/all-referrals?state=ca') => renderProducerList(url);

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
