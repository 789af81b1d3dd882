/**
 * The progress of bought referrals (status, follow-up, notes), in the relay's database, with its
 * history: each status change and contact attempt is an event stamped with who and when.
 * Invariant: a save applies only on top of the version it read (optimistic concurrency); a stale
 * one writes nothing (no note, no event) and throws StalePipelineError with the current pipeline.
 */
import {
  newPipeline,
  type Opportunity,
  type Pipeline,
  type PipelineEvent,
  type PipelineNote,
  type PipelineUpdate,
  type ProgressStatus,
} from '@referrals/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import { reach, type RelayDatabase } from './database.js';
import type { Database } from './schema.js';

/** A save that named a version other than the stored one: nothing was written. */
export class StalePipelineError extends Error {
  constructor(readonly current: Pipeline) {
    super('stale pipeline version');
    this.name = 'StalePipelineError';
  }
}

/** The progress of bought referrals, in the relay's database. */
export interface PipelineStore {
  /** Each referral's pipeline (a new one where none was saved), notes and events included. */
  get(referrals: readonly { id: number; agency: string }[]): Promise<Pipeline[]>;
  /**
   * Saves a change if `update.version` is the stored version (0 when none was saved), adding the
   * note if any, an event for a changed status and one for a contact attempt; throws StalePipelineError with the current pipeline otherwise.
   */
  save(
    referral: { id: number; agency: string },
    update: PipelineUpdate,
    by: string,
  ): Promise<Pipeline>;
  /** Ids of an agency's referrals (every agency's for null) whose progress is one of `statuses`. */
  idsWithStatus(agency: string | null, statuses: readonly ProgressStatus[]): Promise<Set<number>>;
  /** Ids of an agency's referrals (all for null) with a follow-up on or before `day` (YYYY-MM-DD). */
  idsDueBy(agency: string | null, day: string): Promise<Set<number>>;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The pipelines of bought referrals, each under the agency that bought it. */
export const pipelinesOf = (store: PipelineStore, referrals: readonly Opportunity[]) =>
  store.get(referrals.map((o) => ({ id: o.opportunityId, agency: o.assignedAgency ?? '' })));

async function read(db: Db, referrals: readonly { id: number; agency: string }[]) {
  if (referrals.length === 0) return [];
  const ids = referrals.map((r) => String(r.id));
  const rows = await db
    .selectFrom('pipeline')
    .select([
      'referral_id',
      'agency',
      'status',
      sql<string | null>`follow_up_on::text`.as('follow_up_on'),
      'version',
      'updated_at',
      'updated_by',
    ])
    .where('referral_id', 'in', ids)
    .execute();
  const notes = await db
    .selectFrom('pipeline_note')
    .selectAll()
    .where('referral_id', 'in', ids)
    .orderBy('id')
    .execute();
  const notesOf = new Map<number, PipelineNote[]>();
  for (const n of notes) {
    const id = Number(n.referral_id);
    const list = notesOf.get(id) ?? [];
    list.push({
      id: Number(n.id),
      author: n.author,
      at: new Date(n.at).toISOString(),
      text: n.text,
    });
    notesOf.set(id, list);
  }
  const eventsOf = await readEvents(db, ids);
  const byId = new Map(rows.map((r) => [Number(r.referral_id), r]));
  return referrals.map(({ id, agency }): Pipeline => {
    const row = byId.get(id);
    const history = { notes: notesOf.get(id) ?? [], events: eventsOf.get(id) ?? [] };
    if (!row) return { ...newPipeline(id, agency), ...history };
    return {
      referralId: id,
      agency: row.agency,
      status: row.status,
      followUpOn: row.follow_up_on,
      version: row.version,
      updatedAt: new Date(row.updated_at).toISOString(),
      updatedBy: row.updated_by,
      ...history,
    };
  });
}

/** The events of some referrals, oldest first, by referral id. */
async function readEvents(db: Db, ids: readonly string[]): Promise<Map<number, PipelineEvent[]>> {
  const rows = await db
    .selectFrom('pipeline_event')
    .selectAll()
    .where('referral_id', 'in', ids)
    .orderBy('id')
    .execute();
  const eventsOf = new Map<number, PipelineEvent[]>();
  for (const e of rows) {
    const base = { id: Number(e.id), at: new Date(e.at).toISOString(), by: e.by };
    const event: PipelineEvent | null =
      e.kind === 'status' && e.from_status !== null && e.to_status !== null
        ? { ...base, kind: 'status', from: e.from_status, to: e.to_status }
        : e.kind === 'contact' && e.contact !== null
          ? { ...base, kind: 'contact', contact: e.contact }
          : null;
    if (!event) continue;
    const list = eventsOf.get(Number(e.referral_id)) ?? [];
    list.push(event);
    eventsOf.set(Number(e.referral_id), list);
  }
  return eventsOf;
}

export function databasePipeline(database: RelayDatabase): PipelineStore {
  const { db } = database;
  return {
    async get(referrals) {
      database.assertReady();
      return reach(() => read(db, referrals));
    },
    async save(referral, update, by) {
      database.assertReady();
      const outcome = await reach(() =>
        db
          .transaction()
          .execute(async (trx): Promise<{ stale: Pipeline } | { saved: Pipeline }> => {
            const now = new Date();
            // The status this save replaces: the row's at the version it read. Were the row
            // changed since, the compare-and-set below writes nothing, so this is never stale.
            const before =
              update.version === 0
                ? null
                : await trx
                    .selectFrom('pipeline')
                    .select('status')
                    .where('referral_id', '=', String(referral.id))
                    .where('version', '=', update.version)
                    .executeTakeFirst();
            const from = before?.status ?? newPipeline(referral.id, referral.agency).status;
            const values = {
              status: update.status,
              follow_up_on: update.followUpOn,
              version: update.version + 1,
              updated_at: now,
              updated_by: by,
            };
            // Compare-and-set in one statement: the first save inserts only where no row is yet,
            // later ones update only the version they read. Zero rows written means it was stale.
            const written =
              update.version === 0
                ? await trx
                    .insertInto('pipeline')
                    .values({ referral_id: referral.id, agency: referral.agency, ...values })
                    .onConflict((oc) => oc.column('referral_id').doNothing())
                    .executeTakeFirst()
                    .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
                : await trx
                    .updateTable('pipeline')
                    .set(values)
                    .where('referral_id', '=', String(referral.id))
                    .where('version', '=', update.version)
                    .executeTakeFirst()
                    .then((r) => Number(r.numUpdatedRows));
            if (written === 0) {
              const [current] = await read(trx, [referral]);
              return { stale: current ?? newPipeline(referral.id, referral.agency) };
            }
            if (update.note !== undefined && update.note !== '') {
              await trx
                .insertInto('pipeline_note')
                .values({ referral_id: referral.id, author: by, at: now, text: update.note })
                .execute();
            }
            const events = [
              ...(update.status === from
                ? []
                : [{ kind: 'status' as const, from_status: from, to_status: update.status }]),
              ...(update.contact === undefined
                ? []
                : [{ kind: 'contact' as const, contact: update.contact }]),
            ];
            if (events.length > 0) {
              await trx
                .insertInto('pipeline_event')
                .values(events.map((e) => ({ referral_id: referral.id, at: now, by, ...e })))
                .execute();
            }
            const [saved] = await read(trx, [referral]);
            return { saved: saved ?? newPipeline(referral.id, referral.agency) };
          }),
      );
      // Thrown out here: inside `reach` it would read as an unreachable database.
      if ('stale' in outcome) throw new StalePipelineError(outcome.stale);
      return outcome.saved;
    },
    async idsWithStatus(agency, statuses) {
      database.assertReady();
      if (statuses.length === 0) return new Set();
      let q = db
        .selectFrom('pipeline')
        .select('referral_id')
        .where('status', 'in', [...statuses]);
      if (agency !== null) q = q.where('agency', '=', agency);
      const rows = await reach(() => q.execute());
      return new Set(rows.map((r) => Number(r.referral_id)));
    },
    async idsDueBy(agency, day) {
      database.assertReady();
      let q = db.selectFrom('pipeline').select('referral_id').where('follow_up_on', '<=', day);
      if (agency !== null) q = q.where('agency', '=', agency);
      const rows = await reach(() => q.execute());
      return new Set(rows.map((r) => Number(r.referral_id)));
    },
  };
}
