import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type PresenceHold } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { DetailsPanel } from '../details/DetailsPanel';
import { listRow } from '../referrals/listPage.testkit';

const opened = new Date(Date.now() - 60_000).toISOString();
const row = listRow(7, { addDate: opened, lastModDate: opened, businessLines: [] });
const anaHold: PresenceHold = {
  referralId: 7,
  username: 'producer2',
  name: 'Ana Producer',
  since: new Date().toISOString(),
  until: new Date(Date.now() + 100_000).toISOString(),
};

/** The panel of referral 7 for Pat (producer), its presence answered with `hold`. */
async function openPanel(api = fakeApi({ '/api/referrals/7': row })) {
  const r = renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
  });
  act(() => r.socket.connect(true));
  await screen.findByRole('button', { name: 'Claim Now - $40' });
  const view = r.socket
    .calls('presence')
    .find((c) => (c.args[0] as { kind: string }).kind === 'view');
  expect(view?.args[0]).toEqual({ kind: 'view', referralId: 7 });
  const index = r.socket.calls('presence').indexOf(view!);
  act(() =>
    r.socket.answer(
      'presence',
      {
        ok: true,
        kind: 'presence',
        presence: {
          referralId: 7,
          viewers: [
            { username: 'producer', name: 'Pat Producer' },
            { username: 'producer2', name: 'Ana Producer' },
          ],
          hold: null,
        },
      },
      index,
    ),
  );
  return { ...r, api };
}

describe('the panel with the team', () => {
  it('shows who else views it, then their hold at once, and asks before claiming over it', async () => {
    const { socket } = await openPanel();
    const team = screen.getByRole('group', { name: 'Your team on this referral' });
    expect(within(team).getByText('Ana is viewing')).toBeTruthy();
    act(() => socket.push('presence', { kind: 'hold', referralId: 7, hold: anaHold }));
    expect(within(team).getByText(/^Ana is calling · 1:[34]\d$/)).toBeTruthy();
    // A teammate's hold leaves no hold button.
    expect(within(team).queryByRole('button', { name: "I'm calling" })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Claim Now - $40' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Ana Producer is calling this referral. Claim anyway?'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Claim anyway' })).toBeTruthy();
  });

  it("claims as ever when nobody holds it, and holds it for one's own call", async () => {
    const api = fakeApi({ '/api/referrals/7': row });
    const mine: PresenceHold = { ...anaHold, username: 'producer', name: 'Pat Producer' };
    api.post.mockImplementation(() => Promise.resolve(mine as never));
    await openPanel(api);
    fireEvent.click(screen.getByRole('button', { name: "I'm calling" }));
    expect(api.post).toHaveBeenCalledWith('/api/referrals/7/hold');
    expect(await screen.findByText(/^You are calling · /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop calling' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim Now - $40' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/Claim anyway/)).toBeNull();
  });

  it('says who was quicker when the hold is refused', async () => {
    const api = fakeApi({ '/api/referrals/7': row });
    api.post.mockImplementation(() =>
      Promise.reject(new ApiError(409, 'Ana Producer is calling this referral until 19:02:03 UTC')),
    );
    await openPanel(api);
    fireEvent.click(screen.getByRole('button', { name: "I'm calling" }));
    expect(
      await screen.findByText('Ana Producer is calling this referral until 19:02:03 UTC'),
    ).toBeTruthy();
  });

  it('sends nothing about presence for staff, who have no team', async () => {
    const r = renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
      api: fakeApi({ '/api/referrals/7': row }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
    });
    act(() => r.socket.connect(true));
    await screen.findByRole('heading', { name: /referral #7/ });
    expect(
      r.socket
        .calls('presence')
        .filter((c) => (c.args[0] as { referralId?: unknown }).referralId !== null),
    ).toEqual([]);
  });
});
