/**
 * The relay's configuration: the one module that reads process.env. Every variable is validated at
 * start; a bad value stops the process with a readable list of every problem at once.
 */

import path from 'node:path';
import {
  EnvError,
  envFlag,
  envInt,
  envList,
  envLogLevel,
  envText,
  envUrl,
  LOG_LEVELS,
  parseEnv,
} from '@referrals/shared';
import * as yup from 'yup';
import type { DatabaseTarget } from './db/target.js';
import type { TracingConfig } from './tracing/tracingConfig.js';

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
  /**
   * The web app's server render (`entry-server.js` of its `dist-ssr`), which renders the public
   * feed's first page into its HTML; null when turned off (the feed is then rendered in the browser).
   */
  readonly webSsrEntry: string | null;
  readonly logLevel: string;
  /** How long a SIGTERM'd relay stays up answering 503 at /readyz before it closes its sockets. */
  readonly shutdownGraceMs: number;
  /**
   * Which proxies' X-Forwarded-For the relay believes for a client's address (express's 'trust
   * proxy'): loopback by default; the balancer's network behind one (uniquelocal in compose).
   */
  readonly trustProxy: string;
  /**
   * Where spans are exported (OTLP/HTTP), or null: tracing off, and no OpenTelemetry module is
   * loaded (tracing/startTracing.ts is imported only when this is set).
   */
  readonly tracing: TracingConfig | null;
}

/** The store of the relay: Redis at a URL (a cluster), or memory (one instance). */
export type StoreTarget =
  { readonly kind: 'redis'; readonly url: string } | { readonly kind: 'memory' };

type Env = Readonly<Record<string, string | undefined>>;

const HTTP = ['http:', 'https:'];
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Relays that share a Redis serve the same users, so they must share where user data lives: each
 * with its own embedded PGlite would keep its own preferences, audit log, pipelines and returns.
 */
const ONE_HOME_FOR_USER_DATA =
  'REDIS_URL is set without DATABASE_URL: relays that share a Redis must share one PostgreSQL ' +
  'for user data (preferences, audit log, pipelines, returns). Set DATABASE_URL, or RELAY_ALONE=1 ' +
  'when this relay is the only one on that Redis (user data then stays in its embedded PGlite).';

/** Every variable the relay reads, with its default; README's configuration table lists them. */
export const relayEnvSchema = yup.object({
  PORT: envInt(1, 65535, 8080),
  METRICS_PORT: envInt(0, 65535, 9464),
  METRICS_TOKEN: yup
    .string()
    .matches(
      /^[\w.~+/=-]{16,200}$/,
      'METRICS_TOKEN must be 16 to 200 letters, digits or _ . ~ + / = -',
    ),
  // Only the stand-in's port: the upstream and identity URLs default to it.
  SIM_PORT: envInt(1, 65535, 8090),
  UPSTREAM_URL: envUrl(HTTP),
  AGENCY_USER_URL: envUrl(HTTP),
  GEO_URL: envUrl(HTTP),
  UPSTREAM_BASIC_USER: yup.string().default('opportunity-console'),
  UPSTREAM_TIMEOUT_MS: envInt(100, 120_000, 5000),
  UPSTREAM_MAX_BODY_BYTES: envInt(1024, 1024 * 1024 * 1024, 64 * 1024 * 1024),
  OIDC_URL: envUrl(HTTP),
  OIDC_PUBLIC_URL: envUrl(HTTP),
  OIDC_REALM: yup.string().default('referrals'),
  OIDC_CLIENT_ID: yup.string().default('referral-console'),
  // No default address: a relay told of a Redis needs it, and one told of none runs alone.
  REDIS_URL: envUrl(['redis:', 'rediss:']),
  REDIS_PREFIX: envText('rc:', /^[\w:.-]{1,40}$/, 'may hold letters, digits and _ : . - only'),
  // The URL may hold a password: never echoed.
  DATABASE_URL: envUrl(['postgres:', 'postgresql:'], true),
  PGLITE_DIR: yup.string().default(new URL('../../../.data/pglite', import.meta.url).pathname),
  // Said by an operator whose relay is the only one on its Redis: user data may then stay local.
  RELAY_ALONE: envFlag().test('one-home', ONE_HOME_FOR_USER_DATA, function (alone) {
    const { REDIS_URL, DATABASE_URL } = this.parent as Record<string, unknown>;
    return alone || REDIS_URL === undefined || DATABASE_URL !== undefined;
  }),
  POLL_INTERVAL_MS: envInt(100, 3_600_000, 3000),
  POLL_CHANGE_SLACK_MS: envInt(0, 3_600_000, 10_000),
  ALLOWED_ORIGINS: yup
    .array(yup.string().defined())
    .transform(commaList)
    .test(
      'origins',
      (p: { value: readonly string[] }) => {
        const bad = p.value.filter((o) => !isOrigin(o));
        return `ALLOWED_ORIGINS has an invalid origin '${bad.join("', '")}'`;
      },
      (list) => (list ?? []).every(isOrigin),
    ),
  WEB_DIST: yup.string().default(new URL('../../web/dist', import.meta.url).pathname),
  WEB_SSR: yup.string(),
  LOG_LEVEL: envLogLevel(),
  SHUTDOWN_GRACE_MS: envInt(0, 600_000, 5000),
  TRUST_PROXY: envList(
    'loopback',
    (p) =>
      PROXY_NAMES.includes(p) ||
      /^[\d.]+(\/\d{1,2})?$/.test(p) ||
      /^[\da-f:]+(\/\d{1,3})?$/i.test(p),
    `must list ${PROXY_NAMES.join(', ')}, addresses or CIDR blocks`,
  ),
  // OpenTelemetry's own names, so a collector's usual setup applies; either one turns tracing on.
  // They may carry credentials in the URL: never echoed.
  OTEL_EXPORTER_OTLP_ENDPOINT: envUrl(HTTP, true),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: envUrl(HTTP, true),
  OTEL_SERVICE_NAME: envText(
    'relay',
    /^[\w.:/-]{1,100}$/,
    'may hold letters, digits and _ . : / - only',
  ),
});

