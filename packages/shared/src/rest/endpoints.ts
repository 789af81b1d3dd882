import { Type } from 'typebox';
import * as yup from 'yup';
import { auditQuerySchema } from '../audit/index.js';
import { referralQuerySchema } from '../lists/parseQuery.js';
import { pagedQueryFields, queryText } from '../lists/querySchema.js';
import {
  pipelineIdsQuerySchema,
  progressFilterSchema,
  returnsQuerySchema,
} from '../pipeline/index.js';
import { REFERRAL_VIEWS } from '../referrals/listDefaults.js';
import {
  auditEntryAnswer,
  conversionAnswer,
  dbPageAnswer,
  deliveryErrorsAnswer,
  deliveryStatAnswer,
  featureFlagAnswer,
  geoLocationAnswer,
  marketplacesAnswer,
  meAnswer,
  openApiAnswer,
  opportunityAnswer,
  pipelineAnswer,
  pipelineWithReturnAnswer,
  pipelineDetailAnswer,
  publicConfigAnswer,
  publicReferralAnswer,
  referralPageAnswer,
  returnRequestAnswer,
  seqItems,
  signedInPageAnswer,
  listReferralAnswer,
  versionedMarketplace,
} from './answers.js';
import { yupRef } from './components.js';
import {
  myMarketplaceAnswer,
  selfServeAnswer,
  selfServeBoundsBody,
  selfServeChangeBody,
} from './selfServeAnswers.js';
import {
  contactClocksAnswer,
  contactSpeedAnswer,
  contactTargetAnswer,
  contactTargetBody,
} from './contactAnswers.js';
import { endpoint, UPSTREAM_ERRORS } from './endpoint.js';
import { presenceHoldAnswer, referralPresenceAnswer } from '../presence/answers.js';

const view = queryText().oneOf(REFERRAL_VIEWS);

/**
 * The queries handlers read beside a shared schema of their own (the relay parses with these).
 */
export const QUERIES = {
  /** Delivery errors are shown 5 to a page (marketplace-admin section 9). */
  deliveryErrors: yup.object(pagedQueryFields(5)),
  /** The conversion report's window of purchases (30 days unless given). */
  conversion: referralQuerySchema.pick(['dateFilter']),
  /** The acquired list: the list query and its progress filters. */
  acquired: referralQuerySchema.concat(progressFilterSchema),
  signedInList: referralQuerySchema.shape({ view }),
  users: yup.object({ email: queryText().max(254).required() }),
} as const;

/**
 * Every operation of the relay's REST gateway: the one table the relay's routes take their
 * method, path and contract from, the published OpenAPI document is built from, and the web
 * client's request and answer types are derived from.
 */
