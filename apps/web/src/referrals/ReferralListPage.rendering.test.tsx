import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type ListReferral } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { ReferralListPage } from './ReferralListPage';

type Params = Record<string, unknown>;
const HOUR = 3_600_000;

const referral = (id: number, over: Partial<ListReferral>): ListReferral =>
  ({
    opportunityId: id,
    opportunityType: 'CIR',
    marketplaceStatus: 'Claimed',
    marketplaceExpirationDate: null,
    addDate: new Date(Date.now() - 26 * HOUR).toISOString(),
    lastModDate: null,
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    industryCode: '722511',
    industryDescription: 'Full-Service Restaurants',
    noOfEmployees: 12,
    yearsInBusiness: 4,
    estimatedPremium: 2400,
    city: 'Austin',
    state: 'TX',
    source: 'agent-site',
    ...over,
  }) as ListReferral;

/** The all-referrals list as a carrier sees it (every column), over a page of 60 referrals. */
function setup(rows: ListReferral[], totalElements = 60, variant: 'all' | 'available' = 'all') {
  const api = fakeApi({
    '/api/referrals': { seq: 1, content: rows, totalElements, page: 0, size: 25 },
  });
  renderWith(<ReferralListPage variant={variant} />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_CARRIER)),
    url: '/admin/all-referrals?state=TX',
  });
  const calls = () =>
    api.get.mock.calls
      .filter(([path]) => path === '/api/referrals')
      .map((c) => (c as unknown[])[1] as Params);
  return { last: () => calls().at(-1) };
}

describe('agent-console §2 display rules, as rendered', () => {
  it('renders TBD for direct calls, N/A for personal and life lines, 1 + and TBD for missing values', async () => {
    setup([
      referral(1, {
        source: 'direct-call',
        category: null,
        opportunityType: 'WT-CIR',
        city: 'Direct City',
      }),
      referral(2, {
        category: 'PERSONAL',
        businessLines: ['AUTO'],
        industryCode: null,
        industryDescription: null,
      }),
      referral(3, {
        category: 'LIFE_ANNUITIES',
        businessLines: ['LIFE'],
        industryCode: null,
        industryDescription: null,
      }),
      referral(4, { noOfEmployees: null, estimatedPremium: null }),
    ]);
    expect((await screen.findAllByText('TBD')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('N/A (PL)')).toBeTruthy();
    expect(screen.getByText('N/A (L&A)')).toBeTruthy();
    expect(screen.getByText('1 +')).toBeTruthy();
    expect(screen.getAllByText('Full-Service Restaurants (722511)').length).toBeGreaterThan(0);
    expect(screen.getAllByText('General Liability').length).toBeGreaterThan(0);
  });

  it('shows the paging footer and moves pages only within the total', async () => {
    const { last } = setup([referral(1, {})], 60);
    expect(await screen.findByText('Showing 1 to 25 of 60 Referrals')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toMatchObject({ page: 1 }));
  });

  it.each([
    // The all-opportunities list: a new column descends (ascends for the expiration), then alternates.
    // (Received starts sorted descending for a carrier, so a click on it alternates at once.)
    ['all', 'Received', 'addDate', ['asc', 'desc', 'asc']],
    ['all', 'Limited Time', 'marketplaceExpirationDate', ['asc', 'desc', 'asc']],
    // The available list: a new column descends, then ascends, then the sort is dropped.
    ['available', 'Est. Premium', 'estimatedPremium', ['desc', 'asc', null]],
  ] as const)(
    'sorts the %s list by %s with its cycling rule',
    async (variant, column, key, dirs) => {
      const { last } = setup([referral(1, {})], 60, variant);
      await waitFor(() => expect(last()).toBeDefined());
      const header = await screen.findByRole('columnheader', {
        name: new RegExp(column.replace('.', '\\.')),
      });
      for (const dir of dirs) {
        fireEvent.click(header);
        await waitFor(() =>
          expect(last()).toMatchObject(dir ? { sort: key, dir } : { sort: 'none' }),
        );
      }
    },
  );
});
