/**
 * Validation of what a client sends about presence: one of PresenceRequest's kinds, nothing
 * else. Parsed by hand (two small shapes), never thrown from: a bad request gets a reason.
 */
import type { PresenceRequest } from './protocol.js';

type Parsed = { ok: true; request: PresenceRequest } | { ok: false; error: string };

const ID_RULE = 'referralId must be a whole number of at least 1, or null';

/** Validates a presence request; returns the request or an error text, never throws. */
export function parsePresenceRequest(input: unknown): Parsed {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, error: 'request must be an object with a kind' };
  const r = input as Record<string, unknown>;
  const keys = Object.keys(r);
  if (r.kind === 'watchHolds') {
    const extra = keys.filter((k) => k !== 'kind');
    return extra.length > 0
      ? { ok: false, error: `unknown field(s) ${extra.join(', ')}` }
      : { ok: true, request: { kind: 'watchHolds' } };
  }
  if (r.kind === 'view') {
    const extra = keys.filter((k) => k !== 'kind' && k !== 'referralId');
    if (extra.length > 0) return { ok: false, error: `unknown field(s) ${extra.join(', ')}` };
    const id = r.referralId;
    if (id === null) return { ok: true, request: { kind: 'view', referralId: null } };
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
      return { ok: false, error: ID_RULE };
    return { ok: true, request: { kind: 'view', referralId: id } };
  }
  return { ok: false, error: `unknown presence kind '${String(r.kind)}'` };
}
