/**
 * The relay's half of the topic registry: where each topic's items come from and how a
 * subscriber's room is cut.
 *
 * Invariant: every topic kind has one source (a missing one does not compile), and the streams
 * fan-out and the computed rooms follow are derived from the sources, so no room's stream goes
 * unfollowed.
 */
import {
  DEFAULT_SORTS,
  inState,
  matchesAppetite,
  rooms,
  type DeliveryStat,
  type Marketplace,
  type Opportunity,
  type Topic,
  type TopicItems,
  type TopicKind,
  type TOPICS,
} from '@referrals/shared';
import type { UserProfile } from '../auth/profile.js';
import type { StreamName } from '../keys.js';
import { BOUGHT, boughtBy, projectRow } from '../readModel/api.js';
import { agentMarketplace } from './agentMarketplace.js';
import { DASHBOARD_STREAMS, dashboardRoom } from './dashboardRoom.js';
import {
  isRefusal,
  type ComputedRoom,
  type Refusal,
  type RoomContext,
  type SignedInContext,
  type StreamRoom,
} from './roomTypes.js';

type TopicOf<K extends TopicKind> = Extract<Topic, { kind: K }>;
type Built<R> = R | Refusal | Promise<R | Refusal>;
/** A public topic's builder sees no principal; the others are only called with one. */
type ContextOf<K extends TopicKind> = (typeof TOPICS)[K]['tier'] extends 'public'
  ? RoomContext
  : SignedInContext;

/** A topic fed by one stream's records, projected for the room's audience. */
export interface StreamSource<K extends TopicKind> {
  readonly stream: StreamName;
  /** Other streams whose changes re-cut the room (its subscribers reload). */
  readonly reloadOn?: readonly StreamName[];
  readonly build: (topic: TopicOf<K>, c: ContextOf<K>) => Built<StreamRoom<TopicItems[K]>>;
}

/** A topic whose one item is computed from several streams. */
export interface ComputedSource<K extends TopicKind> {
  /** Every stream any of its rooms may depend on. */
  readonly computedFrom: readonly StreamName[];
  readonly build: (topic: TopicOf<K>, c: ContextOf<K>) => Built<ComputedRoom<TopicItems[K]>>;
}

/** Where a topic's items come from on the relay, and how one subscriber's room is cut. */
export type TopicSource<K extends TopicKind> = StreamSource<K> | ComputedSource<K>;

/** True when the topic's item is computed rather than mapped from a stream. */
export const isComputedSource = <K extends TopicKind>(s: TopicSource<K>): s is ComputedSource<K> =>
  'computedFrom' in s;

const asOpportunity = (r: object) => r as Opportunity;

/** A small stream sent whole to the topic's one room (`rooms.single`) for everyone allowed. */
const whole = <K extends TopicKind & StreamName>(kind: K): StreamSource<K> => ({
  stream: kind,
  build: () => ({ room: rooms.single(kind), select: (r) => r as TopicItems[K] }),
});

/** The streams of notices about one agency each: its screens hear its own, admins every one. */
type NoticeKind = 'pipeline' | 'returns' | 'agencySettings';
/** What a notice stream's room names its agency by (a name or an id). */
type AgencyOf<K extends NoticeKind> = NonNullable<Parameters<(typeof rooms)[K]>[0]>;

/** How a notice stream names its agency: by name or by id, in the caller's profile and a notice. */
interface AgencyKey<A extends string | number> {
  readonly ofProfile: (p: UserProfile) => A | null;
  readonly ofNotice: (r: object) => A;
}
/** Progress and returns name the agency that bought the referral. */
const BY_NAME: AgencyKey<string> = {
  ofProfile: (p) => p.agencyName,
  ofNotice: (r) => (r as { agency: string }).agency,
};
/** Settings notices name the agency by id. */
const BY_ID: AgencyKey<number> = {
  ofProfile: (p) => p.agencyId,
  ofNotice: (r) => (r as { agencyId: number }).agencyId,
};

/** Of the re-cutting streams' records, those of one agency (see StreamRoomSpec.recutBy). */
type RecutOf<A> = (
  agency: A,
  c: SignedInContext,
) => (stream: StreamName, record: object) => boolean;

/**
 * The records of an agency's marketplaces among the marketplaces (by `agencyId`) and the delivery
 * figures (by `marketplaceId`, through the read model's marketplaces): a delivery to another
 * agency, every poll cycle of a busy market, re-cuts no room but that agency's.
 */
const marketplaceRecordsOf: RecutOf<number> =
  (agencyId, { readModel }) =>
  (stream, r) =>
    stream === 'deliveryStats'
      ? readModel.marketplaces.get((r as DeliveryStat).marketplaceId)?.agencyId === agencyId
      : (r as Marketplace).agencyId === agencyId;

/**
 * A notice stream of agencies: an agency's own notices (its room is `rooms[stream]` of its key),
 * every agency's for admins (from the token); a caller with no agency is refused. With
 * `reloadOn`, an agency's room is re-cut only by the records `recutOf` says are its own.
 */
