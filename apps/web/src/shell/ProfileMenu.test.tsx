import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Role } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { startKeycloakAuth } from '../auth/keycloakAuth';
import { ProfileMenu } from './ProfileMenu';

// keycloak-js at the edge: signed in.
vi.mock('keycloak-js', () => ({
  default: class {
    authenticated = true;
    token = 'token';
    tokenParsed = { preferred_username: 'admin', exp: Date.now() / 1000 + 3600 };
    init = () => Promise.resolve(true);
    login = () => Promise.resolve();
    updateToken = () => Promise.resolve(false);
    clearToken = () => undefined;
  },
}));

const ME = {
  username: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  agencyName: 'Gulf Coast Agency',
  city: 'Houston',
  state: 'TX',
};

const show = async () => {
  const auth = await startKeycloakAuth({ oidcUrl: 'http://idp', realm: 'r', clientId: 'console' });
  const { access } = sessionOf(Role.CONSOLE_ADMIN, 'admin');
  renderWith(
    <>
      <p>Elsewhere on the page</p>
      <ProfileMenu access={access} username="admin" />
    </>,
    { auth, api: fakeApi({ '/api/me': ME }) },
  );
  return screen.findByRole('button', { name: 'Ada Admin' });
};
const menuShown = () => screen.queryByText('Houston, TX') !== null;

describe('profile menu', () => {
  it('toggles open and closed on its button, with the name, role, agency and place', async () => {
    const button = await show();
    fireEvent.click(button);
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByText('Gulf Coast Agency')).toBeTruthy();
    expect(menuShown()).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(menuShown()).toBe(false));
  });

  it('closes on a click outside', async () => {
    fireEvent.click(await show());
    expect(menuShown()).toBe(true);
    fireEvent.click(screen.getByText('Elsewhere on the page'));
    await waitFor(() => expect(menuShown()).toBe(false));
  });

  it('signs out on Logout, and says why when the realm refuses, the user still signed in', async () => {
    const logout = vi.fn(() =>
      Promise.reject(new Error('Logout failed, request returned an error code.')),
    );
    const auth = { ...fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')), logout };
    const { access } = sessionOf(Role.CONSOLE_ADMIN, 'admin');
    renderWith(<ProfileMenu access={access} username="admin" />, {
      auth,
      api: fakeApi({ '/api/me': ME }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ada Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Logout failed, request returned an error code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' }).hasAttribute('disabled')).toBe(false);
  });

  it('logs that the profile was not loaded when the relay says the user is not signed in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi();
    api.get.mockImplementation(() => Promise.reject(new ApiError(401, 'sign in')));
    const { access } = sessionOf(Role.CONSOLE_ADMIN, 'admin');
    renderWith(<ProfileMenu access={access} username="admin" />, { api });
    // The menu still names the user from the token.
    expect(await screen.findByRole('button', { name: 'admin' })).toBeTruthy();
    await waitFor(() =>
      expect(warn.mock.calls.flat()).toContain(
        '[profile] The user profile was not loaded as the user is not logged in.',
      ),
    );
    warn.mockRestore();
  });
});