export const API = {
  openApi: endpoint('get', '/api/openapi.json', {
    summary: 'This document: the REST contract in OpenAPI 3.1',
    answer: openApiAnswer,
  }),
  // Session.
  config: endpoint('get', '/api/config', {
    summary: 'What the browser needs to sign in (no secret)',
    answer: publicConfigAnswer,
  }),
  me: endpoint('get', '/api/me', {
    summary: "The signed-in user's profile, roles and access",
    answer: meAnswer,
    errors: UPSTREAM_ERRORS,
  }),
  geoLocation: endpoint('get', '/api/geo-location', {
    summary: "Where the caller's address is (a hint for the lists' state filter)",
    answer: geoLocationAnswer,
    errors: [400, 404, ...UPSTREAM_ERRORS],
  }),
  streetView: endpoint('get', '/api/street-view/:searchId', {
    summary: "A street-view image of a referral's location",
    answer: Type.Unknown(),
    media: 'image/*',
    errors: [404, 502],
  }),
  // Referrals.
  publicReferrals: endpoint('get', '/api/public/referrals', {
    summary: 'A page of the public feed, in the public projection',
    answer: referralPageAnswer(publicReferralAnswer),
    query: referralQuerySchema,
  }),
  referrals: endpoint('get', '/api/referrals', {
    summary: "A page of a signed-in list (all, or the agency's appetite)",
    answer: signedInPageAnswer,
    query: QUERIES.signedInList,
    errors: UPSTREAM_ERRORS,
  }),
  referral: endpoint('get', '/api/referrals/:id', {
    summary: 'One referral: whole for its buyer and admins, else without contact details',
    answer: Type.Union([opportunityAnswer, listReferralAnswer]),
    errors: [404, ...UPSTREAM_ERRORS],
  }),
  claim: endpoint('post', '/api/referrals/:id/claim', {
    summary: 'Claims (buys) an available referral',
    answer: opportunityAnswer,
    errors: [404, 409, ...UPSTREAM_ERRORS],
  }),
  // Team presence (the caller's agency only).
  referralPresence: endpoint('get', '/api/referrals/:id/presence', {
    summary: "Who of the caller's agency views a referral now, and its hold",
    answer: referralPresenceAnswer,
    errors: [403, 404, 503, ...UPSTREAM_ERRORS],
  }),
  holdReferral: endpoint('post', '/api/referrals/:id/hold', {
    summary: "Holds a referral for the caller's call for 2 minutes (409 naming who holds it)",
    answer: presenceHoldAnswer,
    errors: [403, 404, 409, 503, ...UPSTREAM_ERRORS],
  }),
  releaseReferralHold: endpoint('post', '/api/referrals/:id/hold/release', {
    summary: "Ends the caller's own hold of a referral",
    answer: presenceHoldAnswer,
    errors: [403, 404, 503, ...UPSTREAM_ERRORS],
  }),
  appetiteHint: endpoint('get', '/api/list-hints/appetite', {
    summary: "The states of the caller's marketplace appetite (null: no marketplace)",
    answer: Type.Object({ states: Type.Union([Type.Array(Type.String()), Type.Null()]) }),
    errors: UPSTREAM_ERRORS,
  }),
  waysOutHint: endpoint('get', '/api/list-hints/ways-out', {
    summary: 'How many referrals each one-click way out of an empty list would show',
    answer: Type.Object({ counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })) }),
    query: QUERIES.signedInList,
    errors: UPSTREAM_ERRORS,
  }),
  // Marketplaces.
  marketplaces: endpoint('get', '/api/marketplaces', {
    summary: 'Every marketplace, with the version of their order',
    answer: marketplacesAnswer,
  }),
  marketplace: endpoint('get', '/api/marketplaces/:id', {
    summary: "One marketplace as the upstream has it (the relay's copy while it is away)",
    answer: versionedMarketplace,
    errors: [404, ...UPSTREAM_ERRORS],
  }),
  createMarketplace: endpoint('post', '/api/marketplaces', {
    summary: 'Creates a marketplace',
    status: 201,
    body: yupRef('MarketplaceCreate'),
    answer: versionedMarketplace,
    errors: UPSTREAM_ERRORS,
  }),
  updateMarketplace: endpoint('put', '/api/marketplaces/:id', {
    summary: 'Saves a marketplace over the version the admin loaded (409 with the current one)',
    body: Type.Object({ version: Type.String(), marketplace: yupRef('Marketplace') }),
    answer: versionedMarketplace,
    errors: [404, 409, ...UPSTREAM_ERRORS],
  }),
  saveMarketplaceList: endpoint('post', '/api/marketplaces/list-save', {
    summary: 'Saves the marketplaces’ order and switches over the version of the order loaded',
    body: Type.Object({
      version: Type.String(),
      priorities: Type.Optional(Type.Array(yupRef('PriorityEntry'))),
      updates: Type.Optional(
        Type.Array(Type.Object({ id: Type.Integer(), enabled: Type.Boolean() })),
      ),
    }),
    answer: Type.Object({ saved: Type.Boolean() }),
    errors: [404, 409, ...UPSTREAM_ERRORS],
  }),
  myMarketplace: endpoint('get', '/api/my-marketplace', {
    summary: "The caller's agency's marketplace: its appetite, pause, caps and today's deliveries",
    answer: myMarketplaceAnswer,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
  changeMyMarketplace: endpoint('put', '/api/my-marketplace', {
    summary: "An agency admin's pause and caps of its own marketplace (409 with the current one)",
    body: selfServeChangeBody,
    answer: myMarketplaceAnswer,
    errors: [403, 409, 503, ...UPSTREAM_ERRORS],
  }),
  selfServeSettings: endpoint('get', '/api/self-serve/marketplaces', {
    summary: "Every marketplace's self-serve settings: the caps' bounds and pause windows",
    answer: Type.Object({ items: Type.Array(selfServeAnswer) }),
    errors: [503],
  }),
  saveSelfServeBounds: endpoint('put', '/api/self-serve/marketplaces/:id/bounds', {
    summary: "Sets the bounds within which a marketplace's agency may set its own caps",
    body: selfServeBoundsBody,
    answer: selfServeAnswer,
    errors: [404, 503],
  }),
  // Administration.
  deliveryStats: endpoint('get', '/api/delivery-stats', {
    summary: 'Delivery statistics of every marketplace',
    answer: seqItems(deliveryStatAnswer),
  }),
  deliveryErrors: endpoint('get', '/api/delivery-errors', {
    summary: 'A page of failed deliveries (1-based, 5 rows unless given)',
    answer: deliveryErrorsAnswer,
    query: QUERIES.deliveryErrors,
  }),
  agency: endpoint('get', '/api/agencies/:fulcrumId', {
    summary: 'An agency (null: no such agency)',
    answer: Type.Union([yupRef('Agency'), Type.Null()]),
    errors: UPSTREAM_ERRORS,
  }),
  agencyUsers: endpoint('get', '/api/agencies/:fulcrumId/users', {
    summary: 'Every user of an agency',
    answer: Type.Array(yupRef('AgencyUser')),
    errors: UPSTREAM_ERRORS,
  }),
  prepaidBalance: endpoint('get', '/api/agencies/:fulcrumId/prepaid-balance', {
    summary: "An agency's prepaid balance in USD",
    answer: Type.Object({ balance: Type.Number() }),
    errors: UPSTREAM_ERRORS,
  }),
  users: endpoint('get', '/api/users', {
    summary: 'Agency users with an email address',
    answer: Type.Array(yupRef('AgencyUser')),
    query: QUERIES.users,
    errors: UPSTREAM_ERRORS,
  }),
  naicsCodes: endpoint('get', '/api/naics-codes', {
    summary: 'Six-digit NAICS industry codes',
    answer: Type.Array(yupRef('NaicsCode')),
    errors: UPSTREAM_ERRORS,
  }),
  sources: endpoint('get', '/api/sources', {
    summary: 'Opportunity sources (what a marketplace may exclude)',
    answer: Type.Array(yupRef('OpportunitySource')),
    errors: UPSTREAM_ERRORS,
  }),
  bankHolidays: endpoint('get', '/api/bank-holidays/:year', {
    summary: 'The bank holidays of a year',
    answer: Type.Array(yupRef('BankHoliday')),
    errors: UPSTREAM_ERRORS,
  }),
  featureFlags: endpoint('get', '/api/feature-flags', {
    summary: 'Every feature flag',
    answer: seqItems(featureFlagAnswer),
  }),
  featureFlag: endpoint('get', '/api/feature-flags/:name', {
    summary: 'One flag by name (unknown or unreadable: disabled)',
    answer: Type.Object({ name: Type.String(), enabled: Type.Boolean() }),
  }),
  createFeatureFlag: endpoint('post', '/api/feature-flags', {
    summary: 'Creates a feature flag',
    status: 201,
    body: yupRef('FeatureFlagCreate'),
    answer: featureFlagAnswer,
    errors: [409, ...UPSTREAM_ERRORS],
  }),
  updateFeatureFlag: endpoint('put', '/api/feature-flags/:id', {
    summary: 'Saves a feature flag',
    body: yupRef('FeatureFlagUpdate'),
    answer: featureFlagAnswer,
    errors: [404, ...UPSTREAM_ERRORS],
  }),
  // The user's own data.
  preferences: endpoint('get', '/api/me/preferences', {
    summary: "The signed-in user's preferences",
    answer: yupRef('UserPreferences'),
    errors: [503],
  }),
  savePreferences: endpoint('put', '/api/me/preferences', {
    summary: "Saves the signed-in user's preferences",
    body: yupRef('UserPreferences'),
    answer: yupRef('UserPreferences'),
  }),
  auditLog: endpoint('get', '/api/audit-log', {
    summary: 'A page of the audit log, newest first',
    answer: dbPageAnswer(auditEntryAnswer),
    query: auditQuerySchema,
    errors: [503],
  }),
  // After the claim.
  acquired: endpoint('get', '/api/acquired', {
    summary: "A page of the agency's purchases (every agency's for admins)",
    answer: referralPageAnswer(opportunityAnswer),
    query: QUERIES.acquired,
    errors: [503, ...UPSTREAM_ERRORS],
  }),
  conversion: endpoint('get', '/api/conversion', {
    summary: 'What the purchases of a window turned into',
    answer: conversionAnswer,
    query: QUERIES.conversion,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
  acquiredExport: endpoint('get', '/api/acquired/export.csv', {
    summary: 'The whole filtered acquired list as CSV',
    answer: Type.String(),
    media: 'text/csv',
    query: QUERIES.acquired,
    errors: [503, ...UPSTREAM_ERRORS],
  }),
  pipelines: endpoint('get', '/api/acquired/pipelines', {
    summary: "The pipelines of the caller's bought referrals among some ids",
    answer: Type.Object({ items: Type.Array(pipelineWithReturnAnswer) }),
    query: pipelineIdsQuerySchema,
    errors: [503, ...UPSTREAM_ERRORS],
  }),
  pipeline: endpoint('get', '/api/acquired/:id/pipeline', {
    summary: "A bought referral's pipeline (with its timeline), return and return window",
    answer: pipelineDetailAnswer,
    errors: [403, 404, 503, ...UPSTREAM_ERRORS],
  }),
  savePipeline: endpoint('put', '/api/acquired/:id/pipeline', {
    summary: "Saves a bought referral's progress, follow-up and a note (409 with the current one)",
    body: yupRef('PipelineUpdate'),
    answer: pipelineAnswer,
    errors: [403, 404, 409, ...UPSTREAM_ERRORS],
  }),
  requestReturn: endpoint('post', '/api/acquired/:id/return', {
    summary: 'Asks to return a bought referral, with the timeline entries sent as evidence',
    status: 201,
    body: yupRef('ReturnRequestBody'),
    answer: returnRequestAnswer,
    errors: [403, 404, 409, ...UPSTREAM_ERRORS],
  }),
  returns: endpoint('get', '/api/returns', {
    summary: "The admins' queue of returns, or an agency's own",
    answer: dbPageAnswer(returnRequestAnswer),
    query: returnsQuerySchema,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
  decideReturn: endpoint('post', '/api/returns/:id/decision', {
    summary: 'Approves or denies a return',
    body: yupRef('ReturnDecision'),
    answer: returnRequestAnswer,
    errors: [404, 409],
  }),
  // Speed to contact.
  contactTarget: endpoint('get', '/api/my-agency/contact-target', {
    summary: "The caller's agency's contact target in minutes (10 unless its admin set one)",
    answer: contactTargetAnswer,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
  saveContactTarget: endpoint('put', '/api/my-agency/contact-target', {
    summary: "An agency admin sets the agency's contact target (1 to 240 minutes)",
    body: contactTargetBody,
    answer: contactTargetAnswer,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
  contactClocks: endpoint('get', '/api/contact-clocks', {
    summary:
      "Contact clocks of the caller's agency's purchases among some ids (none: those still running)",
    answer: contactClocksAnswer,
    query: pipelineIdsQuerySchema,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
  contactSpeed: endpoint('get', '/api/contact-speed', {
    summary: 'Median claim-to-contact time per producer and the bound rate by contact speed',
    answer: contactSpeedAnswer,
    query: QUERIES.conversion,
    errors: [403, 503, ...UPSTREAM_ERRORS],
  }),
} as const;
/** The name of an operation. */
export type ApiName = keyof typeof API;
