/**
 * Speed to contact: from the claim, a clock per bought referral that runs until the agency first
 * works it (a progress change, a logged contact attempt or a note), against the agency's contact
 * target; and the speed figures of the dashboard. Pure rules: the relay and the web share them.
 */
import * as yup from 'yup';
import { ProgressStatus } from '../domain/opportunity.js';
import {
  timelineOf,
  type PipelineEvent,
  type PipelineNote,
  type TimelineEntry,
} from './timeline.js';

/** An agency's contact target in whole minutes: 10 unless its admin set one, 1 to 240. */
export const CONTACT_TARGET = { defaultMinutes: 10, minMinutes: 1, maxMinutes: 240 } as const;

const MINUTE_MS = 60_000;

/** Why a target is refused: a whole number of minutes from 1 to 240 (4 hours). */
export const CONTACT_TARGET_MESSAGE = `The contact target must be a whole number of minutes from ${CONTACT_TARGET.minMinutes} to ${CONTACT_TARGET.maxMinutes}.`;

/** The body of `PUT /api/my-agency/contact-target`. */
export const contactTargetSchema = yup
  .object({
    minutes: yup
      .number()
      .strict()
      .typeError(CONTACT_TARGET_MESSAGE)
      .integer(CONTACT_TARGET_MESSAGE)
      .min(CONTACT_TARGET.minMinutes, CONTACT_TARGET_MESSAGE)
      .max(CONTACT_TARGET.maxMinutes, CONTACT_TARGET_MESSAGE)
      .required(CONTACT_TARGET_MESSAGE),
  })
  .noUnknown('Unknown keys: ${unknown}.')
  .strict();
export type ContactTargetChange = yup.InferType<typeof contactTargetSchema>;

/** An agency's contact target as its users read it. */
export interface ContactTarget {
  readonly agency: string;
  readonly minutes: number;
  /** Who set it last (null: never set, the default). */
  readonly updatedBy: string | null;
  readonly updatedAt: string | null;
  /** Whether the caller may change it (the agency's admin). */
  readonly canChange: boolean;
}

/** The contact clock of one bought referral, as the relay knows it. */
export interface ContactClock {
  readonly referralId: number;
  /** When the agency claimed it (ISO 8601). */
  readonly claimedAt: string;
  /** Who claimed it through the relay (null: the upstream assigned it). */
  readonly claimedBy: string | null;
  /** When the agency first worked it after the claim, and who (null: not yet). */
  readonly contactedAt: string | null;
  readonly contactedBy: string | null;
}

/** The first entry of a timeline at or after the claim: what stops the clock. */
export const firstContactOf = (
  history: { readonly notes: readonly PipelineNote[]; readonly events: readonly PipelineEvent[] },
  claimedAt: string,
): TimelineEntry | null => {
  const from = Date.parse(claimedAt);
  return timelineOf(history).find((e) => Date.parse(e.at) >= from) ?? null;
};

/** A clock with what the newest pipeline says: stopped by its first entry after the claim. */
export const withPipelineContact = (
  clock: ContactClock,
  history:
    | { readonly notes: readonly PipelineNote[]; readonly events: readonly PipelineEvent[] }
    | undefined,
): ContactClock => {
  if (clock.contactedAt !== null || !history) return clock;
  const first = firstContactOf(history, clock.claimedAt);
  return first ? { ...clock, contactedAt: first.at, contactedBy: first.by } : clock;
};

/** Where a clock stands: counting down, past its target, or stopped in time or late. */
export type ClockPhase = 'running' | 'late' | 'met' | 'missed';

/** A clock read at an instant against a target. */
export interface ClockReading {
  readonly phase: ClockPhase;
  /** From the claim to the contact, or to now while it runs. */
  readonly elapsedMs: number;
  /** Till the target (negative once past it); for a stopped clock, at its contact. */
  readonly remainingMs: number;
  /** Whether half the target has passed without a contact (the claimer's alert). */
  readonly halfPassed: boolean;
}

/** Reads a clock at `now` against a target of `targetMinutes`. */
export const readClock = (clock: ContactClock, targetMinutes: number, now: Date): ClockReading => {
  const target = targetMinutes * MINUTE_MS;
  const end = clock.contactedAt === null ? now.getTime() : Date.parse(clock.contactedAt);
  const elapsedMs = Math.max(0, end - Date.parse(clock.claimedAt));
  const over = elapsedMs > target;
  const stopped = clock.contactedAt !== null;
  return {
    phase: stopped ? (over ? 'missed' : 'met') : over ? 'late' : 'running',
    elapsedMs,
    remainingMs: target - elapsedMs,
    halfPassed: !stopped && elapsedMs >= target / 2,
  };
};

