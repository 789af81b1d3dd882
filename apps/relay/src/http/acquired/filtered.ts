/**
 * The whole acquired list of a scope, narrowed by the progress filter: what the filtered page
 * and the export are cut from.
 * Invariant: one pass over the list and one read of its pipelines, in slices of `SLICE`; at most
 * `EXPORT_MAX_ROWS + 1` rows are read, so a caller can tell a list too large to export.
 */
import type { ReferralQuery } from '@referrals/shared';
import { pipelinesOf, type PipelineStore } from '../../db/pipeline.js';
import { withState, type ListScope, type ReadModel } from '../../readModel/api.js';
import { filtering, type ProgressFilter } from './query.js';

/** Most rows one export holds; a larger list is refused with a reason (narrow the filters). */
export const EXPORT_MAX_ROWS = 200_000;

/** Rows read from the index, and pipelines from the database, per slice of a whole list. */
export const SLICE = 2000;

/**
 * Every referral of the list in its order, narrowed by the progress filter: one pass over the
 * list (an agency's purchases; all of them for admins) and one read of its pipelines.
 */
export async function filteredRows(
  index: ReadModel['referralIndex'],
  pipeline: PipelineStore,
  scope: ListScope,
  q: ReferralQuery,
  f: ProgressFilter,
) {
  const all = await index.page(withState(scope, q.state), {
    ...q,
    page: 0,
    size: EXPORT_MAX_ROWS + 1,
  });
  if (!filtering(f)) return { seq: all.seq, rows: all.content };
  const keep = new Set<number>();
  for (let i = 0; i < all.content.length; i += SLICE) {
    const slice = all.content.slice(i, i + SLICE);
    const pipelines = await pipelinesOf(pipeline, slice);
    for (const p of pipelines) {
      const statusOk = f.statuses === null || f.statuses.has(p.status);
      const dueOk = f.dueBy === null || (p.followUpOn !== null && p.followUpOn <= f.dueBy);
      if (statusOk && dueOk) keep.add(p.referralId);
    }
  }
  return { seq: all.seq, rows: all.content.filter((o) => keep.has(o.opportunityId)) };
}
