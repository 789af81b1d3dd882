import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { consoleAt, consoleNav } from '../../app/console.testkit';

const EMPTY = { page: 1, size: 25, totalElements: 0, totalPages: 0, content: [] };
const at = (url: string, role: Role, username: string) =>
  consoleAt(url, role, username, { '/api/returns': EMPTY });
const nav = consoleNav;

// The data router loads screens lazily: a cold run may take a few seconds (as in AppRoutes.test).
describe('the Returns route', () => {
  it("is an admin's entry after Claim-It Transactions and opens the queue", async () => {
    at('/admin/returns', Role.CONSOLE_ADMIN, 'admin');
    expect(
      await screen.findByRole('heading', { name: 'Returns', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    const group = within(await nav()).getByRole('list', { name: 'Opportunity Admin' });
    const links = within(group).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Claim-it Marketplace',
      'Claim-It Transactions',
      'Returns',
      'Marketplaces',
    ]);
    expect(links[2]?.getAttribute('href')).toBe('/admin/returns');
    expect(await screen.findByText('No requested returns.')).toBeTruthy();
  });

  it.each([
    ['an agency admin', Role.CONSOLE_AGENCY_ADMIN],
    ['a producer', Role.CONSOLE_PRODUCER],
  ])('is neither shown to %s nor opened for them', async (_who, role) => {
    at('/admin/returns', role, 'someone');
    // The admins' page is not opened: one page says whose it is (AdminOnly.test).
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This page is for marketplace admins' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(within(await nav()).queryByRole('link', { name: 'Returns' })).toBeNull();
  });
});
