import type { SimContext } from '../context.js';
import { badRequest, idParam, notFound, queryText } from './http.js';
import { pageOf, parsePaging } from './paging.js';
import { Routes } from './table.js';

/** The prepaid-balance path: the one upstream call that takes no basic auth. */
export const PREPAID_BALANCE_PATH = '/iw/api/v1/agency/:id/settings/claim-it/prepaid/balance';
const NO_SORT: ReadonlySet<string> = new Set();

/** Agency lookups of the core API, the agency-user ("iw") service and the console user lookup. */
export function agencyRoutes(ctx: SimContext): Routes {
  const { directory } = ctx.market.state;
  const routes = new Routes(ctx.table);

  routes.get('/api/v3/agencies', (req, res) => {
    const text = queryText(req, 'fulcrumId');
    if (text === undefined) {
      res.json({ content: directory.allAgencies() });
      return;
    }
    const agency = /^\d+$/.test(text) ? directory.agency(Number(text)) : undefined;
    if (agency === undefined) throw notFound(`Agency ${text}`);
    res.json({ content: [agency] });
  });
  routes.get(PREPAID_BALANCE_PATH, (req, res) => {
    const id = idParam(req, 'id', 'Agency');
    const balance = directory.balance(id);
    if (balance === undefined) throw notFound(`Agency ${id}`);
    res.json(balance);
  });
  routes.get('/iw/api/v1/agency/:id/users', (req, res) => {
    const id = idParam(req, 'id', 'Agency');
    if (directory.agency(id) === undefined) throw notFound(`Agency ${id}`);
    const { content, totalPages, totalElements, number, size } = pageOf(
      directory.usersOf(id),
      parsePaging(req, NO_SORT, []),
    );
    res.json({ content, totalPages, totalElements, number, size });
  });
  routes.get('/iw/api/v1/users', (req, res) => {
    const email = queryText(req, 'filter.email');
    if (email === undefined) throw badRequest('Query parameter filter.email is required.');
    // An unknown address is an empty answer, not a 404: the form then says "No user found".
    res.json({ content: directory.usersByEmail(email) });
  });
  routes.get('/api/v3/user', (req, res) => {
    const username = queryText(req, 'username');
    if (username === undefined) throw badRequest('Query parameter username is required.');
    const user = directory.consoleUser(username);
    if (user === undefined) throw notFound(`User ${username}`);
    res.json(user);
  });
  return routes;
}
