import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** keycloak-js in small: a signed-in session whose refreshes the test answers. */
interface FakeKeycloak {
  authenticated: boolean;
  token: string | undefined;
  tokenParsed: Record<string, unknown> | undefined;
  timeSkew: number;
  onAuthRefreshSuccess: (() => void) | undefined;
  init: () => Promise<boolean>;
  updateToken: (minValidity: number) => Promise<boolean>;
  login: (options: unknown) => Promise<void>;
  logout: (options: unknown) => Promise<void>;
  clearToken: () => void;
}
const kc = vi.hoisted((): FakeKeycloak => ({
  authenticated: true,
  token: 'first',
  tokenParsed: { exp: 0, preferred_username: 'pat' },
  timeSkew: 0,
  onAuthRefreshSuccess: undefined,
  init: () => Promise.resolve(true),
  updateToken: () => Promise.resolve(false),
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  clearToken() {
    this.token = undefined;
    this.tokenParsed = undefined;
    this.authenticated = false;
  },
}));
vi.mock('keycloak-js', () => ({
  default: function Keycloak() {
    return kc;
  },
}));

const { startKeycloakAuth } = await import('./keycloakAuth');
const CONFIG = { oidcUrl: 'http://realm.invalid', realm: 'r', clientId: 'console' };

/** A refresh the network fails: keycloak-js keeps the token. */
const networkDown = () => Promise.reject(new Error('Failed to fetch'));
/** A refresh the token endpoint refuses (HTTP 400): keycloak-js clears the token. */
const refused = () => {
  kc.clearToken();
  return Promise.reject(new Error('400'));
};

describe('keycloak sign-in: a failed token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(kc, { authenticated: true, token: 'first', timeSkew: 0 });
    // Expires in 10 s: under the 20 s the console keeps, so a refresh is due at once.
    kc.tokenParsed = { exp: Math.floor(Date.now() / 1000) + 10, preferred_username: 'pat' };
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the page and its token when the network fails, and signs in again only on a 400', async () => {
    const login = vi.spyOn(kc, 'login');
    kc.updateToken = vi.fn(networkDown);
    const auth = await startKeycloakAuth(CONFIG);
    expect(await auth.token()).toBe('first');
    expect(login).not.toHaveBeenCalled();
    kc.updateToken = vi.fn(refused);
    expect(await auth.token()).toBeNull();
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('tries again after 1, 2, 4 and 8 s while the network stays down', async () => {
    const update = vi.fn(networkDown);
    kc.updateToken = update;
    await startKeycloakAuth(CONFIG);
    const at: number[] = [];
    for (const ms of [1000, 1000, 2000, 4000, 8000]) {
      await vi.advanceTimersByTimeAsync(ms);
      at.push(update.mock.calls.length);
    }
    // One attempt at 1 s, one more after 1 s, then after 2, 4 and 8 s: not one a second.
    expect(at).toEqual([1, 2, 3, 4, 5]);
  });
});
