import type { Access } from '@referrals/shared';

/** The signed-in user as the token describes them. */
export interface Session {
  readonly username: string;
  readonly access: Access;
}

/** Sign-in as the app sees it; keycloak-js behind it, a fake in tests. */
export interface Auth {
  /** Null when nobody is signed in (the public feed, or before the login redirect). */
  readonly session: Session | null;
  /** A valid access token (refreshed when close to expiry), or null when anonymous. */
  token(): Promise<string | null>;
  /** Sends the browser to the login page; it comes back to `returnUrl` (origin + requested URL). */
  login(returnUrl: string): void;
  /**
   * Signs out; the browser lands on /admin of the origin. Rejects, the user still signed in, when
   * the realm refuses or cannot be reached; the error's message is for the user.
   */
  logout(): Promise<void>;
  /** Calls the listener with every refreshed token; returns the unsubscribe. */
  onTokenRefreshed(listener: (token: string) => void): () => void;
}

/** An Auth for visitors who are not signed in (and for tests of the public feed). */
export const anonymousAuth = (login: (url: string) => void = () => undefined): Auth => ({
  session: null,
  token: () => Promise.resolve(null),
  login,
  logout: () => Promise.resolve(),
  onTokenRefreshed: () => () => undefined,
});
