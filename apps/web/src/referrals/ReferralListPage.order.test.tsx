import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FLAGS, Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { serveFlags } from '../live/flags.testkit';
import { ReferralListPage } from './ReferralListPage';

type Params = Record<string, unknown>;

const referral = {
  opportunityId: 7,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  marketplaceExpirationDate: new Date(Date.now() + 600_000).toISOString(),
  addDate: new Date().toISOString(),
  state: 'TX',
  city: 'Austin',
  businessLines: [],
};

/** The admin list, with a row so the header shows, and the expiration flag on or off. */
const show = (flagOn: boolean) => {
  const api = fakeApi({ '/api/referrals': { seq: 1, content: [referral], totalElements: 1 } });
  const { socket } = renderWith(<ReferralListPage variant="all" />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN)),
    url: '/admin/all-referrals',
  });
  serveFlags(socket, flagOn ? [CONSOLE_FLAGS.expirationSort] : []);
  const last = () =>
    api.get.mock.calls
      .filter(([path]) => path === '/api/referrals')
      .map((c) => (c as unknown[])[1] as Params)
      .at(-1);
  return { last };
};

const header = (name: RegExp) => screen.getByRole('columnheader', { name });

describe('the admin list header says which order is in force (issue 44)', () => {
  it('shows "Expiring first" by Limited Time and asks the relay for that order', async () => {
    const { last } = show(true);
    await waitFor(() => expect(last()).toMatchObject({ expirationFirst: true }));
    const limited = await screen.findByRole('columnheader', { name: /Limited Time/ });
    expect(within(limited).getByText('Expiring first')).toBeTruthy();
    expect(limited.getAttribute('aria-sort')).toBe('other');
    // Received is not the order in force: no arrow, no aria-sort.
    expect(header(/Received/).getAttribute('aria-sort')).toBeNull();
  });

  it('gives Received descending when Received is clicked, and the label picks expiring first again', async () => {
    const { last } = show(true);
    await waitFor(() => expect(last()).toMatchObject({ expirationFirst: true }));
    fireEvent.click(await screen.findByRole('columnheader', { name: /Received/ }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'addDate', dir: 'desc' }));
    expect(last()).not.toHaveProperty('expirationFirst');
    expect(header(/Received/).getAttribute('aria-sort')).toBe('descending');
    expect(header(/Limited Time/).getAttribute('aria-sort')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sort expiring first' }));
    await waitFor(() =>
      expect(last()).toMatchObject({ sort: 'addDate', dir: 'desc', expirationFirst: true }),
    );
    expect(header(/Limited Time/).getAttribute('aria-sort')).toBe('other');
  });

  it('shows no such label, and asks for the plain sort, while the flag is off', async () => {
    const { last } = show(false);
    await waitFor(() => expect(last()).toMatchObject({ sort: 'addDate', dir: 'desc' }));
    await screen.findByRole('columnheader', { name: /Limited Time/ });
    expect(screen.queryByText('Expiring first')).toBeNull();
    expect(last()).not.toHaveProperty('expirationFirst');
    expect(header(/Received/).getAttribute('aria-sort')).toBe('descending');
  });
});
