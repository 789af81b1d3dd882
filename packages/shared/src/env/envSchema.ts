import * as yup from 'yup';

/**
 * The WHATWG URL parser, a global in Node and in browsers alike; declared here because the shared
 * package is compiled without either's types (`types: []`).
 */
declare const URL: new (input: string) => { readonly protocol: string };

/**
 * Fields of an app's environment schema (yup), one builder per kind of variable, so the relay and
 * the stand-in validate theirs in one style with the same messages. Each field is named by its
 * variable (`path`), takes the text as given (blank counts as unset) and reports one readable
 * problem that echoes the bad value, e.g. "PORT must be a whole number from 1 to 65535 (got 'x')".
 */

type Env = Readonly<Record<string, string | undefined>>;
type Params = { path: string; originalValue: unknown };

const got = (p: Params) => ` (got '${String(p.originalValue)}')`;

/** Pino's log levels, which LOG_LEVEL accepts in every app. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A whole number written in digits, from `min` to `max`. */
export const envInt = (min: number, max: number, fallback: number) => {
  const message = (p: Params) => `${p.path} must be a whole number from ${min} to ${max}${got(p)}`;
  return yup
    .number()
    .transform((_v: unknown, raw: unknown) =>
      typeof raw === 'string' ? (/^-?\d+$/.test(raw) ? Number(raw) : NaN) : raw,
    )
    .typeError(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

/** Any finite number from `min` to `max`. */
export const envNumber = (min: number, max: number, fallback: number) => {
  const message = (p: Params) => `${p.path} must be a number from ${min} to ${max}${got(p)}`;
  return yup.number().typeError(message).min(min, message).max(max, message).default(fallback);
};

/** 1, 0, true or false (any case); unset is false. */
export const envFlag = () =>
  yup
    .boolean()
    .transform((_v: unknown, raw: unknown) => {
      const t = typeof raw === 'string' ? raw.toLowerCase() : raw;
      return t === '1' || t === 'true' ? true : t === '0' || t === 'false' ? false : NaN;
    })
    .typeError((p: Params) => `${p.path} must be 1, 0, true or false${got(p)}`)
    .default(false);

/** One of `values`, any case (it reads lower case). */
export const envOneOf = <T extends string>(values: readonly T[], fallback: T) =>
  yup
    .string()
    .transform((v: string) => v.toLowerCase())
    .oneOf(values, (p: Params) => `${p.path} must be one of ${values.join(', ')}${got(p)}`)
    .default(fallback) as yup.StringSchema<T, yup.AnyObject, T>;

/** LOG_LEVEL: one of pino's levels, `info` when unset. */
export const envLogLevel = () => envOneOf(LOG_LEVELS, 'info');

/** Text matching `pattern`; `rule` completes "NAME may hold ..." or "NAME must be ...". */
export const envText = (fallback: string, pattern: RegExp, rule: string) =>
  yup
    .string()
    .test(
      'pattern',
      (p: Params) => `${p.path} ${rule}${got(p)}`,
      (v) => v === undefined || pattern.test(v),
    )
    .default(fallback);

/**
 * A URL of one of `protocols`, trailing slashes dropped. Unset stays undefined (its default may
 * derive from another variable). `secret`: the message never echoes the value (a password).
 */
export const envUrl = (protocols: readonly string[], secret = false) =>
  yup
    .string()
    .test(
      'url',
      (p: Params) => `${p.path} must be a ${protocols.join(' or ')} URL${secret ? '' : got(p)}`,
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
    )
    .transform((v: string) => v.replace(/\/+$/, ''));

/** Items separated by commas, each trimmed, blanks dropped, each passing `valid`. */
export const envList = (fallback: string, valid: (item: string) => boolean, rule: string) =>
  yup
    .array(yup.string().defined())
    .transform((_v: unknown, raw: unknown) =>
      typeof raw === 'string'
        ? raw
            .split(',')
            .map((i) => i.trim())
            .filter((i) => i !== '')
        : raw,
    )
    .test(
      'items',
      (p: Params) => `${p.path} ${rule}${got(p)}`,
      (list) => (list ?? []).every(valid),
    )
    .default(() => fallback.split(',').map((i) => i.trim()));

/** Thrown with every problem of an environment, not just the first. */
export class EnvError extends Error {
  constructor(
    app: string,
    readonly problems: readonly string[],
  ) {
    super(`Invalid ${app} configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * Validates `env` against an app's schema: blank values count as unset (`VAR= npm start` means the
 * default). Answers the typed values, or throws EnvError listing every problem (checks across
 * variables are tests of a field that read `this.parent`).
 */
export function parseEnv<S extends yup.AnyObjectSchema>(
  app: string,
  schema: S,
  env: Env,
): yup.InferType<S> {
  const given: Record<string, string> = {};
  for (const key of Object.keys(schema.fields)) {
    const v = env[key]?.trim();
    if (v !== undefined && v !== '') given[key] = v;
  }
  try {
    return schema.validateSync(given, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new EnvError(app, [...new Set(err.errors)]);
  }
}
