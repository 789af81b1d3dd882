import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyMarketplace } from '@referrals/shared';
import type { ApiClient } from '../api/apiClient';
import { ApiError } from '../api/ApiError';
import { apiRead } from '../api/queries';
import { createQueryClient } from '../api/queryClient';
import { FakeSocket } from '../live/fakeSocket.testkit';
import { LiveClient } from '../live/LiveClient';
import { localList } from './localList';
import { CAP_ALERT_TOPIC, watchCapAlerts } from './watchCapAlerts';

const TODAY = '2026-12-07';

/** The agency's marketplace with `delivered` of a daily cap of 10. */
const mine = (delivered: number | null, cap: number | null = 10) =>
  ({
    id: 3,
    marketplaceName: 'Lone Star Direct',
    enabled: true,
    version: 'v1',
    riskAppetite: { maxReferralsPerDay: cap },
    deliveredToday: delivered,
  }) as unknown as MyMarketplace;

type Notify = (text: { title: string; body: string; tag: string }, onClick: () => void) => void;

/** One browser tab watching, its relay answering `/api/my-marketplace` with `answer()`. */
const tab = (answer: () => Promise<unknown>, notify = vi.fn<Notify>()) => {
  const api = { get: vi.fn(answer) };
  const client = { ...api, withSignal: () => client } as unknown as ApiClient;
  const socket = new FakeSocket();
  const live = new LiveClient(socket, () => Promise.resolve('token'));
  socket.connect(true);
  const openAppetite = vi.fn();
  const today = { day: TODAY };
  const start = () =>
    watchCapAlerts({
      live,
      read: apiRead(createQueryClient({ retry: false }), client),
      notify,
      openAppetite,
      sound: () => false,
      playTone: vi.fn(),
      today: () => today.day,
      alerted: localList(
        'rc.cap-alerts.agencyadmin.alerted',
        (k): k is string => typeof k === 'string',
      ),
    });
  const subscribed = () =>
    socket.answer('subscribe', {
      ok: true,
      snapshot: { topic: CAP_ALERT_TOPIC, seq: 1, complete: false, items: [] },
    });
  const news = (seq: number) =>
    socket.push('snapshot', { topic: CAP_ALERT_TOPIC, seq, complete: false, items: [] });
  return { api, socket, notify, openAppetite, start, subscribed, news, today };
};

/** Lets a read in flight finish (a read asked meanwhile would share its answer). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => localStorage.clear());

describe('cap alerts', () => {
  it('alerts each level once a day as deliveries reach it, across two tabs, and a click opens the appetite', async () => {
    let delivered = 4;
    const answer = () => Promise.resolve(mine(delivered));
    const notify = vi.fn<Notify>();
    const a = tab(answer, notify);
    const b = tab(answer, notify);
    const stops = [a.start(), b.start()];
    expect(a.socket.calls('subscribe')[0]?.args[0]).toEqual({ kind: 'agencySettings' });
    a.subscribed();
    b.subscribed();
    await vi.waitFor(() => expect(a.api.get).toHaveBeenCalled());
    await settle();
    // 4 of 10: below the first level.
    expect(notify).not.toHaveBeenCalled();

    delivered = 5;
    a.news(2);
    b.news(2);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    await settle();
    expect(notify.mock.calls[0]?.[0]).toEqual({
      title: "50% of today's cap",
      body: "50% of today's cap: 5 of 10 referrals delivered.",
      tag: 'cap:3:50',
    });
    // Past 80 % and at 100 % in one jump: only the highest is told, and not again the same day.
    delivered = 10;
    a.news(3);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(2));
    expect(notify.mock.calls[1]?.[0].title).toBe("Today's cap is reached");
    await settle();
    b.news(3);
    a.news(4);
    await settle();
    expect(notify).toHaveBeenCalledTimes(2);
    notify.mock.calls[1]?.[1]();
    expect(a.openAppetite.mock.calls.length + b.openAppetite.mock.calls.length).toBe(1);

    // The next day starts over.
    a.today.day = '2026-12-08';
    delivered = 8;
    a.news(5);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(3));
    expect(notify.mock.calls[2]?.[0].tag).toBe('cap:3:80');
    stops.forEach((stop) => stop());
  });

  it('says nothing without a daily cap, without figures, or without an agency marketplace', async () => {
    const answers = [
      () => Promise.resolve(mine(50, null)),
      () => Promise.resolve(mine(null)),
      () => Promise.reject(new ApiError(403, 'no marketplace')),
    ];
    let n = 0;
    const t = tab(() => answers[n++]!());
    const stop = t.start();
    t.subscribed();
    await settle();
    t.news(2);
    await settle();
    t.news(3);
    await vi.waitFor(() => expect(t.api.get).toHaveBeenCalledTimes(3));
    await settle();
    expect(t.notify).not.toHaveBeenCalled();
    stop();
  });
});
