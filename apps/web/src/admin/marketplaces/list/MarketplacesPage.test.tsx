import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role, UNSAVED_CHANGES_DIALOG } from '@referrals/shared';
import { ApiError } from '../../../api/ApiError';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage, SERVER_CHANGED_TEXT } from './MarketplacesPage';

const alpha = aMarketplace(1, 'Alpha', { enabled: true, priority: 1 });
const bravo = aMarketplace(2, 'Bravo', { enabled: true, priority: 2 });
const charlie = aMarketplace(3, 'Charlie', { enabled: true, priority: 3 });
const delta = aMarketplace(4, 'Delta', { enabled: false, priority: null });

const listOf = (items: unknown[], priorityVersion = 'p1') => ({ seq: 1, priorityVersion, items });

const relay = (marketplaces: unknown, save: unknown = { saved: true }) =>
  fakeAdminApi({
    'GET /api/marketplaces': marketplaces,
    'POST /api/marketplaces/list-save': save,
    'GET /api/delivery-stats': { seq: 1, items: [] },
    'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
  });

const show = (api: ReturnType<typeof relay>) =>
  renderWith(
    <>
      <Link to="/admin/feature-flags">elsewhere</Link>
      <Routes>
        <Route path="/admin/marketplaces" element={<MarketplacesPage />} />
        <Route path="/admin/feature-flags" element={<h1>Flags screen</h1>} />
      </Routes>
    </>,
    {
      api: asClient(api),
      url: '/admin/marketplaces',
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
    },
  );

const rowNames = () =>
  screen
    .getAllByTestId(/^marketplace-row-/)
    .map((r) => within(r).getAllByRole('link')[0]?.textContent);
const enabledSwitch = (name: string) => screen.getByRole('switch', { name: `Enabled ${name}` });
const saveButton = () => screen.getByRole('button', { name: 'Save Updates' });

describe('marketplaces list', () => {
  it('saves the new order first and the changed enabled flags with the loaded priorityVersion', async () => {
    const api = relay(listOf([alpha, bravo, charlie, delta]));
    show(api);
    await screen.findByRole('link', { name: 'Alpha' });
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(saveButton()).toHaveProperty('disabled', true);

    fireEvent.click(enabledSwitch('Alpha'));
    expect(rowNames()).toEqual(['Bravo', 'Charlie']);
    fireEvent.click(saveButton());

    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/api/marketplaces/list-save', {
      version: 'p1',
      priorities: [
        { id: 2, priority: 1 },
        { id: 3, priority: 2 },
      ],
      updates: [{ id: 1, enabled: false }],
    });
    const toast = await screen.findByText('Marketplaces updated successfully.');
    expect(
      within(toast.closest('[role="status"]') as HTMLElement).getByRole('button', {
        name: 'Close',
      }),
    ).toBeTruthy();
  });

  it('sends nothing when the edits cancel out', async () => {
    const api = relay(listOf([alpha, bravo, delta]));
    show(api);
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(screen.getByRole('switch', { name: 'Show Disabled Marketplaces' }));
    fireEvent.click(enabledSwitch('Delta'));
    expect(saveButton()).toHaveProperty('disabled', false);
    fireEvent.click(enabledSwitch('Delta'));
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.click(saveButton());
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the relay message on a stale save and replaces the edits with the fresh order', async () => {
    let reads = 0;
    const fresh = listOf(
      [
        { ...charlie, priority: 1 },
        { ...alpha, priority: 2 },
        { ...bravo, priority: 3 },
      ],
      'p2',
    );
    const api = relay(
      () => (reads++ === 0 ? listOf([alpha, bravo, charlie]) : fresh),
      () => {
        throw new ApiError(409, 'Another administrator changed the marketplaces first.');
      },
    );
    show(api);
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(enabledSwitch('Bravo'));
    fireEvent.click(saveButton());

    expect(
      await screen.findByText('Another administrator changed the marketplaces first.'),
    ).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Charlie', 'Alpha', 'Bravo']));
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(screen.queryByText('Marketplaces updated successfully.')).toBeNull();
  });
});

describe('live marketplaces', () => {
  const pushMarketplaces = (socket: ReturnType<typeof show>['socket'], items: unknown[]) => {
    const call = socket
      .calls('subscribe')
      .find((c) => (c.args[0] as { kind: string }).kind === 'marketplaces');
    const ack = call?.args.at(-1) as (a: unknown) => void;
    act(() =>
      ack({
        ok: true,
        snapshot: { topic: { kind: 'marketplaces' }, seq: 2, complete: true, items },
      }),
    );
  };

  it('keeps unsaved edits when another admin changes marketplaces and says the server changed', async () => {
    const api = relay(listOf([alpha, bravo, charlie]));
    const { socket } = show(api);
    act(() => socket.connect(true));
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(enabledSwitch('Charlie'));
    pushMarketplaces(socket, [alpha, { ...bravo, enabled: false, priority: null }, charlie]);

    expect(await screen.findByText(SERVER_CHANGED_TEXT)).toBeTruthy();
    expect(rowNames()).toEqual(['Alpha', 'Bravo']);
    expect(api.get.mock.calls.filter(([p]) => p === '/api/marketplaces')).toHaveLength(1);
  });

  it('reloads at once when there are no unsaved edits', async () => {
    let reads = 0;
    const api = relay(() =>
      reads++ === 0
        ? listOf([alpha, bravo])
        : listOf([alpha, { ...bravo, marketplaceName: 'Bravo Two' }]),
    );
    const { socket } = show(api);
    act(() => socket.connect(true));
    await screen.findByRole('link', { name: 'Alpha' });
    pushMarketplaces(socket, [alpha, { ...bravo, marketplaceName: 'Bravo Two' }]);
    expect(await screen.findByRole('link', { name: 'Bravo Two' })).toBeTruthy();
    expect(screen.queryByText(SERVER_CHANGED_TEXT)).toBeNull();
  });
});

describe('unsaved-changes guard on the list', () => {
  it('asks before leaving with unsaved changes and stays on Continue Editing', async () => {
    show(relay(listOf([alpha, bravo])));
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(enabledSwitch('Alpha'));
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));

    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_DIALOG.title });
    expect(within(dialog).getByText(UNSAVED_CHANGES_DIALOG.message)).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toEqual(['Bravo']);
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it('leaves on Discard Changes', async () => {
    show(relay(listOf([alpha, bravo])));
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(enabledSwitch('Alpha'));
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard Changes' }));
    expect(await screen.findByRole('heading', { name: 'Flags screen' })).toBeTruthy();
  });

  it('lets the user leave without asking when nothing changed', async () => {
    show(relay(listOf([alpha, bravo])));
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Flags screen' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
