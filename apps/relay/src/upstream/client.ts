/**
 * Typed calls of every upstream service the relay uses (the opportunity service, agency users,
 * geo-location), grouped by what they touch. Invariant: every answer is validated at the boundary
 * (a list's records in slices), and a read that may be empty per the specs' section 8 answers its
 * empty value, logged, instead of throwing.
 */
import * as yup from 'yup';
import {
  agencySchema,
  agencyUserSchema,
  agencyUsersPageSchema,
  bankHolidaySchema,
  consoleUserSchema,
  deliveryErrorSchema,
  deliveryErrorsPageSchema,
  deliveryStatSchema,
  featureFlagSchema,
  marketplaceSchema,
  naicsCodeSchema,
  opportunitySchema,
  opportunitySourceSchema,
  PAGING,
  type Agency,
  type AgencyUser,
  type ConsoleUser,
  type DeliveryError,
  type FeatureFlag,
  type Marketplace,
  type MarketplaceCreate,
  type Opportunity,
  type PriorityEntry,
} from '@referrals/shared';
import { logger } from '../log.js';
import {
  createUpstreamHttp,
  parseJson,
  UpstreamError,
  validAnswer,
  type UpstreamHttp,
  type UpstreamHttpOptions,
  type UpstreamRequest,
} from './http.js';
import type { UpstreamCaller } from '../resilience.js';
import { emptyAnswers, type EmptyAnswerOptions } from './emptyAnswers.js';
import { prepareValidators, validateRecords } from './pageValidation.js';

/** Where the upstream services live. */
export interface UpstreamUrls {
  readonly opportunityUrl: string;
  readonly agencyUserUrl: string;
  readonly geoUrl: string;
}

const list = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>) => yup.array(item).defined();
const geoSchema = yup.object({
  state: yup.string().nullable().defined().default(null),
  city: yup.string().nullable().defined().default(null),
  country: yup.string().nullable().defined().default(null),
});

/** One page of the referrals added since startDate (MM/DD/YYYY), in an order of `field,dir` keys. */
export interface ReferralPageQuery {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly string[];
  readonly startDate: string;
}

/**
 * The request of one page of the referral list, a poll's read. Only its envelope is checked when
 * it lands: the poll hashes the records off the event loop and validates the ones that changed
 * (see ingest/pages/pageReader.ts). Without a sort the size is the service's forced one (spec
 * section 7).
 */
export const referralPageRequest = (opportunityUrl: string, q: ReferralPageQuery) =>
  ({
    baseUrl: opportunityUrl,
    method: 'GET',
    path: '/api/v1/marketplace-opportunities',
    caller: 'poll',
    query: {
      page: q.page,
      size: q.sort.length > 0 ? q.size : PAGING.sortlessSize,
      sort: q.sort,
      startDate: q.startDate,
    },
  }) satisfies UpstreamRequest;

/**
 * A list answer whose records are validated in slices (validateRecords): the lists the poll reads
 * every cycle hold hundreds to thousands of records, and yup over a whole list in one go would
 * hold the event loop far longer than a slice.
 */
async function validList<T extends yup.AnyObject>(
  json: unknown,
  item: yup.ObjectSchema<T>,
  what: string,
): Promise<T[]> {
  if (!Array.isArray(json))
    throw new UpstreamError('invalid', `invalid answer from ${what}: not a list`);
  return validateRecords(json, item, what);
}

/** A page of delivery errors with its records left to validList. */
const deliveryErrorsEnvelope = deliveryErrorsPageSchema.shape({ content: yup.array().defined() });

/**
 * Reads of the lists the poll reads whole every cycle, answered with what was made of the last
 * answer when the upstream sends the same body again (usually): validating the marketplaces and
 * every page of delivery errors anew each cycle allocated steadily even in a quiet market, all of
 * it for answers that had not changed.
 * Kept per path and query, so bounded by the reads there are (a page of delivery errors is one).
 * The value is shared between reads: callers must not change it (none does). A poll's reads,
 * unless the request names its caller.
 */
function polledReads(http: UpstreamHttp) {
  const last = new Map<string, { text: string; value: unknown }>();
  return async <T>(req: UpstreamRequest, make: (json: unknown) => Promise<T>): Promise<T> => {
    const { text, status } = await http.sendText({ caller: 'poll', ...req });
    const key = `${req.method} ${req.path} ${JSON.stringify(req.query ?? {})}`;
    const kept = last.get(key);
    if (kept?.text === text) return kept.value as T;
    const value = await make(parseJson(req, text, status));
    last.set(key, { text, value });
    return value;
  };
}

const log = logger('upstream');

/** What every group of calls is made with. */
interface CallKit {
  readonly http: UpstreamHttp;
  readonly polled: ReturnType<typeof polledReads>;
  readonly emptyOn: ReturnType<typeof emptyAnswers>;
  readonly urls: UpstreamUrls;
}

