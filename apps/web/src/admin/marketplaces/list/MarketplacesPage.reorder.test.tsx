import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage } from './MarketplacesPage';

const alpha = aMarketplace(1, 'Alpha', { enabled: true, priority: 1 });
const bravo = aMarketplace(2, 'Bravo', { enabled: true, priority: 2 });
const charlie = aMarketplace(3, 'Charlie', { enabled: true, priority: 3 });
const delta = aMarketplace(4, 'Delta', { enabled: false, priority: null });

const ROW_HEIGHT = 40;

/** jsdom lays nothing out: give each list row a box by its position, so keyboard moves land. */
function layOutRows() {
  const measure = (el: Element) => DOMRect.fromRect({ width: el.clientWidth, height: 0 });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(
    this: Element,
  ) {
    const row = this.closest('[data-testid^="marketplace-row-"]');
    if (row === null) return measure(this);
    const index = [...(row.parentElement?.children ?? [])].indexOf(row);
    const top = index * ROW_HEIGHT;
    return DOMRect.fromRect({ x: 0, y: top, width: 800, height: ROW_HEIGHT });
  });
}

const show = () => {
  const api = fakeAdminApi({
    'GET /api/marketplaces': {
      seq: 1,
      priorityVersion: 'p1',
      items: [alpha, bravo, charlie, delta],
    },
    'POST /api/marketplaces/list-save': { saved: true },
    'GET /api/delivery-stats': { seq: 1, items: [] },
    'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
  });
  renderWith(
    <Routes>
      <Route path="/admin/marketplaces" element={<MarketplacesPage />} />
    </Routes>,
    {
      api: asClient(api),
      url: '/admin/marketplaces',
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
    },
  );
  return api;
};

const rowNames = () =>
  screen
    .getAllByTestId(/^marketplace-row-/)
    .map((r) => within(r).getAllByRole('link')[0]?.textContent);
const saveButton = () => screen.getByRole('button', { name: 'Save Updates' });

/** Picks a row up by its handle with the keyboard, moves it `steps` rows, and drops it. */
async function keyboardMove(name: string, steps: number) {
  const handle = screen.getByRole('button', { name: `Reorder ${name}` });
  handle.focus();
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await Promise.resolve();
  });
  // The row is picked up once dnd-kit marks its handle pressed (it may take a render or two).
  await waitFor(() => expect(handle.getAttribute('aria-pressed')).toBe('true'));
  for (let i = 0; i < Math.abs(steps); i++) {
    const code = steps > 0 ? 'ArrowDown' : 'ArrowUp';
    await act(async () => {
      fireEvent.keyDown(handle, { code, key: code });
      await new Promise((r) => setTimeout(r, 0));
    });
  }
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await new Promise((r) => setTimeout(r, 0));
  });
}

beforeEach(layOutRows);
afterEach(() => vi.restoreAllMocks());

describe('Save Updates after a keyboard reorder and an enable toggle', () => {
  it('sends 1-based priorities among enabled marketplaces and an update only for the flipped flag', async () => {
    const api = show();
    await screen.findByRole('link', { name: 'Alpha' });
    await keyboardMove('Alpha', 2);
    await waitFor(() => expect(rowNames()).toEqual(['Bravo', 'Charlie', 'Alpha']));

    fireEvent.click(screen.getByRole('switch', { name: 'Show Disabled Marketplaces' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled Delta' }));
    expect(rowNames().slice(0, 4)).toEqual(['Bravo', 'Charlie', 'Alpha', 'Delta']);
    fireEvent.click(saveButton());

    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/api/marketplaces/list-save', {
      version: 'p1',
      priorities: [
        { id: 2, priority: 1 },
        { id: 3, priority: 2 },
        { id: 1, priority: 3 },
        { id: 4, priority: 4 },
      ],
      updates: [{ id: 4, enabled: true }],
    });
  });

  it('sends only priorities, with no updates, after a reorder alone', async () => {
    const api = show();
    await screen.findByRole('link', { name: 'Alpha' });
    await keyboardMove('Charlie', -1);
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Charlie', 'Bravo']));
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/api/marketplaces/list-save', {
      version: 'p1',
      priorities: [
        { id: 1, priority: 1 },
        { id: 3, priority: 2 },
        { id: 2, priority: 3 },
      ],
      updates: [],
    });
  });

  it('sends nothing when a keyboard move is undone before saving', async () => {
    const api = show();
    await screen.findByRole('link', { name: 'Alpha' });
    await keyboardMove('Alpha', 1);
    await waitFor(() => expect(rowNames()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    expect(saveButton()).toHaveProperty('disabled', false);
    await keyboardMove('Alpha', -1);
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.click(saveButton());
    expect(api.post).not.toHaveBeenCalled();
  });
});
