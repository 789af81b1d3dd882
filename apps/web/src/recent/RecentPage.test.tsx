import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import type { GridRow } from '../referrals/gridColumns';
import { RecentPage } from './RecentPage';

const fresh: GridRow = {
  opportunityId: 41,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: new Date(Date.now() - 60_000).toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: ['CGLY', 'CWCP'],
  industryCode: '238220',
  industryDescription: 'Plumbing',
  noOfEmployees: 12,
  yearsInBusiness: 4,
  estimatedPremium: 5000,
};

const show = () => {
  const api = fakeApi({ '/api/referrals': { seq: 1, content: [fresh], totalElements: 1 } });
  renderWith(<RecentPage />, { api, auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')) });
  return api;
};

describe('recent referrals (All Referrals)', () => {
  it('shows the All Referrals table with its columns and a row of the newest referrals', async () => {
    const api = show();
    expect(await screen.findByRole('heading', { name: 'All Referrals' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('All Referrals | Fulcrum'));
    const row = await waitFor(
      () => document.querySelector('[role="row"][data-id="41"]') as HTMLElement,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Marketplace Status',
      'Delivered',
      'Age',
      'Category',
      'Policy Type',
      'Industry (NAICS)',
      '# Employees',
      'Years in Business',
      'Est. Premium',
      'Location',
    ]);
    const cells = within(row)
      .getAllByRole('gridcell')
      .map((c) => c.textContent ?? '');
    expect(cells[0]).toBe('Available to Claim');
    expect(cells[1]).toMatch(/^Today \d{1,2}:\d{2} [AP]M$/);
    expect(cells.slice(2)).toEqual([
      'New',
      'Commercial',
      "General Liability, Workers' Compensation",
      'Plumbing (238220)',
      '12',
      '4',
      '$5,000',
      'Austin, TX',
    ]);
    expect(api.get).toHaveBeenCalledWith(
      '/api/referrals',
      expect.objectContaining({ sort: 'addDate', dir: 'desc', page: 0 }),
    );
  });
});
