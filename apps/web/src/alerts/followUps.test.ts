import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressStatus, type Opportunity, type Pipeline } from '@referrals/shared';
import type { ApiClient, QueryParams } from '../api/apiClient';
import { apiRead } from '../api/queries';
import { createQueryClient } from '../api/queryClient';
import { FakeSocket } from '../live/fakeSocket.testkit';
import { LiveClient } from '../live/LiveClient';
import { electLeader } from './leader';
import { fakeLocks } from './locks.testkit';
import { localList } from './localList';
import { FOLLOW_UP_TOPIC, watchFollowUps } from './watchFollowUps';

const TODAY = '2026-11-23';
const TOMORROW = '2026-11-24';

const aPipeline = (o: Partial<Pipeline> = {}): Pipeline => ({
  referralId: 7,
  agency: 'Lone Star Insurance Group',
  status: ProgressStatus.QuoteSent,
  followUpOn: TODAY,
  version: 2,
  updatedAt: null,
  updatedBy: null,
  notes: [],
  events: [],
  ...o,
});
const aReferral = (o: Partial<Opportunity> = {}) =>
  ({
    opportunityId: 7,
    firstName: 'Ophelia',
    lastName: 'Marchbanks',
    city: 'Kerrville',
    state: 'TX',
    ...o,
  }) as Opportunity;

/** The relay's answers: the due list (followUpDue), its pipelines, and one referral by id. */
const relay = (due: Opportunity[], pipelines: Pipeline[], byId: Record<number, Opportunity>) => ({
  get: vi.fn((path: string, _params?: QueryParams): Promise<unknown> => {
    if (path === '/api/acquired') return Promise.resolve({ seq: 1, content: due });
    if (path === '/api/acquired/pipelines') return Promise.resolve({ items: pipelines });
    const id = Number(path.split('/').at(-1));
    return byId[id] ? Promise.resolve(byId[id]) : Promise.reject(new Error('404'));
  }),
});

type Notify = (text: { title: string; body: string; tag: string }, onClick: () => void) => void;

/**
 * The tab's reads through its own query cache (failures final at once), reaching the fake relay; a
 * signal-bound client is the fake itself, so every read is recorded on its spy.
 */
const readsOf = (api: ReturnType<typeof relay>) => {
  const client = { ...api, withSignal: () => client } as unknown as ApiClient;
  return apiRead(createQueryClient({ retry: false }), client);
};

/** One browser tab: its own socket, live client and query cache, the browser's shared localStorage. */
const tab = (api: ReturnType<typeof relay>, notify = vi.fn<Notify>()) => {
  const socket = new FakeSocket();
  const live = new LiveClient(socket, () => Promise.resolve('token'));
  socket.connect(true);
  const open = vi.fn<(id: number) => void>();
  let midnight = () => undefined as void;
  const today = { day: TODAY };
  const read = readsOf(api);
  const start = () =>
    watchFollowUps({
      live,
      read,
      notify,
      open,
      sound: () => false,
      playTone: vi.fn(),
      today: () => today.day,
      onNewDay: (run) => {
        midnight = run;
        return () => undefined;
      },
      alerted: localList(
        'rc.follow-up-alerts.producer.alerted',
        (k): k is string => typeof k === 'string',
      ),
    });
  const subscribed = () =>
    socket.answer('subscribe', {
      ok: true,
      snapshot: { topic: FOLLOW_UP_TOPIC, seq: 1, complete: false, items: [] },
    });
  const change = (seq: number, upserts: Pipeline[]) =>
    socket.push('changes', {
      topic: FOLLOW_UP_TOPIC,
      prevSeq: seq - 1,
      seq,
      upserts,
      removed: [],
    });
  return { socket, notify, open, start, subscribed, change, today, midnight: () => midnight() };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => localStorage.clear());

describe('follow-up due alerts', () => {
  it('alerts a due follow-up once across two tabs, none due tomorrow, and a click opens it', async () => {
    const api = relay(
      [aReferral()],
      [aPipeline(), aPipeline({ referralId: 8, followUpOn: TOMORROW })],
      { 9: aReferral({ opportunityId: 9, firstName: null, lastName: null, city: 'Marfa' }) },
    );
    const notify = vi.fn<Notify>();
    const a = tab(api, notify);
    const b = tab(api, notify);
    // Both tabs watch at once (a browser without Web Locks): the shared store keeps it to one.
    const stops = [a.start(), b.start()];
    expect(a.socket.calls('subscribe')[0]?.args[0]).toEqual({ kind: 'pipeline' });
    a.subscribed();
    b.subscribed();
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(api.get).toHaveBeenCalledWith('/api/acquired', {
      followUpDue: TODAY,
      dateFilter: '30days',
      size: 100,
    });
    expect(notify.mock.calls[0]?.[0]).toEqual({
      title: 'Follow-up due: Ophelia Marchbanks (Quote Sent)',
      body: 'Kerrville, TX · due 2026-11-23',
      tag: 'follow-up-7@2026-11-23',
    });

    // A colleague sets follow-ups: one due today reaches both tabs, one due tomorrow neither.
    const dueNow = aPipeline({ referralId: 9, status: ProgressStatus.Open, version: 1 });
    const later = aPipeline({ referralId: 10, followUpOn: TOMORROW });
    a.change(2, [dueNow, later]);
    b.change(2, [dueNow, later]);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(2));
    await settle();
    expect(notify.mock.calls.map((c) => c[0].title)).toEqual([
      'Follow-up due: Ophelia Marchbanks (Quote Sent)',
      'Follow-up due: Marfa, TX (Open)',
    ]);
    // A note on the same follow-up is no new due day.
    a.change(3, [{ ...dueNow, version: 2 }]);
    await settle();
    expect(notify).toHaveBeenCalledTimes(2);

    notify.mock.calls[1]?.[1]();
    expect(a.open.mock.calls.concat(b.open.mock.calls)).toEqual([[9]]);
    stops.forEach((stop) => stop());
  });

  it('a tab taking over the lead does not alert again what the leader alerted', async () => {
    const api = relay([aReferral()], [aPipeline()], {});
    const locks = fakeLocks();
    const a = tab(api);
    const b = tab(api);
    const closeA = electLeader('follow-ups', a.start, locks);
    const closeB = electLeader('follow-ups', b.start, locks);
    await settle();
    a.subscribed();
    await vi.waitFor(() => expect(a.notify).toHaveBeenCalledTimes(1));
    expect(b.socket.calls('subscribe')).toHaveLength(0);
    closeA();
    await vi.waitFor(() => expect(b.socket.calls('subscribe')).toHaveLength(1));
    b.subscribed();
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledTimes(4));
    await settle();
    expect(b.notify).not.toHaveBeenCalled();
    closeB();
  });

  it('reads the due list again at midnight: what comes due on the new day alerts', async () => {
    const api = relay([], [], {});
    const t = tab(api);
    const stop = t.start();
    t.subscribed();
    await settle();
    expect(t.notify).not.toHaveBeenCalled();
    api.get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/acquired'
          ? { seq: 2, content: [aReferral()] }
          : { items: [aPipeline({ followUpOn: TOMORROW })] },
      ),
    );
    t.today.day = TOMORROW;
    t.midnight();
    await vi.waitFor(() => expect(t.notify).toHaveBeenCalledTimes(1));
    expect(t.notify.mock.calls[0]?.[0].tag).toBe('follow-up-7@2026-11-24');
    expect(api.get).toHaveBeenLastCalledWith('/api/acquired/pipelines', { ids: '7' });
    stop();
  });
});
