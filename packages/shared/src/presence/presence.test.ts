import { describe, expect, it } from 'vitest';
import { rooms } from '../realtime/rooms.js';
import {
  holdConfirmText,
  holdStands,
  holdText,
  ROW_WATCH_MAX,
  viewingText,
  type PresenceHold,
} from './protocol.js';
import { parsePresenceRequest } from './schemas.js';

const ana = { username: 'producer2', name: 'Ana Producer' };
const pat = { username: 'producer', name: 'Pat Producer' };
const hold: PresenceHold = {
  referralId: 7,
  username: 'producer2',
  name: 'Ana Producer',
  since: '2026-01-01T10:00:00.000Z',
  until: '2026-01-01T10:02:00.000Z',
};

describe('presence texts', () => {
  it('names the teammates viewing, never the viewer', () => {
    expect(viewingText([ana, pat], 'producer')).toBe('Ana is viewing');
    expect(viewingText([pat], 'producer')).toBe('');
    expect(viewingText([ana, pat], 'x')).toBe('Ana and Pat are viewing');
    expect(viewingText([ana, pat, { username: 'c', name: 'Cy' }], 'x')).toBe(
      'Ana and 2 others are viewing',
    );
  });

  it('says who is calling and asks before a claim', () => {
    expect(holdText(hold, 'producer')).toBe('Ana is calling');
    expect(holdText(hold, 'producer2')).toBe('You are calling');
    expect(holdConfirmText(hold)).toBe('Ana Producer is calling this referral. Claim anyway?');
  });

  it('drops a hold whose time has passed', () => {
    expect(holdStands(hold, new Date('2026-01-01T10:01:59Z'))).toBe(true);
    expect(holdStands(hold, new Date('2026-01-01T10:02:00Z'))).toBe(false);
    expect(holdStands(null, new Date())).toBe(false);
  });
});

describe('parsePresenceRequest', () => {
  it('takes the three kinds', () => {
    expect(parsePresenceRequest({ kind: 'watchHolds' })).toEqual({
      ok: true,
      request: { kind: 'watchHolds' },
    });
    expect(parsePresenceRequest({ kind: 'view', referralId: 12 })).toEqual({
      ok: true,
      request: { kind: 'view', referralId: 12 },
    });
    expect(parsePresenceRequest({ kind: 'view', referralId: null })).toMatchObject({ ok: true });
    // A row named twice is watched once; [] stops watching.
    expect(parsePresenceRequest({ kind: 'watchRows', referralIds: [3, 1, 3] })).toEqual({
      ok: true,
      request: { kind: 'watchRows', referralIds: [3, 1] },
    });
    expect(parsePresenceRequest({ kind: 'watchRows', referralIds: [] })).toMatchObject({
      ok: true,
    });
    const page = Array.from({ length: ROW_WATCH_MAX }, (_, i) => i + 1);
    expect(parsePresenceRequest({ kind: 'watchRows', referralIds: page })).toMatchObject({
      ok: true,
    });
  });

  it('refuses anything else with a reason', () => {
    for (const bad of [
      null,
      'view',
      [],
      { kind: 'nope' },
      { kind: 'view', referralId: '12' },
      { kind: 'view', referralId: 0 },
      { kind: 'view', referralId: 1.5 },
      { kind: 'view' },
      { kind: 'watchHolds', agencyId: 1002 },
      { kind: 'view', referralId: 1, agencyId: 1002 },
      { kind: 'watchRows' },
      { kind: 'watchRows', referralIds: 5 },
      { kind: 'watchRows', referralIds: [1, '2'] },
      { kind: 'watchRows', referralIds: [0] },
      { kind: 'watchRows', referralIds: [1], agencyId: 1002 },
      {
        kind: 'watchRows',
        referralIds: Array.from({ length: ROW_WATCH_MAX + 1 }, (_, i) => i + 1),
      },
    ]) {
      const p = parsePresenceRequest(bad);
      expect(p.ok).toBe(false);
      if (!p.ok) expect(p.error.length).toBeGreaterThan(5);
    }
  });
});

describe('presence rooms', () => {
  it('names one room per agency and referral, and one per agency for holds', () => {
    expect(rooms.presence(1001, 7)).toBe('presence:1001:7');
    expect(rooms.holds(1001)).toBe('holds:1001');
    expect(rooms.presenceRows(1001, 7)).toBe('presence-rows:1001:7');
    expect(rooms.presenceRows(1001, 7)).not.toBe(rooms.presence(1001, 7));
  });
});
