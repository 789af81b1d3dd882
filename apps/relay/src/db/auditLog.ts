/**
 * The audit log of every write made through the relay, in the relay's database, and the one rule
 * for when a purchase was claimed (its `referral.claim` entry, else the upstream's last change).
 * Invariant: a write is recorded as 'pending' before it is made (no record, no write), and its
 * outcome is recorded after; an outcome the database could not take goes to the log instead.
 */
import type {
  AuditAction,
  AuditEntry,
  AuditOutcome,
  AuditPage,
  AuditQuery,
  Opportunity,
} from '@referrals/shared';
import type { Selectable } from 'kysely';
import { logger } from '../log.js';
import { reach, type RelayDatabase } from './database.js';
import { pageOf } from './paging.js';
import type { AuditLogTable } from './schema.js';

const log = logger('audit');

/** A write about to be made: who, what, and the state before it. */
export interface AuditStart {
  readonly requestId: string;
  readonly actor: string;
  readonly agency: string | null;
  readonly action: AuditAction;
  readonly target: string | null;
  readonly before: unknown;
}

/** How the write ended. */
export interface AuditEnd {
  readonly outcome: Exclude<AuditOutcome, 'pending'>;
  readonly status: number;
  readonly after: unknown;
}

/** A claim made through the relay: when, and by whom. */
export interface Claim {
  readonly at: Date;
  readonly by: string;
}

/** The audit log of every write through the relay, in the relay's database. */
export interface AuditLog {
  /**
   * Records a write before it is made, as 'pending'. Throws DatabaseUnavailableError when the
   * database does not answer, so a write that could not be recorded is not made at all.
   */
  begin(start: AuditStart): Promise<AuditEntry>;
  /**
   * Records how the write ended. The write is done by then, so a database that went away
   * meanwhile does not fail it: the entry stays 'pending' and the whole outcome goes to the log.
   */
  finish(entry: AuditEntry, end: AuditEnd): Promise<AuditEntry>;
  /** One page of the log, newest first. */
  list(query: AuditQuery): Promise<AuditPage>;
  /** The latest successful claim through the relay of each referral that has one. */
  claimsOf(referralIds: readonly number[]): Promise<Map<number, Claim>>;
  /** When the latest claim of this referral through the relay succeeded, if one did. */
  claimedAt(referralId: number): Promise<Date | null>;
}

/**
 * When a purchase was claimed: its claim through the relay (`claimed`, from `claimsOf` or
 * `claimedAt`), else the upstream's last change, which it stamps at the claim. The contact clocks
 * and the return window both count from it.
 */
export const claimTimeOf = (
  o: Pick<Opportunity, 'addDate' | 'lastModDate'>,
  claimed: Date | null | undefined,
): Date => claimed ?? new Date(o.lastModDate ?? o.addDate);

const json = (v: unknown): string | null =>
  v === undefined || v === null ? null : JSON.stringify(v);

function entryOf(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    requestId: row.request_id,
    actor: row.actor,
    agency: row.agency,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    status: row.status,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The target an audit entry about a referral names. */
export const referralTarget = (referralId: number | string) => `referral ${referralId}`;

/** The latest successful claim of each of these referrals that has one, in one query. */
async function claimsIn(
  database: RelayDatabase,
  referralIds: readonly number[],
): Promise<Map<number, Claim>> {
  const { db } = database;
  database.assertReady();
  const out = new Map<number, Claim>();
  if (referralIds.length === 0) return out;
  const rows = await reach(() =>
    db
      .selectFrom('audit_log')
      .select(['target', 'at', 'actor'])
      .where('action', '=', 'referral.claim')
      .where('outcome', '=', 'ok')
      .where(
        'target',
        'in',
        referralIds.map((id) => referralTarget(id)),
      )
      .orderBy('at', 'asc')
      .execute(),
  );
  // Oldest first, so the latest claim of a referral is the one kept.
  for (const r of rows) {
    const id = Number((r.target ?? '').slice(referralTarget('').length));
    if (Number.isSafeInteger(id)) out.set(id, { at: new Date(r.at), by: r.actor });
  }
  return out;
}

export function databaseAuditLog(database: RelayDatabase): AuditLog {
  const { db } = database;
  const claimsOf = (referralIds: readonly number[]) => claimsIn(database, referralIds);
  return {
    async begin(start) {
      database.assertReady();
      const row = await reach(() =>
        db
          .insertInto('audit_log')
          .values({
            request_id: start.requestId,
            actor: start.actor,
            agency: start.agency,
            action: start.action,
            target: start.target,
            outcome: 'pending',
            status: null,
            before: json(start.before),
            after: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return entryOf(row);
    },
    async finish(entry, end) {
      const done: AuditEntry = { ...entry, ...end, after: end.after ?? null };
      try {
        await reach(() =>
          db
            .updateTable('audit_log')
            .set({ outcome: end.outcome, status: end.status, after: json(end.after) })
            .where('id', '=', String(entry.id))
            .execute(),
        );
      } catch (err) {
        log.error(
          { err, audit: done },
          'could not record how a write ended; the entry stays pending',
        );
      }
      return done;
    },
    claimsOf,
    // One referral's is read as the batch reads it: one query, one rule for which claim counts.
    async claimedAt(referralId) {
      return (await claimsOf([referralId])).get(referralId)?.at ?? null;
    },
    async list(q) {
      database.assertReady();
      let base = db.selectFrom('audit_log');
      if (q.user !== null) base = base.where('actor', '=', q.user);
      if (q.action !== null) base = base.where('action', '=', q.action);
      if (q.from !== null) base = base.where('at', '>=', new Date(q.from));
      if (q.to !== null) base = base.where('at', '<', new Date(q.to));
      return pageOf(
        q,
        () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          base
            .selectAll()
            .orderBy('at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        entryOf,
      );
    },
  };
}
