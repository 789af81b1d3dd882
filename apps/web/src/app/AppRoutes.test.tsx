import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { AppRoutes } from './AppRoutes';
import { fakeAuth, renderWith, sessionOf } from './services.testkit';

const Where = () => (
  <output data-testid="where">{useLocation().pathname + useLocation().search}</output>
);
const at = (url: string, signedIn = true, role: Role = Role.CONSOLE_PRODUCER) => {
  const auth = fakeAuth(signedIn ? sessionOf(role) : null);
  const r = renderWith(
    <>
      <AppRoutes />
      <Where />
    </>,
    { auth, url },
  );
  return { ...r, auth };
};
const loginOf = (auth: { login: unknown }) => auth.login;
const where = () => screen.getByTestId('where').textContent;
// The data router navigates in a transition: the location changes once the lazy screen has loaded,
// which can take a few seconds on a cold test run (hence the longer waits below).

describe('route table', () => {
  it('sends any unknown path to the public feed', async () => {
    at('/somewhere/else');
    await waitFor(() => expect(where()).toBe('/public-referrals'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Insurance Referral Feed' })).toBeTruthy();
  });

  it('sends an unknown admin path, and admin itself, to all-referrals', async () => {
    const first = at('/admin/no/such/screen');
    await waitFor(() => expect(where()).toBe('/admin/all-referrals'), { timeout: 5000 });
    first.unmount();
    at('/admin');
    await waitFor(() => expect(where()).toBe('/admin/all-referrals'), { timeout: 5000 });
  });

  it('shows only a Dashboard heading on admin/dashboard', async () => {
    at('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(where()).toBe('/admin/dashboard');
  });

  it('keeps a marketplace detail path and shows the marketplace form', async () => {
    at('/admin/marketplaces/7', true, Role.CONSOLE_ADMIN);
    expect(await screen.findByRole('button', { name: 'Save Marketplace' })).toBeTruthy();
    expect(where()).toBe('/admin/marketplaces/7');
  });

  it('heads the purchased-referrals screen Acquired Referrals for a producer', async () => {
    at('/admin/purchased-referrals');
    expect(await screen.findByRole('heading', { name: 'Acquired Referrals' })).toBeTruthy();
  });
});

describe('login guard', () => {
  it('sends a visitor to login with the origin plus the requested URL as return address', async () => {
    const { auth } = at('/admin/purchased-referrals?state=TX', false);
    await waitFor(() => expect(loginOf(auth)).toHaveBeenCalledTimes(1));
    expect(loginOf(auth)).toHaveBeenCalledWith(
      `${window.location.origin}/admin/purchased-referrals?state=TX`,
    );
    expect(screen.queryByRole('heading', { name: 'Acquired Referrals' })).toBeNull();
  });

  it('lets a visitor see the public feed without login', async () => {
    const { auth } = at('/public-referrals', false);
    expect(await screen.findByRole('heading', { name: 'Insurance Referral Feed' })).toBeTruthy();
    expect(loginOf(auth)).not.toHaveBeenCalled();
  });
});
