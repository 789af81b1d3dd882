/**
 * A bought referral's history as the relay recorded it (status changes, contact attempts and
 * notes, each with who and when), and the return window the history is evidence for.
 * Invariant: an entry's id names the record it came from (`note:12`, `event:5`), so evidence a
 * return names is checked against what was stored, never taken from the client's text.
 */
import type { ProgressStatus } from '../domain/opportunity.js';

/** A note on a bought referral, stamped with its author and time. */
export interface PipelineNote {
  readonly id: number;
  readonly author: string;
  /** ISO 8601. */
  readonly at: string;
  readonly text: string;
}

/** A logged attempt to reach the referral, by how it went (one registry: labels and keys). */
export const CONTACT_ATTEMPTS = {
  callNoAnswer: 'Call, no answer',
  callVoicemail: 'Call, left voicemail',
  callWrongNumber: 'Call, disconnected or wrong number',
  callReached: 'Call, reached',
  emailSent: 'Email sent',
  emailBounced: 'Email bounced',
  textSent: 'Text sent',
} as const;
export type ContactAttempt = keyof typeof CONTACT_ATTEMPTS;
export const CONTACT_ATTEMPT_KEYS = Object.keys(CONTACT_ATTEMPTS) as ContactAttempt[];

/** A recorded change of a pipeline beside its notes: a status change or a contact attempt. */
export type PipelineEvent =
  | {
      readonly id: number;
      readonly kind: 'status';
      /** ISO 8601. */
      readonly at: string;
      readonly by: string;
      readonly from: ProgressStatus;
      readonly to: ProgressStatus;
    }
  | {
      readonly id: number;
      readonly kind: 'contact';
      readonly at: string;
      readonly by: string;
      readonly contact: ContactAttempt;
    };

/** One entry of a referral's timeline; `id` names its stored record. */
export type TimelineEntry =
  | {
      readonly id: string;
      readonly kind: 'status';
      readonly at: string;
      readonly by: string;
      readonly from: ProgressStatus;
      readonly to: ProgressStatus;
    }
  | {
      readonly id: string;
      readonly kind: 'contact';
      readonly at: string;
      readonly by: string;
      readonly contact: ContactAttempt;
    }
  | {
      readonly id: string;
      readonly kind: 'note';
      readonly at: string;
      readonly by: string;
      readonly text: string;
    };

/** Most entries one return may carry as evidence (a pipeline's whole history, in practice). */
export const RETURN_EVIDENCE_MAX = 200;

/** A pipeline's history, oldest first: its events and notes merged by time. */
export const timelineOf = (p: {
  readonly notes: readonly PipelineNote[];
  readonly events: readonly PipelineEvent[];
}): TimelineEntry[] => {
  const events = p.events.map((e): TimelineEntry => ({ ...e, id: `event:${e.id}` }));
  const notes = p.notes.map((n): TimelineEntry => ({
    id: `note:${n.id}`,
    kind: 'note',
    at: n.at,
    by: n.author,
    text: n.text,
  }));
  // A save that changes the status and adds a note stamps both with one time: the status first.
  const rank = { status: 0, contact: 1, note: 2 } as const;
  return [...events, ...notes].sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || rank[a.kind] - rank[b.kind],
  );
};

/** When a referral acquired at `acquiredAt` can no longer be returned. */
export const returnWindowEnd = (acquiredAt: Date, windowDays: number): Date =>
  new Date(acquiredAt.getTime() + windowDays * 86_400_000);

/** What is left of a return window at `now`, in whole days, hours and minutes; null once closed. */
export const returnTimeLeft = (
  endsAt: Date,
  now: Date,
): { days: number; hours: number; minutes: number } | null => {
  const ms = endsAt.getTime() - now.getTime();
  if (ms < 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor(minutes / 60) % 24,
    minutes: minutes % 60,
  };
};

/** The window of a bought referral: when it was acquired and when its return window ends. */
export interface ReturnWindow {
  readonly acquiredAt: string;
  readonly endsAt: string;
}
