import { describe, expect, it, vi } from 'vitest';
import type { ContactClock, Pipeline } from '@referrals/shared';
import type { ApiRead } from '../api/queries';
import type { ContactAlertDeps } from './watchContactClocks';
import { watchContactClocks } from './watchContactClocks';

// One instant for the whole fixture: the fake clock moves from it by hand.
const T0 = Date.parse('2026-12-07T10:00:00.000Z');
const CLAIM = new Date(T0).toISOString();
const aClock = (referralId: number, claimedBy = 'pat'): ContactClock => ({
  referralId,
  claimedAt: CLAIM,
  claimedBy,
  contactedAt: null,
  contactedBy: null,
});
type Listener = (e: {
  type: string;
  items?: unknown[];
  upserts?: unknown[];
  removed?: string[];
}) => void;

/** A watcher over fakes: the relay's clocks, the topics' listeners, the clock and its ticks. */
function watcher(
  viewer: ContactAlertDeps['viewer'],
  clocks: ContactClock[],
  target = 10,
  // What this browser's tabs notified (localStorage), shared by passing one tab's to another.
  stored: string[] = [],
) {
  const listeners = new Map<string, Listener>();
  let now = T0;
  let tick = () => undefined as void;
  const answer = { targetMinutes: target, items: clocks };
  const read = vi.fn(() => Promise.resolve(answer));
  const deps: ContactAlertDeps = {
    live: {
      watch: ((topic: { kind: string }, l: Listener) => {
        listeners.set(topic.kind, l);
        return () => listeners.delete(topic.kind);
      }) as unknown as ContactAlertDeps['live']['watch'],
    },
    read: read as unknown as ApiRead,
    viewer,
    notice: vi.fn(),
    notify: vi.fn(),
    open: vi.fn(),
    now: () => new Date(now),
    everySecond: (run) => {
      tick = run;
      return () => undefined;
    },
    alerted: { load: () => [...stored], save: (v) => stored.splice(0, stored.length, ...v) },
  };
  const stop = watchContactClocks(deps);
  return {
    deps,
    stored,
    read,
    answer,
    stop,
    listeners,
    at: async (minutes: number) => {
      now = T0 + minutes * 60_000;
      await Promise.resolve();
      tick();
    },
    settle: () => new Promise((r) => setTimeout(r, 0)),
  };
}

const titles = (f: unknown) =>
  (f as ReturnType<typeof vi.fn>).mock.calls.map((c) => (c[0] as { title: string }).title);

