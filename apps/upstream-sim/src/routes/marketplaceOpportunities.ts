import type { Request, Response } from 'express';
import * as yup from 'yup';
import type { SimContext } from '../context.js';
import { badRequest, queryText, validateBody } from './http.js';
import { parsePaging, type SortKey } from './paging.js';
import { listReferrals } from './opportunities.js';
import { answerList } from './referralList.js';
import { BY_ADD_DATE_DESC, parseListFilter, REFERRAL_SORT_FIELDS } from './referralQuery.js';
import { Routes } from './table.js';
import { acquiredBy, inAppetiteOf } from './userScope.js';

const BY_EXPIRATION: SortKey = { field: 'marketplaceExpirationDate', direction: 'asc' };
const BY_LAST_MOD_DESC: readonly SortKey[] = [{ field: 'lastModDate', direction: 'desc' }];
const acquiredBodySchema = yup.object({
  username: yup.string().trim().required('username is required'),
});

/**
 * The username of a marketplace-opportunities call: from the path, else the query. Without one the
 * call is the admin view, every referral (agent-console: admins' lists are not filtered).
 */
function usernameOf(req: Request): string | undefined {
  const fromPath = req.params.username as string | undefined;
  if (fromPath !== undefined && fromPath.trim() === '')
    throw badRequest('username must not be blank.');
  const username = fromPath ?? queryText(req, 'username');
  return username === undefined || username.trim() === '' ? undefined : username.trim();
}

/**
 * The marketplace calls of the agent console: referrals inside the appetite of a user's agency
 * marketplace, the same ordered by expiration first, and the referrals the agency acquired.
 */
export function marketplaceOpportunityRoutes(ctx: SimContext): Routes {
  const state = ctx.market.state;
  const routes = new Routes(ctx.table);
  const inAppetite = (req: Request, res: Response, byExpiration: boolean): void => {
    const username = usernameOf(req);
    const scope = username === undefined ? [] : [inAppetiteOf(state, username)];
    const paging = parsePaging(req, REFERRAL_SORT_FIELDS, BY_ADD_DATE_DESC);
    const filter = parseListFilter(req);
    // The by-expiration call always puts the soonest expiry first; a given sort breaks ties.
    const sort = byExpiration
      ? [BY_EXPIRATION, ...paging.sort.filter((k) => k.field !== BY_EXPIRATION.field)]
      : paging.sort;
    // The admin view (no user) is what the relay pages through on every poll: ordered by addDate
    // from startDate, each page is a slice of a kept view, found by rank.
    res.json(
      answerList(ctx.views, {
        scope,
        filter,
        addedSince: null,
        claimableAt: filter.claimableOnly ? ctx.clock.now() : null,
        paging: { ...paging, sort },
      }),
    );
  };

  routes.get('/api/v1/marketplace-opportunities', (req, res) => inAppetite(req, res, false));
  routes.get('/api/v1/marketplace-opportunities-by-expiration', (req, res) =>
    inAppetite(req, res, true),
  );
  routes.get('/api/v1/marketplace-opportunities/:username', (req, res) =>
    inAppetite(req, res, false),
  );
  routes.post('/api/v1/acquired-marketplace-opportunities', (req, res) => {
    const { username } = validateBody(acquiredBodySchema, req.body, 'Acquired referrals');
    listReferrals(ctx, req, res, { conditions: [acquiredBy(state, username)] }, BY_LAST_MOD_DESC);
  });
  return routes;
}
