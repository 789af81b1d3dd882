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
  idToken: string | undefined;
  createLogoutUrl: (options: unknown) => string;
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
  idToken: 'id-token',
  createLogoutUrl: () => 'http://realm.invalid/realms/r/protocol/openid-connect/logout',
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

describe('keycloak sign-in: logout', () => {
  /** What the realm answers the logout form; fetch's answer for a manual redirect has status 0. */
  const answers = {
    redirect: { type: 'opaqueredirect', status: 0, ok: false },
    ok: { type: 'cors', status: 200, ok: true },
    refused: { type: 'cors', status: 400, ok: false },
  } as const;
  const page = { assign: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() };
  const realm = vi.fn<(url: string, init: RequestInit) => Promise<unknown>>();

  beforeEach(() => {
    Object.assign(kc, { authenticated: true, token: 'first', idToken: 'id-token' });
    kc.tokenParsed = { exp: Math.floor(Date.now() / 1000) + 3600, preferred_username: 'pat' };
    page.assign.mockClear();
    page.reload.mockClear();
    realm.mockReset();
    vi.stubGlobal('fetch', realm);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form with id_token_hint, client_id and the /admin return, and follows the redirect', async () => {
    realm.mockResolvedValue(answers.redirect);
    const auth = await startKeycloakAuth(CONFIG, page);
    await auth.logout();
    const [url, init] = realm.mock.calls[0] ?? [];
    expect(url).toBe('http://realm.invalid/realms/r/protocol/openid-connect/logout');
    expect(init?.method).toBe('POST');
    expect(init?.redirect).toBe('manual');
    expect(Object.fromEntries(new URLSearchParams(init?.body as URLSearchParams))).toEqual({
      id_token_hint: 'id-token',
      client_id: 'console',
      post_logout_redirect_uri: `${location.origin}/admin`,
    });
    expect(page.assign).toHaveBeenCalledWith(`${location.origin}/admin`);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('reloads the page on an ok answer', async () => {
    realm.mockResolvedValue(answers.ok);
    const auth = await startKeycloakAuth(CONFIG, page);
    await auth.logout();
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.assign).not.toHaveBeenCalled();
  });

  it("fails with the spec's message on an error code, and the user stays where they are", async () => {
    realm.mockResolvedValue(answers.refused);
    const auth = await startKeycloakAuth(CONFIG, page);
    await expect(auth.logout()).rejects.toThrow('Logout failed, request returned an error code.');
    expect(page.assign).not.toHaveBeenCalled();
    expect(page.reload).not.toHaveBeenCalled();
    expect(await auth.token()).toBe('first');
  });

  it('says the realm could not be reached when the network fails', async () => {
    realm.mockRejectedValue(new TypeError('Failed to fetch'));
    const auth = await startKeycloakAuth(CONFIG, page);
    await expect(auth.logout()).rejects.toThrow(
      'Logout failed: the sign-in server could not be reached.',
    );
  });
});
