import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, renderWith, sessionOf } from '../app/services.testkit';
import { startKeycloakAuth } from '../auth/keycloakAuth';
import { ProfileMenu } from './ProfileMenu';

// keycloak-js at the edge: signed in, and its logout recorded.
const kcLogout = vi.fn(() => Promise.resolve());
vi.mock('keycloak-js', () => ({
  default: class {
    authenticated = true;
    token = 'token';
    tokenParsed = { preferred_username: 'admin', exp: Date.now() / 1000 + 3600 };
    init = () => Promise.resolve(true);
    logout = kcLogout;
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

afterEach(() => kcLogout.mockClear());

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

  it('signs out to /admin of this origin on Logout', async () => {
    fireEvent.click(await show());
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(kcLogout).toHaveBeenCalledWith({ redirectUri: `${location.origin}/admin` });
  });
});
