/**
 * The evidence of a return: the entries of the referral's timeline the agency chose, as stored.
 * Invariant: evidence is built from the relay's own records, never from text the client sent;
 * an id that names no entry of this referral's timeline refuses the whole request.
 */
import { timelineOf, type Pipeline, type TimelineEntry } from '@referrals/shared';

/** The chosen entries, in timeline order, or the ids that name none of its entries. */
export type Evidence =
  { ok: true; entries: TimelineEntry[] } | { ok: false; unknown: readonly string[] };

/** The entries of `pipeline`'s timeline that `ids` names; every entry when `ids` is undefined. */
export function evidenceOf(pipeline: Pipeline, ids: readonly string[] | undefined): Evidence {
  const timeline = timelineOf(pipeline);
  if (ids === undefined) return { ok: true, entries: timeline };
  const known = new Set(timeline.map((e) => e.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) return { ok: false, unknown };
  const chosen = new Set(ids);
  return { ok: true, entries: timeline.filter((e) => chosen.has(e.id)) };
}

/** Why evidence naming `unknown` is refused. */
export const unknownEvidenceMessage = (unknown: readonly string[]): string =>
  `Evidence names ${unknown.length === 1 ? 'an entry' : 'entries'} not in this referral's timeline: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}.`;
