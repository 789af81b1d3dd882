import type { RequestHandler } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { RealmStore } from './adapter.js';

type Next = () => Promise<void>;

/** What oidc-provider's end_session action leaves in session.state for its confirm step. */
interface LogoutState {
  readonly postLogoutRedirectUri?: string;
  readonly state?: string;
}

function sessionGrants(authorizations: Record<string, { grantId?: string }> | undefined) {
  return Object.values(authorizations ?? {}).flatMap((a) => (a.grantId ? [a.grantId] : []));
}

/**
 * oidc-provider answers a valid logout request with a confirmation page ("Are you sure?") and ends
 * the session only when that page is posted back. Keycloak does not ask when the request names the
 * session (id_token_hint), and the console expects a redirect straight away. This middleware runs
 * after oidc-provider has validated the request (id_token_hint signature and audience, client_id,
 * post_logout_redirect_uri against the client's patterns) and, in place of the page, does what the
 * confirm step would: revoke the grants, destroy the session, clear its cookie and redirect.
 *
 * The session is the browser's (cookie) and, like Keycloak, also any session named by the
 * id_token_hint's sid, so a logout posted without cookies still ends the session it names.
 */
export function logoutWithoutConfirmation(store: RealmStore) {
  return async function logoutAtOnce(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    await next();
    if ((ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.route !== 'end_session') return;
    if (ctx.status !== 200) return;
    const { session, provider, entities } = ctx.oidc;
    const state = (session?.state ?? {}) as LogoutState;

    const hintSid = entities.IdTokenHint?.payload.sid;
    const sessionIds = typeof hintSid === 'string' ? store.sessionsWithSid(hintSid) : [];
    for (const id of sessionIds) {
      const named = store.stored('Session', id);
      for (const grantId of sessionGrants(named?.authorizations)) store.revokeGrant(grantId);
      await provider.Session.adapter.destroy(id);
    }
    if (session !== undefined) {
      for (const grantId of sessionGrants(session.authorizations)) store.revokeGrant(grantId);
      await session.destroy();
    }
    ctx.cookies.set(provider.cookieName('session'), null, { httpOnly: true, sameSite: 'lax' });

    const target = state.postLogoutRedirectUri ?? ctx.oidc.urlFor('end_session_success');
    const url = new URL(target);
    if (state.postLogoutRedirectUri !== undefined && state.state !== undefined) {
      url.searchParams.set('state', state.state);
    }
    ctx.status = 303;
    ctx.redirect(url.href);
  };
}

/** The parameters of a logout request, as oidc-provider reads them. */
const LOGOUT_PARAMS = [
  'id_token_hint',
  'client_id',
  'post_logout_redirect_uri',
  'state',
  'ui_locales',
  'logout_hint',
];

/**
 * keycloak-js (logoutMethod 'POST') and the console post the logout as a form. oidc-provider serves
 * POST there only with SameSite=None cookies, which browsers refuse on plain http; so the form is
 * turned into the equivalent GET before oidc-provider sees it. Nothing is lost: the session is
 * found by cookie or by the id_token_hint's sid either way.
 */
export function logoutFormAsQuery(): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    const query = new URLSearchParams();
    for (const name of LOGOUT_PARAMS) {
      const value: unknown =
        typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
      if (typeof value === 'string') query.set(name, value);
    }
    const path = req.url.split('?')[0] ?? '';
    req.method = 'GET';
    req.url = `${path}?${query.toString()}`;
    req.originalUrl = req.url;
    next();
  };
}
