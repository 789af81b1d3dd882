/**
 * The TypeScript shape of the relay's database tables, for Kysely. Invariant: it matches what
 * the migrations (migrations.ts) make; a change to one is a change to the other.
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  AuditAction,
  ContactAttempt,
  TimelineEntry,
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
  pipeline_event: PipelineEventTable;
  referral_return: ReturnTable;
  marketplace_self_serve: SelfServeTable;
  agency_contact_target: ContactTargetTable;
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

/** A status change or contact attempt of a pipeline (its notes are in pipeline_note). */
export interface PipelineEventTable {
  id: ColumnType<string, never, never>;
  referral_id: ColumnType<string, number, never>;
  at: ColumnType<Date, Date | undefined, never>;
  by: string;
  kind: 'status' | 'contact';
  from_status: ProgressStatus | null;
  to_status: ProgressStatus | null;
  contact: ContactAttempt | null;
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
  // The timeline sent with the request; null for one made before evidence was kept.
  evidence: ColumnType<TimelineEntry[] | null, string | null, never>;
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

/** An agency's self-serve settings of its marketplace (migration 0003). */
export interface SelfServeTable {
  marketplace_id: number;
  max_per_day_bound: number | null;
  max_per_week_bound: number | null;
  pause_from: Date | null;
  pause_until: Date | null;
  pause_active: ColumnType<boolean, boolean | undefined, boolean>;
  restore_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  updated_by: string | null;
  updated_at: Date | null;
}

/** An agency's contact target in minutes (migration 0005). */
export interface ContactTargetTable {
  agency: string;
  minutes: number;
  updated_by: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type { Generated };
