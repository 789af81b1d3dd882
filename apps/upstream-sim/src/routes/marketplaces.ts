import { marketplaceCreateSchema, marketplaceSchema, prioritiesSchema } from '@referrals/shared';
import type { SimContext } from '../context.js';
import { badRequest, idParam, notFound, validateBody } from './http.js';
import { pageOf, parsePaging } from './paging.js';
import { Routes } from './table.js';

const NO_SORT: ReadonlySet<string> = new Set();

/** The marketplace administration calls (marketplace-admin section 7). */
export function marketplaceRoutes(ctx: SimContext): Routes {
  const { marketplaces, delivery } = ctx.market.state;
  const routes = new Routes(ctx.table);

  routes.get('/api/v3/marketplaces', (_req, res) => {
    res.json(marketplaces.list());
  });
  routes.get('/api/v3/marketplaces/delivery-stats', (_req, res) => {
    res.json(delivery.allStats());
  });
  routes.get('/api/v3/marketplaces/delivery-errors', (req, res) => {
    const { totalElements, totalPages, content, number, size } = pageOf(
      delivery.errors(),
      parsePaging(req, NO_SORT, []),
    );
    res.json({ content, totalElements, totalPages, number, size });
  });
  routes.post('/api/v3/marketplaces/priorities', (req, res) => {
    const entries = validateBody(prioritiesSchema, req.body, 'Priorities');
    const unknown = marketplaces.unknownIds(entries);
    if (unknown.length > 0)
      throw badRequest(`Priorities: unknown marketplace ids ${unknown.join(', ')}.`);
    res.json(marketplaces.setPriorities(entries));
  });
  routes.get('/api/v3/marketplaces/:id', (req, res) => {
    const id = idParam(req, 'id', 'Marketplace');
    const marketplace = marketplaces.get(id);
    if (marketplace === undefined) throw notFound(`Marketplace ${id}`);
    res.json(marketplace);
  });
  routes.post('/api/v3/marketplaces', (req, res) => {
    const body = validateBody(marketplaceCreateSchema, req.body, 'Marketplace');
    const created = marketplaces.create(body, ctx.clock.now());
    ctx.logger.info({ id: created.id, name: created.marketplaceName }, 'marketplace created');
    res.status(201).json(created);
  });
  routes.post('/api/v3/marketplaces/:id', (req, res) => {
    const id = idParam(req, 'id', 'Marketplace');
    const body = validateBody(marketplaceSchema, req.body, 'Marketplace');
    if (body.id !== id)
      throw badRequest(`Marketplace: body id ${body.id} does not match path id ${id}.`);
    const updated = marketplaces.update(body);
    if (updated === undefined) throw notFound(`Marketplace ${id}`);
    res.json(updated);
  });
  return routes;
}
