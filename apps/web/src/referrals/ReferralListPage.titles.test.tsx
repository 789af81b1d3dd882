import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveAccess, Role } from '@referrals/shared';
import { AcquiredPage } from '../acquired/AcquiredPage';
import { AppRoutes } from '../app/AppRoutes';
import { fakeApi, fakeAuth, renderWith } from '../app/services.testkit';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../testing/viewport.testkit';
import { ReferralListPage } from './ReferralListPage';

// The test page's host (localhost) is not trusted-choice: the brand in titles is the product's.

/** A signed-in user of `roles`. */
const userOf = (...roles: Role[]) => ({
  username: 'someone',
  access: deriveAccess(new Set(roles)),
});

const heading = () => screen.findByRole('heading', { level: 1 });

afterEach(() => {
  document.title = '';
  setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
});

describe('the all-referrals list, headed and titled by role (section 2 and 9)', () => {
  it.each([
    ['a producer', 'Referrals', [Role.CONSOLE_PRODUCER]],
    ['an admin', 'Opportunity Admin', [Role.CONSOLE_ADMIN]],
    ['an agency admin', 'Opportunity Admin', [Role.CONSOLE_AGENCY_ADMIN]],
    ['a product carrier', 'Fulcrum Marketplace', [Role.CONSOLE_CARRIER, Role.COMPANY_PRODUCT]],
    ['a bridge carrier', 'Bridge Marketplace', [Role.CONSOLE_CARRIER, Role.COMPANY_BRIDGE]],
    [
      'a carrier of both companies (not a bridge user)',
      'Fulcrum Marketplace',
      [Role.CONSOLE_CARRIER, Role.COMPANY_BRIDGE, Role.COMPANY_PRODUCT],
    ],
  ])('heads it for %s %s, and titles the page so with the brand', async (_who, title, roles) => {
    setViewportWidth(1280);
    renderWith(<AppRoutes />, {
      api: fakeApi(),
      auth: fakeAuth(userOf(...roles)),
      url: '/admin/all-referrals',
    });
    expect((await heading()).textContent).toBe(title);
    await waitFor(() => expect(document.title).toBe(`${title} | Fulcrum`));
  });
});

describe('the other lists, headed and titled', () => {
  it('heads the available list Available Claim-It Referrals', async () => {
    renderWith(<ReferralListPage variant="available" />, {
      api: fakeApi(),
      auth: fakeAuth(userOf(Role.CONSOLE_PRODUCER)),
      url: '/admin/claim-it-referrals',
    });
    expect((await heading()).textContent).toBe('Available Claim-It Referrals');
    await waitFor(() => expect(document.title).toBe('Available Claim-It Referrals | Fulcrum'));
  });

  it.each([
    ['a producer', 'Acquired Referrals', Role.CONSOLE_PRODUCER],
    ['an admin', 'Claim-It Transactions', Role.CONSOLE_ADMIN],
  ])('heads the purchased referrals for %s %s, and titles them so', async (_who, title, role) => {
    renderWith(<AcquiredPage />, {
      api: fakeApi(),
      auth: fakeAuth(userOf(role)),
      url: '/admin/purchased-referrals',
    });
    expect((await heading()).textContent).toBe(title);
    await waitFor(() => expect(document.title).toBe(`${title} | Fulcrum`));
  });
});
