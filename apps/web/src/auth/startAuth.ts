import { requiresSignIn } from '@referrals/shared';
import { logger } from '../log';
import { anonymousAuth, type Auth } from './Auth';
import type { OidcConfig } from './keycloakAuth';
import { IDENTITY_MESSAGES } from './messages';

const log = logger('auth');

// keycloak-js answers the login redirect in the fragment (or the query): state plus code or error.
const CALLBACK = /[#&?]state=[^&]*.*[#&?](?:code|error)=|[#&?](?:code|error)=[^&]*.*[#&?]state=/;

/**
 * Whether the page needs keycloak-js at start: a screen that needs a signed-in user, or a login
 * redirect coming back (wherever it lands). Anywhere else the page is the anonymous public feed.
 */
export const needsSignInAtStart = (pathname: string, search: string, hash: string): boolean =>
  requiresSignIn(pathname) || CALLBACK.test(`${search}${hash}`);

/** Sign-in from GET /api/config, with keycloak-js loaded on demand (its own chunk). */
const startKeycloak = async (): Promise<Auth> => {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`config answered ${res.status}`);
  const config = (await res.json()) as Partial<OidcConfig>;
  if (!config.realm) throw new Error(IDENTITY_MESSAGES.realmMissing);
  if (!config.oidcUrl || !config.clientId) throw new Error('the sign-in config is incomplete');
  const { startKeycloakAuth } = await import('./keycloakAuth');
  return startKeycloakAuth({
    oidcUrl: config.oidcUrl,
    realm: config.realm,
    clientId: config.clientId,
  });
};

/**
 * The Auth of the tab. Signed-in screens (and login callbacks) start keycloak-js at once; the
 * public feed starts anonymous and loads keycloak-js only if a login is asked for, so visitors do
 * not download it. Without a reachable realm the console still serves the public feed.
 */
export const startAuth = async (loc: Pick<Location, 'pathname' | 'search' | 'hash'>) => {
  const anonymous = anonymousAuth((returnUrl) => {
    startKeycloak()
      .then((auth) => auth.login(returnUrl))
      .catch((err: unknown) => log.error('sign-in is unavailable', err));
  });
  if (!needsSignInAtStart(loc.pathname, loc.search, loc.hash)) return anonymous;
  try {
    return await startKeycloak();
  } catch (err) {
    log.error('sign-in is unavailable', err);
    return anonymous;
  }
};
