/**
 * The audit log: one entry for every write made through the relay (who, when, what, before and
 * after, and the request's id). The relay records it; admins read it on the Audit Log screen.
 */

import * as yup from 'yup';
import { parseQuery, queryInt, queryText } from '../lists/querySchema.js';

/** What was written. */
export const AUDIT_ACTIONS = [
  'referral.claim',
  'marketplace.create',
  'marketplace.update',
  'marketplace.listSave',
  'marketplace.selfServe',
  'marketplace.selfServeBounds',
  'marketplace.pauseApplied',
  'featureFlag.create',
  'featureFlag.update',
  'preferences.update',
  'pipeline.update',
  'return.request',
  'return.decide',
  'referral.hold',
  'referral.holdRelease',
  'agency.contactTarget',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Words for each action, for the screen and the filter. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'referral.claim': 'Referral claimed',
  'marketplace.create': 'Marketplace created',
  'marketplace.update': 'Marketplace updated',
  'marketplace.listSave': 'Marketplace order saved',
  'marketplace.selfServe': 'Marketplace paused or capped by its agency',
  'marketplace.selfServeBounds': 'Agency cap bounds set',
  'marketplace.pauseApplied': 'Marketplace pause started or ended',
  'featureFlag.create': 'Feature flag created',
  'featureFlag.update': 'Feature flag updated',
  'preferences.update': 'Preferences saved',
  'pipeline.update': 'Progress updated',
  'return.request': 'Return requested',
  'return.decide': 'Return decided',
  'referral.hold': 'Referral held for a call',
  'referral.holdRelease': 'Referral hold released',
  'agency.contactTarget': 'Contact target set',
};

/**
 * How a write ended: done; refused (bad input, stale version, no longer available: nothing
 * changed); failed (the upstream or the database failed); pending (the relay lost its database
 * after the write began and could not record how it ended).
 */
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed', 'pending'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One entry of the audit log. */
export interface AuditEntry {
  /** Increasing with time of recording. */
  readonly id: number;
  /** When the write began (ISO 8601). */
  readonly at: string;
  /** The request's id (also in the access log and in error bodies). */
  readonly requestId: string;
  /** The verified user who made the write. */
  readonly actor: string;
  /** The user's agency, when they have one. */
  readonly agency: string | null;
  readonly action: AuditAction;
  /** What was written, e.g. 'referral 1234', 'marketplace 7', 'flag 3', or null. */
  readonly target: string | null;
  readonly outcome: AuditOutcome;
  /** The HTTP status the write answered (null while pending). */
  readonly status: number | null;
  /** The state before the write, as the relay knew it (null when there was none). */
  readonly before: unknown;
  /** The state after the write, or `{ error }` when it was refused or failed. */
  readonly after: unknown;
}

/** A page of the audit log (1-based pages, newest first). */
export interface AuditPage {
  readonly page: number;
  readonly size: number;
  readonly totalElements: number;
  readonly totalPages: number;
  readonly content: readonly AuditEntry[];
}

/** Largest audit page a client may ask for. */
export const AUDIT_MAX_PAGE_SIZE = 100;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;

/** The filters of `GET /api/audit-log`; every one optional. */
export interface AuditQuery {
  /** The actor's username, exactly. */
  readonly user: string | null;
  readonly action: AuditAction | null;
  /** Entries at or after this instant. */
  readonly from: string | null;
  /** Entries before this instant. */
  readonly to: string | null;
  /** 1-based. */
  readonly page: number;
  readonly size: number;
}

/** An ISO date or date-time, as an instant (ISO text); the original text is checked first. */
const instant = (name: string) =>
  queryText()
    .test(
      'instant',
      `${name} must be an ISO date or date-time`,
      (v) => v === undefined || !Number.isNaN(instantMs(v)),
    )
    .transform((v: string) => {
      const ms = instantMs(v);
      return Number.isNaN(ms) ? v : new Date(ms).toISOString();
    });
const instantMs = (raw: string) =>
  /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(raw) ? Date.parse(raw) : NaN;

/** The URL form of an audit query. */
export const auditQuerySchema = yup.object({
  user: queryText().max(200, 'user must be at most 200 characters'),
  action: queryText().oneOf(AUDIT_ACTIONS, `action must be one of ${AUDIT_ACTIONS.join(', ')}`),
  from: instant('from').test('order', 'from must be before to', function (from) {
    const to = (this.parent as { to?: unknown }).to;
    return (
      from === undefined || typeof to !== 'string' || Number.isNaN(Date.parse(to)) || from < to
    );
  }),
  to: instant('to'),
  page: queryInt(1, 1_000_000),
  size: queryInt(1, AUDIT_MAX_PAGE_SIZE),
});

/**
 * Reads an audit query from URL parameters: user, action (one of AUDIT_ACTIONS), from and to
 * (ISO dates or date-times), page (1-based) and size (1 to 100). Every problem is reported.
 */
export function parseAuditQuery(
  params: Readonly<Record<string, unknown>>,
): { ok: true; query: AuditQuery } | { ok: false; errors: string[] } {
  const parsed = parseQuery(auditQuerySchema, params);
  if (!parsed.ok) return parsed;
  const q = parsed.value;
  return {
    ok: true,
    query: {
      user: q.user ?? null,
      action: q.action ?? null,
      from: q.from ?? null,
      to: q.to ?? null,
      page: q.page ?? 1,
      size: q.size ?? AUDIT_DEFAULT_PAGE_SIZE,
    },
  };
}
