import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage } from './MarketplacesPage';

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

const show = (selfServe: Record<string, unknown> = {}) => {
  const api = fakeAdminApi({
    'GET /api/marketplaces': {
      seq: 1,
      priorityVersion: 'p1',
      items: [
        aMarketplace(1, 'Alpha', { enabled: true, priority: 1, agencyId: null }),
        aMarketplace(2, 'Bravo', { enabled: true, priority: 2, agencyId: null }),
        aMarketplace(3, 'Lone Star', { enabled: false, priority: null, agencyId: null }),
      ],
    },
    'GET /api/delivery-stats': { seq: 1, items: [] },
    'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
    'GET /api/self-serve/marketplaces': { items: [] },
    ...selfServe,
  });
  renderWith(
    <>
      <MarketplacesPage />
      <Where />
    </>,
    {
      api: asClient(api),
      url: '/admin/marketplaces',
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
    },
  );
  return api;
};

/** Opens the actions menu of a marketplace's row. */
const menuOf = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
};

describe("a marketplace row's actions menu (marketplace-admin section 2.1)", () => {
  it('holds Edit Marketplace Appetite and a disabled View Referral Activity', async () => {
    show();
    const menu = await menuOf('Bravo');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-disabled') === 'true'])).toEqual([
      ['Edit Marketplace Appetite', false],
      ['Agency Cap Bounds', false],
      ['View Referral Activity', true],
    ]);
  });

  it("edits that row's marketplace: Edit Marketplace Appetite opens its form's address", async () => {
    show();
    const menu = await menuOf('Bravo');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Edit Marketplace Appetite' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/admin/marketplaces/2'),
    );
  });

  it("sets the bounds of that row's agency's own caps; blank is none, a bad one is not sent", async () => {
    const saved = vi.fn(({ body }: { body?: unknown }) => ({
      marketplaceId: 2,
      bounds: body,
      pause: null,
      updatedBy: 'admin',
      updatedAt: '2026-12-07T12:00:00.000Z',
    }));
    const api = show({ 'PUT /api/self-serve/marketplaces/2/bounds': saved });
    const menu = await menuOf('Bravo');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Agency Cap Bounds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agency cap bounds: Bravo' });
    const day = within(dialog).getByRole('textbox', { name: 'Highest daily cap' });
    const save = within(dialog).getByRole('button', { name: 'Save bounds' });
    fireEvent.change(day, { target: { value: '0' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(day, { target: { value: '40' } });
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/api/self-serve/marketplaces/2/bounds', {
      maxPerDay: 40,
      maxPerWeek: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('an agency-paused marketplace on the list', () => {
  it('shows until when it is paused under its Enabled switch, once disabled ones are shown', async () => {
    vi.stubEnv('TZ', 'America/Chicago');
    const until = new Date(Date.now() + 2 * 3_600_000);
    show({
      'GET /api/self-serve/marketplaces': {
        items: [
          {
            marketplaceId: 3,
            bounds: { maxPerDay: null, maxPerWeek: null },
            pause: { from: new Date().toISOString(), until: until.toISOString(), active: true },
            updatedBy: 'agencyadmin',
            updatedAt: new Date().toISOString(),
          },
        ],
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Show Disabled Marketplaces' }));
    const row = await screen.findByTestId('marketplace-row-3');
    expect(
      within(row).getByRole<HTMLInputElement>('switch', { name: 'Enabled Lone Star' }).checked,
    ).toBe(false);
    expect((await within(row).findByText(/^Paused until /)).textContent).toMatch(/, 2026|, 20\d\d/);
    expect(within(screen.getByTestId('marketplace-row-2')).queryByText(/Paused/)).toBeNull();
    vi.unstubAllEnvs();
  });
});
