import express, { Router } from 'express';
import Provider from 'oidc-provider';
import { pino } from 'pino';
import { accountProfile } from './account.js';
import { RealmStore } from './adapter.js';
import { consoleCors } from './cors.js';
import { loginRoutes } from './interactions.js';
import { generateRealmKeys } from './keys.js';
import { createTokenWrapper } from './keycloakTokens.js';
import { logoutFormAsQuery, logoutWithoutConfirmation } from './logout.js';
import { KEYCLOAK_ROUTES, providerConfiguration } from './providerConfig.js';
import { realmIssuer, type RealmOptions } from './options.js';
import { applyKeycloakClientRules } from './clientRules.js';
import { keycloakTokenResponses } from './tokenResponse.js';

/** Options of the dev realm; the stand-in's config module fills them from the environment. */
/** Server errors inside oidc-provider; RealmOptions carries no logger, so the realm keeps its own. */
const log = pino({ name: 'upstream-sim' }).child({ category: 'realm' });

/**
 * The Keycloak-compatible dev realm, mounted at the root of the stand-in's app: panva's
 * oidc-provider behind Keycloak's URL layout, a login page for the demo users, and Keycloak-shaped
 * JWT access and refresh tokens. Keys are generated at every start.
 */
export async function createRealm(options: RealmOptions): Promise<Router> {
  const basePath = `/realms/${options.realm}`;
  const issuer = realmIssuer(options);
  const keys = await generateRealmKeys();
  const wrapper = createTokenWrapper({
    issuer,
    clientId: options.clientId,
    consoleOrigins: options.consoleOrigins,
    keys,
  });
  const store = new RealmStore(wrapper);

  const provider = new Provider(issuer, providerConfiguration({ options, keys, store, basePath }));
  applyKeycloakClientRules(provider);
  provider.use(logoutWithoutConfirmation(store));
  provider.use(keycloakTokenResponses(store, wrapper));
  provider.on('server_error', (_ctx: unknown, error: Error) => {
    log.error({ err: error }, 'identity request failed');
  });

  const router = Router();
  const cors = consoleCors(options.consoleOrigins);
  const logoutPath = `${basePath}${KEYCLOAK_ROUTES.end_session}`;
  for (const path of [
    KEYCLOAK_ROUTES.token,
    KEYCLOAK_ROUTES.userinfo,
    KEYCLOAK_ROUTES.end_session,
  ]) {
    router.use(`${basePath}${path}`, cors);
  }
  router.post(logoutPath, express.urlencoded({ extended: false }), logoutFormAsQuery());
  router.use(`${basePath}/account`, cors);
  router.get(`${basePath}/account`, accountProfile(provider));
  router.use(loginRoutes(provider, options.realm, basePath));
  router.use(basePath, provider.callback());
  return router;
}
