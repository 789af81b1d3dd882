/**
 * The returns of bought referrals, kept in the relay's database (the upstream has no return API).
 * Invariant: a referral has at most one return, and a return is decided at most once: a request
 * or decision that would break either writes nothing and throws ReturnConflictError.
 */
import type { ReturnReason, ReturnRequest, ReturnState, TimelineEntry } from '@referrals/shared';
import { sql, type Selectable } from 'kysely';
import { reach, type RelayDatabase } from './database.js';
import { pageOf, type DbPage } from './paging.js';
import type { ReturnTable } from './schema.js';

/** Why a return could not be recorded or decided: nothing was written. */
export class ReturnConflictError extends Error {
  constructor(
    message: string,
    readonly current: ReturnRequest | null,
  ) {
    super(message);
    this.name = 'ReturnConflictError';
  }
}

/** A page of returns, newest first (1-based pages). */
export type ReturnsPage = DbPage<ReturnRequest>;

/** Returns of bought referrals: the relay owns this workflow (the upstream has no return API). */
export interface ReturnStore {
  request(r: {
    referralId: number;
    agency: string;
    by: string;
    reason: ReturnReason;
    note: string | null;
    soldPrice: number | null;
    /** The timeline entries sent with it, kept as they are now (a snapshot). */
    evidence: readonly TimelineEntry[];
  }): Promise<ReturnRequest>;
  decide(id: number, d: { approve: boolean; comment: string; by: string }): Promise<ReturnRequest>;
  /** Each referral's return, if one was requested. */
  ofReferrals(ids: readonly number[]): Promise<Map<number, ReturnRequest>>;
  list(q: {
    agency: string | null;
    state: ReturnState | null;
    page: number;
    size: number;
  }): Promise<ReturnsPage>;
}

const money = (v: string | null): number | null => (v === null ? null : Number(v));

function returnOf(row: Selectable<ReturnTable>): ReturnRequest {
  return {
    id: Number(row.id),
    referralId: Number(row.referral_id),
    agency: row.agency,
    requestedBy: row.requested_by,
    requestedAt: new Date(row.requested_at).toISOString(),
    reason: row.reason,
    note: row.note,
    state: row.state,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    comment: row.comment,
    soldPrice: money(row.sold_price),
    credit: money(row.credit),
    evidence: row.evidence,
  };
}

/** The returns kept in the relay's database. */
export function databaseReturns(database: RelayDatabase): ReturnStore {
  return {
    request: (r) => requestReturn(database, r),
    decide: (id, d) => decideReturn(database, id, d),
    ofReferrals: (ids) => returnsOf(database, ids),
    list: (q) => listReturns(database, q),
  };
}

/** Records a return requested; a second request for the same referral writes nothing. */
async function requestReturn(
  database: RelayDatabase,
  r: Parameters<ReturnStore['request']>[0],
): Promise<ReturnRequest> {
  database.assertReady();
  const { db } = database;
  const row = await reach(() =>
    db
      .insertInto('referral_return')
      .values({
        referral_id: r.referralId,
        agency: r.agency,
        requested_by: r.by,
        reason: r.reason,
        note: r.note,
        state: 'requested',
        sold_price: r.soldPrice,
        evidence: JSON.stringify(r.evidence),
      })
      // One request per referral: a second one writes nothing.
      .onConflict((oc) => oc.column('referral_id').doNothing())
      .returningAll()
      .executeTakeFirst(),
  );
  if (row) return returnOf(row);
  const current = (await returnsOf(database, [r.referralId])).get(r.referralId) ?? null;
  throw new ReturnConflictError('A return was already requested for this referral.', current);
}

/** Approves or denies a requested return; one already decided is left as it is. */
async function decideReturn(
  database: RelayDatabase,
  id: number,
  d: Parameters<ReturnStore['decide']>[1],
): Promise<ReturnRequest> {
  database.assertReady();
  const { db } = database;
  const row = await reach(() =>
    db
      .updateTable('referral_return')
      .set((eb) => ({
        state: d.approve ? 'approved' : 'denied',
        decided_by: d.by,
        decided_at: new Date(),
        comment: d.comment,
        // An approved return credits what the referral sold for.
        credit: d.approve ? sql<number | null>`${eb.ref('sold_price')}` : null,
      }))
      .where('id', '=', String(id))
      .where('state', '=', 'requested')
      .returningAll()
      .executeTakeFirst(),
  );
  if (row) return returnOf(row);
  const current = await reach(() =>
    db.selectFrom('referral_return').selectAll().where('id', '=', String(id)).executeTakeFirst(),
  );
  if (!current) throw new ReturnConflictError('return not found', null);
  throw new ReturnConflictError('This return was already decided.', returnOf(current));
}

/** Each referral's return, if one was requested. */
async function returnsOf(
  database: RelayDatabase,
  ids: readonly number[],
): Promise<Map<number, ReturnRequest>> {
  database.assertReady();
  if (ids.length === 0) return new Map();
  const rows = await reach(() =>
    database.db
      .selectFrom('referral_return')
      .selectAll()
      .where('referral_id', 'in', ids.map(String))
      .execute(),
  );
  return new Map(rows.map((row) => [Number(row.referral_id), returnOf(row)]));
}

/** A page of returns, newest first, of an agency and in a state when they are given. */
async function listReturns(
  database: RelayDatabase,
  q: Parameters<ReturnStore['list']>[0],
): Promise<ReturnsPage> {
  database.assertReady();
  let base = database.db.selectFrom('referral_return');
  if (q.agency !== null) base = base.where('agency', '=', q.agency);
  if (q.state !== null) base = base.where('state', '=', q.state);
  return pageOf(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    (limit, offset) =>
      base
        .selectAll()
        .orderBy('requested_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    returnOf,
  );
}
