/**
 * Subscription decisions: for a topic a client names and the verified principal, the room the
 * relay feeds it from, or a refusal.
 *
 * Invariant: the topic's tier is checked before any room is built, and the room, its filter and
 * its projection come from the topic registry, never from the client.
 */
import {
  audienceOf,
  deliveryOf,
  topicDefinition,
  type Topic,
  type TopicItems,
  type TopicKind,
} from '@referrals/shared';
import type { ProfileResolver } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import { NOTICE_ID } from '../keys.js';
import type { ReadModel } from '../readModel/api.js';
import {
  isRefusal,
  type ComputedRoom,
  type Refusal,
  type RoomContext,
  type RoomSpec,
  type SignedInContext,
  type StreamRoom,
} from './roomTypes.js';
import { isComputedSource, TOPIC_SOURCES, type TopicSource } from './topicSources.js';

/** Whether a principal may have a topic of this kind: its tier, from the verified token only. */
function tierRefusal(kind: TopicKind, principal: Principal | null): Refusal | null {
  const { tier } = topicDefinition(kind);
  if (tier === 'public') return null;
  if (!principal) return { code: 'unauthenticated', error: 'sign in to see this' };
  if (tier === 'admin' && !principal.access.isAdmin)
    return { code: 'forbidden', error: 'administrators only' };
  return null;
}

/**
 * Decides from the verified principal whether it may have a topic, and builds the room for it
 * from the topic registry: the shared `TOPICS` (tier, delivery, ids) and the relay's
 * `TOPIC_SOURCES` (source, room, projection). The client only names a topic; the room, its filter
 * and its projection are the server's.
 */
export async function roomFor(
  topic: Topic,
  principal: Principal | null,
  readModel: ReadModel,
  profiles: ProfileResolver,
): Promise<RoomSpec | Refusal> {
  const refused = tierRefusal(topic.kind, principal);
  if (refused) return refused;
  const context: RoomContext | SignedInContext = principal
    ? { readModel, profiles, principal, audience: audienceOf(principal.access) }
    : { readModel, profiles };
  // The registry pairs each kind with its own topic and context; tierRefusal vouched for both.
  const source = TOPIC_SOURCES[topic.kind] as TopicSource<TopicKind>;
  const built = await source.build(topic, context as SignedInContext);
  if (isRefusal(built)) return built;
  if (isComputedSource(source)) return { kind: 'computed', topic, ...(built as ComputedRoom) };
  const room = built as StreamRoom<TopicItems[TopicKind]>;
  const delivery = deliveryOf(topic.kind, principal?.access.isAdmin ?? false);
  const { idOf } = topicDefinition(topic.kind);
  return {
    ...room,
    topic,
    stream: source.stream,
    reloadOn: source.reloadOn ?? [],
    complete: delivery === 'complete',
    // A notice stream keeps its newest record under one id.
    idOf: delivery === 'notice' ? () => NOTICE_ID : (r) => idOf(r as never),
  };
}
