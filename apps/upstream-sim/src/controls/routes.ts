import {
  MARKETPLACE_STATUSES,
  OPPORTUNITY_FIELD_ALIASES,
  opportunitySchema,
  type Opportunity,
} from '@referrals/shared';
import express, { Router } from 'express';
import * as yup from 'yup';
import type { SimContext } from '../context.js';
import { MAX_DRIFT } from '../generator/drift.js';
import type { Spelling } from '../generator/referral.js';
import { badRequest, idParam, notFound } from '../routes/http.js';
import { faultsSchema, type FaultState } from './faults.js';
import type { RequestStats } from './stats.js';

const ALIASES = Object.entries(OPPORTUNITY_FIELD_ALIASES);
const FIELDS = new Set([
  ...Object.keys(opportunitySchema.fields),
  ...Object.keys(OPPORTUNITY_FIELD_ALIASES),
]);

/** A create body: every field optional, an alias checked as the field it stands for. */
const createSchema = opportunitySchema
  .partial()
  .shape(
    Object.fromEntries(
      ALIASES.map(([alias, field]) => [
        alias,
        (opportunitySchema.fields[field] as yup.AnySchema).optional(),
      ]),
    ),
  );

/** Changes a control may make to a referral now. */
const changeSchema = yup.object({
  marketplaceStatus: yup.string().oneOf(MARKETPLACE_STATUSES).optional(),
  dynamicPrice: yup.number().min(0).nullable().optional(),
  discountPrice: yup.number().min(0).nullable().optional(),
  soldPrice: yup.number().min(0).nullable().optional(),
  marketplaceExpirationDate: yup.string().nullable().optional(),
});

const tickSchema = yup.object({ now: yup.string().optional() });

/** A count of referrals for the drift control. */
const driftCount = (name: string) =>
  yup
    .number()
    .typeError(`${name} must be a number`)
    .integer(`${name} must be a whole number`)
    .min(0, `${name} must be at least 0`)
    .max(MAX_DRIFT, `${name} must be at most ${MAX_DRIFT}`)
    .optional();

/** A rate of the continuous drift, per minute of market time. */
const driftRate = (name: string) =>
  yup
    .number()
    .typeError(`${name} must be a number`)
    .min(0, `${name} must be at least 0`)
    .max(MAX_DRIFT, `${name} must be at most ${MAX_DRIFT}`)
    .optional();

const driftSchema = yup
  .object({ silent: driftCount('silent'), deleted: driftCount('deleted') })
  .noUnknown('unknown field(s): ${unknown} (use silent, deleted)');

const driftRatesSchema = yup
  .object({
    silentPerMinute: driftRate('silentPerMinute'),
    deletedPerMinute: driftRate('deletedPerMinute'),
  })
  .noUnknown('unknown field(s): ${unknown} (use silentPerMinute, deletedPerMinute)');

/** Validates strictly (no defaults: a field left out is left alone), listing every problem. */
function strictBody<T>(schema: yup.Schema<T>, body: unknown, what: string): T {
  try {
    return schema.validateSync(body ?? {}, { strict: true, abortEarly: false });
  } catch (error) {
    if (error instanceof yup.ValidationError)
      throw badRequest(`${what}: ${error.errors.join(' ')}`, error.errors);
    throw error;
  }
}

/**
 * Referral fields of a create body (only known fields, each checked against the shared schema)
 * and the names to send them under: an alias of the opportunity service is taken for its field
 * when that field is left out or null, and the referral is sent as the body named it.
 */
function referralFields(body: unknown): { fields: Partial<Opportunity>; spelling: Spelling } {
  if (body === null || typeof body !== 'object')
    throw badRequest('Referral: a JSON object is required.');
  const picked = Object.fromEntries(
    Object.entries(body).filter(([k]) => FIELDS.has(k) && k !== 'opportunityId'),
  );
  const spelling: Record<string, 'absent' | 'null'> = {};
  for (const [alias, field] of ALIASES) {
    if (!Object.hasOwn(picked, alias)) continue;
    if (picked[field] !== undefined && picked[field] !== null)
      throw badRequest(`Referral: ${alias} stands for ${field}; send ${field} null or not at all.`);
    // A null beside the alias says only how to send the field: the value is the alias's.
    spelling[alias] = Object.hasOwn(picked, field) ? 'null' : 'absent';
    delete picked[field];
  }
  const fields = strictBody(createSchema, picked, 'Referral') as Record<string, unknown>;
  for (const [alias, field] of ALIASES) {
    if (!Object.hasOwn(fields, alias)) continue;
    fields[field] = fields[alias];
    delete fields[alias];
  }
  return { fields, spelling };
}

