import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type Marketplace } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage } from './MarketplacesPage';

const agency = (fulcrumId: number) => ({
  fulcrumId,
  name: `Agency ${fulcrumId}`,
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77001', street: null, city: 'Houston' },
  contact: { name: 'Ann', email: 'ann@gulf.example', phone: null },
});

/** An enabled flow marketplace with a daily maximum of 10, varied by `o`. */
const flow = (id: number, name: string, o: Partial<Marketplace>, maxReferralsPerDay = 10) => {
  const m = aMarketplace(id, name, {
    enabled: true,
    priority: id,
    agencyId: null,
    billed: false,
    debitPrepaidBalance: false,
    applyDeliveredPrice: false,
    priceModifier: 1,
    ...o,
  });
  return { ...m, riskAppetite: { ...m.riskAppetite, maxReferralsPerDay } };
};

const show = (marketplaces: Marketplace[], routes: Record<string, unknown> = {}) =>
  renderWith(<MarketplacesPage />, {
    api: asClient(
      fakeAdminApi({
        'GET /api/marketplaces': { seq: 1, priorityVersion: 'p1', items: marketplaces },
        'GET /api/delivery-stats': { seq: 1, items: [] },
        'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
        ...routes,
      }),
    ),
    url: '/admin/marketplaces',
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
  });

/** The cell of a marketplace's row under the main table's column headed `column`. */
const cell = (id: number, column: string) => {
  const row = screen.getByTestId(`marketplace-row-${id}`);
  const headers = within(row.closest('table') as HTMLElement)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());
  expect(headers).toContain(column);
  return within(row).getAllByRole('cell')[headers.indexOf(column)] as HTMLElement;
};

describe('marketplace row cells: Delivered Price', () => {
  it('shows the delivered price when applied, else the percent modifier: Marketplace, +N% or N%', async () => {
    show([
      flow(1, 'Fixed', { applyDeliveredPrice: true, deliveredPrice: 25 }),
      flow(2, 'Flat', { priceModifier: 1 }),
      flow(3, 'Dearer', { priceModifier: 1.15 }),
      flow(4, 'Cheaper', { priceModifier: 0.9 }),
    ]);
    await screen.findByRole('link', { name: 'Fixed' });
    expect([1, 2, 3, 4].map((id) => cell(id, 'Delivered Price').textContent)).toEqual([
      '$25.00',
      'Marketplace',
      '+15%',
      '-10%',
    ]);
  });
});

describe('marketplace row cells: MARKETPLACE, CONSUMER_FUNNEL and a missing balance', () => {
  const routes = {
    'GET /api/agencies/12': agency(12),
    'GET /api/agencies/12/prepaid-balance': { balance: 900 },
    'GET /api/agencies/14': agency(14),
    'GET /api/agencies/14/prepaid-balance': { balance: null },
  };

  it('shows no prepaid balance and no daily limit for MARKETPLACE and CONSUMER_FUNNEL', async () => {
    show(
      [
        flow(1, 'MARKETPLACE', { agencyId: 12, debitPrepaidBalance: true }),
        flow(2, 'CONSUMER_FUNNEL', { billed: true }, 10),
        // The same settings under another name show both, for comparison.
        flow(3, 'Gulf', { agencyId: 12, debitPrepaidBalance: true }),
      ],
      routes,
    );
    await waitFor(() => expect(cell(3, 'Prepaid Balance').textContent).toBe('$900.00'));
    expect(cell(3, 'Daily Limit').textContent).toBe('0 / 10');
    for (const id of [1, 2])
      expect([
        cell(id, 'Prepaid Balance').textContent,
        cell(id, 'Daily Limit').textContent,
      ]).toEqual(['', '']);
  });

  it('shows $0.00 for a prepaid marketplace whose balance is missing', async () => {
    show(
      [
        flow(1, 'No Agency', { agencyId: null, debitPrepaidBalance: true }),
        flow(2, 'No Figure', { agencyId: 14, debitPrepaidBalance: true }),
      ],
      routes,
    );
    await screen.findByRole('link', { name: 'No Figure' });
    await waitFor(() => expect(cell(2, 'Prepaid Balance').textContent).toBe('$0.00'));
    expect(cell(1, 'Prepaid Balance').textContent).toBe('$0.00');
  });
});
