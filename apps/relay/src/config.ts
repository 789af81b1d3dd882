/**
 * The relay's configuration: the one module that reads process.env. Every variable is validated at
 * start; a bad value stops the process with a readable list of every problem at once.
 */

import type { DatabaseTarget } from './db/target.js';

/** The validated configuration of the relay. */
export interface RelayConfig {
  readonly port: number;
  /** Port of the Prometheus listener (/metrics); 0 takes any free port (tests). */
  readonly metricsPort: number;
  /** When set, /metrics is served on the public port too, to `Authorization: Bearer <token>`. */
  readonly metricsToken: string | null;
  /** Base URL of the opportunity service (/api/v1, /api/v3). */
  readonly opportunityUrl: string;
  /** Base URL of the agency-user service (/iw/api/v1). */
  readonly agencyUserUrl: string;
  /** Base URL of the geo-location service. */
  readonly geoUrl: string;
  /** Basic-auth user of the upstream API (the password is empty). */
  readonly upstreamBasicUser: string;
  readonly upstreamTimeoutMs: number;
  /** Largest upstream answer read; a bigger one fails that call instead of exhausting memory. */
  readonly upstreamMaxBodyBytes: number;
  /** Identity server origin; the issuer is {oidcUrl}/realms/{oidcRealm}. */
  readonly oidcUrl: string;
  readonly oidcRealm: string;
  readonly oidcClientId: string;
  /** Issuer as the browser sees it (may differ from oidcUrl inside a container network). */
  readonly oidcPublicUrl: string;
  /**
   * Where the read model, locks and rate limits live: the Redis at REDIS_URL, required once given
   * (the relay waits for it and never falls back), or this process's memory when none is given.
   */
  readonly store: StoreTarget;
  /** Prefix of every Redis key the relay writes. */
  readonly redisPrefix: string;
  /** Where user-owned data lives: the PostgreSQL server at DATABASE_URL, or embedded PGlite. */
  readonly database: DatabaseTarget;
  readonly pollIntervalMs: number;
  /** How far below its watermark the referral poll reads changes again (clock skew, ties). */
  readonly pollSlackMs: number;
  /** Origins allowed for sockets and CORS. */
  readonly allowedOrigins: readonly string[];
  /** Folder of the built web app, served at /. */
  readonly webDist: string;
  readonly logLevel: string;
  /** How long a SIGTERM'd relay stays up answering 503 at /readyz before it closes its sockets. */
  readonly shutdownGraceMs: number;
  /**
   * Which proxies' X-Forwarded-For the relay believes for a client's address (express's 'trust
   * proxy'): loopback by default; the balancer's network behind one (uniquelocal in compose).
   */
  readonly trustProxy: string;
}

