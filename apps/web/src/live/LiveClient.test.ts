import { describe, expect, it, vi } from 'vitest';
import type { FeatureFlag, Topic } from '@referrals/shared';
import { FakeSocket } from './fakeSocket.testkit';
import { LiveClient, type TopicEvent } from './LiveClient';

const flags = { kind: 'featureFlags' } as const;
const feed = { kind: 'publicFeed', state: null } as const;
const flag = (id: number, enabled = true): FeatureFlag => ({
  id,
  name: `f${id}`,
  description: '',
  enabled,
});

const setup = () => {
  const socket = new FakeSocket();
  const token = vi.fn(() => Promise.resolve<string | null>('fresh-token'));
  const client = new LiveClient(socket, token);
  return { socket, client, token };
};

const snapshotOf = (
  topic: Topic,
  seq: number,
  items: readonly unknown[] = [],
  complete = true,
) => ({
  ok: true,
  snapshot: { topic, seq, complete, items },
});

describe('LiveClient', () => {
  it('subscribes watched topics once connected and keeps whole topics from the snapshot', () => {
    const { socket, client } = setup();
    client.watch(flags, () => undefined);
    expect(socket.calls('subscribe')).toHaveLength(0);
    socket.connect(true);
    expect(socket.calls('subscribe')[0]?.args[0]).toEqual(flags);
    socket.answer('subscribe', snapshotOf(flags, 4, [flag(1), flag(2)]));
    expect(client.items(flags).map((f) => f.id)).toEqual([1, 2]);
    expect(client.seq(flags)).toBe(4);
  });

  it('applies changes whose prevSeq is the seq it holds', () => {
    const { socket, client } = setup();
    socket.connect(true);
    const events: TopicEvent<typeof flags>[] = [];
    client.watch(flags, (e) => events.push(e));
    socket.answer('subscribe', snapshotOf(flags, 4, [flag(1), flag(2)]));
    socket.push('changes', {
      topic: flags,
      prevSeq: 4,
      seq: 5,
      upserts: [flag(2, false), flag(3)],
      removed: ['1'],
    });
    expect(client.items(flags)).toEqual([flag(2, false), flag(3)]);
    expect(client.seq(flags)).toBe(5);
    expect(events.map((e) => e.type)).toEqual(['snapshot', 'changes']);
    expect(socket.calls('resync')).toHaveLength(0);
  });

  it('resyncs on a gap, applies the missed changes, then the held ones', () => {
    const { socket, client } = setup();
    socket.connect(true);
    client.watch(flags, () => undefined);
    socket.answer('subscribe', snapshotOf(flags, 4, [flag(1)]));
    socket.push('changes', { topic: flags, prevSeq: 6, seq: 7, upserts: [flag(7)], removed: [] });
    expect(socket.calls('resync')[0]?.args[0]).toEqual({ topic: flags, seq: 4 });
    expect(client.items(flags)).toEqual([flag(1)]); // nothing applied across the gap
    socket.answer('resync', {
      ok: true,
      kind: 'changes',
      changes: [
        { topic: flags, prevSeq: 4, seq: 5, upserts: [flag(5)], removed: [] },
        { topic: flags, prevSeq: 5, seq: 6, upserts: [flag(6)], removed: ['1'] },
      ],
    });
    expect(client.items(flags).map((f) => f.id)).toEqual([5, 6, 7]);
    expect(client.seq(flags)).toBe(7);
  });

  it('takes a snapshot answer to a resync as the new base', () => {
    const { socket, client } = setup();
    socket.connect(true);
    client.watch(flags, () => undefined);
    socket.answer('subscribe', snapshotOf(flags, 4, [flag(1)]));
    socket.push('changes', { topic: flags, prevSeq: 9, seq: 10, upserts: [], removed: [] });
    socket.answer('resync', {
      ok: true,
      kind: 'snapshot',
      snapshot: snapshotOf(flags, 10, [flag(9)]).snapshot,
    });
    expect(client.items(flags)).toEqual([flag(9)]);
    expect(client.seq(flags)).toBe(10);
  });

  it('ignores a change it already holds', () => {
    const { socket, client } = setup();
    socket.connect(true);
    client.watch(flags, () => undefined);
    socket.answer('subscribe', snapshotOf(flags, 4, [flag(1)]));
    socket.push('changes', { topic: flags, prevSeq: 3, seq: 4, upserts: [flag(99)], removed: [] });
    expect(client.items(flags)).toEqual([flag(1)]);
    expect(socket.calls('resync')).toHaveLength(0);
  });

  it('passes an unasked snapshot of a paged topic on to its watchers', () => {
    const { socket, client } = setup();
    socket.connect(true);
    const events: string[] = [];
    client.watch(feed, (e) => events.push(e.type === 'snapshot' ? `snapshot@${e.seq}` : e.type));
    socket.answer('subscribe', snapshotOf(feed, 2, [], false));
    socket.push('snapshot', { topic: feed, seq: 40, complete: false, items: [] });
    expect(events).toEqual(['snapshot@2', 'snapshot@40']);
    expect(client.seq(feed)).toBe(40);
  });

  it('passes each change of a paged topic on and keeps none of it', () => {
    const { socket, client } = setup();
    socket.connect(true);
    const seen: number[] = [];
    client.watch(feed, (e) => {
      if (e.type === 'changes') seen.push(e.upserts.length);
    });
    socket.answer('subscribe', snapshotOf(feed, 2, [], false));
    for (let seq = 3; seq < 53; seq += 1) {
      socket.push('changes', {
        topic: feed,
        prevSeq: seq - 1,
        seq,
        upserts: [flag(seq)] as never[],
        removed: [],
      });
    }
    expect(seen).toHaveLength(50);
    // A long session on a feed holds its page, not every referral that ever changed.
    expect(client.items(feed)).toEqual([]);
    expect(client.seq(feed)).toBe(52);
  });

  it('resyncs every topic after a recovered reconnect and subscribes again after a fresh one', () => {
    const { socket, client } = setup();
    socket.connect(true);
    client.watch(flags, () => undefined);
    socket.answer('subscribe', snapshotOf(flags, 4));
    socket.connect(false);
    expect(client.connectionState()).toBe('reconnecting');
    socket.connect(true, true);
    expect(socket.calls('resync')[0]?.args[0]).toEqual({ topic: flags, seq: 4 });
    socket.connect(false);
    socket.connect(true, false);
    expect(socket.calls('subscribe')).toHaveLength(2);
  });

  describe('resuming after a reconnect the server did not recover', () => {
    const change = (prevSeq: number, upserts: FeatureFlag[], removed: string[] = []) => ({
      topic: flags,
      prevSeq,
      seq: prevSeq + 1,
      upserts,
      removed,
    });
    /** A client holding flags 1 and 2 at seq 4, dropped and connected again afresh. */
    const resumed = () => {
      const r = setup();
      const events: TopicEvent<typeof flags>[] = [];
      r.socket.connect(true);
      r.client.watch(flags, (e) => events.push(e));
      r.socket.answer('subscribe', snapshotOf(flags, 4, [flag(1), flag(2)]));
      r.socket.connect(false);
      r.socket.connect(true, false);
      return { ...r, events };
    };

    it('subscribes with the seq it holds, and applies the changes missed and those held meanwhile', () => {
      const { socket, client, events } = resumed();
      expect(socket.calls('subscribe')).toHaveLength(2);
      expect(socket.calls('subscribe')[1]?.args[0]).toEqual({ topic: flags, seq: 4 });
      // A change fan-out sends while the answer is on its way: held until the answer is in.
      socket.push('changes', change(6, [flag(7)]));
      expect(client.seq(flags)).toBe(4);
      socket.answer('subscribe', {
        ok: true,
        kind: 'changes',
        changes: [change(4, [flag(2, false)], ['1']), change(5, [flag(3)])],
      });
      expect(client.seq(flags)).toBe(7);
      expect(client.items(flags)).toEqual([flag(2, false), flag(3), flag(7)]);
      // No new base: the watchers heard each change once, and nothing asked again.
      expect(events.map((e) => e.type)).toEqual(['snapshot', 'changes', 'changes', 'changes']);
      expect(events.slice(1).map((e) => (e.type === 'changes' ? e.seq : null))).toEqual([5, 6, 7]);
      expect(socket.calls('resync')).toHaveLength(0);
      // A change already held, sent again by fan-out, is not applied twice.
      socket.push('changes', change(5, [flag(9)]));
      expect(events).toHaveLength(4);
      expect(client.items(flags).map((f) => f.id)).toEqual([2, 3, 7]);
    });

    it('keeps what it holds when the server says nothing changed', () => {
      const { socket, client, events } = resumed();
      const before = client.items(flags);
      socket.answer('subscribe', { ok: true, kind: 'current', seq: 4 });
      expect(client.items(flags)).toBe(before);
      expect(events.map((e) => e.type)).toEqual(['snapshot']);
      socket.push('changes', change(4, [flag(3)]));
      expect(client.seq(flags)).toBe(5);
    });

    it('takes a snapshot answer as a reload, and a first subscribe’s as a base', () => {
      const { socket, client, events } = resumed();
      socket.answer('subscribe', { ...snapshotOf(flags, 90, [flag(5)]), kind: 'snapshot' });
      expect(client.items(flags)).toEqual([flag(5)]);
      expect(client.seq(flags)).toBe(90);
      expect(events.map((e) => (e.type === 'snapshot' ? e.reload : e.type))).toEqual([false, true]);
    });

    it('subscribes afresh when the relay refuses the resume’s form (a relay from before)', () => {
      const { socket, client } = resumed();
      socket.answer('subscribe', {
        ok: false,
        code: 'invalid',
        error: 'unknown field(s) topic, seq',
      });
      expect(socket.calls('subscribe')).toHaveLength(3);
      expect(socket.calls('subscribe')[2]?.args[0]).toEqual(flags);
      expect(client.seq(flags)).toBeNull();
      socket.answer('subscribe', snapshotOf(flags, 8, [flag(1)]));
      expect(client.seq(flags)).toBe(8);
    });

    it('subscribes afresh a topic whose first answer never came', () => {
      const { socket, client } = setup();
      socket.connect(true);
      client.watch(feed, () => undefined);
      socket.connect(false);
      socket.connect(true, false);
      expect(socket.calls('subscribe').map((c) => c.args[0])).toEqual([feed, feed]);
    });
  });

  it('hands a fresh token over and subscribes again when the session expired', async () => {
    const { socket, client, token } = setup();
    socket.connect(true);
    const acquired = { kind: 'acquired' } as const;
    client.watch(acquired, () => undefined);
    socket.answer('subscribe', snapshotOf(acquired, 1));
    socket.push('sessionExpired', { topics: [acquired] });
    await vi.waitFor(() => expect(socket.calls('authenticate')).toHaveLength(1));
    expect(token).toHaveBeenCalled();
    expect(socket.calls('authenticate')[0]?.args[0]).toBe('fresh-token');
    socket.answer('authenticate', { ok: true, expiresAt: Date.now() + 60_000 });
    expect(socket.calls('subscribe')).toHaveLength(2);
  });

  it('unsubscribes when the last watcher leaves', () => {
    const { socket, client } = setup();
    socket.connect(true);
    const a = client.watch(flags, () => undefined);
    const b = client.watch(flags, () => undefined);
    expect(socket.calls('subscribe')).toHaveLength(1);
    a();
    expect(socket.calls('unsubscribe')).toHaveLength(0);
    b();
    expect(socket.calls('unsubscribe')).toHaveLength(1);
  });

  it('tells watchers when the server refuses a topic', () => {
    const { socket, client } = setup();
    socket.connect(true);
    const events: TopicEvent<typeof flags>[] = [];
    client.watch(flags, (e) => events.push(e));
    socket.answer('subscribe', { ok: false, code: 'forbidden', error: 'administrators only' });
    expect(events).toEqual([{ type: 'refused', code: 'forbidden', error: 'administrators only' }]);
  });
});
