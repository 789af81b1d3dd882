import type { RequestHandler } from 'express';
import { sendError } from './http.js';

/**
 * Requires the fixed basic-auth header of the opportunity API: the configured username and an
 * empty password. `exempt` names paths that take no auth (the prepaid-balance call).
 */
export function basicAuth(username: string, exempt: (path: string) => boolean): RequestHandler {
  const expected = `Basic ${Buffer.from(`${username}:`).toString('base64')}`;
  return (req, res, next) => {
    if (exempt(req.path) || req.get('authorization') === expected) {
      next();
      return;
    }
    res.set('www-authenticate', 'Basic realm="upstream-sim", charset="UTF-8"');
    sendError(res, req, 401, 'Basic authentication required.');
  };
}
