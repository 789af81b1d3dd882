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
  ProgressStatus,
  type ConversionInput,
  type Opportunity,
} from '@referrals/shared';
import { pipelinesOf, type PipelineStore } from '../../db/pipeline.js';
import type { ReturnStore } from '../../db/returns.js';
import { nextSlice } from '../../lib/slices.js';
import { ok, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { SLICE } from './filtered.js';
import { windowPurchases } from './window.js';

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
      const w = await windowPurchases(d, req, 'conversion');
      if (!w.ok) return w.answer;
      const { purchases, agency, since } = w.window;
      const rows = await conversionRows(purchases.content, pipeline, returns);
      return ok({
        seq: purchases.seq,
        scope: agency === null ? 'market' : 'agency',
        agency,
        ...conversionOf(rows, { since, byAgency: agency === null }),
      });
    },
  };
}
