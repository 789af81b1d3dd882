import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../testing/viewport.testkit';
import { AcquiredPage } from './AcquiredPage';
import { bought } from './acquired.testkit';

type Params = Record<string, unknown>;

const setup = () => {
  const api = fakeApi({
    '/api/acquired': { seq: 1, content: [bought(7), bought(8)], totalElements: 2 },
  });
  renderWith(<AcquiredPage />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    url: '/admin/purchased-referrals',
  });
  const requests = () =>
    api.get.mock.calls
      .filter(([path]) => path === '/api/acquired')
      .map((c) => (c as unknown[])[1] as Params);
  return { api, requests };
};

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const cellsOf = (id: number) =>
  within(document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement).getAllByRole(
    'gridcell',
  );

describe('Acquired Referrals', () => {
  it('shows its heading and columns and asks for the last 48 hours, newest acquisition first', async () => {
    const { requests } = setup();
    expect(await screen.findByRole('heading', { name: 'Acquired Referrals' })).toBeTruthy();
    await screen.findByText('Lee7', { exact: false });
    // The contact clock and the agency's work right after the name; City and State in one cell
    // (fittedColumns).
    expect(headers()).toEqual([
      'Acquired',
      'Name',
      'Contact',
      'Progress',
      'Follow-up',
      'Phone',
      'Email',
      'City/State',
      'Category',
      'Line of Business',
      'Type',
    ]);
    expect(requests()[0]).toMatchObject({
      dateFilter: '48hours',
      sort: 'lastModDate',
      dir: 'desc',
    });
    expect(screen.getByRole('combobox', { name: 'Date' }).textContent).toBe('Last 48 Hours');
    expect(cellsOf(7).map((c) => c.textContent)[1]).toBe('Ann Lee7');
  });

  it('sorts by Acquired, Name, Phone, Email, City (City/State) and Category only', async () => {
    const { requests } = setup();
    await screen.findByText('Lee7', { exact: false });
    const sortable: string[] = [];
    for (const name of headers()) {
      const before = requests().length;
      fireEvent.click(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) }));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      if (requests().length > before) sortable.push(name ?? '');
    }
    expect(sortable).toEqual(['Acquired', 'Name', 'Phone', 'Email', 'City/State', 'Category']);
  });

  it('opens the details panel with Enter or Space on a row, as with a click', async () => {
    setup();
    await screen.findByText('Lee7', { exact: false });
    const cell = cellsOf(7)[2] as HTMLElement;
    cell.focus();
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(await screen.findByRole('region', { name: /referral #7/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /referral #7/ })).toBeNull());

    // The list is back in reach once the panel has gone.
    const other = (await waitFor(() => cellsOf(8)))[4] as HTMLElement;
    other.focus();
    fireEvent.keyDown(other, { key: ' ' });
    expect(await screen.findByRole('region', { name: /referral #8/ })).toBeTruthy();
  });

  it.each([390, 820])(
    'stacks each referral into one cell at %i px, below the navigation breakpoint',
    async (width) => {
      setViewportWidth(width);
      setup();
      await screen.findByText('Lee7', { exact: false });
      expect(screen.getAllByRole('columnheader')).toHaveLength(1);
      expect(cellsOf(7)).toHaveLength(1);
    },
  );

  it('keeps the filters behind a Filters (n) button on a phone, in a sheet', async () => {
    setViewportWidth(390);
    renderWith(<AcquiredPage />, {
      api: fakeApi({ '/api/acquired': { seq: 1, content: [bought(7)], totalElements: 1 } }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
      url: '/admin/purchased-referrals?progress=Open&followUpDue=true',
    });
    await screen.findByText('Lee7', { exact: false });
    expect(screen.queryByRole('combobox', { name: 'Progress' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Referral filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('combobox', { name: 'Progress' })).toBeTruthy();
    expect(within(sheet).getByRole('combobox', { name: 'Date' })).toBeTruthy();
  });
});

afterEach(() => setViewportWidth(DEFAULT_VIEWPORT_WIDTH));
