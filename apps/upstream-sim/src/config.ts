/**
 * The one module that reads process.env. Every variable is validated up front so a bad setting
 * fails at start with a readable list instead of surfacing as odd behaviour later.
 */

import {
  EnvError,
  envFlag,
  envInt,
  envList,
  envLogLevel,
  envNumber,
  envText,
  envUrl,
  parseEnv,
  type LogLevel,
} from '@referrals/shared';
import * as yup from 'yup';
import type { RealmOptions } from './realm/options.js';

/** Validated configuration of the stand-in upstream (its realm's options among it). */
export interface SimConfig extends RealmOptions {
  readonly port: number;
  /** Seed of the deterministic data generator; any text (numbers are text too). */
  readonly seed: string;
  /** Referrals generated at start over the last 30 days. */
  readonly referrals: number;
  /** New referrals per minute in the live market. */
  readonly referralsPerMinute: number;
  /** Interval of the live market's tick. */
  readonly tickMs: number;
  /** Basic-auth username of the opportunity API; the password is empty. */
  readonly basicUser: string;
  /** Whether the /__sim test controls are served. */
  readonly controls: boolean;
  readonly logLevel: LogLevel;
}

/** Upper bound of SIM_REFERRALS: the largest market the benchmark runs (issue 16). */
export const MAX_REFERRALS = 1_000_000;

type Env = Readonly<Record<string, string | undefined>>;

/** Thrown by parseConfig with every problem found, not just the first. */
export { EnvError as ConfigError };

const isHttpOrigin = (o: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(o).protocol);
  } catch {
    return false;
  }
};
const NAME = /^[A-Za-z0-9._-]+$/;
const NAME_RULE = "may hold letters, digits, '.', '_' and '-' only";

/** Every variable the stand-in reads, with its default; README's configuration table lists them. */
export const simEnvSchema = yup.object({
  SIM_PORT: envInt(0, 65_535, 8090),
  SIM_PUBLIC_ORIGIN: envUrl(['http:', 'https:']),
  SIM_SEED: yup.string().default('42'),
  SIM_REFERRALS: envInt(0, MAX_REFERRALS, 2_000),
  SIM_REFERRALS_PER_MINUTE: envNumber(0, 6_000, 6),
  SIM_TICK_MS: envInt(10, 3_600_000, 1_000),
  SIM_BASIC_USER: envText('opportunity-console', /^[^:]*$/, "may not contain ':'"),
  SIM_CONTROLS: envFlag(),
  SIM_REALM: envText('referrals', NAME, NAME_RULE),
  SIM_CLIENT_ID: envText('referral-console', NAME, NAME_RULE),
  SIM_CONSOLE_ORIGINS: envList(
    'http://localhost:8080,http://localhost:5173',
    isHttpOrigin,
    'must hold http(s) origins',
  ).test('some', 'SIM_CONSOLE_ORIGINS must name at least one origin', (list) => list.length > 0),
  // Down to 2 s: the token-refresh tests need sessions that outlive several tokens quickly.
  SIM_ACCESS_TOKEN_TTL_S: envInt(2, 86_400, 300),
  SIM_REFRESH_TOKEN_TTL_S: envInt(10, 2_592_000, 1_800).test(
    'not-shorter',
    'SIM_REFRESH_TOKEN_TTL_S must not be shorter than SIM_ACCESS_TOKEN_TTL_S',
    function (refresh) {
      const access = (this.parent as { SIM_ACCESS_TOKEN_TTL_S?: unknown }).SIM_ACCESS_TOKEN_TTL_S;
      return typeof access !== 'number' || refresh >= access;
    },
  ),
  LOG_LEVEL: envLogLevel(),
});

/** Parses and validates an environment; throws ConfigError listing every problem. Pure. */
export function parseConfig(env: Env): SimConfig {
  const e = parseEnv('upstream-sim', simEnvSchema, env);
  return {
    port: e.SIM_PORT,
    seed: e.SIM_SEED,
    referrals: e.SIM_REFERRALS,
    referralsPerMinute: e.SIM_REFERRALS_PER_MINUTE,
    tickMs: e.SIM_TICK_MS,
    basicUser: e.SIM_BASIC_USER,
    controls: e.SIM_CONTROLS,
    publicOrigin: new URL(e.SIM_PUBLIC_ORIGIN ?? `http://localhost:${e.SIM_PORT}`).origin,
    realm: e.SIM_REALM,
    clientId: e.SIM_CLIENT_ID,
    consoleOrigins: e.SIM_CONSOLE_ORIGINS.map((o) => new URL(o).origin),
    accessTokenTtlSeconds: e.SIM_ACCESS_TOKEN_TTL_S,
    refreshTokenTtlSeconds: e.SIM_REFRESH_TOKEN_TTL_S,
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * The configuration of this process. On a bad environment it writes the list of problems to
 * stderr and exits, since nothing useful can run on a half-valid setup.
 */
export function loadConfig(): SimConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    // EX_CONFIG, as the relay.
    process.exit(78);
  }
}
