/**
 * The TypeScript shape of the relay's database tables, for Kysely. Invariant: it matches what
 * the migrations (migrations.ts) make; a change to one is a change to the other.
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  AuditAction,
  AuditOutcome,
  ProgressStatus,
  ReturnReason,
  ReturnState,
  UserPreferences,
} from '@referrals/shared';

/** The tables of the relay's database, as the migrations make them (migrations.ts). */
export interface Database {
  preferences: PreferencesTable;
  audit_log: AuditLogTable;
  pipeline: PipelineTable;
  pipeline_note: PipelineNoteTable;
  referral_return: ReturnTable;
}

export interface PipelineTable {
  // bigint: node-postgres reads int8 as a string.
  referral_id: ColumnType<string, number, never>;
  agency: string;
  status: ProgressStatus;
  // A calendar day, read as text (never shifted by a time zone): see database.ts.
  follow_up_on: ColumnType<string | null, string | null, string | null>;
  version: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string;
}

export interface PipelineNoteTable {
  id: ColumnType<string, never, never>;
  referral_id: ColumnType<string, number, never>;
  author: string;
  at: ColumnType<Date, Date | undefined, never>;
  text: string;
}

export interface ReturnTable {
  id: ColumnType<string, never, never>;
  referral_id: ColumnType<string, number, never>;
  agency: string;
  requested_by: string;
  requested_at: ColumnType<Date, Date | undefined, never>;
  reason: ReturnReason;
  note: string | null;
  state: ReturnState;
  decided_by: string | null;
  decided_at: Date | null;
  comment: string | null;
  // numeric: read as a string, exact.
  sold_price: ColumnType<string | null, number | null, never>;
  credit: ColumnType<string | null, never, number | null>;
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
