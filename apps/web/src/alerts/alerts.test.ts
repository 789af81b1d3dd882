import { describe, expect, it, vi } from 'vitest';
import { deriveAccess, Role, type ListReferral } from '@referrals/shared';
import { FakeSocket } from '../live/fakeSocket.testkit';
import { LiveClient } from '../live/LiveClient';
import { ALERT_SLACK_MS, alertsWanted, alertText, isAgent, pickNewReferrals } from './alertRules';
import { electLeader } from './leader';
import { fakeLocks } from './locks.testkit';
import { ALERT_TOPIC, watchNewReferrals, type AlertedStore } from './watchNewReferrals';

const START = Date.parse('2026-05-01T12:00:00.000Z');
const at = (ms: number) => new Date(START + ms).toISOString();

/** A referral as the agent's In-Appetite topic carries it (only the fields the alert reads matter). */
const aReferral = (o: Partial<ListReferral> = {}): ListReferral =>
  ({
    opportunityId: 7,
    marketplaceStatus: 'Available',
    addDate: at(1000),
    category: 'COMMERCIAL',
    businessLines: ['CGLY', 'CWCP'],
    source: 'agent-site',
    city: 'Austin',
    state: 'TX',
    dynamicPrice: 45,
    ...o,
  }) as ListReferral;

const prefs = (enabled: boolean) => ({
  alerts: { enabled, sound: false },
  theme: 'system' as const,
});

describe('who gets alerts', () => {
  it('runs for producers and agency admins who opted in, never carriers or admins', () => {
    const producer = deriveAccess(new Set([Role.CONSOLE_PRODUCER]));
    expect(alertsWanted(producer, prefs(true))).toBe(true);
    expect(alertsWanted(producer, prefs(false))).toBe(false);
    expect(isAgent(deriveAccess(new Set([Role.CONSOLE_AGENCY_ADMIN])))).toBe(true);
    expect(isAgent(deriveAccess(new Set([Role.CONSOLE_CARRIER])))).toBe(false);
    expect(isAgent(deriveAccess(new Set([Role.CONSOLE_ADMIN, Role.CONSOLE_PRODUCER])))).toBe(false);
  });
});

describe('which referrals are new', () => {
  it('takes Available referrals added since watching began, each once', () => {
    const seen = new Set<number>();
    expect(pickNewReferrals([aReferral()], START, seen).map((r) => r.opportunityId)).toEqual([7]);
    // The same referral again (a price tick, a second change set): already alerted.
    expect(pickNewReferrals([aReferral({ dynamicPrice: 44 })], START, seen)).toEqual([]);
  });

  it('skips older referrals that merely changed, and ones no longer Available', () => {
    const seen = new Set<number>();
    const old = aReferral({ opportunityId: 1, addDate: at(-ALERT_SLACK_MS - 1000) });
    const claimed = aReferral({ opportunityId: 2, marketplaceStatus: 'Claimed' });
    const justBefore = aReferral({ opportunityId: 3, addDate: at(-ALERT_SLACK_MS + 1000) });
    const garbled = aReferral({ opportunityId: 4, addDate: 'not a date' });
    const fresh = pickNewReferrals([old, claimed, justBefore, garbled], START, seen);
    expect(fresh.map((r) => r.opportunityId)).toEqual([3]);
  });
});

describe('what the notification says', () => {
  it('names category and lines in the title, city, state and price in the body', () => {
    expect(alertText(aReferral())).toEqual({
      title: "New referral: Commercial · General Liability, Workers' Compensation",
      body: 'Austin, TX · $45',
      tag: 'referral-7',
    });
  });

  it('leaves out what a referral lacks', () => {
    const t = alertText(
      aReferral({ category: null, businessLines: [], city: null, dynamicPrice: 12.5 }),
    );
    expect(t.title).toBe('New referral: Direct Call');
    expect(t.body).toBe('TX · $12.50');
  });
});

