/**
 * Each agency's contact target (minutes from a claim to the first contact), in the relay's
 * database. The claims the contact clocks count from are the audit log's (auditLog.ts).
 * Invariant: an agency without a row has the default target; a stored target is always within
 * CONTACT_TARGET's range (the table's check refuses any other).
 */
import { CONTACT_TARGET } from '@referrals/shared';
import { reach, type RelayDatabase } from './database.js';

/** An agency's stored target; `updatedBy` null while it has the default. */
export interface StoredContactTarget {
  readonly agency: string;
  readonly minutes: number;
  readonly updatedBy: string | null;
  readonly updatedAt: string | null;
}

/** The contact targets of agencies. */
export interface ContactTargetStore {
  /** An agency's target (the default when none was set). */
  get(agency: string): Promise<StoredContactTarget>;
  /** Sets an agency's target; `minutes` must be within CONTACT_TARGET's range. */
  set(agency: string, minutes: number, by: string): Promise<StoredContactTarget>;
}

const defaultTarget = (agency: string): StoredContactTarget => ({
  agency,
  minutes: CONTACT_TARGET.defaultMinutes,
  updatedBy: null,
  updatedAt: null,
});

export function databaseContactTargets(database: RelayDatabase): ContactTargetStore {
  const { db } = database;
  return {
    async get(agency) {
      database.assertReady();
      const row = await reach(() =>
        db
          .selectFrom('agency_contact_target')
          .selectAll()
          .where('agency', '=', agency)
          .executeTakeFirst(),
      );
      return row
        ? {
            agency,
            minutes: row.minutes,
            updatedBy: row.updated_by,
            updatedAt: new Date(row.updated_at).toISOString(),
          }
        : defaultTarget(agency);
    },
    async set(agency, minutes, by) {
      database.assertReady();
      const set = { minutes, updated_by: by, updated_at: new Date() };
      const row = await reach(() =>
        db
          .insertInto('agency_contact_target')
          .values({ agency, ...set })
          .onConflict((oc) => oc.column('agency').doUpdateSet(set))
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return {
        agency,
        minutes: row.minutes,
        updatedBy: row.updated_by,
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    },
  };
}
