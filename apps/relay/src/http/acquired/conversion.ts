/**
 * `GET /api/conversion`: what the purchases of a window turned into: the caller's agency's, or
 * for admins the market's with each agency's. Read again by the dashboard when progress or
 * returns change.
 * Invariant: a user who is not an admin sees only their own agency's figures; one with no agency
 * gets 403.
 */
import {
  API,
  conversionOf,
  DATE_FILTER_SPAN_MS,
  parseQuery,
  ProgressStatus,
  QUERIES,
  type ConversionInput,
  type DateFilter,
  type Opportunity,
} from '@referrals/shared';
import { pipelinesOf, type PipelineStore } from '../../db/pipeline.js';
import type { ReturnStore } from '../../db/returns.js';
import { nextSlice } from '../../lib/slices.js';
import { fail, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { EXPORT_MAX_ROWS, SLICE } from './filtered.js';
import { acquiredScopeOf } from './query.js';

/** Each purchase with its progress and return, read a slice at a time. */
async function conversionRows(
  referrals: readonly Opportunity[],
  pipeline: PipelineStore,
  returns: ReturnStore,
): Promise<ConversionInput[]> {
  const rows: ConversionInput[] = [];
  for (let i = 0; i < referrals.length; i += SLICE) {
    const slice = referrals.slice(i, i + SLICE);
    const pipelines = await pipelinesOf(pipeline, slice);
    const returned = await returns.ofReferrals(slice.map((o) => o.opportunityId));
    slice.forEach((o, j) => {
      const r = returned.get(o.opportunityId);
      rows.push({
        agency: o.assignedAgency ?? '',
        businessLines: o.businessLines,
        source: o.source,
        state: o.state,
        soldPrice: o.soldPrice,
        status: pipelines[j]?.status ?? ProgressStatus.Open,
        returnState: r?.state ?? null,
        credit: r?.credit ?? null,
      });
    });
    await nextSlice();
  }
  return rows;
}

export function conversionRoute(
  d: GatewayDeps,
  pipeline: PipelineStore,
  returns: ReturnStore,
): Route {
  return {
    ...API.conversion,
    guard: 'signedIn',
    handler: async (req) => {
      const p = principalOf(req);
      const q = parseQuery(QUERIES.conversion, req.query);
      if (!q.ok) return fail(400, 'invalid conversion query', q.errors);
      const dateFilter = (q.value.dateFilter as DateFilter | undefined) ?? '30days';
      const mine = await acquiredScopeOf(d.profiles, p);
      if (!mine) return fail(403, 'your account has no agency');
      const all = await d.readModel.referralIndex.page(mine.scope, {
        dateFilter,
        showClaimed: true,
        sort: null,
        page: 0,
        size: EXPORT_MAX_ROWS,
      });
      const rows = await conversionRows(all.content, pipeline, returns);
      const since = new Date(d.now().getTime() - DATE_FILTER_SPAN_MS[dateFilter]);
      return ok({
        seq: all.seq,
        scope: mine.agency === null ? 'market' : 'agency',
        agency: mine.agency,
        ...conversionOf(rows, { since: since.toISOString(), byAgency: mine.agency === null }),
      });
    },
  };
}
