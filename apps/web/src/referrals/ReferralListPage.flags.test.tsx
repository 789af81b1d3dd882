import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FLAGS, Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { serveFlags } from '../live/flags.testkit';
import { ReferralListPage } from './ReferralListPage';

const listCalls = (api: ReturnType<typeof fakeApi>) =>
  api.get.mock.calls.filter(([path]) => path === '/api/referrals').length;

const show = (role: Role) => {
  const api = fakeApi();
  const { socket } = renderWith(<ReferralListPage variant="all" />, {
    api,
    auth: fakeAuth(sessionOf(role)),
    url: '/admin/all-referrals',
  });
  return { api, socket };
};

describe('the expiration flag on the admin referral list', () => {
  it("fetches an admin's list again when the flag turns on, so the relay's new order shows", async () => {
    const { api, socket } = show(Role.CONSOLE_ADMIN);
    await waitFor(() => expect(listCalls(api)).toBe(1));
    serveFlags(socket, [CONSOLE_FLAGS.expirationSort]);
    await waitFor(() => expect(listCalls(api)).toBe(2));
  });

  it("leaves another user's list alone", async () => {
    const { api, socket } = show(Role.CONSOLE_PRODUCER);
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(0));
    const before = listCalls(api);
    serveFlags(socket, [CONSOLE_FLAGS.expirationSort]);
    await screen.findByRole('heading');
    await new Promise((r) => setTimeout(r, 100));
    expect(listCalls(api)).toBe(before);
  });
});
