import { expect, signIn, stack, test } from '../src/fixtures.js';

const LOGOUT = /\/protocol\/openid-connect\/logout/;

test.describe('logout', () => {
  test('posts the form to the realm, ends the session there and lands on /admin, which asks to sign in again', async ({
    page,
  }) => {
    await signIn(page, 'producer');
    const posted = page.waitForRequest((r) => LOGOUT.test(r.url()) && r.method() === 'POST');
    const landed = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url() === `${stack().baseUrl}/admin`,
    );
    await page.getByRole('button', { name: 'Pat Producer' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    const form = new URLSearchParams((await posted).postData() ?? '');
    expect(form.get('client_id')).toBeTruthy();
    expect(form.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect(form.get('post_logout_redirect_uri')).toBe(`${stack().baseUrl}/admin`);
    await landed;
    // The realm's session is over: /admin sends the browser to the login page, not back in.
    await expect(page.locator('#kc-login')).toBeVisible();
  });

  test('a logout the realm refuses says so, and the user stays signed in on the page', async ({
    page,
  }) => {
    await signIn(page, 'producer');
    await page.route(LOGOUT, (route) => route.fulfill({ status: 500, body: 'no' }));
    // A document load would mean the page was left or reloaded (the list's own address changes
    // are history entries, not loads).
    let loads = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest()) loads += 1;
    });
    await page.getByRole('button', { name: 'Pat Producer' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logout failed, request returned an error code.')).toBeVisible();
    expect(loads).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/all-referrals');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});
