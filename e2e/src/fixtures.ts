import { test as base, expect, type Page, type Response } from '@playwright/test';

/** Where the global setup started the stack. */
export function stack() {
  const baseUrl = process.env.E2E_BASE_URL;
  const simUrl = process.env.E2E_SIM_URL;
  if (!baseUrl || !simUrl) throw new Error('the e2e global setup did not run');
  return { baseUrl, simUrl };
}

/** Calls a /__sim control of the stand-in. */
export async function simControl<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stack().simUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A referral as the stand-in's control returns it. */
export interface SimReferral {
  opportunityId: number;
  state: string;
  city: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  dynamicPrice: number | null;
  marketplaceStatus: string;
}

/**
 * A referral arriving now, Available to claim and inside the producer's appetite (Lone Star,
 * marketplace 3: commercial general liability in Texas); `fields` override any of it.
 */
export const availableReferral = (fields: Record<string, unknown> = {}) =>
  simControl<SimReferral>('POST', '/__sim/referrals', {
    state: 'TX',
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    source: 'agent-site',
    ...fields,
  });

/**
 * Opens an admin path and signs in through the realm's real login page, as a person would; ends
 * back on the console.
 */
export async function signIn(
  page: Page,
  username: string,
  path = '/admin/all-referrals',
): Promise<void> {
  await page.goto(`${stack().baseUrl}${path}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(username);
  await page.locator('#kc-login').click();
  await page.waitForURL(
    (url) => url.toString().startsWith(stack().baseUrl) && url.pathname.startsWith('/admin'),
  );
}

/** The flag that orders the admin referral list by expiration first (the stand-in seeds it on). */
export const EXPIRATION_FLAG = 'marketplace-expiration-sort';

/**
 * Turns a feature flag on or off upstream (as another admin tool would) and waits until the
 * relay answers it so. Tests run one at a time; a test that turns a flag puts it back.
 */
export async function setFeatureFlag(name: string, enabled: boolean): Promise<void> {
  const headers = {
    authorization: `Basic ${Buffer.from('opportunity-console:').toString('base64')}`,
    'content-type': 'application/json',
  };
  const flags = (await (
    await fetch(`${stack().simUrl}/api/v3/feature-flag`, { headers })
  ).json()) as { id: number; name: string; description: string; enabled: boolean }[];
  const flag = flags.find((f) => f.name === name);
  if (!flag) throw new Error(`no feature flag ${name}`);
  const res = await fetch(`${stack().simUrl}/api/v3/feature-flag/${flag.id}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...flag, enabled }),
  });
  if (!res.ok) throw new Error(`setting flag ${name} answered ${res.status}`);
  await expect
    .poll(
      async () =>
        (
          (await (await fetch(`${stack().baseUrl}/api/feature-flags/${name}`)).json()) as {
            enabled: boolean;
          }
        ).enabled,
      { timeout: 15_000 },
    )
    .toBe(enabled);
}

/** Signs `username` in on the Texas list with every referral shown, not only the in-appetite. */
export async function signInToTexasList(page: Page, username: string): Promise<void> {
  await signIn(page, username, '/admin/all-referrals?state=TX');
  await page.getByRole('button', { name: 'All Referrals' }).click();
}

/**
 * Claim Now in the referral's open details panel (`panel`, the page's dialog by default), then
 * Confirm; resolves with the claim's HTTP answer.
 */
export async function claimInPanel(
  page: Page,
  panel = page.getByRole('dialog'),
): Promise<Response> {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/claim') && r.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: /Claim Now/ }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your claim' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  return answered;
}

/** The grid row of one referral (the grid keys rows by opportunityId). */
export function referralRow(page: Page, id: number) {
  return page.locator(`[role="row"][data-id="${id}"]`);
}

export const test = base;
export { expect };
