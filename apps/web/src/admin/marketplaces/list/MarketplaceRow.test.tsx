import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIST_TEXTS, Role, type Marketplace } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { backgroundHue, textHue } from '../../../testing/colour.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage } from './MarketplacesPage';

const agency = (fulcrumId: number) => ({
  fulcrumId,
  name: `Agency ${fulcrumId}`,
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77001', street: null, city: 'Houston' },
  contact: { name: 'Ann', email: 'ann@gulf.example', phone: null },
});

/** A flow marketplace with its own appetite bits. */
const flow = (
  id: number,
  name: string,
  o: Partial<Marketplace>,
  appetite: Partial<Marketplace['riskAppetite']>,
) => {
  const m = aMarketplace(id, name, { enabled: true, priority: id, ...o });
  return { ...m, riskAppetite: { ...m.riskAppetite, ...appetite } };
};

const MARKETPLACES = [
  flow(
    1,
    'Alpha',
    { agencyId: 12, debitPrepaidBalance: true, billed: false },
    {
      maxReferralsPerDay: 10,
      acceptPersonalLines: true,
      acceptCommercialLines: true,
      acceptLifeAnnuitiesLines: true,
    },
  ),
  flow(
    2,
    'Bravo',
    { agencyId: 13, debitPrepaidBalance: true, billed: false },
    {
      maxReferralsPerDay: 10,
      acceptPersonalLines: false,
      acceptCommercialLines: false,
      acceptLifeAnnuitiesLines: true,
    },
  ),
  flow(
    3,
    'Charlie',
    { agencyId: null, debitPrepaidBalance: false, billed: true },
    {
      maxReferralsPerDay: null,
      acceptPersonalLines: false,
      acceptCommercialLines: true,
      acceptLifeAnnuitiesLines: false,
    },
  ),
];

const STATS = [
  {
    marketplaceId: 1,
    lastReferralDeliverySuccess: true,
    lastReferralDeliveryDate: new Date().toISOString(),
    totalReferralsDeliveredToday: 10,
  },
  {
    marketplaceId: 2,
    lastReferralDeliverySuccess: false,
    lastReferralDeliveryDate: new Date().toISOString(),
    totalReferralsDeliveredToday: 3,
  },
];

const show = () =>
  renderWith(<MarketplacesPage />, {
    api: asClient(
      fakeAdminApi({
        'GET /api/marketplaces': { seq: 1, priorityVersion: 'p1', items: MARKETPLACES },
        'GET /api/delivery-stats': { seq: 1, items: STATS },
        'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
        'GET /api/agencies/12': agency(12),
        'GET /api/agencies/13': agency(13),
        'GET /api/agencies/12/prepaid-balance': { balance: 499.99 },
        'GET /api/agencies/13/prepaid-balance': { balance: 500 },
      }),
    ),
    url: '/admin/marketplaces',
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
  });

/** The cell of a marketplace's row under a column of the main table. */
const cell = (id: number, column: (typeof LIST_TEXTS.columns)[number]) =>
  within(screen.getByTestId(`marketplace-row-${id}`)).getAllByRole('cell')[
    LIST_TEXTS.columns.indexOf(column)
  ] as HTMLElement;

describe('marketplace row cells', () => {
  it('shows each prepaid balance, red below 500, and Billed for billed marketplaces', async () => {
    show();
    await waitFor(() => expect(cell(1, 'Prepaid Balance').textContent).toBe('$499.99'));
    expect(textHue(cell(1, 'Prepaid Balance'))).toBe('red');
    await waitFor(() => expect(cell(2, 'Prepaid Balance').textContent).toBe('$500.00'));
    expect(textHue(cell(2, 'Prepaid Balance'))).not.toBe('red');
    expect(cell(3, 'Prepaid Balance').textContent).toBe('Billed');
  });

  it('shows the daily limit as sent / max, green once reached, or No Limits', async () => {
    show();
    await waitFor(() => expect(cell(1, 'Daily Limit').textContent).toBe('10 / 10'));
    expect(textHue(cell(1, 'Daily Limit'))).toBe('green');
    expect(cell(2, 'Daily Limit').textContent).toBe('3 / 10');
    expect(textHue(cell(2, 'Daily Limit'))).not.toBe('green');
    expect(cell(3, 'Daily Limit').textContent).toBe('No Limits');
  });

  it('shows the last delivery with its dot: green Today, red Delivery Error, grey > 1 Month', async () => {
    show();
    await waitFor(() => expect(cell(1, 'Last Delivered').textContent).toMatch(/^Today \d/));
    const dotOf = (id: number) => cell(id, 'Last Delivered').querySelector('[aria-hidden]');
    const textOf = (id: number) => within(cell(id, 'Last Delivered')).getByText(/./);
    expect([backgroundHue(dotOf(1) as Element), textHue(textOf(1))]).toEqual(['green', 'green']);
    expect(cell(2, 'Last Delivered').textContent).toBe('Delivery Error');
    expect([backgroundHue(dotOf(2) as Element), textHue(textOf(2))]).toEqual(['red', 'red']);
    expect(cell(3, 'Last Delivered').textContent).toBe('> 1 Month');
    expect([backgroundHue(dotOf(3) as Element), textHue(textOf(3))]).toEqual(['grey', 'grey']);
  });

  it('lists the accepted categories as PL, CL and L&A', async () => {
    show();
    await screen.findByRole('link', { name: 'Alpha' });
    expect(cell(1, 'Categories').textContent).toBe('PL, CL, L&A');
    expect(cell(2, 'Categories').textContent).toBe('L&A');
    expect(cell(3, 'Categories').textContent).toBe('CL');
  });
});