describe('contact clock alerts', () => {
  it('tell the agent who claimed at half the target, once, and nobody else then', async () => {
    const w = watcher({ username: 'pat', isAgencyAdmin: false }, [aClock(7), aClock(8, 'sam')]);
    await w.settle();
    await w.at(4.9);
    expect(w.deps.notice).not.toHaveBeenCalled();
    await w.at(5);
    expect(titles(w.deps.notice)).toEqual(['Contact referral #7: 5:00 left']);
    expect(titles(w.deps.notify)).toEqual(['Contact referral #7: 5:00 left']);
    await w.at(6);
    await w.at(11);
    // Past the target: nothing more for an agent who is not the agency's admin.
    expect(w.deps.notice).toHaveBeenCalledTimes(1);
  });

  it("tell the agency's admin once the target has passed, whoever claimed", async () => {
    const w = watcher({ username: 'ann', isAgencyAdmin: true }, [aClock(7)], 15);
    await w.settle();
    await w.at(15);
    expect(w.deps.notice).not.toHaveBeenCalled();
    await w.at(15.1);
    expect(titles(w.deps.notice)).toEqual(['Referral #7 is past the contact target']);
    const [text] = (w.deps.notice as ReturnType<typeof vi.fn>).mock.calls[0] as [{ body: string }];
    expect(text.body).toBe(
      'Nobody has contacted it within 15 minutes of the claim (claimed by pat).',
    );
  });

  it('do not tell the admin of targets that passed more than an hour before the console opened', async () => {
    // Purchases bought upstream overnight: one missed its target 61 minutes ago, one 59.
    const w = watcher({ username: 'ann', isAgencyAdmin: true }, [aClock(7), aClock(8)], 10);
    await w.settle();
    w.answer.items = [
      { ...aClock(7), claimedAt: new Date(T0 - 71 * 60_000).toISOString() },
      { ...aClock(8), claimedAt: new Date(T0 - 69 * 60_000).toISOString() },
    ];
    w.listeners.get('acquired')?.({ type: 'snapshot' });
    await w.settle();
    await w.at(0);
    expect(titles(w.deps.notice)).toEqual(['Referral #8 is past the contact target']);
  });

  it('stop for a referral whose first contact arrives live', async () => {
    const w = watcher({ username: 'ann', isAgencyAdmin: true }, [aClock(7), aClock(8)]);
    await w.settle();
    const contacted: Partial<Pipeline> = {
      referralId: 7,
      notes: [{ id: 1, author: 'pat', at: new Date(T0 + 60_000).toISOString(), text: 'Called' }],
      events: [],
    };
    w.listeners.get('pipeline')?.({ type: 'changes', upserts: [contacted] });
    await w.at(11);
    expect(titles(w.deps.notice)).toEqual(['Referral #8 is past the contact target']);
  });

  it('notify once per browser, while each tab shows its own console notice', async () => {
    const a = watcher({ username: 'pat', isAgencyAdmin: false }, [aClock(7)]);
    await a.settle();
    // The second tab shares the first's store of what was notified.
    const b = watcher({ username: 'pat', isAgencyAdmin: false }, [aClock(7)], 10, a.stored);
    await b.settle();
    await a.at(6);
    await b.at(6);
    expect(a.deps.notice).toHaveBeenCalledTimes(1);
    expect(b.deps.notice).toHaveBeenCalledTimes(1);
    expect(a.deps.notify).toHaveBeenCalledTimes(1);
    expect(b.deps.notify).not.toHaveBeenCalled();
  });

  it('read the clocks again on a new claim and on a changed target, which moves the alert', async () => {
    const w = watcher({ username: 'pat', isAgencyAdmin: false }, [aClock(7)]);
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(1);
    w.answer.targetMinutes = 20;
    const changed = { setting: 'contactTarget', at: '2026-12-07T10:00:30.000Z' };
    w.listeners.get('agencySettings')?.({ type: 'changes', upserts: [changed] });
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(2);
    await w.at(6);
    expect(w.deps.notice).not.toHaveBeenCalled();
    await w.at(10);
    expect(titles(w.deps.notice)).toEqual(['Contact referral #7: 10:00 left']);
    // An empty change set of the market reads nothing; a purchase reads again.
    w.listeners.get('acquired')?.({ type: 'changes', upserts: [], removed: [] });
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(2);
    w.listeners.get('acquired')?.({
      type: 'changes',
      upserts: [{ opportunityId: 9 }],
      removed: [],
    });
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(3);
    // The settings room sent whole again (new delivery figures, every cycle of a busy market)
    // with no newer target notice reads nothing; with one, it reads.
    const pause = { setting: 'selfServe', at: '2026-12-07T10:05:00.000Z' };
    w.listeners.get('agencySettings')?.({ type: 'snapshot', items: [changed, pause] });
    w.listeners.get('agencySettings')?.({ type: 'snapshot', items: [changed] });
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(3);
    const later = { setting: 'contactTarget', at: '2026-12-07T10:06:00.000Z' };
    w.listeners.get('agencySettings')?.({ type: 'snapshot', items: [changed, later] });
    await w.settle();
    expect(w.read).toHaveBeenCalledTimes(4);
    w.stop();
    expect(w.listeners.size).toBe(0);
  });
});
