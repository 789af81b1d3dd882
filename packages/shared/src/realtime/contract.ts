import type { TopicItems, TopicKind } from './topicItems.js';
import type { Topic } from './topics.js';
import type { PresenceAnswer, PresenceMessage, PresenceRequest } from '../presence/protocol.js';

type TopicOf<K extends TopicKind> = Extract<Topic, { kind: K }>;

/**
 * A topic at one sequence number. Small topics (marketplaces, flags, acquired, ...) come whole
 * (`complete`); referral feeds are paged through the REST list, whose answer carries the same seq,
 * so their snapshot holds no items and only fixes the seq the changes continue from.
 */
export type SnapshotMessage = {
  [K in TopicKind]: {
    readonly topic: TopicOf<K>;
    readonly seq: number;
    readonly complete: boolean;
    readonly items: readonly TopicItems[K][];
  };
}[TopicKind];

/**
 * What changed in a topic between `prevSeq` and `seq`. A client holding `prevSeq` applies it; one
 * holding anything else has missed a change and resyncs. Removed items are named by id.
 */
export type ChangesMessage = {
  [K in TopicKind]: {
    readonly topic: TopicOf<K>;
    readonly prevSeq: number;
    readonly seq: number;
    readonly upserts: readonly TopicItems[K][];
    readonly removed: readonly string[];
  };
}[TopicKind];

/** Why the server refused a request. */
export type ErrorCode = 'invalid' | 'unauthenticated' | 'forbidden' | 'unavailable' | 'rateLimited';

/** The answer to every client request. */
export type Ack<T = object> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly code: ErrorCode; readonly error: string };

/**
 * A subscription as the client asks for it: a bare topic (a first subscribe; what clients before
 * resuming sent, still answered as ever), or the topic with the seq the client holds for it (a
 * resume after a reconnect Socket.IO did not recover): the server then answers what changed since.
 * `seq` is optional: `{ topic }` alone is a bare subscribe.
 */
export type SubscribeRequest = Topic | { readonly topic: Topic; readonly seq?: number };

/**
 * The answer to a subscribe. A bare subscribe is always answered `snapshot`. A resume is answered
 * `changes` (every change set after the seq the client sent, in order, the first naming it as
 * `prevSeq`), `current` (nothing changed since: the client holds `seq`), or `snapshot` (the log no
 * longer reaches back, the seq is not one this relay holds, or the room was re-cut meanwhile: the
 * client reloads, a paged list reading its page again over REST).
 */
export type SubscribeAnswer =
  | { readonly kind: 'snapshot'; readonly snapshot: SnapshotMessage }
  | { readonly kind: 'changes'; readonly changes: readonly ChangesMessage[] }
  | { readonly kind: 'current'; readonly seq: number };

/** What a resume came to, as the relay counts it (`relay_resume_total{outcome}`). */
export type ResumeOutcome = 'changes' | 'current' | 'reload' | 'refused';

/**
 * Sent to each socket just before the server closes it on a drain: wait `delayMs` before dialling
 * again. Each socket gets its own random delay, so a relay's clients do not all land at once.
 */
export interface ReconnectHint {
  readonly delayMs: number;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  /** The content of a topic the client subscribed to (also after a server-side reset). */
  snapshot: (message: SnapshotMessage) => void;
  /** A change of a subscribed topic. */
  changes: (message: ChangesMessage) => void;
  /** The token expired: private topics were dropped until the client hands over a fresh one. */
  sessionExpired: (message: { readonly topics: readonly Topic[] }) => void;
  /** The server is about to close this socket (a drain): reconnect after the hinted delay. */
  reconnectHint: (hint: ReconnectHint) => void;
  /** A change of the caller's agency's presence: a viewed referral's viewers, or a hold. */
  presence: (message: PresenceMessage) => void;
}

/** Events the client sends; each is answered through its acknowledgement. */
export interface ClientToServerEvents {
  /** Joins the topic's room; a request with a seq resumes from it (see SubscribeAnswer). */
  subscribe: (request: SubscribeRequest, ack: (answer: Ack<SubscribeAnswer>) => void) => void;
  unsubscribe: (topic: Topic, ack: (answer: Ack) => void) => void;
  /** Asks for what changed since `seq`: the changes, or a snapshot when they are no longer kept. */
  resync: (
    request: { readonly topic: Topic; readonly seq: number },
    ack: (
      answer: Ack<
        | { readonly kind: 'changes'; readonly changes: readonly ChangesMessage[] }
        | { readonly kind: 'snapshot'; readonly snapshot: SnapshotMessage }
      >,
    ) => void,
  ) => void;
  /** Hands the socket a refreshed access token without reconnecting. */
  authenticate: (token: string, ack: (answer: Ack<{ readonly expiresAt: number }>) => void) => void;
  /** Watches the agency's holds, or names the referral this socket has open (presence/). */
  presence: (request: PresenceRequest, ack: (answer: Ack<PresenceAnswer>) => void) => void;
}

/** What the client puts in the handshake's auth. */
export interface HandshakeAuth {
  readonly protocol: number;
  /** Bearer access token; absent for the anonymous public feed. */
  readonly token?: string;
}
