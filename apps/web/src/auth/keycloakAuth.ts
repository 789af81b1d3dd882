import Keycloak from 'keycloak-js';
import {
  accessFromClaims,
  IDENTITY_TIMING,
  loginReturnUrl,
  logoutRedirectUrl,
  type RoleClaims,
} from '@referrals/shared';
import { logger } from '../log';
import { IDENTITY_MESSAGES } from './messages';
import type { Auth, Session } from './Auth';

const log = logger('auth');
const MIN_VALIDITY_S = IDENTITY_TIMING.tokenMinValiditySeconds;
/** The longest wait between refresh attempts the network failed. */
const MAX_BACKOFF_MS = 30_000;

/** What GET /api/config answers: where the realm is and which public client to use. */
export interface OidcConfig {
  readonly oidcUrl: string;
  readonly realm: string;
  readonly clientId: string;
}

/** Where the browser goes after a logout; the window's location, a recorder in tests. */
export interface PageNavigation {
  assign(url: string): void;
  reload(): void;
}
const windowNavigation: PageNavigation = {
  assign: (url) => location.assign(url),
  reload: () => location.reload(),
};

/**
 * The logout of spec section 7: a form posted to the realm's end-session endpoint with
 * id_token_hint, client_id and post_logout_redirect_uri. A redirect answer is followed (to the
 * redirect address: with `redirect: 'manual'` the browser hides where it points, and a logout the
 * realm accepts redirects only there), an ok answer reloads the page, anything else is a failure
 * the user is told about while they stay signed in. The form is fetched rather than submitted so a
 * refusal can be told in the console instead of a page of the realm.
 */
const postLogout = async (
  kc: Keycloak,
  clientId: string,
  redirectUri: string,
  page: PageNavigation,
): Promise<void> => {
  const form = new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: redirectUri });
  if (kc.idToken !== undefined) form.set('id_token_hint', kc.idToken);
  const answer = await fetch(kc.createLogoutUrl({ logoutMethod: 'POST' }), {
    method: 'POST',
    body: form,
    credentials: 'include',
    redirect: 'manual',
  }).catch((err: unknown) => {
    log.warn(IDENTITY_MESSAGES.logoutUnreachable, err);
    throw new Error(IDENTITY_MESSAGES.logoutUnreachable);
  });
  if (answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400)) {
    page.assign(redirectUri);
    return;
  }
  if (answer.ok) {
    page.reload();
    return;
  }
  log.warn(`${IDENTITY_MESSAGES.logoutFailed} (HTTP ${answer.status})`);
  throw new Error(IDENTITY_MESSAGES.logoutFailed);
};

const requestedUrl = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * Starts keycloak-js: PKCE S256, no login-status iframe, no silent check-sso (third-party cookies
 * are blocked in most browsers, so the admin guard asks for an interactive login instead). A
 * returning login callback in the URL is completed here.
 */
export const startKeycloakAuth = async (
  config: OidcConfig,
  page: PageNavigation = windowNavigation,
): Promise<Auth> => {
  const kc = new Keycloak({ url: config.oidcUrl, realm: config.realm, clientId: config.clientId });
  const listeners = new Set<(token: string) => void>();
  await kc.init({ pkceMethod: 'S256', checkLoginIframe: false }).catch((err: unknown) => {
    log.warn('sign-in could not start; continuing anonymously', err);
  });

  const login = (returnUrl: string) => {
    void kc.login({ redirectUri: returnUrl });
  };

  const session = (): Session | null => {
    const parsed = kc.tokenParsed;
    if (!kc.authenticated || !parsed) return null;
    const claims: RoleClaims = parsed;
    const username = typeof parsed.preferred_username === 'string' ? parsed.preferred_username : '';
    return {
      username: username || (parsed.sub ?? ''),
      access: accessFromClaims(claims, config.clientId),
    };
  };

  /** Refresh attempts in a row that the network failed (none since the last success). */
  let failures = 0;

  /**
   * Refreshes when the token has under 20 s left. When the token endpoint refuses the refresh
   * (HTTP 400: keycloak-js has then cleared the token) the session is over and the user signs in
   * again; when the network fails, the page and its state stay, the current token is used, and
   * the next attempt comes after a backoff (spec section 4).
   */
  const refresh = async (): Promise<string | null> => {
    if (!kc.authenticated) return null;
    try {
      const refreshed = await kc.updateToken(MIN_VALIDITY_S);
      failures = 0;
      const token = kc.token ?? null;
      if (refreshed && token) for (const l of listeners) l(token);
      return token;
    } catch (err) {
      if (!kc.authenticated || kc.token === undefined) {
        log.warn(IDENTITY_MESSAGES.refreshFailed, err);
        login(loginReturnUrl(location.origin, requestedUrl()));
        return null;
      }
      failures += 1;
      log.warn(`Failed to refresh the token; trying again (attempt ${failures})`, err);
      return kc.token;
    }
  };

  // Refresh 20 s before expiry even when the tab makes no calls, so the socket keeps its topics;
  // after a network failure, again in 1, 2, 4... s, at most every 30 s.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const exp = kc.tokenParsed?.exp;
    if (!kc.authenticated || exp === undefined) return;
    const skewMs = (kc.timeSkew ?? 0) * 1000;
    const due = exp * 1000 + skewMs - Date.now() - MIN_VALIDITY_S * 1000;
    const backoff = failures === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1));
    timer = setTimeout(() => void refresh().then(schedule), Math.max(1000, due, backoff));
  };
  kc.onAuthRefreshSuccess = schedule;
  schedule();

  const current = session();
  return {
    session: current,
    token: refresh,
    login,
    logout: async () => {
      clearTimeout(timer);
      try {
        await postLogout(kc, config.clientId, logoutRedirectUrl(location.origin), page);
      } catch (err) {
        schedule();
        throw err;
      }
    },
    onTokenRefreshed: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
};