/** A span as a clock shows it: 'm:ss' under an hour, else 'h:mm:ss'. */
export const clockSpanText = (ms: number): string => {
  const s = Math.floor(Math.abs(ms) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
};

/** A duration in words for a stopped clock: '45 s', '4 min', '2 h 5 min'. */
export const durationText = (ms: number): string => {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 === 0 ? '' : ` ${min % 60} min`}`;
};

/** What a clock's cell and the panel say: '7:42 left', '3:10 over', 'Contacted in 4 min'. */
export const clockText = (r: ClockReading): string => {
  switch (r.phase) {
    case 'running':
      return `${clockSpanText(r.remainingMs)} left`;
    case 'late':
      return `${clockSpanText(r.remainingMs)} over`;
    case 'met':
    case 'missed':
      return `Contacted in ${durationText(r.elapsedMs)}`;
  }
};

/** The speed groups of the dashboard: under 5 minutes, 5 to 30, over 30, and not yet. */
export const CONTACT_SPEEDS = {
  under5: 'Under 5 min',
  from5to30: '5–30 min',
  over30: 'Over 30 min',
  none: 'Not contacted yet',
} as const;
export type ContactSpeed = keyof typeof CONTACT_SPEEDS;

/** The speed group of a claim-to-contact time (null: not contacted). */
export const contactSpeedOf = (ms: number | null): ContactSpeed =>
  ms === null
    ? 'none'
    : ms < 5 * MINUTE_MS
      ? 'under5'
      : ms <= 30 * MINUTE_MS
        ? 'from5to30'
        : 'over30';

/** The median of some numbers (null for none): the middle one, or the mean of the two middle. */
export const medianOf = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? 0;
  return sorted.length % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/** One bought referral as the speed figures count it. */
export interface ContactSpeedInput {
  /** Who claimed it (null: nobody through the relay). */
  readonly producer: string | null;
  /** Claim to first contact (null: not contacted yet). */
  readonly contactMs: number | null;
  readonly status: ProgressStatus;
}

/** One producer's speed: how many they claimed and contacted, and their median time. */
export interface ProducerSpeed {
  readonly producer: string;
  readonly claimed: number;
  readonly contacted: number;
  readonly medianMs: number | null;
}

/** One speed group's bound rate. */
export interface SpeedBoundRate {
  readonly speed: ContactSpeed;
  readonly referrals: number;
  readonly bound: number;
  /** Share of `referrals` bound, 0 to 1 (0 when none). */
  readonly boundRate: number;
}

/** The dashboard's speed figures: per producer, and the bound rate by speed group. */
export interface ContactSpeedFigures {
  readonly since: string;
  readonly byProducer: readonly ProducerSpeed[];
  readonly bySpeed: readonly SpeedBoundRate[];
}

/** Who a referral nobody claimed through the relay counts under. */
export const UNKNOWN_PRODUCER = 'unknown';

/** The speed figures of bought referrals, producers by name, groups in CONTACT_SPEEDS order. */
export function contactSpeedFigures(
  rows: readonly ContactSpeedInput[],
  since: string,
): ContactSpeedFigures {
  const byProducer = new Map<string, ContactSpeedInput[]>();
  for (const r of rows) {
    const key = r.producer ?? UNKNOWN_PRODUCER;
    byProducer.set(key, [...(byProducer.get(key) ?? []), r]);
  }
  const producers = [...byProducer.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([producer, list]): ProducerSpeed => {
      const times = list.flatMap((r) => (r.contactMs === null ? [] : [r.contactMs]));
      return { producer, claimed: list.length, contacted: times.length, medianMs: medianOf(times) };
    });
  const bySpeed = (Object.keys(CONTACT_SPEEDS) as ContactSpeed[]).map((speed): SpeedBoundRate => {
    const group = rows.filter((r) => contactSpeedOf(r.contactMs) === speed);
    const bound = group.filter((r) => r.status === ProgressStatus.BoundProspect).length;
    return {
      speed,
      referrals: group.length,
      bound,
      boundRate: group.length === 0 ? 0 : bound / group.length,
    };
  });
  return { since, byProducer: producers, bySpeed };
}
