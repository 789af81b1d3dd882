import type { RequestHandler } from 'express';

/**
 * CORS with credentials for the realm endpoints the console calls from the browser: token and
 * userinfo (keycloak-js fetches them with credentials 'include', which oidc-provider's own CORS
 * does not allow), logout (the console may post its form with fetch and follow the redirect,
 * agent-console section 7) and account (loadUserProfile). Only the console origins get it, as
 * Keycloak's webOrigins. Discovery and certs keep oidc-provider's public CORS.
 */
export function consoleCors(origins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || !origins.includes(origin)) {
      next();
      return;
    }
    res.vary('Origin');
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
    );
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
