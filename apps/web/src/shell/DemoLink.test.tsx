import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  deriveAccess,
  PRODUCT_BRAND,
  Role,
  TRUSTED_CHOICE_BRAND,
  type Brand,
} from '@referrals/shared';
import { BrandContext } from '../app/BrandContext';
import { fakeApi, fakeAuth, renderWith } from '../app/services.testkit';
import AdminShell from './AdminShell';

/** The signed-in shell on a host of `brand`, for a user of `roles`. */
const shellOf = (brand: Brand, roles: readonly Role[]) =>
  renderWith(
    <BrandContext.Provider value={brand}>
      <Routes>
        <Route path="/admin" element={<AdminShell />}>
          <Route path="all-referrals" element={<h1>All referrals screen</h1>} />
        </Route>
      </Routes>
    </BrandContext.Provider>,
    {
      api: fakeApi(),
      auth: fakeAuth({ username: 'someone', access: deriveAccess(new Set(roles)) }),
      url: '/admin/all-referrals',
    },
  );

const demoLink = () => screen.queryByRole('link', { name: 'Get a Demo' });

describe('the demo link of the app bar', () => {
  it.each([
    ['product', [Role.CONSOLE_PRODUCER, Role.COMPANY_PRODUCT]],
    ['bridge', [Role.CONSOLE_CARRIER, Role.COMPANY_BRIDGE]],
  ] as const)('takes a %s user to the demo of the host brand, in a new tab', async (_, roles) => {
    for (const brand of [PRODUCT_BRAND, TRUSTED_CHOICE_BRAND]) {
      const { unmount } = shellOf(brand, roles);
      await screen.findByRole('heading', { name: 'All referrals screen' });
      const link = demoLink();
      expect(link?.getAttribute('href')).toBe(brand.demoLink);
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toContain('noopener');
      unmount();
    }
  });

  it('is not shown to a producer of neither company', async () => {
    shellOf(TRUSTED_CHOICE_BRAND, [Role.CONSOLE_PRODUCER]);
    await screen.findByRole('heading', { name: 'All referrals screen' });
    expect(demoLink()).toBeNull();
  });
});
