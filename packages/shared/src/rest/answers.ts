import { Type, type TOptional, type TSchema } from 'typebox';
import { RETURN_STATES, PROGRESS_STATUSES } from '../domain/opportunity.js';
import { ROLES } from '../domain/roles.js';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditEntry } from '../audit/index.js';
import {
  RETURN_REASON_KEYS,
  type Conversion,
  type Pipeline,
  type PipelineNote,
  type ReturnRequest,
} from '../pipeline/index.js';
import {
  CONTACT_ATTEMPT_KEYS,
  type PipelineEvent,
  type ReturnWindow,
  type TimelineEntry,
} from '../pipeline/timeline.js';
import { deliveryErrorRecord, deliveryStatRecord, featureFlagRecord } from '../schemas/admin.js';
import { opportunityRecord } from '../schemas/opportunity.js';
import { PUBLIC_REFERRAL_FIELDS } from '../referrals/publicProjection.js';
import { REFERRAL_VIEWS } from '../referrals/listDefaults.js';
import { SORT_FIELDS, type Sort } from '../referrals/sorting.js';
import { SortDirection } from '../referrals/constants.js';
import {
  PRIVILEGED_REFERRAL_FIELDS,
  SIGNED_IN_REFERRAL_FIELDS,
  type ListReferral,
} from '../realtime/projections.js';
import { schemaOf, yupRef } from './components.js';

/** Nullable, as the relay's JSON writes a missing value. */
const orNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** One of a list of texts. */
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((v) => Type.Literal(v)));

/** A referral as the opportunity service gives it (and the relay to who may see all of it). */
export const opportunityAnswer = opportunityRecord.schema;
/** A referral as the public feed shows it: the public projection's fields only. */
export const publicReferralAnswer = Type.Pick(opportunityRecord.schema, PUBLIC_REFERRAL_FIELDS);
const fields = opportunityRecord.schema.properties;
type Fields = typeof fields;
/** Some fields of the referral record, as they are. */
const pick = <K extends keyof Fields>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, fields[k]])) as Pick<Fields, K>;
/** Some fields of the referral record, each optional. */
const pickOptional = <K extends keyof Fields>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, Type.Optional(fields[k])])) as {
    [F in K]: TOptional<Fields[F]>;
  };

/** A referral in a signed-in list: no contact details; agenciesNotified for carriers and admins. */
export const listReferralAnswer = schemaOf<ListReferral>()(
  Type.Object({
    ...pick(SIGNED_IN_REFERRAL_FIELDS),
    ...pickOptional(PRIVILEGED_REFERRAL_FIELDS),
  }),
);

/** While the relay's first load of the market runs: referrals loaded so far and expected. */
const loading = Type.Optional(Type.Object({ loaded: Type.Integer(), expected: Type.Integer() }));

/** A page of a referral list from the relay's indexes (0-based pages). */
export const referralPageAnswer = <T extends TSchema>(row: T) =>
  Type.Object({
    seq: Type.Integer(),
    content: Type.Array(row),
    totalElements: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 0 }),
    loading,
  });

/** A list's sort as the relay names it (null: unsorted). */
export const sortAnswer = schemaOf<Sort>()(
  Type.Object({
    key: oneOf(Object.keys(SORT_FIELDS) as (keyof typeof SORT_FIELDS)[]),
    direction: oneOf(Object.values(SortDirection)),
    expirationFirst: Type.Optional(Type.Boolean()),
  }),
);

/** A signed-in referral list: the page, its view and the order it is in. */
export const signedInPageAnswer = Type.Intersect([
  referralPageAnswer(listReferralAnswer),
  Type.Object({ view: oneOf(REFERRAL_VIEWS), sort: Type.Optional(orNull(sortAnswer)) }),
]);

/** A list of live items with the seq their changes continue from. */
export const seqItems = <T extends TSchema>(item: T) =>
  Type.Object({ seq: Type.Integer(), items: Type.Array(item) });

/** A marketplace with the version a save must name. */
export const versionedMarketplace = Type.Intersect([
  yupRef('Marketplace'),
  Type.Object({ version: Type.String() }),
]);

/** Every marketplace, with the version of their order a list save must name. */
export const marketplacesAnswer = Type.Object({
  seq: Type.Integer(),
  priorityVersion: Type.String(),
  items: Type.Array(versionedMarketplace),
});

/** A page of delivery errors (1-based pages). */
export const deliveryErrorsAnswer = Type.Object({
  seq: Type.Integer(),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
  totalElements: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
  content: Type.Array(deliveryErrorRecord.schema),
});

export const deliveryStatAnswer = deliveryStatRecord.schema;
export const featureFlagAnswer = featureFlagRecord.schema;

/** The signed-in user: profile, roles and what they may do. */
export const meAnswer = Type.Object({
  username: Type.String(),
  firstName: orNull(Type.String()),
  lastName: orNull(Type.String()),
  agencyId: orNull(Type.Integer()),
  agencyName: orNull(Type.String()),
  city: orNull(Type.String()),
  state: orNull(Type.String()),
  email: orNull(Type.String()),
  roles: Type.Array(oneOf(ROLES)),
  access: Type.Record(Type.String(), Type.Unknown()),
});

/** What the browser needs to sign in: the realm's public address and the client id. */
export const publicConfigAnswer = Type.Object({
  oidcUrl: Type.String(),
  realm: Type.String(),
  clientId: Type.String(),
});

/** Where the caller's address is (a hint: its state preselects the lists' filter). */
export const geoLocationAnswer = Type.Object({
  state: orNull(Type.String()),
  city: orNull(Type.String()),
  country: orNull(Type.String()),
});

