/**
 * One contract suite every presence store passes (memory and Redis), as bull-board's adapters
 * pass one suite: views with expiry, one viewer per user, atomic holds, releases by the holder
 * only, scoping by agency, and notices heard by the listeners.
 */
import { HOLD_TTL_MS, VIEW_TTL_MS, type PresenceHold } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { holdUntil, type PresenceNotice, type PresenceStore, type ViewerEntry } from './store.js';

const ana = (socketId = 's1'): ViewerEntry => ({
  socketId,
  username: 'producer2',
  name: 'Ana Producer',
});
const pat: ViewerEntry = { socketId: 's9', username: 'producer', name: 'Pat Producer' };

const holdOf = (username: string, referralId: number, since = Date.now()): PresenceHold => ({
  referralId,
  username,
  name: username === 'producer2' ? 'Ana Producer' : 'Pat Producer',
  since: new Date(since).toISOString(),
  until: holdUntil(since),
});

/** Runs the contract over a fresh store from `make` (each test its own agency ids). */
export function presenceStoreContract(name: string, make: () => Promise<PresenceStore>) {
  let agency = Math.floor(Math.random() * 1e6) * 10;
  const nextAgency = () => (agency += 1);

  describe(`${name} presence store`, () => {
    it('lists one viewer per user until their entries expire, and prunes them', async () => {
      const s = await make();
      const a = nextAgency();
      const now = Date.now();
      await s.view(a, 7, ana('s1'), now);
      await s.view(a, 7, ana('s2'), now);
      await s.view(a, 7, pat, now + 1000);
      expect((await s.viewers(a, 7, now + 2000)).viewers).toEqual([
        { username: 'producer2', name: 'Ana Producer' },
        { username: 'producer', name: 'Pat Producer' },
      ]);
      await s.leave(a, 7, ana('s1'));
      expect((await s.viewers(a, 7, now + 2000)).viewers).toHaveLength(2);
      const later = await s.viewers(a, 7, now + VIEW_TTL_MS + 1);
      expect(later).toEqual({
        viewers: [{ username: 'producer', name: 'Pat Producer' }],
        pruned: true,
      });
      expect((await s.viewers(a, 7, now + VIEW_TTL_MS + 2)).pruned).toBe(false);
      await s.close();
    });

    it("reads many rows' viewers at once, leaving out rows nobody views and expired entries", async () => {
      const s = await make();
      const a = nextAgency();
      const now = Date.now();
      await s.view(a, 7, ana('s1'), now);
      await s.view(a, 7, ana('s2'), now);
      await s.view(a, 8, pat, now - VIEW_TTL_MS);
      await s.view(a, 9, pat, now);
      await s.view(nextAgency(), 10, pat, now);
      const rows = await s.viewersOf(a, [7, 8, 9, 10, 11], now);
      expect([...rows].sort(([x], [y]) => x - y)).toEqual([
        [7, [{ username: 'producer2', name: 'Ana Producer' }]],
        [9, [{ username: 'producer', name: 'Pat Producer' }]],
      ]);
      expect(await s.viewersOf(a, [], now)).toEqual(new Map());
      // Only a read: the expired entry is still there for `viewers` to prune and announce.
      expect((await s.viewers(a, 8, now)).pruned).toBe(true);
      await s.close();
    });

    it('keeps each agency to its own viewers and holds', async () => {
      const s = await make();
      const a = nextAgency();
      const b = nextAgency();
      await s.view(a, 7, ana(), Date.now());
      expect(await s.hold(a, holdOf('producer2', 7))).toMatchObject({ ok: true });
      expect((await s.viewers(b, 7, Date.now())).viewers).toEqual([]);
      expect(await s.holdOf(b, 7, Date.now())).toBeNull();
      expect(await s.holds(b, Date.now())).toEqual([]);
      expect(await s.hold(b, holdOf('fulcrum', 7))).toMatchObject({ ok: true });
      await s.close();
    });

    it('holds once per referral: another user is refused with the hold, its holder renews it', async () => {
      const s = await make();
      const a = nextAgency();
      const first = holdOf('producer2', 7);
      expect(await s.hold(a, first)).toEqual({ ok: true, hold: first, renewed: false });
      expect(await s.hold(a, holdOf('producer', 7))).toEqual({ ok: false, current: first });
      const again = holdOf('producer2', 7, Date.now() + 5);
      expect(await s.hold(a, again)).toEqual({ ok: true, hold: again, renewed: true });
      expect(await s.holdOf(a, 7, Date.now())).toEqual(again);
      expect(await s.hold(a, holdOf('producer', 8))).toMatchObject({ ok: true });
      const listed = await s.holds(a, Date.now());
      expect(listed.map((h) => h.referralId).sort()).toEqual([7, 8]);
      await s.close();
    });

    it('releases only the holder’s own hold', async () => {
      const s = await make();
      const a = nextAgency();
      const h = holdOf('producer2', 7);
      expect(await s.release(a, 7, 'producer2')).toEqual({ ok: false, current: null });
      await s.hold(a, h);
      expect(await s.release(a, 7, 'producer')).toEqual({ ok: false, current: h });
      expect(await s.release(a, 7, 'producer2')).toEqual({ ok: true, released: h });
      expect(await s.holdOf(a, 7, Date.now())).toBeNull();
      expect(await s.holds(a, Date.now())).toEqual([]);
      await s.close();
    });

    it('lets two users race for one hold and gives it to exactly one', async () => {
      const s = await make();
      const a = nextAgency();
      const users = Array.from({ length: 10 }, (_, i) => `user${i}`);
      const outcomes = await Promise.all(users.map((u) => s.hold(a, holdOf(u, 9))));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      await s.close();
    });

    it('tells every listener of a notice', async () => {
      const s = await make();
      const heard: PresenceNotice[] = [];
      const stop = s.onNotice((n) => heard.push(n));
      // A Redis subscriber needs a moment to subscribe.
      await expect
        .poll(async () => {
          await s.publish({ kind: 'hold', agencyId: 1, referralId: 2 });
          return heard.length;
        })
        .toBeGreaterThan(0);
      expect(heard[0]).toEqual({ kind: 'hold', agencyId: 1, referralId: 2 });
      stop();
      await s.close();
    });

    it('lets a hold lapse after its time', () => {
      expect(Date.parse(holdUntil(0))).toBe(HOLD_TTL_MS);
    });
  });
}
