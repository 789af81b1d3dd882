import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { consoleAt, consoleNav } from '../../app/console.testkit';

const at = (url: string, role: Role, username: string) =>
  consoleAt(url, role, username, {
    '/api/audit-log': { page: 1, size: 25, totalElements: 0, totalPages: 0, content: [] },
  });
const nav = consoleNav;

// The data router loads screens lazily: a cold run may take a few seconds (as in AppRoutes.test).
describe('the Audit Log route', () => {
  it("is an admin's Developer entry and opens the screen", async () => {
    at('/admin/audit-log', Role.CONSOLE_ADMIN, 'admin');
    expect(
      await screen.findByRole('heading', { name: 'Audit Log', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    const developer = within(await nav()).getByRole('list', { name: 'Developer' });
    const links = within(developer).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Feature Flags',
      'Audit Log',
      // Items without a screen yet say so.
      'Dynamic PhoneSoon',
      'Page TaggingSoon',
    ]);
    expect(links[1]?.getAttribute('href')).toBe('/admin/audit-log');
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
  });

  it.each([
    ['an agency admin', Role.CONSOLE_AGENCY_ADMIN],
    ['a producer', Role.CONSOLE_PRODUCER],
    ['a carrier', Role.CONSOLE_CARRIER],
  ])('is neither shown to %s nor opened for them', async (_who, role) => {
    at('/admin/audit-log', role, 'someone');
    // The admins' page is not opened: one page says whose it is (AdminOnly.test).
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This page is for marketplace admins' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(within(await nav()).queryByRole('link', { name: 'Audit Log' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit Log' })).toBeNull();
  });
});
