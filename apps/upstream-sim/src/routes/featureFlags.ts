import { featureFlagSchema } from '@referrals/shared';
import type { SimContext } from '../context.js';
import { HttpError, idParam, notFound, validateBody } from './http.js';
import { Routes } from './table.js';

const createSchema = featureFlagSchema.omit(['id']);

/**
 * Feature-flag calls: list, get by name, create, update by id. Errors carry the reason in `error`,
 * which the screen's toast shows.
 */
export function featureFlagRoutes(ctx: SimContext): Routes {
  const { flags } = ctx.market.state;
  const routes = new Routes(ctx.table);

  routes.get('/api/v3/feature-flag', (_req, res) => {
    res.json(flags.list());
  });
  routes.get('/api/v3/feature-flag/:name', (req, res) => {
    const name = req.params.name as string;
    const flag = flags.byName(name);
    if (flag === undefined) throw notFound(`Feature flag ${name}`);
    res.json(flag);
  });
  routes.post('/api/v3/feature-flag', (req, res) => {
    const body = validateBody(createSchema, req.body, 'Feature flag');
    if (flags.byName(body.name) !== undefined)
      throw new HttpError(409, `Feature flag ${body.name} already exists.`);
    res.status(201).json(flags.create(body));
  });
  routes.post('/api/v3/feature-flag/:id', (req, res) => {
    const id = idParam(req, 'id', 'Feature flag');
    const body = validateBody(featureFlagSchema, req.body, 'Feature flag');
    if (body.id !== id)
      throw new HttpError(400, `Feature flag: body id ${body.id} does not match path id ${id}.`);
    const clash = flags.byName(body.name);
    if (clash !== undefined && clash.id !== id)
      throw new HttpError(409, `Feature flag ${body.name} already exists.`);
    const updated = flags.update(body);
    if (updated === undefined) throw notFound(`Feature flag ${id}`);
    res.json(updated);
  });
  return routes;
}
