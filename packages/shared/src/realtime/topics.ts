import type { StateCode } from '../domain/states.js';
import type { TopicKind } from './topicItems.js';
import type { TOPICS } from './topicRegistry.js';

/** Version of the socket protocol; the server refuses a client that speaks another one. */
export const PROTOCOL_VERSION = 1 as const;

/** A topic of one kind: with a state (a code, or null for all states) when its entry is by state. */
type TopicOfKind<K extends TopicKind> = (typeof TOPICS)[K]['byState'] extends true
  ? { readonly kind: K; readonly state: StateCode | null }
  : { readonly kind: K };

/**
 * What a client can subscribe to, derived from the registry `TOPICS` (see each entry for what the
 * topic carries). The server decides from the verified token whether it may, and which projection
 * it gets: the client never names a room.
 */
export type Topic = { [K in TopicKind]: TopicOfKind<K> }[TopicKind];

/** A stable text key of a topic, used to match events to subscriptions on the client. */
export function topicKey(topic: Topic): string {
  return 'state' in topic ? `${topic.kind}:${topic.state ?? 'all'}` : topic.kind;
}
