import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealm, type RealmServer } from './realm.testkit.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm();
});
afterAll(() => realm.close());

describe('discovery', () => {
  it("serves Keycloak's discovery document with Keycloak's endpoint layout", async () => {
    const res = await fetch(`${realm.issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    const oidc = `${realm.issuer}/protocol/openid-connect`;
    expect(doc).toMatchObject({
      issuer: `${realm.origin}/realms/referrals`,
      authorization_endpoint: `${oidc}/auth`,
      token_endpoint: `${oidc}/token`,
      end_session_endpoint: `${oidc}/logout`,
      userinfo_endpoint: `${oidc}/userinfo`,
      jwks_uri: `${oidc}/certs`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code'],
    });
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(doc.response_modes_supported).toEqual(expect.arrayContaining(['fragment', 'query']));
    expect(doc.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'preferred_username', 'realm_access', 'resource_access']),
    );
  });

  it('publishes only the public half of an RS256 signing key at the certs endpoint', async () => {
    const res = await fetch(`${realm.issuer}/protocol/openid-connect/certs`);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(typeof keys[0]?.kid).toBe('string');
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('names the issuer after the configured public origin and realm', async () => {
    const other = await startRealm({ realm: 'other', publicOrigin: 'http://localhost:8090' });
    try {
      const res = await fetch(`${other.origin}/realms/other/.well-known/openid-configuration`);
      expect(((await res.json()) as { issuer: string }).issuer).toBe(
        'http://localhost:8090/realms/other',
      );
    } finally {
      await other.close();
    }
  });
});
