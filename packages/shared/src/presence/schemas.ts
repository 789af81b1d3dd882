/**
 * Validation of what a client sends about presence: one of PresenceRequest's kinds, nothing
 * else. Parsed by hand (two small shapes), never thrown from: a bad request gets a reason.
 */
import { ROW_WATCH_MAX, type PresenceRequest } from './protocol.js';

type Parsed = { ok: true; request: PresenceRequest } | { ok: false; error: string };

const ID_RULE = 'referralId must be a whole number of at least 1, or null';
const ROWS_RULE = `referralIds must be a list of at most ${ROW_WATCH_MAX} whole numbers of at least 1`;

const isId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id >= 1;

/** The fields of `r` other than `allowed`, as the refusal's text ('' when none). */
function extraFields(r: Record<string, unknown>, allowed: readonly string[]): string {
  const extra = Object.keys(r).filter((k) => !allowed.includes(k));
  return extra.length > 0 ? `unknown field(s) ${extra.join(', ')}` : '';
}

/** Validates a presence request; returns the request or an error text, never throws. */
export function parsePresenceRequest(input: unknown): Parsed {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, error: 'request must be an object with a kind' };
  const r = input as Record<string, unknown>;
  if (r.kind === 'watchHolds') {
    const extra = extraFields(r, ['kind']);
    return extra ? { ok: false, error: extra } : { ok: true, request: { kind: 'watchHolds' } };
  }
  if (r.kind === 'view') {
    const extra = extraFields(r, ['kind', 'referralId']);
    if (extra) return { ok: false, error: extra };
    const id = r.referralId;
    if (id === null) return { ok: true, request: { kind: 'view', referralId: null } };
    if (!isId(id)) return { ok: false, error: ID_RULE };
    return { ok: true, request: { kind: 'view', referralId: id } };
  }
  if (r.kind === 'watchRows') {
    const extra = extraFields(r, ['kind', 'referralIds']);
    if (extra) return { ok: false, error: extra };
    const ids = r.referralIds;
    if (!Array.isArray(ids) || ids.length > ROW_WATCH_MAX || !ids.every(isId))
      return { ok: false, error: ROWS_RULE };
    return { ok: true, request: { kind: 'watchRows', referralIds: [...new Set(ids)] } };
  }
  return { ok: false, error: `unknown presence kind '${String(r.kind)}'` };
}
