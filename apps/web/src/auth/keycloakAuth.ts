import Keycloak from 'keycloak-js';
import {
  accessFromClaims,
  IDENTITY_TIMING,
  loginReturnUrl,
  logoutRedirectUrl,
  type RoleClaims,
} from '@referrals/shared';
import { logger } from '../log';
import type { Auth, Session } from './Auth';

const log = logger('auth');
const MIN_VALIDITY_S = IDENTITY_TIMING.tokenMinValiditySeconds;

/** What GET /api/config answers: where the realm is and which public client to use. */
export interface OidcConfig {
  readonly oidcUrl: string;
  readonly realm: string;
  readonly clientId: string;
}

const requestedUrl = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * Starts keycloak-js: PKCE S256, no login-status iframe, no silent check-sso (third-party cookies
 * are blocked in most browsers, so the admin guard asks for an interactive login instead). A
 * returning login callback in the URL is completed here.
 */
export const startKeycloakAuth = async (config: OidcConfig): Promise<Auth> => {
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

  /** Refreshes when the token has under 20 s left; a failed refresh sends the user to login. */
  const refresh = async (): Promise<string | null> => {
    if (!kc.authenticated) return null;
    try {
      const refreshed = await kc.updateToken(MIN_VALIDITY_S);
      const token = kc.token ?? null;
      if (refreshed && token) for (const l of listeners) l(token);
      return token;
    } catch (err) {
      log.warn('Failed to refresh the token, or the session is expired', err);
      kc.clearToken();
      login(loginReturnUrl(location.origin, requestedUrl()));
      return null;
    }
  };

  // Refresh 20 s before expiry even when the tab makes no calls, so the socket keeps its topics.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const exp = kc.tokenParsed?.exp;
    if (!kc.authenticated || exp === undefined) return;
    const skewMs = (kc.timeSkew ?? 0) * 1000;
    const due = exp * 1000 + skewMs - Date.now() - MIN_VALIDITY_S * 1000;
    timer = setTimeout(() => void refresh().then(schedule), Math.max(1000, due));
  };
  kc.onAuthRefreshSuccess = schedule;
  schedule();

  const current = session();
  return {
    session: current,
    token: refresh,
    login,
    logout: () => {
      clearTimeout(timer);
      void kc.logout({ redirectUri: logoutRedirectUrl(location.origin) });
    },
    onTokenRefreshed: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
};