export const pipelineNoteAnswer = schemaOf<PipelineNote>()(
  Type.Object({
    id: Type.Integer(),
    author: Type.String(),
    at: Type.String(),
    text: Type.String(),
  }),
);

const statusChange = {
  kind: Type.Literal('status'),
  at: Type.String(),
  by: Type.String(),
  from: oneOf(PROGRESS_STATUSES),
  to: oneOf(PROGRESS_STATUSES),
};
const contactAttempt = {
  kind: Type.Literal('contact'),
  at: Type.String(),
  by: Type.String(),
  contact: oneOf(CONTACT_ATTEMPT_KEYS),
};

/** A status change or contact attempt of a pipeline. */
export const pipelineEventAnswer = schemaOf<PipelineEvent>()(
  Type.Union([
    Type.Object({ id: Type.Integer(), ...statusChange }),
    Type.Object({ id: Type.Integer(), ...contactAttempt }),
  ]),
);

/** One entry of a referral's timeline, as a return carries it as evidence. */
export const timelineEntryAnswer = schemaOf<TimelineEntry>()(
  Type.Union([
    Type.Object({ id: Type.String(), ...statusChange }),
    Type.Object({ id: Type.String(), ...contactAttempt }),
    Type.Object({
      id: Type.String(),
      kind: Type.Literal('note'),
      at: Type.String(),
      by: Type.String(),
      text: Type.String(),
    }),
  ]),
);

/** The agency's work on a bought referral. */
export const pipelineAnswer = schemaOf<Pipeline>()(
  Type.Object({
    referralId: Type.Integer(),
    agency: Type.String(),
    status: oneOf(PROGRESS_STATUSES),
    followUpOn: orNull(Type.String()),
    version: Type.Integer({ minimum: 0 }),
    updatedAt: orNull(Type.String()),
    updatedBy: orNull(Type.String()),
    notes: Type.Array(pipelineNoteAnswer),
    events: Type.Array(pipelineEventAnswer),
  }),
);

/** A request to return a bought referral, and the admin's decision. */
export const returnRequestAnswer = schemaOf<ReturnRequest>()(
  Type.Object({
    id: Type.Integer(),
    referralId: Type.Integer(),
    agency: Type.String(),
    requestedBy: Type.String(),
    requestedAt: Type.String(),
    reason: oneOf(RETURN_REASON_KEYS),
    note: orNull(Type.String()),
    state: oneOf(RETURN_STATES),
    decidedBy: orNull(Type.String()),
    decidedAt: orNull(Type.String()),
    comment: orNull(Type.String()),
    soldPrice: orNull(Type.Number()),
    credit: orNull(Type.Number()),
    evidence: orNull(Type.Array(timelineEntryAnswer)),
  }),
);

/** A pipeline with its return, if one was asked for. */
export const pipelineWithReturnAnswer = Type.Intersect([
  pipelineAnswer,
  Type.Object({ return: orNull(returnRequestAnswer) }),
]);

/** When a bought referral was acquired and when its return window ends. */
export const returnWindowAnswer = schemaOf<ReturnWindow>()(
  Type.Object({ acquiredAt: Type.String(), endsAt: Type.String() }),
);

/** One bought referral's pipeline with its return and its return window. */
export const pipelineDetailAnswer = Type.Intersect([
  pipelineWithReturnAnswer,
  Type.Object({ returnWindow: returnWindowAnswer }),
]);

/** A page of a database list (1-based pages). */
export const dbPageAnswer = <T extends TSchema>(row: T) =>
  Type.Object({
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
    totalElements: Type.Integer({ minimum: 0 }),
    totalPages: Type.Integer({ minimum: 0 }),
    content: Type.Array(row),
  });

export const auditEntryAnswer = schemaOf<AuditEntry>()(
  Type.Object({
    id: Type.Integer(),
    at: Type.String(),
    requestId: Type.String(),
    actor: Type.String(),
    agency: orNull(Type.String()),
    action: oneOf(AUDIT_ACTIONS),
    target: orNull(Type.String()),
    outcome: oneOf(AUDIT_OUTCOMES),
    status: orNull(Type.Integer()),
    before: Type.Unknown(),
    after: Type.Unknown(),
  }),
);

const figures = Type.Object({
  bought: Type.Integer(),
  quoted: Type.Integer(),
  bound: Type.Integer(),
  unable: Type.Integer(),
  quotedRate: Type.Number(),
  boundRate: Type.Number(),
  unableRate: Type.Number(),
  spend: Type.Number(),
  costPerBound: orNull(Type.Number()),
  returned: Type.Integer(),
  returnRate: Type.Number(),
});
const breakdown = Type.Record(Type.String(), figures);

/** What the purchases of a window turned into, for the caller's agency or the market. */
export const conversionAnswer = Type.Intersect([
  schemaOf<Conversion>()(
    Type.Object({
      since: Type.String(),
      totals: figures,
      byLine: breakdown,
      bySource: breakdown,
      byState: breakdown,
      byAgency: orNull(breakdown),
    }),
  ),
  Type.Object({
    seq: Type.Integer(),
    scope: oneOf(['agency', 'market'] as const),
    agency: orNull(Type.String()),
  }),
]);

/** The published OpenAPI document (described by the OpenAPI 3.1 specification itself). */
export const openApiAnswer = Type.Object(
  { openapi: Type.String(), info: Type.Object({}), paths: Type.Object({}) },
  { additionalProperties: true },
);

/**
 * Every error answer: the reason in words a person can act on, the field messages of a refused
 * body (or, with a 409, the current state), and the request's id for a report to be traced.
 */
export const errorAnswer = Type.Object({
  error: Type.String(),
  details: Type.Optional(Type.Unknown()),
  requestId: Type.String(),
});