function agencyNotices<K extends NoticeKind, A extends AgencyOf<K>>(
  stream: K,
  key: AgencyKey<A>,
  reload?: { readonly on: readonly StreamName[]; readonly recutOf: RecutOf<A> },
): Omit<StreamSource<K>, 'build'> & {
  readonly build: (topic: TopicOf<K>, c: SignedInContext) => Built<StreamRoom<TopicItems[K]>>;
} {
  const roomOf = rooms[stream] as (agency: A | null) => string;
  return {
    stream,
    ...(reload ? { reloadOn: reload.on } : {}),
    build: async (_topic, c) => {
      const { principal, profiles } = c;
      let agency: A | null = null;
      if (!principal.access.isAdmin) {
        agency = key.ofProfile(await profiles.resolve(principal));
        if (agency === null) return { code: 'forbidden', error: 'your account has no agency' };
      }
      return {
        room: roomOf(agency),
        // Admins' room (every agency) is re-cut by every change.
        ...(reload && agency !== null ? { recutBy: reload.recutOf(agency, c) } : {}),
        select: (r) =>
          agency === null || key.ofNotice(r) === agency ? (r as TopicItems[K]) : undefined,
      };
    },
  };
}

/**
 * The relay's half of the topic registry (the other half, tier, delivery and ids, is shared
 * `TOPICS`): for each topic kind, its source stream or computation and the room it cuts for a
 * subscriber, with the projection of the subscriber's audience. `roomFor`, fan-out's stream
 * subscriptions and the computed rooms' are derived from it.
 */
export const TOPIC_SOURCES: { readonly [K in TopicKind]: TopicSource<K> } = {
  publicFeed: {
    stream: 'referrals',
    build: (topic) => ({
      room: rooms.publicFeed(topic.state),
      select: (r) =>
        inState(asOpportunity(r), topic.state) ? projectRow(asOpportunity(r), 'public') : undefined,
    }),
  },
  referrals: {
    stream: 'referrals',
    build: (topic, { audience }) => ({
      room: rooms.referrals(audience, topic.state),
      select: (r) =>
        inState(asOpportunity(r), topic.state) ? projectRow(asOpportunity(r), audience) : undefined,
    }),
  },
  inAppetite: {
    stream: 'referrals',
    // An edited appetite changes which referrals the room holds: clients reload their page.
    reloadOn: ['marketplaces'],
    build: async (topic, c) => {
      const agent = await agentMarketplace(c.principal, c.readModel, c.profiles);
      if (isRefusal(agent)) return agent;
      const { id } = agent.marketplace;
      return {
        room: rooms.inAppetite(id, c.audience, topic.state),
        select: (r) => {
          const o = asOpportunity(r);
          // The appetite is read at each change, so an edited appetite applies at once.
          const appetite = c.readModel.marketplaces.get(id)?.riskAppetite;
          return appetite && inState(o, topic.state) && matchesAppetite(o, appetite)
            ? projectRow(o, c.audience)
            : undefined;
        },
      };
    },
  },
  acquired: {
    stream: 'referrals',
    build: async (_topic, { principal, readModel, profiles }) => {
      if (principal.access.isAdmin) {
        // Every agency's purchases (Claim-It Transactions), paged through REST.
        return {
          room: rooms.transactions(),
          select: (r) => (BOUGHT.has(asOpportunity(r)) ? asOpportunity(r) : undefined),
        };
      }
      const profile = await profiles.resolve(principal);
      if (profile.agencyId === null || profile.agencyName === null) {
        return { code: 'forbidden', error: 'your account has no agency' };
      }
      const scope = boughtBy(profile.agencyName);
      // Built now, so the snapshot on join reads the agency's purchases, not the market.
      await readModel.referralIndex.prepare(scope, DEFAULT_SORTS.acquired);
      return {
        room: rooms.acquired(profile.agencyId),
        select: (r) => (scope.has(asOpportunity(r)) ? asOpportunity(r) : undefined),
        scope,
      };
    },
  },
  marketplaces: whole('marketplaces'),
  deliveryStats: whole('deliveryStats'),
  deliveryErrors: whole('deliveryErrors'),
  featureFlags: whole('featureFlags'),
  status: {
    stream: 'status',
    // This instance's own word on its store is added to the last poll's.
    build: (_topic, { readModel }) => ({
      room: rooms.single('status'),
      select: (r) => r as TopicItems['status'],
      records: () => readModel.liveStatus(),
    }),
  },
  dashboard: {
    computedFrom: DASHBOARD_STREAMS,
    build: (_topic, c) => dashboardRoom(c),
  },
  // The stream holds the newest entry only; the log itself is paged through GET /api/audit-log.
  auditLog: whole('auditLog'),
  pipeline: agencyNotices('pipeline', BY_NAME),
  returns: agencyNotices('returns', BY_NAME),
  // An edited marketplace or new delivery figures change what an appetite screen shows (its
  // caps, today's deliveries against them): the screens read again, as on a settings notice.
  agencySettings: agencyNotices('agencySettings', BY_ID, {
    on: ['marketplaces', 'deliveryStats'],
    recutOf: marketplaceRecordsOf,
  }),
};

const sources = Object.values(TOPIC_SOURCES) as TopicSource<TopicKind>[];

/** Every stream whose changes go to some room: the fan-out follows these. */
export const ROOM_STREAMS: readonly StreamName[] = [
  ...new Set(
    sources.flatMap((s) => (isComputedSource(s) ? [] : [s.stream, ...(s.reloadOn ?? [])])),
  ),
];

/** Every stream some computed room depends on: the computed rooms follow these. */
export const COMPUTED_STREAMS: readonly StreamName[] = [
  ...new Set(sources.flatMap((s) => (isComputedSource(s) ? s.computedFrom : []))),
];
