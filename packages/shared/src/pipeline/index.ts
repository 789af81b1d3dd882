/**
 * After the claim: how an agency works each referral it bought (progress, follow-up, notes) and
 * the returns it may ask for. The relay owns both (the upstream has no API for them).
 */
import * as yup from 'yup';
import {
  PROGRESS_STATUSES,
  ProgressStatus,
  RETURN_STATES,
  type ReturnState,
} from '../domain/opportunity.js';
import { pagedQueryFields, queryText } from '../lists/querySchema.js';
import {
  CONTACT_ATTEMPT_KEYS,
  RETURN_EVIDENCE_MAX,
  returnWindowEnd,
  type ContactAttempt,
  type PipelineEvent,
  type PipelineNote,
  type TimelineEntry,
} from './timeline.js';

/** How an agency is working one referral it bought. */
export interface Pipeline {
  readonly referralId: number;
  /** The agency that bought it (the one that may change it). */
  readonly agency: string;
  readonly status: ProgressStatus;
  /** A calendar day (YYYY-MM-DD), or none. */
  readonly followUpOn: string | null;
  /** 0 until first saved; each save adds one. A save must name the version it read. */
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
  /** Oldest first. */
  readonly notes: readonly PipelineNote[];
  /** Status changes and contact attempts, oldest first (see timelineOf). */
  readonly events: readonly PipelineEvent[];
}

/** The pipeline of a bought referral nobody has worked yet. */
export const newPipeline = (referralId: number, agency: string): Pipeline => ({
  referralId,
  agency,
  status: ProgressStatus.Open,
  followUpOn: null,
  version: 0,
  updatedAt: null,
  updatedBy: null,
  notes: [],
  events: [],
});

/** Longest note (and comment): the relay refuses a longer one, the forms stop typing at it. */
export const PIPELINE_NOTE_MAX = 2000;

/** 'Note must be at most 2,000 characters.' and likewise for a comment. */
export const tooLongMessage = (label: string): string =>
  `${label} must be at most ${PIPELINE_NOTE_MAX.toLocaleString('en-US')} characters.`;

/** What the follow-up field must hold. */
export const FOLLOW_UP_MESSAGE = 'Follow-up must be a date (YYYY-MM-DD) or empty.';

/** A free-text field of these bodies: trimmed, at most PIPELINE_NOTE_MAX characters. */
const text = (label: string) =>
  yup
    .string()
    .strict()
    .typeError(`${label} must be text.`)
    .trim()
    .max(PIPELINE_NOTE_MAX, tooLongMessage(label));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The body of `PUT /api/acquired/:id/pipeline`. */
export const pipelineUpdateSchema = yup
  .object({
    version: yup
      .number()
      .strict()
      .integer('Version must be a whole number.')
      .min(0, 'Version must be a whole number.')
      .typeError('Version must be a whole number.')
      .required('Version is required.'),
    status: yup
      .mixed<ProgressStatus>()
      .oneOf([...PROGRESS_STATUSES], `Progress must be one of ${PROGRESS_STATUSES.join(', ')}.`)
      .required('Progress is required.'),
    followUpOn: yup
      .string()
      .strict()
      .typeError(FOLLOW_UP_MESSAGE)
      .nullable()
      .defined(FOLLOW_UP_MESSAGE)
      .test('day', FOLLOW_UP_MESSAGE, (v) => v === null || v === undefined || isDay(v)),
    note: text('Note').optional(),
    /** A contact attempt to log with this save, stamped with its time. */
    contact: yup
      .mixed<ContactAttempt>()
      .oneOf(
        CONTACT_ATTEMPT_KEYS,
        `Contact attempt must be one of ${CONTACT_ATTEMPT_KEYS.join(', ')}.`,
      )
      .optional(),
  })
  .noUnknown('Unknown keys: ${unknown}.')
  .strict();
export type PipelineUpdate = yup.InferType<typeof pipelineUpdateSchema>;

/** How long after its acquisition a referral may be returned. */
export const RETURN_WINDOW_DAYS = 7;

