import express, { Router, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { checkDemoCredentials, demoUserId } from './accounts.js';
import { INVALID_CREDENTIALS, escapeHtml, renderLoginPage } from './loginPage.js';

/** Path of the login page for an interaction; providerConfig's interactions.url builds the same. */
export const loginPath = (basePath: string, uid = ':uid'): string =>
  `${basePath}/login-actions/authenticate/${uid}`;

const field = (body: unknown, name: string): string => {
  const value: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  return typeof value === 'string' ? value : '';
};

/** An interaction whose cookie is gone or expired: the flow has to start again from the client. */
function expired(res: Response): void {
  res
    .status(400)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in expired</title></head>` +
        `<body><p>${escapeHtml('This sign-in attempt has expired. Go back to the console and sign in again.')}</p></body></html>`,
    );
}

/**
 * The login step of oidc-provider's interactions: a username/password form for the demo users.
 * A wrong password renders the form again with an error; a right one finishes the interaction,
 * and oidc-provider redirects back to the client with the code.
 */
export function loginRoutes(provider: Provider, realm: string, basePath: string): Router {
  const router = Router();
  const page = (req: Request, res: Response, username: string, error?: string) => {
    const uid = String(req.params.uid);
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(renderLoginPage({ realm, action: loginPath(basePath, uid), username, error }));
  };

  router.get(loginPath(basePath), async (req, res) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const hint = details.params.login_hint;
      page(req, res, typeof hint === 'string' ? hint : '');
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      expired(res);
    }
  });

  router.post(loginPath(basePath), express.urlencoded({ extended: false }), async (req, res) => {
    const body: unknown = req.body;
    try {
      await provider.interactionDetails(req, res);
      const username = field(body, 'username');
      const user = checkDemoCredentials(username, field(body, 'password'));
      if (user === undefined) {
        page(req, res, username, INVALID_CREDENTIALS);
        return;
      }
      // remember: false gives a browser-session cookie, as Keycloak without "remember me".
      const login = { accountId: demoUserId(user.username), remember: false };
      await provider.interactionFinished(req, res, { login }, { mergeWithLastSubmission: false });
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      expired(res);
    }
  });

  return router;
}
