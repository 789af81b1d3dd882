import { screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { expect } from 'vitest';
import { Role, type Marketplace } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplaceFormPage } from './MarketplaceFormPage';

/** The agency every agency-linked test marketplace names. */
export const AGENCY = {
  fulcrumId: 12,
  name: 'Gulf Coast Agency',
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77001', street: null, city: 'Houston' },
  contact: { name: 'Ann', email: 'ann@gulf.example', phone: '+15125550100' },
};

/** Its default purchasing agent. */
export const PURCHASER = {
  emailAddress: 'ann@gulf.example',
  mobilePhone: null,
  mobilePhoneVerified: false,
  firstName: 'Ann',
  lastName: 'Agent',
  agencyName: 'Gulf Coast Agency',
  city: 'Houston',
  state: 'TX',
};

/** Marketplace 7 as stored, valid under the form rules, varied by each test. */
export const savedMarketplace = (overrides: Partial<Marketplace> = {}) =>
  aMarketplace(7, 'Lone Star', {
    deliveryApiUrl: 'https://api.example.com/leads',
    deliveryApiKey: 'secret',
    ...overrides,
  });

/** NAICS codes the stand-in relay knows. */
const NAICS_CODES = ['111110', '238220', '541511'];

/** A fake relay answering everything the form page loads and saves. */
export const formRelay = (
  saved: Marketplace & { version: string } = savedMarketplace(),
  extra: Record<string, unknown> = {},
) =>
  fakeAdminApi({
    'GET /api/sources': [{ sourceName: 'web' }, { sourceName: 'direct-call' }],
    [`GET /api/bank-holidays/${new Date().getFullYear()}`]: [],
    'GET /api/naics-codes': NAICS_CODES.map((code) => ({ code })),
    'GET /api/marketplaces/7': saved,
    'POST /api/marketplaces': { ...saved, id: 8 },
    'PUT /api/marketplaces/7': saved,
    'GET /api/agencies/12': AGENCY,
    'GET /api/agencies/12/users': [PURCHASER],
    'GET /api/users': [PURCHASER],
    ...extra,
  });

/** Renders the form page at `url`, with a link away and the list screen behind it. */
export const openForm = (url: string, api: ReturnType<typeof formRelay>) =>
  renderWith(
    <>
      <Link to="/admin/feature-flags">elsewhere</Link>
      <Routes>
        <Route path="/admin/marketplaces/:marketplaceId" element={<MarketplaceFormPage />} />
        <Route path="/admin/marketplaces" element={<h1>List screen</h1>} />
        <Route path="/admin/feature-flags" element={<h1>Flags screen</h1>} />
      </Routes>
    </>,
    { api: asClient(api), url, auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')) },
  );

/** Waits until the loading overlay is gone. */
export const loaded = () =>
  waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());

/** Opens `url` and waits for the form to be filled. */
export const openLoaded = async (url: string, api = formRelay()) => {
  openForm(url, api);
  await screen.findByRole('heading', { name: /^Marketplace:/ });
  await loaded();
  return api;
};

/** A labelled text box. */
export const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });
/** A labelled number box. */
export const numberBox = (name: RegExp | string) => screen.getByRole('spinbutton', { name });
/** A labelled switch (MUI switches are checkboxes with role switch). */
export const switchOf = (name: string) => screen.getByRole('switch', { name });
/** The Save Marketplace button. */
export const saveButton = () => screen.getByRole('button', { name: 'Save Marketplace' });

/** The whole form re-renders on each input in jsdom, so a test of several inputs takes seconds. */
export const FORM_TEST_TIMEOUT = 60_000;
