import type { RequestHandler } from 'express';
import type Provider from 'oidc-provider';
import { findDemoUserById } from './accounts.js';

/**
 * Keycloak's account endpoint as keycloak-js's loadUserProfile() reads it (GET {realm}/account,
 * Accept application/json, bearer token). The token is looked up through oidc-provider, so an
 * expired token or one whose session has logged out gets 401 like everywhere else.
 */
export function accountProfile(provider: Provider): RequestHandler {
  return async (req, res) => {
    const match = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    const token = match?.[1] === undefined ? undefined : await provider.AccessToken.find(match[1]);
    const user = token === undefined ? undefined : findDemoUserById(token.accountId);
    if (token === undefined || user === undefined) {
      res.status(401).set('WWW-Authenticate', 'Bearer').json({ error: 'invalid_token' });
      return;
    }
    res.set('Cache-Control', 'no-store').json({
      id: token.accountId,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: true,
      attributes: {},
    });
  };
}
