import type { OpportunitySource } from '@referrals/shared';
import type { Request, Response } from 'express';
import * as yup from 'yup';
import type { SimContext } from '../context.js';
import { SOURCES } from '../generator/catalog.js';
import { badRequest, HttpError, idParam, notFound, queryText, validateBody } from './http.js';
import { parsePaging, type SortKey } from './paging.js';
import { answerList } from './referralList.js';
import {
  BY_ADD_DATE_DESC,
  parseListFilter,
  REFERRAL_SORT_FIELDS,
  STATUS_AVAILABLE,
  type Condition,
} from './referralQuery.js';
import { Routes } from './table.js';
import { acquiredBy, acquiredByAnyone, inAppetiteOf } from './userScope.js';

/** How far back the recent-referral call looks when no startDate is given. */
const RECENT_WINDOW_MS = 24 * 3_600_000;
const BY_LAST_MOD_DESC: readonly SortKey[] = [{ field: 'lastModDate', direction: 'desc' }];

const claimBodySchema = yup.object({
  username: yup.string().trim().required('username is required'),
});

/** What a list call itself restricts, before the query's filters. */
export interface ListScope {
  /** Conditions on stored fields. */
  readonly conditions?: readonly Condition[];
  /** A lower bound on addDate that slides with the clock (ISO). */
  readonly addedSince?: string | null;
  /** Only referrals claimable at the moment of the request. */
  readonly claimable?: boolean;
}

/**
 * Answers a referral list: the scope of the call, the query's filters, the username's view when
 * one is given, then sort and page, from the kept views (see `answerList`).
 */
export function listReferrals(
  ctx: SimContext,
  req: Request,
  res: Response,
  scope: ListScope,
  defaults: readonly SortKey[],
  byUser?: (username: string) => Condition,
): void {
  const now = ctx.clock.now();
  const paging = parsePaging(req, REFERRAL_SORT_FIELDS, defaults);
  const filter = parseListFilter(req);
  const username = queryText(req, 'username');
  const user = username !== undefined && byUser ? [byUser(username)] : [];
  const claimable = scope.claimable === true || filter.claimableOnly;
  res.json(
    answerList(ctx.views, {
      scope: [...(scope.conditions ?? []), ...user],
      filter,
      addedSince: scope.addedSince ?? null,
      claimableAt: claimable ? now : null,
      paging,
    }),
  );
}

/** The opportunity service's referral calls (agent-console section 7) and the claim. */
export function opportunityRoutes(ctx: SimContext): Routes {
  const state = ctx.market.state;
  const appetite = (username: string): Condition => inAppetiteOf(state, username);
  const acquired = (username: string): Condition => acquiredBy(state, username);
  const routes = new Routes(ctx.table);

  routes.get('/api/v3/opportunity/sources', (_req, res) => {
    res.json(SOURCES.map((sourceName): OpportunitySource => ({ sourceName })));
  });
  routes.get('/api/v1/opportunity/recent-referral', (req, res) => {
    const since = new Date(ctx.clock.now() - RECENT_WINDOW_MS).toISOString();
    const addedSince = queryText(req, 'startDate') === undefined ? since : null;
    listReferrals(ctx, req, res, { addedSince }, BY_ADD_DATE_DESC, appetite);
  });
  routes.get('/api/v1/opportunity/available-referral', (req, res) => {
    const scope = { conditions: [STATUS_AVAILABLE], claimable: true };
    listReferrals(ctx, req, res, scope, BY_ADD_DATE_DESC, appetite);
  });
  routes.get('/api/v1/opportunity/purchased-referral', (req, res) => {
    const scope = { conditions: [acquiredByAnyone(state)] };
    listReferrals(ctx, req, res, scope, BY_LAST_MOD_DESC, acquired);
  });
  routes.get('/api/v1/opportunity/all-referral', (req, res) => {
    listReferrals(ctx, req, res, {}, BY_ADD_DATE_DESC, appetite);
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
