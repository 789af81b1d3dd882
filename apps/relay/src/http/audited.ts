/**
 * The audit log of writes through the relay, and the admins' route that reads it.
 * Invariant: every write route's request is recorded (pending) before the write is made and
 * finished with its outcome after; a write route without an audit spec is refused at start.
 */
import { API, parseAuditQuery, type AuditEntry, type AuditOutcome } from '@referrals/shared';
import type { ProfileResolver } from '../auth/profile.js';
import type { AuditLog } from '../db/auditLog.js';
import { fail, ok, principalOf, type ApiRequest, type ApiResponse, type Route } from './api.js';

/**
 * Records every write through the relay in the audit log: each write route's handler is wrapped
 * so the entry is written (pending) before the write is made, and finished with its outcome after.
 * A route marked `write` without an audit spec is refused at start, so no write goes unrecorded.
 * `published` hears each finished entry (the live Audit Log screen).
 */
export function audited(
  routes: readonly Route[],
  log: AuditLog,
  profiles: ProfileResolver,
  published: (entry: AuditEntry) => void,
): Route[] {
  return routes.map((route) => {
    if (!route.write) return route;
    const spec = route.audit;
    if (!spec) {
      throw new Error(`write route ${route.method.toUpperCase()} ${route.path} has no audit spec`);
    }
    const handler = async (req: ApiRequest): Promise<ApiResponse> => {
      const p = principalOf(req);
      const agency = await profiles.resolve(p).then(
        (profile) => profile.agencyName,
        () => null,
      );
      const entry = await log.begin({
        requestId: req.requestId,
        actor: p.username,
        agency,
        action: spec.action,
        target: (await spec.target?.(req)) ?? null,
        before: (await spec.before?.(req)) ?? null,
      });
      let answer: ApiResponse;
      try {
        answer = await route.handler(req);
      } catch (err) {
        published(await log.finish(entry, { outcome: 'failed', status: 500, after: null }));
        throw err;
      }
      const body = 'body' in answer ? answer.body : null;
      const outcome: Exclude<AuditOutcome, 'pending'> =
        answer.status < 300 ? 'ok' : answer.status >= 500 ? 'failed' : 'refused';
      const after = outcome === 'ok' ? (spec.after ? spec.after(body, req) : body) : reasonOf(body);
      published(await log.finish(entry, { outcome, status: answer.status, after }));
      return answer;
    };
    return { ...route, handler };
  });
}

/** The reason of a refused or failed write: its error and field messages, nothing else. */
function reasonOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error, details } = body as { error: unknown; details?: unknown };
  return Array.isArray(details) && details.every((d) => typeof d === 'string')
    ? { error, details }
    : { error };
}

/** `GET /api/audit-log`: the audit log for admins, filtered and paged (newest first). */
export function auditLogRoutes(log: AuditLog): Route[] {
  return [
    {
      ...API.auditLog,
      guard: 'admin',
      handler: async (req) => {
        const q = parseAuditQuery(req.query);
        if (!q.ok) return fail(400, 'invalid audit-log query', q.errors);
        return ok(await log.list(q.query));
      },
    },
  ];
}
