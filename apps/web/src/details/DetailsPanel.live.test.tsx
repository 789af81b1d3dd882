import { useSyncExternalStore } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import type { FakeSocket } from '../live/fakeSocket.testkit';
import type { GridRow } from '../referrals/gridColumns';
import { DetailsPanel } from './DetailsPanel';

const AGENCY = 'Lone Star Insurance Group';
const opened = new Date(Date.now() - 60_000).toISOString();
const row: GridRow = {
  opportunityId: 7,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: opened,
  lastModDate: opened,
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
  dynamicPrice: 40,
  discountPrice: null,
};
const TOPIC = { kind: 'referrals', state: 'TX' } as const;

/** The list's part: the row it hands the panel, which a test may swap (the row left the page). */
const list = {
  row,
  listeners: new Set<() => void>(),
  hand(r: GridRow) {
    list.row = r;
    list.listeners.forEach((l) => l());
  },
};
const List = () => {
  const r = useSyncExternalStore(
    (l) => {
      list.listeners.add(l);
      return () => list.listeners.delete(l);
    },
    () => list.row,
  );
  return <DetailsPanel referral={r} onClose={() => undefined} />;
};

/** Opens the panel as a producer of the agency, with the referral's topic joined at seq 10. */
const open = async (records: Record<string, unknown> = {}) => {
  const api = fakeApi({
    '/api/referrals/7': row,
    '/api/me': { username: 'agencyadmin', agencyName: AGENCY },
    ...records,
  });
  list.row = row;
  const r = renderWith(<List />, { api, auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)) });
  act(() => r.socket.connect(true));
  await screen.findByRole('button', { name: 'Claim Now - $40' });
  const joined = r.socket
    .calls('subscribe')
    .find((c) => (c.args[0] as { kind?: string }).kind === 'referrals');
  expect(joined?.args[0]).toEqual(TOPIC);
  act(() =>
    r.socket.answer('subscribe', {
      ok: true,
      snapshot: { topic: TOPIC, seq: 10, complete: false, items: [] },
    }),
  );
  return { ...r, api };
};

/** The relay's change set naming the referral, as it reached the watcher's list topic. */
const change = (socket: FakeSocket, fields: Partial<GridRow>, seq = 11) =>
  act(() =>
    socket.push('changes', {
      topic: TOPIC,
      prevSeq: seq - 1,
      seq,
      upserts: [{ ...row, lastModDate: new Date().toISOString(), ...fields }],
      removed: [],
    } as never),
  );

describe('the open details panel, live', () => {
  it("turns to Claimed when a colleague wins, says who, and is not undone by the list's old row", async () => {
    const { socket, api } = await open();
    const claimedAt = new Date().toISOString();
    const won = {
      ...row,
      marketplaceStatus: 'Claimed',
      assignedAgency: AGENCY,
      assignedAgent: 'Pat Producer',
      lastModDate: claimedAt,
      soldPrice: 40,
      phone: '5125550100',
    };
    api.get.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/referrals/7' ? won : { username: 'x', agencyName: AGENCY }),
    );
    change(socket, {
      marketplaceStatus: 'Claimed',
      assignedAgency: AGENCY,
      soldPrice: 40,
      lastModDate: claimedAt,
    });
    expect(screen.queryByRole('button', { name: /Claim Now/ })).toBeNull();
    expect(
      await screen.findByText('Claimed by your agency · Pat Producer · just now'),
    ).toBeTruthy();
    // The list drops the row and hands back the one the panel opened on.
    act(() => list.hand({ ...row }));
    expect(screen.queryByRole('button', { name: /Claim Now/ })).toBeNull();
    expect(screen.getByText('Claimed by your agency · Pat Producer · just now')).toBeTruthy();
  });

  it('says another agency won, with the status button disabled, and follows a price change', async () => {
    const { socket } = await open();
    change(socket, { dynamicPrice: 35 });
    expect(await screen.findByRole('button', { name: 'Claim Now - $35' })).toBeTruthy();
    change(socket, { marketplaceStatus: 'Claimed', assignedAgency: 'Great Lakes Mutual' }, 12);
    const status = await screen.findByRole<HTMLButtonElement>('button', { name: 'Claimed' });
    expect(status.disabled).toBe(true);
    expect(screen.getByText('Claimed by another agency')).toBeTruthy();
  });

  it('leaves no live Claim button after a 409, even while the record still says Available', async () => {
    const { api } = await open();
    api.post.mockImplementation(() =>
      Promise.reject(new ApiError(409, 'This referral is no longer available.')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Claim Now - $40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your claim' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Someone else claimed this referral first.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Claim Now - $40' }).disabled,
      ).toBe(true),
    );
  });
});
