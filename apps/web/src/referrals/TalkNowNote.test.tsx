import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FLAGS, Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { serveFlags } from '../live/flags.testkit';
import { listRow } from './listPage.testkit';
import { ReferralListPage } from './ReferralListPage';

const row = listRow(3, { businessLines: [] });

/** The available-referral list (with its Notes column) as a user of `role`, these flags on. */
const availableListAs = (role: Role, flags: readonly string[] = [CONSOLE_FLAGS.talkNow]) => {
  const api = fakeApi({
    '/api/referrals': { seq: 1, content: [row], totalElements: 1 },
    '/api/referrals/3': row,
  });
  const { socket } = renderWith(<ReferralListPage variant="available" />, {
    api,
    auth: fakeAuth(sessionOf(role)),
    url: '/admin/claim-it-referrals?state=TX',
  });
  serveFlags(socket, flags);
  return api;
};

describe('Talk now note of the available list', () => {
  it.each([Role.CONSOLE_PRODUCER, Role.CONSOLE_AGENCY_ADMIN, Role.CONSOLE_ADMIN])(
    '%s sees the Talk now note, which opens the details panel',
    async (role) => {
      const api = availableListAs(role);
      fireEvent.click(await screen.findByRole('button', { name: 'Talk now - $30' }));
      await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/referrals/3'));
      expect(await screen.findByRole('region', { name: /referral #3$/ })).toBeTruthy();
      expect(api.post).not.toHaveBeenCalled();
    },
  );

  it('is not shown while the talk-now flag is off, though the role allows it', async () => {
    availableListAs(Role.CONSOLE_PRODUCER, []);
    expect(await screen.findByText('Austin, TX')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Talk now/ })).toBeNull();
  });

  it('is not shown to carriers', async () => {
    availableListAs(Role.CONSOLE_CARRIER);
    expect(await screen.findByText('Austin, TX')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Talk now/ })).toBeNull();
  });
});
