import type Provider from 'oidc-provider';

/**
 * Keycloak's 'Valid redirect URIs' entry for a console origin: any path under it.
 * These strings are what the client registers, here and in the Keycloak realm import.
 */
export function keycloakRedirectPattern(origin: string): string {
  return `${new URL(origin).origin}/*`;
}

/**
 * Keycloak's matching rule: a registered value ending in '/*' allows every URI on the same origin
 * whose path starts with the part before the '*' (the bare origin too); other values must match
 * exactly. Comparing parsed origins rather than string prefixes keeps
 * 'http://localhost:8080.evil.test/' and 'http://localhost:8080@evil.test/' out.
 */
export function redirectUriMatches(uri: string, registered: readonly string[]): boolean {
  const target = URL.parse(uri);
  if (target === null || target.hash !== '' || target.username !== '' || target.password !== '') {
    return false;
  }
  return registered.some((pattern) => {
    if (!pattern.endsWith('/*')) return pattern === uri;
    const base = URL.parse(pattern.slice(0, -1));
    return (
      base !== null && target.origin === base.origin && target.pathname.startsWith(base.pathname)
    );
  });
}

/**
 * Client behaviour of Keycloak that oidc-provider does not have, set on this provider instance's
 * Client class only.
 *
 * oidc-provider only knows exact redirect URIs. Its documented extension point for wildcards (the
 * "redirect_uri wildcards" recipe) is the Client prototype's redirectUriAllowed and
 * postLogoutRedirectUriAllowed; both are replaced with the Keycloak rule above. The registered '/*' values are valid URLs, so client
 * metadata validation accepts them as they are.
 */
export function applyKeycloakClientRules(provider: Provider): void {
  const { prototype } = provider.Client;
  // Keycloak puts the session id (sid) in every token; oidc-provider only does so for clients with
  // back-channel logout. Logout without a cookie finds the session by this sid.
  prototype.includeSid = () => true;
  prototype.redirectUriAllowed = function redirectUriAllowed(uri: string): boolean {
    return redirectUriMatches(uri, this.redirectUris ?? []);
  };
  prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(
    uri: string,
  ): boolean {
    return redirectUriMatches(uri, this.postLogoutRedirectUris ?? []);
  };
}