/** Why a referral is returned. */
export const RETURN_REASONS = {
  wrongNumber: 'Disconnected or wrong number',
  duplicate: 'Duplicate',
  outsideTerritory: 'Outside territory',
  neverRequested: 'Never requested insurance',
  other: 'Other',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as ReturnReason[];

/** The progress filters of the acquired lists: `progress` (statuses, commas between) and `followUpDue`. */
export const progressFilterSchema = yup.object({
  progress: queryText().test(
    'statuses',
    `progress must list statuses of ${PROGRESS_STATUSES.join(', ')}`,
    (v) =>
      v === undefined ||
      v.split(',').every((s) => (PROGRESS_STATUSES as readonly string[]).includes(s)),
  ),
  followUpDue: queryText().test(
    'day',
    'followUpDue must be a day (YYYY-MM-DD)',
    (v) => v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
  ),
});

/** Most referral ids one bulk pipeline read may name (a list page). */
export const PIPELINE_IDS_MAX = 100;

/** The bulk pipeline read's query (`GET /api/acquired/pipelines?ids=1,2`). */
export const pipelineIdsQuerySchema = yup.object({
  ids: queryText()
    .default('')
    .test(
      'ids',
      `ids must be up to ${PIPELINE_IDS_MAX} referral ids separated by commas`,
      (v) =>
        v === '' || (v.split(',').length <= PIPELINE_IDS_MAX && /^\d{1,12}(,\d{1,12})*$/.test(v)),
    ),
});

/** The URL form of the returns list's query (`GET /api/returns`): state, 1-based page, size. */
export const returnsQuerySchema = yup.object({
  state: queryText().oneOf(RETURN_STATES, `state must be one of ${RETURN_STATES.join(', ')}`),
  ...pagedQueryFields(25),
});

/** A request to return a bought referral, and the admin's decision. */
export interface ReturnRequest {
  readonly id: number;
  readonly referralId: number;
  readonly agency: string;
  readonly requestedBy: string;
  readonly requestedAt: string;
  readonly reason: ReturnReason;
  /** Required with 'other'. */
  readonly note: string | null;
  readonly state: ReturnState;
  readonly decidedBy: string | null;
  readonly decidedAt: string | null;
  readonly comment: string | null;
  /** What the referral sold for. */
  readonly soldPrice: number | null;
  /** The credit recorded when approved: the sold price. */
  readonly credit: number | null;
  /**
   * The timeline the agency sent with the request, as the relay stored it then (the agency may
   * leave entries out, never reword them); null for a request made before evidence was kept.
   */
  readonly evidence: readonly TimelineEntry[] | null;
}

/** Why a return with the reason Other is refused without a note. */
export const RETURN_NOTE_REQUIRED = 'A note is required when the reason is Other.';

/** What the evidence field of a return request must hold. */
export const EVIDENCE_MESSAGE = 'Evidence must be a list of timeline entry ids.';

/** The body of `POST /api/acquired/:id/return`. */
export const returnRequestSchema = yup
  .object({
    reason: yup
      .mixed<ReturnReason>()
      .oneOf(RETURN_REASON_KEYS, `Reason must be one of ${RETURN_REASON_KEYS.join(', ')}.`)
      .required('Reason is required.'),
    note: text('Note')
      .optional()
      .when('reason', {
        is: 'other',
        then: (s) => s.required(RETURN_NOTE_REQUIRED),
      }),
    /**
     * The ids of the timeline entries sent as evidence (`note:12`, `event:5`); none given: the
     * whole timeline.
     */
    evidence: yup
      .array(yup.string().strict().required().typeError(EVIDENCE_MESSAGE))
      .strict()
      .typeError(EVIDENCE_MESSAGE)
      .max(RETURN_EVIDENCE_MAX, `Evidence may name at most ${RETURN_EVIDENCE_MAX} entries.`)
      .test('unique', 'Evidence names an entry twice.', (v) => !v || new Set(v).size === v.length)
      .optional(),
  })
  .noUnknown('Unknown keys: ${unknown}.')
  .strict();

/** The body of `POST /api/returns/:id/decision` (admin). */
export const returnDecisionSchema = yup
  .object({
    approve: yup
      .boolean()
      .strict()
      .typeError('Approve must be true or false.')
      .required('Approve is required.'),
    comment: text('Comment').required('A comment is required.'),
  })
  .noUnknown('Unknown keys: ${unknown}.')
  .strict();

/** True while a referral acquired at `acquiredAt` may still be returned at `now`. */
export const withinReturnWindow = (acquiredAt: Date, now: Date): boolean =>
  now.getTime() - acquiredAt.getTime() <= RETURN_WINDOW_DAYS * 86_400_000;

/** When a referral acquired at `acquiredAt` can no longer be returned. */
export const returnWindowEndsAt = (acquiredAt: Date): Date =>
  returnWindowEnd(acquiredAt, RETURN_WINDOW_DAYS);
export * from './contactClock.js';
export * from './conversion.js';
export * from './timeline.js';
