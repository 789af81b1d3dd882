import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type PresenceHold } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { listRow } from './listPage.testkit';
import { ReferralListPage } from './ReferralListPage';

const ana = { username: 'producer2', name: 'Ana Producer' };
const me = { username: 'producer', name: 'Pat Producer' };
const rowOf = (id: number) =>
  document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
/** The presence marks a row shows, by their accessible names. */
const marks = (id: number) =>
  [...rowOf(id).querySelectorAll('svg title')].map((t) => t.textContent).filter(Boolean);

async function openList(role: Role = Role.CONSOLE_PRODUCER) {
  const r = renderWith(<ReferralListPage variant="available" />, {
    api: fakeApi({
      '/api/referrals': { seq: 1, content: [listRow(1), listRow(2)], totalElements: 2 },
    }),
    auth: fakeAuth(sessionOf(role)),
    url: '/admin/available-referrals?state=TX',
  });
  act(() => r.socket.connect(true));
  await screen.findAllByRole('gridcell');
  return r;
}

describe("a list's rows show who of the agency has them open (issue 49)", () => {
  it('asks for the viewers of the rows shown, and marks a row a teammate views, live', async () => {
    const { socket } = await openList();
    const rowsAsked = () =>
      socket
        .calls('presence')
        .map((c) => c.args[0] as { kind: string; referralIds?: number[] })
        .filter((a) => a.kind === 'watchRows');
    await waitFor(() => expect(rowsAsked().at(-1)?.referralIds).toEqual([1, 2]));
    const ask = socket.calls('presence').findIndex((c) => c.args[0] === rowsAsked().at(-1));
    act(() =>
      socket.answer(
        'presence',
        { ok: true, kind: 'rows', rows: [{ referralId: 2, viewers: [ana] }] },
        ask,
      ),
    );
    await waitFor(() => expect(marks(2)).toEqual(['Ana is viewing']));
    expect(marks(1)).toEqual([]);
    // One's own viewing is no mark; a teammate's joins live; a hold stands before viewing.
    act(() => socket.push('presence', { kind: 'viewers', referralId: 1, viewers: [me] }));
    expect(marks(1)).toEqual([]);
    act(() => socket.push('presence', { kind: 'viewers', referralId: 1, viewers: [me, ana] }));
    await waitFor(() => expect(marks(1)).toEqual(['Ana is viewing']));
    const hold: PresenceHold = {
      referralId: 2,
      ...ana,
      since: new Date().toISOString(),
      until: new Date(Date.now() + 60_000).toISOString(),
    };
    act(() => socket.push('presence', { kind: 'hold', referralId: 2, hold }));
    await waitFor(() => expect(marks(2)).toEqual(['Ana is calling']));
    act(() => socket.push('presence', { kind: 'viewers', referralId: 1, viewers: [] }));
    await waitFor(() => expect(marks(1)).toEqual([]));
  });

  it('asks nothing of presence for a user outside an agency (an admin)', async () => {
    const { socket } = await openList(Role.CONSOLE_ADMIN);
    await new Promise((r) => setTimeout(r, 50));
    expect(socket.calls('presence')).toEqual([]);
  });
});