function commaList(_v: unknown, raw: unknown) {
  return typeof raw === 'string'
    ? raw
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== '')
    : raw;
}
const isOrigin = (o: string) => /^https?:\/\/[^/\s]+$/.test(o);

/** Thrown by parseConfig with every problem found. */
export { EnvError as ConfigError };

/** Validates the environment into a RelayConfig; throws ConfigError listing every problem. */
export function parseConfig(env: Env): RelayConfig {
  const e = parseEnv('relay', relayEnvSchema, env);
  const simOrigin = `http://localhost:${e.SIM_PORT}`;
  const opportunityUrl = e.UPSTREAM_URL ?? simOrigin;
  const oidcUrl = e.OIDC_URL ?? simOrigin;
  return {
    port: e.PORT,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN ?? null,
    opportunityUrl,
    agencyUserUrl: e.AGENCY_USER_URL ?? opportunityUrl,
    geoUrl: e.GEO_URL ?? opportunityUrl,
    upstreamBasicUser: e.UPSTREAM_BASIC_USER,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamMaxBodyBytes: e.UPSTREAM_MAX_BODY_BYTES,
    oidcUrl,
    oidcRealm: e.OIDC_REALM,
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcPublicUrl: e.OIDC_PUBLIC_URL ?? oidcUrl,
    store: e.REDIS_URL === undefined ? { kind: 'memory' } : { kind: 'redis', url: e.REDIS_URL },
    redisPrefix: e.REDIS_PREFIX,
    database:
      e.DATABASE_URL === undefined
        ? { kind: 'pglite', dir: e.PGLITE_DIR }
        : { kind: 'postgres', url: e.DATABASE_URL },
    pollIntervalMs: e.POLL_INTERVAL_MS,
    // One of the two: the schema checked it.
    pollSlackMs: e.POLL_CHANGE_SLACK_MS,
    allowedOrigins: e.ALLOWED_ORIGINS ?? [`http://localhost:${e.PORT}`, 'http://localhost:5173'],
    webDist: e.WEB_DIST,
    webSsrEntry:
      e.WEB_SSR === 'off'
        ? null
        : (e.WEB_SSR ?? path.join(e.WEB_DIST, '..', 'dist-ssr', 'entry-server.js')),
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: e.TRUST_PROXY.join(','),
    tracing: tracingConfig(e),
  };
}

/**
 * The traces endpoint as OpenTelemetry's exporters derive it: the signal's own URL as given, else
 * the base endpoint with `/v1/traces` appended.
 */
function tracingConfig(e: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SERVICE_NAME: string;
}): TracingConfig | null {
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
      ? undefined
      : `${e.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`);
  return url === undefined ? null : { tracesUrl: url, serviceName: e.OTEL_SERVICE_NAME };
}

/** The log level to start with, before the whole configuration is validated. */
export function bootLogLevel(): string {
  // Any case, as the schema reads it.
  const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level) ? level : 'info';
}

/** Reads the process environment; on a bad value prints the list and exits with status 78. */
export function loadConfig(): RelayConfig {
  try {
    return parseConfig(process.env);
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
