import { describe, expect, it, vi } from 'vitest';
import type { PresenceHold } from '@referrals/shared';
import { FakeSocket } from '../live/fakeSocket.testkit';
import { PresenceClient } from './PresenceClient';

const hold: PresenceHold = {
  referralId: 7,
  username: 'producer2',
  name: 'Ana Producer',
  since: new Date().toISOString(),
  until: new Date(Date.now() + 120_000).toISOString(),
};

const setUp = () => {
  const socket = new FakeSocket();
  const client = new PresenceClient(socket);
  const heard = vi.fn();
  client.subscribe(heard);
  return { socket, client, heard };
};

describe('PresenceClient', () => {
  it('announces the holds it watches and the referral it views on connect, and again after a reconnect', () => {
    const { socket, client } = setUp();
    client.watchHolds();
    client.view(7);
    expect(socket.calls('presence')).toEqual([]);
    socket.connect(true);
    expect(socket.calls('presence').map((c) => c.args[0])).toEqual([
      { kind: 'watchHolds' },
      { kind: 'view', referralId: 7 },
    ]);
    socket.connect(false);
    socket.connect(true);
    expect(socket.calls('presence').map((c) => c.args[0])).toHaveLength(4);
    client.view(null);
    expect(socket.calls('presence').at(-1)?.args[0]).toEqual({ kind: 'view', referralId: null });
  });

  it("keeps the viewed referral's viewers and hold, and the agency's holds, as the server tells them", () => {
    const { socket, client, heard } = setUp();
    socket.connect(true);
    client.watchHolds();
    socket.answer('presence', { ok: true, kind: 'holds', holds: [] });
    client.view(7);
    socket.answer('presence', {
      ok: true,
      kind: 'presence',
      presence: {
        referralId: 7,
        viewers: [{ username: 'producer', name: 'Pat Producer' }],
        hold: null,
      },
    });
    expect(client.presence()?.viewers).toHaveLength(1);
    socket.push('presence', {
      kind: 'viewers',
      referralId: 7,
      viewers: [
        { username: 'producer', name: 'Pat Producer' },
        { username: 'producer2', name: 'Ana Producer' },
      ],
    });
    expect(client.presence()?.viewers.map((v) => v.username)).toEqual(['producer', 'producer2']);
    // Another referral's viewers are not this panel's.
    socket.push('presence', { kind: 'viewers', referralId: 8, viewers: [] });
    expect(client.presence()?.viewers).toHaveLength(2);
    socket.push('presence', { kind: 'hold', referralId: 7, hold });
    expect(client.presence()?.hold).toEqual(hold);
    expect(client.holds().get(7)).toEqual(hold);
    socket.push('presence', { kind: 'hold', referralId: 7, hold: null });
    expect(client.holds().size).toBe(0);
    expect(client.presence()?.hold).toBeNull();
    expect(heard).toHaveBeenCalled();
  });

  it('ignores a refusal and an answer for a referral no longer viewed', () => {
    const { socket, client } = setUp();
    socket.connect(true);
    client.view(7);
    client.view(8);
    socket.answer('presence', { ok: false, code: 'forbidden', error: 'no' }, -1);
    socket.answer(
      'presence',
      {
        ok: true,
        kind: 'presence',
        presence: { referralId: 7, viewers: [], hold: null },
      },
      0,
    );
    expect(client.presence()).toBeNull();
  });

  it("keeps the rows' viewers: answered, pushed, forgotten when a row leaves, answered anew after a reconnect", () => {
    const { socket, client } = setUp();
    const pat = { username: 'producer', name: 'Pat Producer' };
    const ana = { username: 'producer2', name: 'Ana Producer' };
    client.watchRows([7, 8]);
    socket.connect(true);
    expect(socket.calls('presence').at(-1)?.args[0]).toEqual({
      kind: 'watchRows',
      referralIds: [7, 8],
    });
    socket.answer('presence', {
      ok: true,
      kind: 'rows',
      rows: [{ referralId: 7, viewers: [pat] }],
    });
    expect([...client.rowViewers()]).toEqual([[7, [pat]]]);
    // A push for a watched row sets or clears it; one for a row not shown is not kept.
    socket.push('presence', { kind: 'viewers', referralId: 8, viewers: [ana] });
    socket.push('presence', { kind: 'viewers', referralId: 9, viewers: [ana] });
    socket.push('presence', { kind: 'viewers', referralId: 7, viewers: [] });
    expect([...client.rowViewers()]).toEqual([[8, [ana]]]);
    // The same rows again send nothing; new rows replace the set and drop the rows gone.
    const sent = socket.calls('presence').length;
    client.watchRows([7, 8]);
    expect(socket.calls('presence')).toHaveLength(sent);
    client.watchRows([9, 7]);
    expect(socket.calls('presence').at(-1)?.args[0]).toEqual({
      kind: 'watchRows',
      referralIds: [9, 7],
    });
    expect(client.rowViewers().size).toBe(0);
    // A late answer names a row no longer shown: it is not kept.
    socket.answer('presence', {
      ok: true,
      kind: 'rows',
      rows: [{ referralId: 8, viewers: [pat] }],
    });
    expect(client.rowViewers().size).toBe(0);
    socket.push('presence', { kind: 'viewers', referralId: 9, viewers: [pat] });
    // After a reconnect what was heard is forgotten and the rows are asked for again.
    socket.connect(false);
    socket.connect(true);
    expect(client.rowViewers().size).toBe(0);
    expect(socket.calls('presence').at(-1)?.args[0]).toEqual({
      kind: 'watchRows',
      referralIds: [9, 7],
    });
    client.watchRows([]);
    expect(socket.calls('presence').at(-1)?.args[0]).toEqual({
      kind: 'watchRows',
      referralIds: [],
    });
  });
});
