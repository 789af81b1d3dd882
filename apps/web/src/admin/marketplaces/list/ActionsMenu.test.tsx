import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage } from './MarketplacesPage';

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

const show = () =>
  renderWith(
    <>
      <MarketplacesPage />
      <Where />
    </>,
    {
      api: asClient(
        fakeAdminApi({
          'GET /api/marketplaces': {
            seq: 1,
            priorityVersion: 'p1',
            items: [
              aMarketplace(1, 'Alpha', { enabled: true, priority: 1, agencyId: null }),
              aMarketplace(2, 'Bravo', { enabled: true, priority: 2, agencyId: null }),
            ],
          },
          'GET /api/delivery-stats': { seq: 1, items: [] },
          'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
        }),
      ),
      url: '/admin/marketplaces',
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
    },
  );

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
});
