import { fieldAliasesOf, readFieldAliases } from '@referrals/shared';
import type { Express } from 'express';
import * as yup from 'yup';
import { createSimApp } from './app.js';
import { parseConfig, type SimConfig } from './config.js';
import { LiveMarket, type Clock } from './generator/market.js';

/** A fixed start instant, so generated data and dates in tests never depend on the wall clock. */
export const T0 = Date.parse('2025-06-02T15:00:00.000Z');

/** The basic-auth header the opportunity API expects with the default username. */
export const AUTH = `Basic ${Buffer.from('opportunity-console:').toString('base64')}`;

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(public ms: number = T0) {}
  now(): number {
    return this.ms;
  }
  /** Moves the clock forward. */
  advance(ms: number): number {
    this.ms += ms;
    return this.ms;
  }
}

/** A configuration for tests: controls on, the default seed, an optional override. */
export const testConfig = (env: Record<string, string> = {}): SimConfig =>
  parseConfig({ SIM_CONTROLS: '1', SIM_REFERRALS: '2000', ...env });

/** A stand-in app with its market and clock. */
export interface TestSim {
  readonly app: Express;
  readonly market: LiveMarket;
  readonly clock: ManualClock;
  readonly config: SimConfig;
}

/** Builds a stand-in on a hand-moved clock. */
export async function aSim(env: Record<string, string> = {}): Promise<TestSim> {
  const config = testConfig(env);
  const clock = new ManualClock();
  const market = new LiveMarket(
    {
      seed: config.seed,
      referrals: config.referrals,
      referralsPerMinute: config.referralsPerMinute,
    },
    clock.now(),
  );
  const app = await createSimApp(config, { clock, market });
  return { app, market, clock, config };
}

/** Whether a schema may hold objects, so aliases somewhere inside it. */
const nests = (
  schema: unknown,
): schema is yup.ObjectSchema<yup.AnyObject> | yup.ArraySchema<unknown[], yup.AnyObject> =>
  schema instanceof yup.ObjectSchema || schema instanceof yup.ArraySchema;

/**
 * The value with the aliases its schema reads (shared `withFieldAliases`) read as their fields,
 * at every depth, and nothing else changed: a referral sent under the opportunity service's other
 * names comes out under the primary ones, as the relay reads it. Copies only what changes.
 */
function readAliases(schema: unknown, value: unknown): unknown {
  if (schema instanceof yup.ArraySchema)
    return Array.isArray(value) && nests(schema.innerType)
      ? value.map((item) => readAliases(schema.innerType, item))
      : value;
  if (!(schema instanceof yup.ObjectSchema)) return value;
  const aliases = fieldAliasesOf(schema);
  const read = aliases ? readFieldAliases(value, aliases) : value;
  if (read === null || typeof read !== 'object' || Array.isArray(read)) return read;
  let out = read as Record<string, unknown>;
  for (const [name, field] of Object.entries(schema.fields as Record<string, unknown>)) {
    if (!nests(field) || !Object.hasOwn(out, name)) continue;
    const inner = readAliases(field, out[name]);
    if (inner !== out[name]) out = { ...out, [name]: inner };
  }
  return out;
}

/**
 * Validates strictly (no casting): every field present with the schema's type, a field sent
 * under an alias of the opportunity service read as the field (see `readAliases`).
 */
export function expectShape<T>(schema: yup.Schema<T>, value: unknown): T {
  return schema.validateSync(readAliases(schema, value), { strict: true, abortEarly: false });
}

/** Validates each item of a list strictly. */
export function expectEach<T>(schema: yup.Schema<T>, values: unknown): T[] {
  if (!Array.isArray(values)) throw new Error('expected a list');
  return values.map((v) => expectShape(schema, v));
}

/** The `error` text of an error answer. */
export const errorOf = (res: { body: unknown }): string =>
  String((res.body as { error?: unknown }).error);