describe('watching the appetite topic', () => {
  const memoryStore = (ids: number[] = []): AlertedStore & { ids: number[] } => ({
    ids,
    load() {
      return this.ids;
    },
    save(next) {
      this.ids = [...next];
    },
  });
  const setup = (
    newest: () => Promise<readonly ListReferral[]> = () => Promise.resolve([]),
    alerted = memoryStore(),
  ) => {
    const socket = new FakeSocket();
    const live = new LiveClient(socket, () => Promise.resolve('token'));
    socket.connect(true);
    const notify = vi.fn<(text: { title: string; tag: string }, onClick: () => void) => void>();
    const open = vi.fn<(id: number) => void>();
    const playTone = vi.fn();
    let sound = false;
    const stop = watchNewReferrals({
      live,
      notify,
      open,
      sound: () => sound,
      playTone,
      now: () => START,
      newest,
      alerted,
    });
    socket.answer('subscribe', {
      ok: true,
      snapshot: { ...ALERT_TOPIC, topic: ALERT_TOPIC, seq: 1, complete: false, items: [] },
    });
    const change = (topic: object, seq: number, upserts: ListReferral[]) =>
      socket.push('changes', { topic, prevSeq: seq - 1, seq, upserts, removed: [] } as never);
    return { socket, notify, open, playTone, stop, change, soundOn: () => (sound = true) };
  };

  it('subscribes to the user’s In-Appetite topic in every state', () => {
    const { socket } = setup();
    expect(socket.calls('subscribe')[0]?.args[0]).toEqual({ kind: 'inAppetite', state: null });
  });

  it('notifies once per new referral of the topic, and a click opens its details', () => {
    const { notify, open, change } = setup();
    change(ALERT_TOPIC, 2, [aReferral()]);
    change(ALERT_TOPIC, 3, [aReferral({ dynamicPrice: 40 })]);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]?.[0].tag).toBe('referral-7');
    notify.mock.calls[0]?.[1]();
    expect(open).toHaveBeenCalledWith(7);
  });

  it('catches up from REST when the topic starts over: what arrived meanwhile is alerted once', async () => {
    const newest = vi.fn(() =>
      Promise.resolve([
        aReferral({ opportunityId: 9, addDate: at(-5000) }), // during the (re)subscription
        aReferral({ opportunityId: 5, addDate: at(-ALERT_SLACK_MS - 60_000) }), // long before
      ]),
    );
    const { notify, change } = setup(newest);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(newest).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]?.[0].tag).toBe('referral-9');
    change(ALERT_TOPIC, 2, [aReferral({ opportunityId: 9, addDate: at(-5000) })]);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('does not alert again what another tab alerted before it handed over the lead', async () => {
    const alerted = memoryStore([9]);
    const newest = () => Promise.resolve([aReferral({ opportunityId: 9, addDate: at(-2000) })]);
    const { notify, change } = setup(newest, alerted);
    change(ALERT_TOPIC, 2, [aReferral({ opportunityId: 10 })]);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notify.mock.calls.map((c) => c[0].tag)).toEqual(['referral-10']);
    expect(alerted.ids).toEqual([9, 10]);
  });

  it('keeps alerting from change sets when the catch-up read fails', async () => {
    const newest = vi.fn(() => Promise.reject(new Error('offline')));
    const { notify, change } = setup(newest);
    await vi.waitFor(() => expect(newest).toHaveBeenCalled());
    change(ALERT_TOPIC, 2, [aReferral()]);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('hears nothing from other topics: only the appetite topic counts', () => {
    const { notify, change } = setup();
    change({ kind: 'referrals', state: null }, 2, [aReferral({ opportunityId: 8 })]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('plays the tone only when sound is on, and stops on stop', () => {
    const { playTone, change, soundOn, stop, notify, socket } = setup();
    change(ALERT_TOPIC, 2, [aReferral({ opportunityId: 1 })]);
    expect(playTone).not.toHaveBeenCalled();
    soundOn();
    change(ALERT_TOPIC, 3, [aReferral({ opportunityId: 2 })]);
    expect(playTone).toHaveBeenCalledTimes(1);
    stop();
    expect(socket.calls('unsubscribe')).toHaveLength(1);
    change(ALERT_TOPIC, 4, [aReferral({ opportunityId: 3 })]);
    expect(notify).toHaveBeenCalledTimes(2);
  });
});

describe('one tab leads', () => {
  it('runs the alerts in one tab only, and hands over when it closes', async () => {
    const locks = fakeLocks();
    const leading: string[] = [];
    const tab = (name: string) =>
      electLeader(
        'alerts',
        () => {
          leading.push(name);
          return () => leading.splice(leading.indexOf(name), 1);
        },
        locks,
      );
    const closeA = tab('A');
    const closeB = tab('B');
    await Promise.resolve();
    expect(leading).toEqual(['A']);
    closeA();
    await vi.waitFor(() => expect(leading).toEqual(['B']));
    closeB();
    expect(leading).toEqual([]);
  });

  it('lets every tab lead where the browser has no Web Locks', () => {
    const stop = vi.fn();
    const resign = electLeader('alerts', () => stop, undefined);
    resign();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
