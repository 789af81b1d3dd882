import {
  DEFAULT_SORTS,
  matchesAppetite,
  projectListReferral,
  rooms,
  toPublicReferral,
  type ErrorCode,
  type Opportunity,
  type StateCode,
  type Topic,
  type TopicItems,
} from '@referrals/shared';
import type { ProfileResolver } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import { NOTICE_ID, type StreamName } from '../keys.js';
import { BOUGHT, boughtBy, type ListScope } from '../readModel/listIndex/scopes.js';
import type { ReadModel } from '../readModel/readModel.js';
import { agentMarketplace } from './agentMarketplace.js';
import type { ComputedRoomSpec } from './computedRooms.js';
import { dashboardRoom } from './dashboardRoom.js';

/**
 * What a room carries: which stream feeds it, and for each record of that stream the item this
 * room's audience may see (undefined when the record is not for this room).
 */
export interface StreamRoomSpec {
  readonly room: string;
  readonly topic: Topic;
  readonly stream: StreamName;
  /** Sent whole on join (small topics) or paged through REST (referral feeds). */
  readonly complete: boolean;
  readonly select: (record: object) => TopicItems[keyof TopicItems] | undefined;
  readonly idOf: (record: object) => string;
  /** Private rooms are left when the token expires. */
  readonly private: boolean;
  /** For a whole referral room: the list scope whose view holds its records (no market scan). */
  readonly scope?: ListScope;
  /** For a whole room told more than its stream holds: the records its snapshots are cut from. */
  readonly records?: () => Iterable<object>;
}

/** What a room carries: records of one stream, or one item computed from the mirrors. */
export type RoomSpec = StreamRoomSpec | ComputedRoomSpec;

/** True when the room's item is computed rather than mapped from a stream. */
export const isComputed = (spec: RoomSpec): spec is ComputedRoomSpec =>
  'kind' in spec && spec.kind === 'computed';

/** Why a subscription was refused. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly error: string;
}

const referralId = (r: object) => String((r as Opportunity).opportunityId);
const inState = (o: Opportunity, state: StateCode | null) => state === null || o.state === state;

/**
 * Decides from the verified principal whether it may have a topic, and builds the room for it.
 * The client only names a topic; the room, its filter and its projection are the server's.
 */
export async function roomFor(
  topic: Topic,
  principal: Principal | null,
  readModel: ReadModel,
  profiles: ProfileResolver,
): Promise<RoomSpec | Refusal> {
  const whole = (
    stream: StreamName,
    room: string,
    idOf: (r: object) => string,
    isPrivate: boolean,
  ): StreamRoomSpec => ({
    room,
    topic,
    stream,
    complete: true,
    select: (r) => r as TopicItems[keyof TopicItems],
    idOf,
    private: isPrivate,
  });
  switch (topic.kind) {
    case 'publicFeed':
      return {
        room: rooms.publicFeed(topic.state),
        topic,
        stream: 'referrals',
        complete: false,
        select: (r) =>
          inState(r as Opportunity, topic.state) ? toPublicReferral(r as Opportunity) : undefined,
        idOf: referralId,
        private: false,
      };
    case 'featureFlags':
      return whole(
        'featureFlags',
        rooms.featureFlags(),
        (r) => String((r as { id: number }).id),
        false,
      );
    case 'status':
      // This instance's own word on its store is added to the last poll's.
      return {
        ...whole('status', rooms.status(), () => 'poll', false),
        records: () => readModel.liveStatus(),
      };
    default:
      break;
  }
  if (!principal) return { code: 'unauthenticated', error: 'sign in to see this' };
  const audience = principal.access.isAdmin
    ? 'admin'
    : principal.access.isCarrier
      ? 'carrier'
      : 'agent';
  switch (topic.kind) {
    case 'referrals':
      return {
        room: rooms.referrals(audience, topic.state),
        topic,
        stream: 'referrals',
        complete: false,
        select: (r) =>
          inState(r as Opportunity, topic.state)
            ? projectListReferral(r as Opportunity, audience)
            : undefined,
        idOf: referralId,
        private: true,
      };
    case 'inAppetite': {
      const agent = await agentMarketplace(principal, readModel, profiles);
      if (isRefusal(agent)) return agent;
      const m = agent.marketplace;
      const id = m.id;
      return {
        room: rooms.inAppetite(id, audience, topic.state),
        topic,
        stream: 'referrals',
        complete: false,
        select: (r) => {
          const o = r as Opportunity;
          // The appetite is read at each change, so an edited appetite applies at once.
          const appetite = readModel.marketplaces.get(id)?.riskAppetite;
          return appetite && inState(o, topic.state) && matchesAppetite(o, appetite)
            ? projectListReferral(o, audience)
            : undefined;
        },
        idOf: referralId,
        private: true,
      };
    }
    case 'acquired': {
      if (principal.access.isAdmin) {
        // Every agency's purchases (Claim-It Transactions): too many to send whole at market
        // scale, so the page comes from REST and the room carries the changes.
        return {
          room: rooms.transactions(),
          topic,
          stream: 'referrals',
          complete: false,
          select: (r) => (BOUGHT.has(r as Opportunity) ? (r as Opportunity) : undefined),
          idOf: referralId,
          private: true,
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
        topic,
        stream: 'referrals',
        complete: true,
        select: (r) => (scope.has(r as Opportunity) ? (r as Opportunity) : undefined),
        idOf: referralId,
        private: true,
        scope,
      };
    }
    case 'pipeline':
    case 'returns': {
      // An agency's own, or every agency's for admins; decided here from the token.
      let agency: string | null = null;
      if (!principal.access.isAdmin) {
        const profile = await profiles.resolve(principal);
        if (profile.agencyName === null) {
          return { code: 'forbidden', error: 'your account has no agency' };
        }
        agency = profile.agencyName;
      }
      return {
        room: rooms[topic.kind](agency),
        topic,
        stream: topic.kind,
        // Notice streams carry each change as it happens; the state is read through REST.
        complete: false,
        select: (r) =>
          agency === null || (r as { agency: string }).agency === agency
            ? (r as TopicItems['pipeline' | 'returns'])
            : undefined,
        idOf: () => NOTICE_ID,
        private: true,
      };
    }
    case 'dashboard':
      return dashboardRoom(topic, principal, audience !== 'agent', readModel, profiles);
    default:
      break;
  }
  if (!principal.access.isAdmin) return { code: 'forbidden', error: 'administrators only' };
  switch (topic.kind) {
    case 'marketplaces':
      return whole(
        'marketplaces',
        rooms.marketplaces(),
        (r) => String((r as { id: number }).id),
        true,
      );
    case 'deliveryStats':
      return whole(
        'deliveryStats',
        rooms.deliveryStats(),
        (r) => String((r as { marketplaceId: number }).marketplaceId),
        true,
      );
    case 'deliveryErrors':
      return whole('deliveryErrors', rooms.deliveryErrors(), () => 'page0', true);
    case 'auditLog':
      // The stream holds the newest entry only: each change carries the entry just recorded,
      // and the log itself is paged through GET /api/audit-log.
      return {
        ...whole('auditLog', rooms.auditLog(), () => NOTICE_ID, true),
        complete: false,
      };
  }
}

/** True when the answer is a refusal. */
export const isRefusal = <T extends object>(x: T | Refusal): x is Refusal => 'code' in x;