/** The store of the relay: Redis at a URL (a cluster), or memory (one instance). */
export type StoreTarget =
  { readonly kind: 'redis'; readonly url: string } | { readonly kind: 'memory' };

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Thrown by parseConfig with every problem found. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid relay configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment into a RelayConfig; throws ConfigError listing every problem. */
export function parseConfig(env: Env): RelayConfig {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? fallback : v;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name, String(fallback));
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, fallback: string, protocols: readonly string[]): string => {
    const raw = text(name, fallback);
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL (got '${raw}')`);
      return fallback;
    }
  };

  const port = int('PORT', 8080, 1, 65535);
  const metricsToken = text('METRICS_TOKEN', '');
  if (metricsToken !== '' && !/^[\w.~+/=-]{16,200}$/.test(metricsToken))
    problems.push('METRICS_TOKEN must be 16 to 200 letters, digits or _ . ~ + / = -');
  const simPort = int('SIM_PORT', 8090, 1, 65535);
  const simOrigin = `http://localhost:${simPort}`;
  const http = ['http:', 'https:'];
  const opportunityUrl = url('UPSTREAM_URL', simOrigin, http);
  const oidcUrl = url('OIDC_URL', simOrigin, http);
  const allowedOrigins = text('ALLOWED_ORIGINS', `http://localhost:${port},http://localhost:5173`)
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const o of allowedOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(o))
      problems.push(`ALLOWED_ORIGINS has an invalid origin '${o}'`);
  }
  const logLevel = text('LOG_LEVEL', 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }
  // No default address: a relay told of a Redis needs it, and one told of none runs alone.
  const store: StoreTarget =
    text('REDIS_URL', '') === ''
      ? { kind: 'memory' }
      : { kind: 'redis', url: url('REDIS_URL', '', ['redis:', 'rediss:']) };
  const databaseUrl = text('DATABASE_URL', '');
  let database: DatabaseTarget = {
    kind: 'pglite',
    dir: text('PGLITE_DIR', new URL('../../../.data/pglite', import.meta.url).pathname),
  };
  if (databaseUrl !== '') {
    try {
      const u = new URL(databaseUrl);
      if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error('protocol');
      database = { kind: 'postgres', url: databaseUrl };
    } catch {
      // The URL may hold a password: never echo it.
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
  }
  const redisPrefix = text('REDIS_PREFIX', 'rc:');
  if (!/^[\w:.-]{1,40}$/.test(redisPrefix)) {
    problems.push(`REDIS_PREFIX may hold letters, digits and _ : . - only (got '${redisPrefix}')`);
  }
  const config: RelayConfig = {
    port,
    metricsPort: int('METRICS_PORT', 9464, 0, 65535),
    metricsToken: metricsToken === '' ? null : metricsToken,
    opportunityUrl,
    agencyUserUrl: url('AGENCY_USER_URL', opportunityUrl, http),
    geoUrl: url('GEO_URL', opportunityUrl, http),
    upstreamBasicUser: text('UPSTREAM_BASIC_USER', 'opportunity-console'),
    upstreamTimeoutMs: int('UPSTREAM_TIMEOUT_MS', 5000, 100, 120_000),
    upstreamMaxBodyBytes: int(
      'UPSTREAM_MAX_BODY_BYTES',
      64 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    oidcUrl,
    oidcRealm: text('OIDC_REALM', 'referrals'),
    oidcClientId: text('OIDC_CLIENT_ID', 'referral-console'),
    oidcPublicUrl: url('OIDC_PUBLIC_URL', oidcUrl, http),
    store,
    redisPrefix,
    database,
    pollIntervalMs: int('POLL_INTERVAL_MS', 3000, 100, 3_600_000),
    pollSlackMs: int('POLL_CHANGE_SLACK_MS', 10_000, 0, 3_600_000),
    allowedOrigins,
    webDist: text('WEB_DIST', new URL('../../web/dist', import.meta.url).pathname),
    logLevel,
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 5000, 0, 600_000),
    trustProxy: trustProxyOf(text('TRUST_PROXY', 'loopback'), problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: named ranges, addresses or CIDR blocks, separated by commas. */
function trustProxyOf(raw: string, problems: string[]): string {
  const parts = raw.split(',').map((p) => p.trim());
  const ok = parts.every(
    (p) =>
      PROXY_NAMES.includes(p) ||
      /^[\d.]+(\/\d{1,2})?$/.test(p) ||
      /^[\da-f:]+(\/\d{1,3})?$/i.test(p),
  );
  if (!ok) {
    problems.push(
      `TRUST_PROXY must list ${PROXY_NAMES.join(', ')}, addresses or CIDR blocks (got '${raw}')`,
    );
    return 'loopback';
  }
  return parts.join(',');
}

/** The log level to start with, before the whole configuration is validated. */
export function bootLogLevel(): string {
  const level = process.env.LOG_LEVEL ?? 'info';
  return LOG_LEVELS.includes(level) ? level : 'info';
}

/** Reads the process environment; on a bad value prints the list and exits with status 78. */
export function loadConfig(): RelayConfig {
  try {
    return parseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
