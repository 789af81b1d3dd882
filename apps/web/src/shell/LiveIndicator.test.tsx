import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWith } from '../app/services.testkit';
import { EmptyList } from '../referrals/EmptyList';
import { LiveIndicator } from './LiveIndicator';

const statusOf = (loading?: { loaded: number; expected: number }) => ({
  ok: true,
  snapshot: {
    topic: { kind: 'status' as const },
    seq: 1,
    complete: true,
    items: [{ id: 'poll', stale: false, failing: [], since: 0, ...(loading ? { loading } : {}) }],
  },
});

const show = () => {
  const r = renderWith(
    <>
      <LiveIndicator />
      <EmptyList label="Referrals" />
    </>,
  );
  act(() => r.socket.connect(true));
  const answer = (a: unknown) => {
    const call = r.socket
      .calls('subscribe')
      .filter((c) => (c.args[0] as { kind: string }).kind === 'status')
      .at(-1);
    act(() => (call?.args.at(-1) as (x: unknown) => void)(a));
  };
  return { ...r, answer };
};

describe('the first load of the market, as the console shows it', () => {
  it('says how far the load has got instead of an empty list, then the usual words', () => {
    const { answer } = show();
    answer(statusOf({ loaded: 120_000, expected: 1_000_000 }));
    expect(screen.getByText('Loading 12%')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Referrals' }).textContent).toBe(
      'Loading referrals: 120,000 of 1,000,000 so far.',
    );
    answer(statusOf());
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Referrals' }).textContent).toBe(
      'No referrals to show.',
    );
  });
});

describe('the Live pill when the network goes and comes back', () => {
  const network = (online: boolean) =>
    act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));

  it('says Reconnecting the moment the device goes offline, and redials as soon as it is back', () => {
    const { answer, socket } = show();
    answer(statusOf());
    expect(screen.getByText('Live')).toBeTruthy();

    network(false);
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    expect(socket.reconnects).toBe(1);
    network(true);
    expect(socket.reconnects).toBe(2);
    act(() => socket.connect(true));
    answer(statusOf());
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('leaves a connected socket alone when the browser only says it is online', () => {
    const { answer, socket } = show();
    answer(statusOf());
    network(true);
    expect(socket.reconnects).toBe(0);
    expect(screen.getByText('Live')).toBeTruthy();
  });
});
