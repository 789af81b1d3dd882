// @vitest-environment-options {"url": "https://console.trustedchoice.com/public-referrals"}
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { brandForHost, deriveAccess, Role, type Brand } from '@referrals/shared';
import type { ApiClient } from '../api/apiClient';
import { createQueryClient } from '../api/queryClient';
import { FakeSocket } from '../live/fakeSocket.testkit';
import { LiveClient } from '../live/LiveClient';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../testing/viewport.testkit';
import { AppProviders } from './AppProviders';
import { ROUTE_TABLE } from './AppRoutes';
import { BrandContext } from './BrandContext';
import { fakeApi, fakeAuth } from './services.testkit';

// This file's page is on console.trustedchoice.com (the docblock above): nothing hands the app a
// brand, so whatever trusted-choice shows below, the app took from the host, as the browser app
// does (section 1: the second-level domain picks the brand).

/** The trusted-choice brand's marketing site: its demo and other marketing links lead there. */
const TRUSTED_CHOICE_SITE = 'www.trustedchoice.com';
const hostOf = (link: Element) => new URL(link.getAttribute('href') ?? '', location.href).host;

/** The console as the browser app renders it (App's providers and route table) at `url`. */
const appAt = (
  url: string,
  session: Parameters<typeof fakeAuth>[0] = null,
  brand: Brand | null = null,
) => {
  setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
  const auth = fakeAuth(session);
  const services = {
    auth,
    api: fakeApi() as unknown as ApiClient,
    live: new LiveClient(new FakeSocket(), () => auth.token()),
  };
  const app = (
    <AppProviders services={services} queryClient={createQueryClient({ retry: false })}>
      <RouterProvider router={createMemoryRouter(ROUTE_TABLE, { initialEntries: [url] })} />
    </AppProviders>
  );
  return render(brand ? <BrandContext.Provider value={brand}>{app}</BrandContext.Provider> : app);
};

/** The public feed's footer, painted in its brand's main colour. */
const footerColour = () =>
  getComputedStyle(document.querySelector('footer') as Element).backgroundColor;

afterEach(() => {
  document.title = '';
});

describe('the brand of a trusted-choice host, in the browser app', () => {
  it('titles the public feed Insurance Referral Feed | Trusted Choice and heads it Trusted Choice Advantage', async () => {
    appAt('/public-referrals');
    expect(await screen.findByRole('heading', { name: 'Insurance Referral Feed' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Insurance Referral Feed | Trusted Choice'));
    const header = document.querySelector('header') as HTMLElement;
    expect(within(header).getByText('Trusted Choice Advantage')).toBeTruthy();
  });

  it("sends the feed's Get a Demo, Buy Now and Sign Up to the trusted-choice site, in header and footer", async () => {
    appAt('/public-referrals');
    const header = await screen.findByRole('banner');
    for (const name of ['Get a Demo', 'Buy Now', 'Sign Up'])
      expect([name, hostOf(within(header).getByRole('link', { name }))]).toEqual([
        name,
        TRUSTED_CHOICE_SITE,
      ]);
    const footer = document.querySelector('footer') as HTMLElement;
    expect(hostOf(within(footer).getByRole('link', { name: 'Get a Demo' }))).toBe(
      TRUSTED_CHOICE_SITE,
    );
  });

  it("paints the feed in the trusted-choice brand's own colours, not the other brand's", async () => {
    const trusted = appAt('/public-referrals');
    await screen.findByRole('heading', { name: 'Insurance Referral Feed' });
    const own = footerColour();
    trusted.unmount();
    // The same page on a host of the other brand, for comparison.
    appAt('/public-referrals', null, brandForHost('console.example.com'));
    await screen.findByRole('heading', { name: 'Insurance Referral Feed' });
    expect(own).not.toBe('');
    expect(own).not.toBe(footerColour());
  });

  it("titles a producer's list and app bar Trusted Choice and links the demo to its site", async () => {
    // A producer of the product company: section 6 gives such users a brand-specific demo link.
    appAt('/admin/all-referrals', {
      username: 'producer',
      access: deriveAccess(new Set([Role.CONSOLE_PRODUCER, Role.COMPANY_PRODUCT])),
    });
    expect(await screen.findByRole('heading', { name: 'Referrals', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Referrals | Trusted Choice'));
    const appBar = screen.getAllByRole('banner')[0] as HTMLElement;
    expect(appBar.textContent).toContain('Trusted Choice');
    expect(hostOf(within(appBar).getByRole('link', { name: 'Get a Demo' }))).toBe(
      TRUSTED_CHOICE_SITE,
    );
  });
});
