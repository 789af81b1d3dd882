/**
 * The one module that reads process.env. Every variable is validated up front so a bad setting
 * fails at start with a readable list instead of surfacing as odd behaviour later.
 */

/** Pino log levels accepted by LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Validated configuration of the stand-in upstream. */
export interface SimConfig {
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
  readonly publicOrigin: string;
  readonly realm: string;
  readonly clientId: string;
  readonly consoleOrigins: readonly string[];
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly logLevel: LogLevel;
}

/** Upper bound of SIM_REFERRALS: the largest market the benchmark runs (issue 16). */
export const MAX_REFERRALS = 1_000_000;

/** Thrown by parseConfig with every problem found, not just the first. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads one variable; blank counts as unset so `VAR= npm start` means the default. */
const raw = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function intVar(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got '${value}').`);
    return fallback;
  }
  return n;
}

function numVar(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) {
    problems.push(`${name} must be a number from ${min} to ${max} (got '${value}').`);
    return fallback;
  }
  return n;
}

function boolVar(env: Env, name: string, problems: string[]): boolean {
  const value = raw(env, name)?.toLowerCase();
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  problems.push(`${name} must be 1, 0, true or false (got '${value}').`);
  return false;
}

function originVar(value: string, name: string, problems: string[]): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.origin;
  } catch {
    problems.push(`${name} must hold http(s) origins (got '${value}').`);
    return value;
  }
}

function nameVar(env: Env, name: string, fallback: string, problems: string[]): string {
  const value = raw(env, name) ?? fallback;
  if (!/^[A-Za-z0-9._-]+$/.test(value)) {
    problems.push(`${name} may hold letters, digits, '.', '_' and '-' only (got '${value}').`);
  }
  return value;
}

/** Parses and validates an environment; throws ConfigError listing every problem. Pure. */
export function parseConfig(env: Env): SimConfig {
  const problems: string[] = [];
  const port = intVar(env, 'SIM_PORT', 8090, 0, 65_535, problems);
  const logLevel = (raw(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}').`);
  }
  const origins = (raw(env, 'SIM_CONSOLE_ORIGINS') ?? 'http://localhost:8080,http://localhost:5173')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => originVar(o, 'SIM_CONSOLE_ORIGINS', problems));
  const config: SimConfig = {
    port,
    seed: raw(env, 'SIM_SEED') ?? '42',
    referrals: intVar(env, 'SIM_REFERRALS', 2_000, 0, MAX_REFERRALS, problems),
    referralsPerMinute: numVar(env, 'SIM_REFERRALS_PER_MINUTE', 6, 0, 6_000, problems),
    tickMs: intVar(env, 'SIM_TICK_MS', 1_000, 10, 3_600_000, problems),
    basicUser: raw(env, 'SIM_BASIC_USER') ?? 'opportunity-console',
    controls: boolVar(env, 'SIM_CONTROLS', problems),
    publicOrigin: originVar(
      raw(env, 'SIM_PUBLIC_ORIGIN') ?? `http://localhost:${port}`,
      'SIM_PUBLIC_ORIGIN',
      problems,
    ),
    realm: nameVar(env, 'SIM_REALM', 'referrals', problems),
    clientId: nameVar(env, 'SIM_CLIENT_ID', 'referral-console', problems),
    consoleOrigins: origins,
    // Down to 2 s: the token-refresh tests need sessions that outlive several tokens quickly.
    accessTokenTtlSeconds: intVar(env, 'SIM_ACCESS_TOKEN_TTL_S', 300, 2, 86_400, problems),
    refreshTokenTtlSeconds: intVar(env, 'SIM_REFRESH_TOKEN_TTL_S', 1_800, 10, 2_592_000, problems),
    logLevel: logLevel as LogLevel,
  };
  if (config.basicUser.includes(':')) problems.push("SIM_BASIC_USER may not contain ':'.");
  if (origins.length === 0) problems.push('SIM_CONSOLE_ORIGINS must name at least one origin.');
  if (config.refreshTokenTtlSeconds < config.accessTokenTtlSeconds) {
    problems.push('SIM_REFRESH_TOKEN_TTL_S must not be shorter than SIM_ACCESS_TOKEN_TTL_S.');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * The configuration of this process. On a bad environment it writes the list of problems to
 * stderr and exits, since nothing useful can run on a half-valid setup.
 */
export function loadConfig(): SimConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`upstream-sim: ${error.message}\n`);
    process.exit(1);
  }
}
