import { describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from '../live/LiveSocket';
import { deferredLiveSocket } from './deferredSocket';

const fakeSocket = (calls: string[]): LiveSocket => ({
  on: (event) => void calls.push(`on ${event}`),
  emit: ((event: string) => void calls.push(`emit ${event}`)) as LiveSocket['emit'],
  onConnection: () => void calls.push('onConnection'),
  close: () => void calls.push('close'),
});

describe('a live socket that loads later', () => {
  it('replays the calls made before it loaded, in order, then passes calls straight on', async () => {
    const calls: string[] = [];
    let loaded!: (s: LiveSocket) => void;
    const socket = deferredLiveSocket(() => new Promise((resolve) => (loaded = resolve)));
    socket.onConnection(() => undefined);
    socket.on('changes', () => undefined);
    socket.emit('unsubscribe', ...([{}, () => undefined] as never as [never, never]));
    expect(calls).toEqual([]);
    loaded(fakeSocket(calls));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual(['onConnection', 'on changes', 'emit unsubscribe']);
    socket.emit('subscribe', ...([{}, () => undefined] as never as [never, never]));
    expect(calls.at(-1)).toBe('emit subscribe');
  });

  it('closes a socket that loads after the page closed it', async () => {
    const calls: string[] = [];
    let loaded!: (s: LiveSocket) => void;
    const socket = deferredLiveSocket(() => new Promise((resolve) => (loaded = resolve)));
    socket.on('changes', () => undefined);
    socket.close();
    loaded(fakeSocket(calls));
    await vi.waitFor(() => expect(calls).toEqual(['close']));
  });
});
