import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('relay configuration', () => {
  it('has working defaults for one machine with the stand-in upstream', () => {
    const c = parseConfig({});
    expect(c.port).toBe(8080);
    expect(c.opportunityUrl).toBe('http://localhost:8090');
    expect(c.agencyUserUrl).toBe('http://localhost:8090');
    expect(c.oidcUrl).toBe('http://localhost:8090');
    expect(c.oidcRealm).toBe('referrals');
    expect(c.oidcClientId).toBe('referral-console');
    expect(c.pollIntervalMs).toBe(3000);
    expect(c.store).toEqual({ kind: 'memory' });
    expect(c.shutdownGraceMs).toBe(5000);
    expect(c.upstreamBasicUser).toBe('opportunity-console');
    expect(c.allowedOrigins).toEqual(['http://localhost:8080', 'http://localhost:5173']);
  });

  it('requires the Redis at REDIS_URL once one is given, and runs in memory only without one', () => {
    const db = { DATABASE_URL: 'postgres://u:p@db:5432/referrals' };
    expect(parseConfig({ ...db, REDIS_URL: 'redis://cache:6380/' }).store).toEqual({
      kind: 'redis',
      url: 'redis://cache:6380',
    });
    expect(parseConfig({ ...db, REDIS_URL: 'rediss://cache:6380' }).store.kind).toBe('redis');
    // Empty counts as not given (a compose file's `REDIS_URL: ${REDIS_URL:-}`).
    expect(parseConfig({ REDIS_URL: ' ' }).store).toEqual({ kind: 'memory' });
  });

  it('refuses a shared Redis with user data in an embedded PGlite, unless told this relay is alone', () => {
    const refused = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };
    const cluster = { REDIS_URL: 'redis://cache:6379' };
    expect(refused(cluster)).toEqual([
      expect.stringMatching(
        /^REDIS_URL is set without DATABASE_URL: .* Set DATABASE_URL, or RELAY_ALONE=1 /,
      ),
    ]);
    expect(refused({ ...cluster, RELAY_ALONE: '0' })).toHaveLength(1);
    expect(parseConfig({ ...cluster, RELAY_ALONE: '1' }).database.kind).toBe('pglite');
    expect(parseConfig({ ...cluster, RELAY_ALONE: 'TRUE' }).store.kind).toBe('redis');
    const shared = { ...cluster, DATABASE_URL: 'postgres://u:p@db:5432/referrals' };
    expect(parseConfig(shared).database.kind).toBe('postgres');
    // Alone on memory (no Redis) the embedded database is the only one anyway.
    expect(parseConfig({}).database.kind).toBe('pglite');
    expect(refused({ ...cluster, RELAY_ALONE: 'maybe' })).toEqual([
      "RELAY_ALONE must be 1, 0, true or false (got 'maybe')",
    ]);
  });

  it('takes a shutdown grace from 0 to 10 minutes', () => {
    expect(parseConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(parseConfig({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30_000);
    for (const bad of ['-1', '1.5', 'soon', '600001'])
      expect(() => parseConfig({ SHUTDOWN_GRACE_MS: bad })).toThrow(
        /SHUTDOWN_GRACE_MS must be a whole number from 0 to 600000/,
      );
  });

  it('trusts the forwarded address of loopback proxies, or of the ranges and addresses given', () => {
    expect(parseConfig({}).trustProxy).toBe('loopback');
    expect(parseConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toBe('uniquelocal');
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).trustProxy).toBe(
      'loopback,10.0.0.0/8,fd00::/8',
    );
    for (const bad of ['true', 'everyone', '10.0.0.0/8; rm'])
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must list/);
  });

  it('serves metrics on port 9464 and on the public port only with a token of 16+ characters', () => {
    const c = parseConfig({});
    expect(c.metricsPort).toBe(9464);
    expect(c.metricsToken).toBeNull();
    expect(parseConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(parseConfig({ METRICS_TOKEN: 'scrape-0123456789' }).metricsToken).toBe(
      'scrape-0123456789',
    );
    for (const bad of ['-1', '65536', 'nine'])
      expect(() => parseConfig({ METRICS_PORT: bad })).toThrow(/METRICS_PORT must be a whole/);
    for (const bad of ['short', 'has a space in it!!', 'x'.repeat(201)]) {
      let error: unknown;
      try {
        parseConfig({ METRICS_TOKEN: bad });
      } catch (err) {
        error = err;
      }
      expect((error as ConfigError).problems).toEqual([
        'METRICS_TOKEN must be 16 to 200 letters, digits or _ . ~ + / = -',
      ]);
    }
  });

  it('traces only when an OTLP endpoint is given, the traces URL winning over the base one', () => {
    expect(parseConfig({}).tracing).toBeNull();
    expect(parseConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'relay',
    });
    expect(
      parseConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp/v1/traces',
        OTEL_SERVICE_NAME: 'relay-eu',
      }).tracing,
    ).toEqual({ tracesUrl: 'https://traces.example/otlp/v1/traces', serviceName: 'relay-eu' });
    // The URL may hold a token: the problem names the variable, not the value.
    expect(() => parseConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://secret@collector' })).toThrow(
      /^(?!.*secret).*OTEL_EXPORTER_OTLP_ENDPOINT must be a http: or https: URL/s,
    );
  });

  it('points the upstream at the stand-in on SIM_PORT', () => {
    const c = parseConfig({ SIM_PORT: '9100', PORT: '9000' });
    expect(c.opportunityUrl).toBe('http://localhost:9100');
    expect(c.allowedOrigins[0]).toBe('http://localhost:9000');
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: 'eighty',
        POLL_INTERVAL_MS: '5',
        REDIS_URL: 'http://nope',
        UPSTREAM_URL: 'ftp://x',
        LOG_LEVEL: 'loud',
        ALLOWED_ORIGINS: 'http://ok.test,not an origin',
        REDIS_PREFIX: 'bad prefix',
        SHUTDOWN_GRACE_MS: 'x',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(9);
    expect(problems.join('\n')).toMatch(/REDIS_URL is set without DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/PORT must be a whole number/);
    expect(problems.join('\n')).toMatch(/POLL_INTERVAL_MS must be a whole number from 100/);
    expect(problems.join('\n')).toMatch(/REDIS_URL must be a redis: or rediss: URL/);
    expect((error as Error).message).toMatch(/^Invalid relay configuration:\n {2}- /);
  });

  it('drops trailing slashes of base URLs', () => {
    expect(parseConfig({ UPSTREAM_URL: 'https://api.example.com/' }).opportunityUrl).toBe(
      'https://api.example.com',
    );
  });
});
