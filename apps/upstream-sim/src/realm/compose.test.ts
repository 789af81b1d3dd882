import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../config.js';
import { DEMO_USERS } from '../demoUsers.js';
import { keycloakRedirectPattern } from './clientRules.js';
import { keycloakRealmImport } from './keycloakImport.js';
import { demoLogin, startRealm, type RealmServer } from './realm.testkit.js';
import { getDemoTokens } from './tokenClient.js';
import { decodeJwt } from 'jose';

const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const REALM_JSON = root('deploy/keycloak/referrals-realm.json');

/** The dev realm with the stand-in's default configuration. */
const defaults = parseConfig({});
const expected = keycloakRealmImport(defaults);

interface Service {
  image?: string;
  command?: string[] | string;
  build?: { context: string; dockerfile: string; target: string };
  environment?: Record<string, string>;
  volumes?: string[];
}
type RealmImport = ReturnType<typeof keycloakRealmImport>;

/** Read when needed: the first test may have just (re)generated it. */
const loadImport = async () => JSON.parse(await readFile(REALM_JSON, 'utf8')) as RealmImport;

let compose: { services: Record<string, Service> };
let realm: RealmServer;
beforeAll(async () => {
  compose = parse(await readFile(root('docker-compose.yml'), 'utf8')) as typeof compose;
  realm = await startRealm({ consoleOrigins: defaults.consoleOrigins });
});
afterAll(() => realm.close());

describe('Keycloak realm import', () => {
  it('is the generated one (regenerate with: npx vitest run apps/upstream-sim/src/realm/compose.test.ts -u)', async () => {
    const text = JSON.stringify(expected, null, 2);
    const formatted = await format(text, {
      ...(await resolveConfig(REALM_JSON)),
      filepath: REALM_JSON,
    });
    await expect(formatted).toMatchFileSnapshot(REALM_JSON);
  });

  it('names the same realm, public PKCE client and redirect patterns as the dev realm', async () => {
    const realmImport = await loadImport();
    expect(realmImport.realm).toBe(defaults.realm);
    const [client] = realmImport.clients;
    expect(client).toMatchObject({
      clientId: defaults.clientId,
      publicClient: true,
      standardFlowEnabled: true,
      redirectUris: defaults.consoleOrigins.map(keycloakRedirectPattern),
      webOrigins: defaults.consoleOrigins,
      attributes: { 'pkce.code.challenge.method': 'S256' },
    });
    expect(client?.protocolMappers[0]?.config['included.client.audience']).toBe(defaults.clientId);
  });

  it('holds every demo user with the password and roles the dev realm signs them in with', async () => {
    const realmImport = await loadImport();
    expect(realmImport.users.map((u) => u.username)).toEqual(DEMO_USERS.map((u) => u.username));
    for (const user of realmImport.users) {
      const password = user.credentials[0]?.value ?? '';
      const tokens = await getDemoTokens(demoLogin(realm, user.username, password));
      const claims = decodeJwt(tokens.access_token) as {
        sub: string;
        realm_access: { roles: string[] };
        resource_access: Record<string, { roles: string[] }>;
      };
      expect(claims.sub).toBe(user.id);
      expect(claims.realm_access.roles).toEqual(user.realmRoles);
      const clientRoles = (user.clientRoles as Record<string, string[]>)[defaults.clientId] ?? [];
      expect(claims.resource_access[defaults.clientId]?.roles).toEqual(clientRoles);
    }
  });
});

describe('docker-compose.yml', () => {
  it('runs redis 7 and Keycloak 26 in dev mode importing the referrals realm', () => {
    const { redis, keycloak } = compose.services;
    expect(redis?.image).toMatch(/^redis:7/);
    expect(keycloak?.image).toMatch(/^quay\.io\/keycloak\/keycloak:26(\.|$)/);
    expect(keycloak?.command).toEqual(['start-dev', '--import-realm']);
    expect(keycloak?.volumes).toContain(
      './deploy/keycloak/referrals-realm.json:/opt/keycloak/data/import/referrals-realm.json:ro',
    );
  });

  it('builds the relay and the stand-in from deploy/Dockerfile targets', async () => {
    const dockerfile = await readFile(root('deploy/Dockerfile'), 'utf8');
    for (const target of ['relay', 'upstream-sim']) {
      expect(compose.services[target]?.build).toEqual({
        context: '.',
        dockerfile: 'deploy/Dockerfile',
        target,
      });
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${target}$`, 'm'));
    }
    expect(dockerfile).toContain('npm ci');
    expect(dockerfile).toContain('npm run build');
    // With the relay's Node flags (apps/relay/src/nodeFlags.test.ts checks which).
    expect(dockerfile).toMatch(/^CMD \["node", ("--[^"]+", )+"apps\/relay\/dist\/main\.js"\]$/m);
  });

  it('points the relay at Keycloak, the stand-in and Redis with the realm and client of the import', async () => {
    const realmImport = await loadImport();
    const env = compose.services.relay?.environment ?? {};
    expect(env).toMatchObject({
      OIDC_URL: 'http://keycloak:8080',
      OIDC_REALM: realmImport.realm,
      OIDC_CLIENT_ID: realmImport.clients[0]?.clientId,
      UPSTREAM_URL: 'http://upstream-sim:8090',
      REDIS_URL: 'redis://redis:6379',
    });
    // The console origins the relay allows are the ones the realm redirects to.
    const origins = (env.ALLOWED_ORIGINS ?? '').split(',');
    expect(origins.map(keycloakRedirectPattern)).toEqual(realmImport.clients[0]?.redirectUris);
  });
});
