import type { Opportunity, OpportunitySource } from '@referrals/shared';
import type { Request, Response } from 'express';
import * as yup from 'yup';
import type { SimContext } from '../context.js';
import { SOURCES } from '../generator/catalog.js';
import { badRequest, HttpError, idParam, notFound, queryText, validateBody } from './http.js';
import { pageOf, parsePaging, type SortKey } from './paging.js';
import {
  BY_ADD_DATE_DESC,
  isClaimable,
  REFERRAL_SORT_FIELDS,
  referralFilter,
  sortReferrals,
} from './referralQuery.js';
import { Routes } from './table.js';
import { acquiredBy, inAppetiteOf } from './userScope.js';

/** How far back the recent-referral call looks when no startDate is given. */
const RECENT_WINDOW_MS = 24 * 3_600_000;
const BY_LAST_MOD_DESC: readonly SortKey[] = [{ field: 'lastModDate', direction: 'desc' }];

const claimBodySchema = yup.object({
  username: yup.string().trim().required('username is required'),
});

type Scope = (o: Opportunity) => boolean;

/**
 * Answers a referral list: the scope of the call, the query's filters, the username's view when
 * one is given, then sort and page.
 */
export function listReferrals(
  ctx: SimContext,
  req: Request,
  res: Response,
  scope: Scope,
  defaults: readonly SortKey[],
  byUser?: (username: string) => Scope,
): void {
  const now = ctx.clock.now();
  const paging = parsePaging(req, REFERRAL_SORT_FIELDS, defaults);
  const filter = referralFilter(req, now);
  const username = queryText(req, 'username');
  const user = username !== undefined && byUser ? byUser(username) : () => true;
  const items = ctx.market.state.referrals.all().filter((o) => scope(o) && filter(o) && user(o));
  res.json(pageOf(sortReferrals(items, paging.sort), paging));
}

/** The opportunity service's referral calls (agent-console section 7) and the claim. */
export function opportunityRoutes(ctx: SimContext): Routes {
  const state = ctx.market.state;
  const appetite = (username: string): Scope => inAppetiteOf(state, username);
  const acquired = (username: string): Scope => acquiredBy(state, username);
  const routes = new Routes(ctx.table);

  routes.get('/api/v3/opportunity/sources', (_req, res) => {
    res.json(SOURCES.map((sourceName): OpportunitySource => ({ sourceName })));
  });
  routes.get('/api/v1/opportunity/recent-referral', (req, res) => {
    const since = new Date(ctx.clock.now() - RECENT_WINDOW_MS).toISOString();
    const recent: Scope =
      queryText(req, 'startDate') === undefined ? (o) => o.addDate >= since : () => true;
    listReferrals(ctx, req, res, recent, BY_ADD_DATE_DESC, appetite);
  });
  routes.get('/api/v1/opportunity/available-referral', (req, res) => {
    const now = ctx.clock.now();
    listReferrals(ctx, req, res, (o) => isClaimable(o, now), BY_ADD_DATE_DESC, appetite);
  });
  routes.get('/api/v1/opportunity/purchased-referral', (req, res) => {
    const owned: Scope = (o) =>
      state.referrals.meta(o.opportunityId)?.ownerAgencyId !== undefined &&
      state.referrals.meta(o.opportunityId)?.ownerAgencyId !== null;
    listReferrals(ctx, req, res, owned, BY_LAST_MOD_DESC, acquired);
  });
  routes.get('/api/v1/opportunity/all-referral', (req, res) => {
    listReferrals(ctx, req, res, () => true, BY_ADD_DATE_DESC, appetite);
  });
  routes.get('/api/v1/opportunity/:id', (req, res) => {
    const id = idParam(req, 'id', 'Referral');
    const referral = state.referrals.get(id);
    if (referral === undefined) throw notFound(`Referral ${id}`);
    res.json(referral);
  });
  routes.post('/api/v1/opportunity/:id/claim', (req, res) => {
    const { username } = validateBody(claimBodySchema, req.body, 'Claim');
    const id = idParam(req, 'id', 'Referral');
    if (state.referrals.get(id) === undefined) throw notFound(`Referral ${id}`);
    // Check and write happen in one synchronous call: no await may split them.
    const outcome = ctx.market.claim(id, username, ctx.clock.now());
    switch (outcome.kind) {
      case 'claimed':
        ctx.logger.info({ id, username, price: outcome.referral.soldPrice }, 'referral claimed');
        res.json(outcome.referral);
        return;
      case 'unknown-user':
        throw badRequest(`User ${username} is unknown or belongs to no agency.`);
      case 'not-found':
        throw notFound(`Referral ${id}`);
      case 'conflict':
        throw new HttpError(409, outcome.reason);
    }
  });
  return routes;
}
