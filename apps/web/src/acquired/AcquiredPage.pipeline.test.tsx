import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type Opportunity } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import {
  goLive,
  pipelineOf,
  pipelineOnly,
  pushChange,
  returnOf,
} from '../pipeline/pipeline.testkit';
import { localDay } from '../time/localDay';
import { AcquiredPage } from './AcquiredPage';
import { bought } from './acquired.testkit';

type Params = Record<string, unknown>;

const Where = () => <output data-testid="where">{useLocation().search}</output>;

const setup = (url = '/admin/purchased-referrals', role: Role = Role.CONSOLE_PRODUCER) => {
  const api = fakeApi({
    '/api/acquired': { seq: 1, content: [bought(7), bought(8)], totalElements: 2 },
    '/api/acquired/pipelines': {
      items: [
        pipelineOf(7, { status: 'In Progress', return: returnOf(7) }),
        pipelineOf(8, { version: 1 }),
      ],
    },
  });
  const r = renderWith(
    <>
      <AcquiredPage />
      <Where />
    </>,
    { api, auth: fakeAuth(sessionOf(role)), url },
  );
  const requests = () =>
    api.get.mock.calls
      .filter(([path]) => path === '/api/acquired')
      .map((c) => (c as unknown[])[1] as Params);
  return { ...r, api, requests };
};
const rowOf = (id: number) =>
  document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
const cell = (id: number, n: number) => within(rowOf(id)).getAllByRole('gridcell')[n];
// Progress and Follow-up are the last two columns.
// Right after the name and its contact clock, so the agency's work is on a desk screen
// (fittedColumns).
const PROGRESS = 3;
const FOLLOW_UP = 4;

describe('Acquired Referrals: progress', () => {
  it("shows each row's progress and return in one read, and a colleague's change live", async () => {
    const { api, socket } = setup();
    await waitFor(() => expect(cell(7, PROGRESS)?.textContent).toBe('In ProgressReturn requested'));
    expect(cell(8, PROGRESS)?.textContent).toBe('Open');
    expect(api.get).toHaveBeenCalledWith('/api/acquired/pipelines', { ids: '7,8' });

    goLive(socket);
    const p = pipelineOnly(
      pipelineOf(8, {
        version: 2,
        status: 'Quote Sent',
        followUpOn: '2026-12-01',
      }),
    );
    pushChange(socket, 2, { pipeline: p });
    await waitFor(() => expect(cell(8, PROGRESS)?.textContent).toBe('Quote Sent'));
    expect(cell(8, FOLLOW_UP)?.textContent).toBe('2026-12-01');
    pushChange(socket, 2, { returns: returnOf(7, { state: 'approved', credit: 40 }) });
    await waitFor(() =>
      expect(cell(7, PROGRESS)?.textContent).toBe('In ProgressReturned · credit $40'),
    );
  });

  it('reads the progress filters from the address into the list query', async () => {
    const { requests } = setup(
      '/admin/purchased-referrals?progress=Open,Quote%20Sent&followUpDue=true',
    );
    await waitFor(() => expect(requests().length).toBeGreaterThan(0));
    expect(requests()[0]).toMatchObject({ progress: 'Open,Quote Sent', followUpDue: localDay() });
  });

  it('keeps a live change out of a filtered page when its progress does not match', async () => {
    const { socket } = setup('/admin/purchased-referrals?progress=In%20Progress');
    await screen.findByText('Lee7', { exact: false });
    goLive(socket);
    // A new purchase nobody has worked is Open: not In Progress.
    act(() =>
      socket.push('changes', {
        topic: { kind: 'acquired' },
        prevSeq: 1,
        seq: 2,
        upserts: [bought(9) as Opportunity],
        removed: [],
      }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Lee9', { exact: false })).toBeNull();
    expect(screen.getByText('Lee7', { exact: false })).toBeTruthy();
  });

  it('puts the chosen filters in the address and the query, from the first page', async () => {
    const { requests } = setup();
    await screen.findByText('Lee7', { exact: false });
    expect(requests()[0]?.progress).toBeUndefined();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Progress' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Quote Sent' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bound' }));
    fireEvent.keyDown(await screen.findByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('switch', { name: 'Follow-up due' }));
    await waitFor(() =>
      expect(requests().at(-1)).toMatchObject({
        progress: 'Quote Sent,Bound Prospect',
        followUpDue: localDay(),
        page: 0,
      }),
    );
    expect(new URLSearchParams(screen.getByTestId('where').textContent ?? '')).toEqual(
      new URLSearchParams({ progress: 'Quote Sent,Bound Prospect', followUpDue: 'true' }),
    );
  });
});

describe('Acquired Referrals: export', () => {
  const click = vi.fn();
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      click(this.download, this.href);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the CSV for the current filters, without the page', async () => {
    const { api } = setup('/admin/purchased-referrals?progress=Quote%20Sent&followUpDue=true');
    await screen.findByText('Lee7', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [path, params] = api.getBlob.mock.calls[0] ?? [];
    expect(path).toBe('/api/acquired/export.csv');
    expect(params).toEqual({
      state: 'all',
      dateFilter: '48hours',
      showClaimed: true,
      sort: 'lastModDate',
      dir: 'desc',
      progress: 'Quote Sent',
      followUpDue: localDay(),
    });
    expect(click).toHaveBeenCalledWith(`acquired-referrals-${localDay()}.csv`, 'blob:export');
  });

  it("names an admin's file after the Claim-It Transactions", async () => {
    setup('/admin/purchased-referrals', Role.CONSOLE_ADMIN);
    await screen.findByText('Lee7', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(click).toHaveBeenCalledWith(`claim-it-transactions-${localDay()}.csv`, 'blob:export'),
    );
  });
});
