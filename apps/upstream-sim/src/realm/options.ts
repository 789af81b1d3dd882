/** The options of the stand-in's realm, and the issuer they name. */

/** How a realm is set up. */
export interface RealmOptions {
  /** Public origin of the stand-in, e.g. http://localhost:8090; the issuer is {origin}/realms/{realm}. */
  readonly publicOrigin: string;
  /** Realm name, 'referrals' by default. */
  readonly realm: string;
  /** The console's public client id, 'referral-console' by default. */
  readonly clientId: string;
  /** Origins of the console (relay and web dev server) allowed as redirect and post-logout targets. */
  readonly consoleOrigins: readonly string[];
  /** Access-token lifetime in seconds. */
  readonly accessTokenTtlSeconds: number;
  /** Refresh-token (SSO session) lifetime in seconds. */
  readonly refreshTokenTtlSeconds: number;
}

/** The issuer of a realm: {publicOrigin}/realms/{realm}, as Keycloak names it. */
export function realmIssuer(options: Pick<RealmOptions, 'publicOrigin' | 'realm'>): string {
  return `${new URL(options.publicOrigin).origin}/realms/${options.realm}`;
}
