import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { ADMIN_ONLY_TEXTS } from './AdminOnly';
import { consoleAt, consoleNav } from './console.testkit';
import type { fakeApi } from './services.testkit';

/** The relay calls only the admin screens make (their routes are admin-guarded, or theirs alone). */
const ADMIN_CALLS =
  /^\/api\/(marketplaces|feature-flags|audit-log|returns|naics-codes|sources|bank-holidays|agenc)/;

// The data router loads screens lazily: a cold run may take a few seconds (as in AppRoutes.test).
describe('an admin-only address opened by someone else', () => {
  it.each([
    ['/admin/marketplaces', Role.CONSOLE_PRODUCER],
    ['/admin/marketplaces/new', Role.CONSOLE_PRODUCER],
    ['/admin/marketplaces/7', Role.CONSOLE_AGENCY_ADMIN],
    ['/admin/feature-flags', Role.CONSOLE_PRODUCER],
    ['/admin/audit-log', Role.CONSOLE_CARRIER],
    ['/admin/returns', Role.CONSOLE_AGENCY_ADMIN],
  ])(
    '%s shows one page that says so, links back, and asks the relay nothing of it',
    async (url, role) => {
      const { services } = consoleAt(url, role, 'someone');
      const api = services.api as unknown as ReturnType<typeof fakeApi>;
      expect(
        await screen.findByRole(
          'heading',
          { name: ADMIN_ONLY_TEXTS.heading, level: 1 },
          { timeout: 15_000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText(ADMIN_ONLY_TEXTS.body)).toBeTruthy();
      const back = screen.getByRole('link', { name: ADMIN_ONLY_TEXTS.back });
      expect(back.getAttribute('href')).toBe('/admin/all-referrals');
      // The address stays: a reload or a shared link says the same thing.
      expect(screen.getByTestId('where').textContent).toBe(url);
      await consoleNav();
      const asked = [...api.get.mock.calls, ...api.post.mock.calls].map(([path]) => String(path));
      expect(asked.filter((p) => ADMIN_CALLS.test(p))).toEqual([]);
      expect(
        screen.queryByRole('button', { name: /Add New Marketplace|Save Marketplace/ }),
      ).toBeNull();
    },
  );

  it('is not shown to an admin, who gets the screen', async () => {
    consoleAt('/admin/feature-flags', Role.CONSOLE_ADMIN, 'admin', {
      '/api/feature-flags': { seq: 1, items: [] },
    });
    expect(
      await screen.findByRole('heading', { name: 'Feature Flags', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: ADMIN_ONLY_TEXTS.heading })).toBeNull();
  });
});
