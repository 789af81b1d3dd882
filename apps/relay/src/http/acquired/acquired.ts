/**
 * `GET /api/acquired`: a page of the acquired list (an agency's purchases; every agency's, the
 * Claim-It Transactions, for admins), narrowed by the progress filters.
 * Invariant: without a progress filter the page comes straight from the index; with one, it is
 * cut from the whole filtered list, so its total counts the filtered rows.
 */
import { API } from '@referrals/shared';
import type { PipelineStore } from '../../db/pipeline.js';
import { ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { emptyPage, loadingNoteOf, sharedListAnswer } from '../referrals/listPage.js';
import { SharedPages } from '../referrals/sharedPages.js';
import { filteredRows } from './filtered.js';
import { acquiredScopeOf, filtering, parseAcquiredQuery } from './query.js';

export function acquiredRoute(d: GatewayDeps, pipeline: PipelineStore): Route {
  const { readModel } = d;
  const index = readModel.referralIndex;
  const shared = new SharedPages(() => index.seq);
  return {
    ...API.acquired,
    guard: 'signedIn',
    handler: async (req) => {
      const parsed = parseAcquiredQuery(req);
      if (!parsed.ok) return parsed.answer;
      const { query: q, filter } = parsed;
      const mine = await acquiredScopeOf(d.profiles, principalOf(req));
      if (!mine) {
        return ok({ ...emptyPage(index.seq, q), ...loadingNoteOf(readModel) });
      }
      if (!filtering(filter)) {
        return sharedListAnswer(readModel, shared, req, {
          scope: mine.scope,
          query: q,
          projection: 'whole',
        });
      }
      const { seq, rows } = await filteredRows(index, pipeline, mine.scope, q, filter);
      return ok({
        seq,
        content: rows.slice(q.page * q.size, (q.page + 1) * q.size),
        totalElements: rows.length,
        page: q.page,
        size: q.size,
        ...loadingNoteOf(readModel),
      });
    },
  };
}