/**
 * Typed calls of every upstream service the relay uses, each answer validated at the boundary.
 * Which statuses give an empty result, per call, is both specs' section 8: 404 on the reads of
 * lists and lookups, and 401 too on the console user lookup. `answers` says where the lines of
 * those empty results are logged.
 */
export function createUpstreamClient(
  urls: UpstreamUrls,
  options: UpstreamHttpOptions,
  answers: EmptyAnswerOptions = { log },
) {
  // The records the poll validates by the page (the referral list's are validated by the sync).
  prepareValidators(
    opportunitySchema,
    marketplaceSchema,
    deliveryStatSchema,
    deliveryErrorSchema,
    featureFlagSchema,
  );
  const http = createUpstreamHttp(options);
  const kit: CallKit = { http, polled: polledReads(http), emptyOn: emptyAnswers(answers), urls };
  return {
    http,
    ...referralCalls(kit),
    ...marketplaceCalls(kit),
    ...agencyCalls(kit),
    ...referenceCalls(kit),
    ...featureFlagCalls(kit),
  };
}
export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/** A referral: read (by the poll, unvalidated; or validated) and claimed. */
function referralCalls({ http, emptyOn, urls }: CallKit) {
  const opp = urls.opportunityUrl;
  return {
    /** One referral as the upstream sends it (not validated), or null: the poll's read. */
    referralRaw: (id: number): Promise<unknown> =>
      emptyOn('referral', [404], null, () =>
        http.send({
          baseUrl: opp,
          method: 'GET',
          path: `/api/v1/opportunity/${id}`,
          caller: 'poll',
        }),
      ),

    referral: (id: number): Promise<Opportunity> =>
      http.sendValid(
        { baseUrl: opp, method: 'GET', path: `/api/v1/opportunity/${id}` },
        opportunitySchema,
      ),

    claim: (id: number, username: string): Promise<Opportunity> =>
      http.sendValid(
        {
          baseUrl: opp,
          method: 'POST',
          path: `/api/v1/opportunity/${id}/claim`,
          body: { username },
        },
        opportunitySchema,
      ),
  };
}

/** The marketplaces, their priorities, and their deliveries' stats and errors. */
function marketplaceCalls({ http, polled, emptyOn, urls }: CallKit) {
  const opp = urls.opportunityUrl;
  return {
    /** Every marketplace; a poll's read unless a user's request waits for it. */
    marketplaces: (caller: UpstreamCaller = 'poll'): Promise<Marketplace[]> =>
      emptyOn('marketplaces', [404], [], () =>
        polled({ baseUrl: opp, method: 'GET', path: '/api/v3/marketplaces', caller }, (json) =>
          validList(json, marketplaceSchema, 'GET /api/v3/marketplaces'),
        ),
      ),

    marketplace: (id: number): Promise<Marketplace> =>
      http.sendValid(
        { baseUrl: opp, method: 'GET', path: `/api/v3/marketplaces/${id}` },
        marketplaceSchema,
      ),

    createMarketplace: (body: MarketplaceCreate): Promise<Marketplace> =>
      http.sendValid(
        { baseUrl: opp, method: 'POST', path: '/api/v3/marketplaces', body },
        marketplaceSchema,
      ),

    updateMarketplace: (body: Marketplace): Promise<Marketplace> =>
      http.sendValid(
        { baseUrl: opp, method: 'POST', path: `/api/v3/marketplaces/${body.id}`, body },
        marketplaceSchema,
      ),

    updatePriorities: (body: readonly PriorityEntry[]) =>
      http.send({ baseUrl: opp, method: 'POST', path: '/api/v3/marketplaces/priorities', body }),

    deliveryStats: () =>
      emptyOn('deliveryStats', [404], [], () =>
        polled(
          { baseUrl: opp, method: 'GET', path: '/api/v3/marketplaces/delivery-stats' },
          (json) => validList(json, deliveryStatSchema, 'GET /api/v3/marketplaces/delivery-stats'),
        ),
      ),

    deliveryErrors: (page: number, size: number) =>
      emptyOn(
        'deliveryErrors',
        [404],
        { content: [] as DeliveryError[], totalElements: 0, totalPages: 0 },
        () => {
          const req = {
            baseUrl: opp,
            method: 'GET',
            path: '/api/v3/marketplaces/delivery-errors',
            query: { page, size },
          } as const;
          return polled(req, async (json) => {
            const envelope = validAnswer(req, json, deliveryErrorsEnvelope);
            const what = 'GET /api/v3/marketplaces/delivery-errors';
            return {
              ...envelope,
              content: await validList(envelope.content, deliveryErrorSchema, what),
            };
          });
        },
      ),
  };
}

