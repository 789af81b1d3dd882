import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReferral } from '@referrals/shared';
import { aPublicReferral } from './publicReferral.testkit';
import { FakeSocket } from './fakeSocket.testkit';
import { LiveClient } from './LiveClient';
import { ReferralPage, type FetchedPage, type ReferralPageOptions } from './ReferralPage';

const topic = { kind: 'publicFeed', state: null } as const;
const ref = aPublicReferral;
type Page = FetchedPage<PublicReferral>;

/** A read the test answers by hand, with the signal it was given. */
interface Read {
  readonly signal: AbortSignal;
  readonly answer: (p: Page) => void;
  readonly fail: (err: unknown) => void;
}

/** A page over a live client whose server the test plays; every read waits for the test. */
const setup = (size = 3) => {
  const socket = new FakeSocket();
  const live = new LiveClient(socket, () => Promise.resolve(null));
  socket.connect(true);
  const reads: Read[] = [];
  const fetchPage = vi.fn(
    (signal: AbortSignal) =>
      new Promise<Page>((answer, fail) => reads.push({ signal, answer, fail })),
  );
  const page = new ReferralPage<PublicReferral>(live);
  const options = (requestKey: string): ReferralPageOptions<PublicReferral> => ({
    topic,
    requestKey,
    fetchPage,
    page: 0,
    size,
    filter: { state: null, dateFilter: '72hours', showClaimed: false },
    sort: { key: 'addDate', direction: 'desc' },
  });
  page.update(options('k'));
  const snapshot = (seq: number) =>
    socket.answer('subscribe', { ok: true, snapshot: { topic, seq, complete: false, items: [] } });
  const change = (prevSeq: number, upserts: PublicReferral[], removed: string[] = []) =>
    socket.push('changes', { topic, prevSeq, seq: prevSeq + 1, upserts, removed });
  const shown = () => {
    const s = page.getState();
    return `${s.rows.map((r) => r.opportunityId).join(',')}|${s.total}`;
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { socket, page, reads, fetchPage, options, snapshot, change, shown, settle };
};

afterEach(() => vi.useRealTimers());

describe('ReferralPage', () => {
  it('is loading until the first answer, then shows it and tells its listeners', async () => {
    const { page, reads, shown, settle } = setup();
    const heard = vi.fn();
    page.subscribe(heard);
    expect(page.getState().loading).toBe(true);
    reads[0]?.answer({ seq: 10, content: [ref(2, 1), ref(1, 2)], totalElements: 2 });
    await settle();
    expect(page.getState().loading).toBe(false);
    expect(shown()).toBe('2,1|2');
    expect(heard).toHaveBeenCalled();
  });

  it('holds changes heard during a read and applies only those past the page’s seq', async () => {
    const { reads, snapshot, change, shown, settle } = setup();
    snapshot(10);
    change(10, [ref(9, 0)]);
    change(11, [ref(8, 0.5)]);
    reads[0]?.answer({ seq: 11, content: [ref(9, 0), ref(1, 3)], totalElements: 2 });
    await settle();
    expect(shown()).toBe('9,8,1|3');
  });

  it('aborts the read a new query supersedes, and never shows its late answer', async () => {
    const { page, reads, options, shown, settle } = setup();
    page.update(options('k2'));
    expect(reads[0]?.signal.aborted).toBe(true);
    expect(reads[1]?.signal.aborted).toBe(false);
    reads[1]?.answer({ seq: 10, content: [ref(2, 1)], totalElements: 1 });
    reads[0]?.answer({ seq: 10, content: [ref(7, 1)], totalElements: 1 });
    await settle();
    expect(shown()).toBe('2|1');
  });

  it('reads nothing again while the request key stays the same', () => {
    const { page, fetchPage, options } = setup();
    page.update(options('k'));
    page.update(options('k'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('reads again, after a pause, a page older than the live stream’s base', async () => {
    vi.useFakeTimers();
    const { reads, snapshot, fetchPage, shown } = setup();
    snapshot(20);
    reads[0]?.answer({ seq: 15, content: [ref(1, 1)], totalElements: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    reads[1]?.answer({ seq: 20, content: [ref(2, 1)], totalElements: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toBe('2|1');
  });

  it('reads again when removals leave the page short of rows that exist further on', async () => {
    const { reads, snapshot, change, fetchPage, settle } = setup(2);
    snapshot(10);
    reads[0]?.answer({ seq: 10, content: [ref(2, 1), ref(1, 2)], totalElements: 5 });
    await settle();
    change(10, [], ['2']);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('stops: aborts its read, unsubscribes and cancels a pending retry; update starts again', async () => {
    vi.useFakeTimers();
    const { page, reads, socket, snapshot, fetchPage, options } = setup();
    snapshot(20);
    reads[0]?.answer({ seq: 15, content: [], totalElements: 0 });
    await vi.advanceTimersByTimeAsync(0);
    page.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(socket.calls('unsubscribe')).toHaveLength(1);
    page.update(options('k'));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(socket.calls('subscribe')).toHaveLength(2);
    page.stop();
    expect(reads[1]?.signal.aborted).toBe(true);
  });

  it('reads again on a new base after a read failed (the network came back)', async () => {
    const { socket, page, reads, snapshot, shown, settle } = setup();
    snapshot(10);
    reads[0]?.fail(new Error('offline'));
    await settle();
    expect(page.getState().error).not.toBeNull();
    socket.connect(false);
    socket.connect(true);
    snapshot(10);
    expect(reads).toHaveLength(2);
    reads[1]?.answer({ seq: 10, content: [ref(1, 0)], totalElements: 1 });
    await settle();
    expect(page.getState().error).toBeNull();
    expect(shown()).toBe('1|1');
  });

  describe('after a reconnect the server did not recover', () => {
    /** A page shown at seq 10, its socket dropped and connected again afresh. */
    const reconnected = async () => {
      const r = setup();
      r.snapshot(10);
      r.reads[0]?.answer({ seq: 10, content: [ref(2, 1), ref(1, 2)], totalElements: 2 });
      await r.settle();
      r.socket.connect(false);
      r.socket.connect(true);
      // The live client resumes from the seq it holds.
      expect(r.socket.calls('subscribe').at(-1)?.args[0]).toEqual({ topic, seq: 10 });
      return r;
    };

    it('applies the changes missed to its page and reads nothing again', async () => {
      const { socket, fetchPage, shown, settle } = await reconnected();
      socket.answer('subscribe', {
        ok: true,
        kind: 'changes',
        changes: [
          { topic, prevSeq: 10, seq: 11, upserts: [ref(9, 0)], removed: [] },
          { topic, prevSeq: 11, seq: 12, upserts: [], removed: ['1'] },
        ],
      });
      await settle();
      expect(shown()).toBe('9,2|2');
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });

    it('keeps its page and reads nothing when told nothing changed', async () => {
      const { socket, fetchPage, shown, settle } = await reconnected();
      socket.answer('subscribe', { ok: true, kind: 'current', seq: 10 });
      await settle();
      expect(shown()).toBe('2,1|2');
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });

    it('reads its page again when told to reload, even at the seq it holds', async () => {
      const { socket, reads, fetchPage, shown, settle } = await reconnected();
      socket.answer('subscribe', {
        ok: true,
        kind: 'snapshot',
        snapshot: { topic, seq: 10, complete: false, items: [] },
      });
      expect(fetchPage).toHaveBeenCalledTimes(2);
      reads[1]?.answer({ seq: 10, content: [ref(3, 1)], totalElements: 1 });
      await settle();
      expect(shown()).toBe('3|1');
    });
  });

  it('starts from a seed (a hydrated server render) and tells nobody on its first update', () => {
    const { fetchPage, options } = setup();
    const seed = { seq: 10, content: [ref(2, 1), ref(1, 2)], totalElements: 2 };
    const live = new LiveClient(new FakeSocket(), () => Promise.resolve(null));
    const seeded = new ReferralPage<PublicReferral>(live, { requestKey: 'k', page: seed });
    const before = seeded.getState();
    const heard = vi.fn();
    seeded.subscribe(heard);
    seeded.update(options('k'));
    // A listener's call would render the hydrated table again, all of it, at once.
    expect(heard).not.toHaveBeenCalled();
    expect(seeded.getState()).toBe(before);
    expect(fetchPage).toHaveBeenCalledTimes(1); // the setup's own page, not the seeded one
  });

  it('keeps the rows a read again did not change, and tells nobody when none changed', async () => {
    const { page, reads, snapshot, settle } = setup();
    const [a, b] = [ref(2, 1), ref(1, 2)];
    // Each read brings new objects, as JSON does.
    const read = (...rows: PublicReferral[]) => rows.map((r) => structuredClone(r));
    snapshot(10);
    reads[0]?.answer({ seq: 10, content: read(a, b), totalElements: 2 });
    await settle();
    const [two, one] = page.getState().rows;
    const heard = vi.fn();
    page.subscribe(heard);
    snapshot(11); // a newer base: the page is read again
    const changed = { ...b, marketplaceStatus: 'Claimed' as const };
    reads[1]?.answer({ seq: 11, content: read(a, changed), totalElements: 2 });
    await settle();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(page.getState().rows[0]).toBe(two);
    expect(page.getState().rows[1]).not.toBe(one);
    expect(page.getState().rows[1]?.marketplaceStatus).toBe('Claimed');
    const state = page.getState();
    snapshot(12);
    reads[2]?.answer({ seq: 12, content: read(a, changed), totalElements: 2 });
    await settle();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(page.getState()).toBe(state);
  });
});