/**
 * Test and benchmark controls under /__sim (served only with SIM_CONTROLS=1): create a referral
 * now, change one now, run a tick, set and clear faults, drift (changes without a lastModDate
 * stamp, deletions) at once or continuously, read and reset request counts and bytes.
 */
export function controlRoutes(ctx: SimContext, faults: FaultState, stats: RequestStats): Router {
  const router = Router();
  const { market, clock } = ctx;
  router.use(express.json({ limit: '1mb' }));

  router.post('/__sim/referrals', (req, res) => {
    const { fields, spelling } = referralFields(req.body);
    const referral = market.addReferral(clock.now(), fields, spelling);
    res.status(201).json(referral);
  });
  router.patch('/__sim/referrals/:id', (req, res) => {
    const id = idParam(req, 'id', 'Referral');
    const store = market.state.referrals;
    const referral = store.get(id);
    if (referral === undefined) throw notFound(`Referral ${id}`);
    const { marketplaceStatus, ...prices } = strictBody(changeSchema, req.body, 'Change');
    const now = clock.now();
    // A price set by hand stays: the referral stops decaying. The patch keeps the decay marker
    // true to its definition.
    if (prices.dynamicPrice !== undefined) store.stopDecay(id);
    store.patch(id, prices, now);
    if (marketplaceStatus !== undefined) store.setStatus(id, marketplaceStatus, now);
    res.json(referral);
  });
  router.post('/__sim/tick', (req, res) => {
    const { now } = strictBody(tickSchema, req.body, 'Tick');
    const at = now === undefined ? clock.now() : Date.parse(now);
    if (Number.isNaN(at)) throw badRequest('Tick: now must be an ISO date.');
    res.json(market.tick(at));
  });
  router.post('/__sim/drift', (req, res) => {
    const { silent = 0, deleted = 0 } = strictBody(driftSchema, req.body, 'Drift');
    const result = market.drift.apply(silent, deleted, clock.now());
    ctx.logger.warn(
      { silent: result.silent.length, deleted: result.deleted.length },
      'drift applied',
    );
    res.json(result);
  });
  router.get('/__sim/drift', (_req, res) => {
    res.json({ ...(market.drift.current ?? {}), totals: market.drift.totals });
  });
  router.put('/__sim/drift', (req, res) => {
    const { silentPerMinute = 0, deletedPerMinute = 0 } = strictBody(
      driftRatesSchema,
      req.body,
      'Drift rates',
    );
    market.drift.setRates({ silentPerMinute, deletedPerMinute });
    ctx.logger.warn({ silentPerMinute, deletedPerMinute }, 'continuous drift set');
    res.json(market.drift.current);
  });
  router.delete('/__sim/drift', (_req, res) => {
    market.drift.setRates(null);
    res.status(204).end();
  });
  router.get('/__sim/faults', (_req, res) => {
    res.json(faults.current ?? {});
  });
  router.put('/__sim/faults', (req, res) => {
    try {
      faults.current = faultsSchema.validateSync(req.body ?? {}, {
        abortEarly: false,
        stripUnknown: true,
      });
    } catch (error) {
      if (error instanceof yup.ValidationError)
        throw badRequest(`Faults: ${error.errors.join(' ')}`, error.errors);
      throw error;
    }
    ctx.logger.warn({ faults: faults.current }, 'faults set');
    res.json(faults.current);
  });
  router.delete('/__sim/faults', (_req, res) => {
    faults.current = null;
    res.status(204).end();
  });
  router.get('/__sim/stats', (_req, res) => {
    res.json(stats.snapshot());
  });
  router.post('/__sim/stats/reset', (_req, res) => {
    stats.reset();
    res.json(stats.snapshot());
  });
  return router;
}