/** Agencies, their prepaid balance, and their users. */
function agencyCalls({ http, emptyOn, urls }: CallKit) {
  const opp = urls.opportunityUrl;
  const iw = urls.agencyUserUrl;
  return {
    /** The agency with this fulcrumId, or null (the first item is used; 404 gives nothing). */
    agency: async (fulcrumId: number): Promise<Agency | null> => {
      const answer = await emptyOn('agency', [404], { content: [] as Agency[] }, () =>
        http.sendValid(
          { baseUrl: opp, method: 'GET', path: '/api/v3/agencies', query: { fulcrumId } },
          yup.object({ content: list(agencySchema) }),
        ),
      );
      return answer.content[0] ?? null;
    },

    /** The prepaid balance of an agency in USD; this call carries no auth header. */
    prepaidBalance: async (agencyId: number): Promise<number> => {
      const n = await http.sendValid(
        {
          baseUrl: iw,
          method: 'GET',
          path: `/iw/api/v1/agency/${agencyId}/settings/claim-it/prepaid/balance`,
          basicAuth: false,
        },
        yup.number().required(),
      );
      return n;
    },

    /** Every user of an agency: page 0, then pages 1..totalPages-1 in parallel, merged in order. */
    agencyUsers: async (agencyId: number): Promise<AgencyUser[]> => {
      const page = (p: number) =>
        emptyOn('agencyUsers', [404], { content: [] as AgencyUser[], totalPages: 0 }, () =>
          http.sendValid(
            {
              baseUrl: iw,
              method: 'GET',
              path: `/iw/api/v1/agency/${agencyId}/users`,
              query: { page: p },
            },
            agencyUsersPageSchema,
          ),
        );
      const first = await page(0);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => page(i + 1)),
      );
      return [first, ...rest].flatMap((p) => p.content);
    },

    /** Agency users with this email (the form wants exactly one). 404 gives none. */
    usersByEmail: async (email: string): Promise<AgencyUser[]> => {
      const answer = await emptyOn('usersByEmail', [404], { content: [] as AgencyUser[] }, () =>
        http.sendValid(
          {
            baseUrl: iw,
            method: 'GET',
            path: '/iw/api/v1/users',
            query: { 'filter.email': email },
          },
          yup.object({ content: list(agencyUserSchema) }),
        ),
      );
      return answer.content;
    },
  };
}

/** Reference data (sources, NAICS codes, bank holidays), the console user, and geo-location. */
function referenceCalls({ http, emptyOn, urls }: CallKit) {
  const opp = urls.opportunityUrl;
  return {
    sources: () =>
      emptyOn('sources', [404], [], () =>
        http.sendValid(
          { baseUrl: opp, method: 'GET', path: '/api/v3/opportunity/sources' },
          list(opportunitySourceSchema),
        ),
      ),

    naicsCodes: () =>
      emptyOn('naicsCodes', [404], [], () =>
        http.sendValid(
          { baseUrl: opp, method: 'GET', path: '/api/v1/industry/codes/6D' },
          list(naicsCodeSchema),
        ),
      ),

    bankHolidays: (year: number) =>
      emptyOn('bankHolidays', [404], [], () =>
        http.sendValid(
          { baseUrl: opp, method: 'GET', path: `/api/v3/bank-holidays/${year}` },
          list(bankHolidaySchema),
        ),
      ),

    /** The console user's profile; 404 and 401 give null (agent-console section 7). */
    consoleUser: (username: string): Promise<ConsoleUser | null> =>
      emptyOn('consoleUser', [401, 404], null, () =>
        http.sendValid(
          { baseUrl: opp, method: 'GET', path: '/api/v3/user', query: { username } },
          consoleUserSchema,
        ),
      ),

    geoLocation: (forwardedFor: string | undefined) =>
      http.sendValid(
        {
          baseUrl: urls.geoUrl,
          method: 'GET',
          path: '/api/v1/geo-location',
          query: { ip: forwardedFor },
        },
        geoSchema,
      ),
  };
}

/** The feature flags: the poll's read, and the admin's changes. */
function featureFlagCalls({ http, polled, urls }: CallKit) {
  const opp = urls.opportunityUrl;
  return {
    featureFlags: (): Promise<FeatureFlag[]> =>
      polled({ baseUrl: opp, method: 'GET', path: '/api/v3/feature-flag' }, (json) =>
        validList(json, featureFlagSchema, 'GET /api/v3/feature-flag'),
      ),

    createFeatureFlag: (body: Omit<FeatureFlag, 'id'>): Promise<FeatureFlag> =>
      http.sendValid(
        { baseUrl: opp, method: 'POST', path: '/api/v3/feature-flag', body },
        featureFlagSchema,
      ),

    updateFeatureFlag: (body: FeatureFlag): Promise<FeatureFlag> =>
      http.sendValid(
        { baseUrl: opp, method: 'POST', path: `/api/v3/feature-flag/${body.id}`, body },
        featureFlagSchema,
      ),
  };
}
