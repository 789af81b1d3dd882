import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AuditAction, AuditOutcome, UserPreferences } from '@referrals/shared';

/** The tables of the relay's database, as the migrations make them (migrations.ts). */
export interface Database {
  preferences: PreferencesTable;
  audit_log: AuditLogTable;
}

export interface PreferencesTable {
  username: string;
  prefs: JSONColumnType<UserPreferences>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AuditLogTable {
  // bigserial: node-postgres reads int8 as a string.
  id: ColumnType<string, never, never>;
  at: ColumnType<Date, Date | string | undefined, never>;
  request_id: string;
  actor: string;
  agency: string | null;
  action: AuditAction;
  target: string | null;
  outcome: AuditOutcome;
  status: number | null;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
}

export type { Generated };
