import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { byExpirationFirst, type PublicReferral } from '@referrals/shared';
import { renderWith } from '../app/services.testkit';
import { aPublicReferral } from './publicReferral.testkit';
import { useReferralPage, type FetchedPage } from './useReferralPage';

const topic = { kind: 'publicFeed', state: null } as const;
const ref = aPublicReferral;

const Page = ({ fetchPage }: { fetchPage: () => Promise<FetchedPage<PublicReferral>> }) => {
  const p = useReferralPage<PublicReferral>({
    topic,
    requestKey: 'k',
    fetchPage,
    page: 0,
    size: 3,
    filter: { state: null, dateFilter: '72hours', showClaimed: false },
    sort: { key: 'addDate', direction: 'desc' },
  });
  return (
    <output data-testid="rows">
      {p.rows.map((r) => r.opportunityId).join(',')}|{p.total}
    </output>
  );
};

const server = { seq: 10 };
const setup = () => {
  server.seq = 10;
  const fetchPage = vi.fn(() =>
    Promise.resolve<FetchedPage<PublicReferral>>({
      seq: server.seq,
      content: [ref(3, 1), ref(2, 2), ref(1, 3)],
      totalElements: 5,
    }),
  );
  const r = renderWith(<Page fetchPage={fetchPage} />);
  act(() => r.socket.connect(true));
  act(() =>
    r.socket.answer('subscribe', {
      ok: true,
      snapshot: { topic, seq: 10, complete: false, items: [] },
    }),
  );
  const shown = () => screen.getByTestId('rows').textContent;
  return { ...r, fetchPage, shown };
};

describe('useReferralPage', () => {
  it('sorts a new referral in, changes rows in place and drops rows that leave the filter', async () => {
    const { socket, shown } = setup();
    await waitFor(() => expect(shown()).toBe('3,2,1|5'));
    act(() =>
      socket.push('changes', { topic, prevSeq: 10, seq: 11, upserts: [ref(4, 0)], removed: [] }),
    );
    expect(shown()).toBe('4,3,2|6');
    act(() =>
      socket.push('changes', {
        topic,
        prevSeq: 11,
        seq: 12,
        upserts: [ref(3, 1, 'Claimed')],
        removed: [],
      }),
    );
    expect(shown()).toMatch(/^4,2\|5$/);
  });

  it('places live changes in the order the relay cut the page in (the expiration flag)', async () => {
    const inMin = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const expiring = (id: number, ageMin: number, expiresInMin: number) =>
      ({ ...ref(id, ageMin), marketplaceExpirationDate: inMin(expiresInMin) }) as PublicReferral;
    const fetchPage = vi.fn(() =>
      Promise.resolve<FetchedPage<PublicReferral>>({
        seq: 10,
        content: [expiring(1, 30, 10), expiring(2, 1, 30)],
        totalElements: 2,
        sort: byExpirationFirst({ key: 'addDate', direction: 'desc' }),
      }),
    );
    const r = renderWith(<Page fetchPage={fetchPage} />);
    act(() => r.socket.connect(true));
    act(() =>
      r.socket.answer('subscribe', {
        ok: true,
        snapshot: { topic, seq: 10, complete: false, items: [] },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('1,2|2'));
    // The newest referral, expiring between the two: by expiry it goes in the middle (by
    // addDate alone it would lead).
    act(() =>
      r.socket.push('changes', {
        topic,
        prevSeq: 10,
        seq: 11,
        upserts: [expiring(3, 0, 20)],
        removed: [],
      }),
    );
    expect(screen.getByTestId('rows').textContent).toBe('1,3,2|3');
  });

  it('holds changes that arrive while the page loads and applies those past its seq', async () => {
    let resolve: (p: FetchedPage<PublicReferral>) => void = () => undefined;
    const fetchPage = vi.fn(() => new Promise<FetchedPage<PublicReferral>>((r) => (resolve = r)));
    const r = renderWith(<Page fetchPage={fetchPage} />);
    act(() => r.socket.connect(true));
    act(() =>
      r.socket.answer('subscribe', {
        ok: true,
        snapshot: { topic, seq: 10, complete: false, items: [] },
      }),
    );
    act(() =>
      r.socket.push('changes', { topic, prevSeq: 10, seq: 11, upserts: [ref(9, 0)], removed: [] }),
    );
    act(() =>
      r.socket.push('changes', {
        topic,
        prevSeq: 11,
        seq: 12,
        upserts: [ref(8, 0.5)],
        removed: [],
      }),
    );
    act(() => resolve({ seq: 11, content: [ref(9, 0), ref(1, 3)], totalElements: 2 }));
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('9,8,1|3'));
  });

  it('fetches the page again when the server sends a newer snapshot', async () => {
    const { socket, fetchPage, shown } = setup();
    await waitFor(() => expect(shown()).toBe('3,2,1|5'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    server.seq = 50;
    act(() => socket.push('snapshot', { topic, seq: 50, complete: false, items: [] }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('fetches the page again when a gap resyncs to a snapshot', async () => {
    const { socket, fetchPage, shown } = setup();
    await waitFor(() => expect(shown()).toBe('3,2,1|5'));
    act(() =>
      socket.push('changes', { topic, prevSeq: 20, seq: 21, upserts: [ref(7, 0)], removed: [] }),
    );
    expect(shown()).toBe('3,2,1|5'); // nothing applied across the gap
    server.seq = 21;
    act(() =>
      socket.answer('resync', {
        ok: true,
        kind: 'snapshot',
        snapshot: { topic, seq: 21, complete: false, items: [] },
      }),
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });
});
