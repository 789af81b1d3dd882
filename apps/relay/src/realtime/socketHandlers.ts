/**
 * What a socket may ask of the relay (subscribe, unsubscribe, resync, authenticate) and what
 * happens to it when its token runs out or its connection is recovered.
 *
 * Invariant: every room is decided here from the verified principal, never from the client's
 * say; a socket is in a topic's room only while `socket.data.topics` names that room, and never
 * in one its principal may not have.
 */
import {
  parseResync,
  parseSubscribe,
  parseToken,
  parseTopic,
  topicDefinition,
  topicKey,
  type ClientToServerEvents,
  type ResumeOutcome,
  type ServerToClientEvents,
  type SubscribeAnswer,
  type Topic,
} from '@referrals/shared';
import type { Socket } from 'socket.io';
import type { ProfileResolver } from '../auth/profile.js';
import { TokenError, type Principal, type TokenVerifier } from '../auth/verify.js';
import { logger } from '../log.js';
import type { ReadModel } from '../readModel/api.js';
import type { Fanout } from './fanout.js';
import { roomFor } from './roomSpec.js';
import { isRefusal, type Refusal, type RoomSpec } from './roomTypes.js';

const log = logger('realtime');

/** What the server keeps per socket. */
export interface SocketData {
  principal: Principal | null;
  /** Subscribed topics and their rooms, by topic key (plain data: survives state recovery). */
  topics: Record<string, { topic: Topic; room: string }>;
}
export type RelaySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** What the socket handlers need. */
export interface SocketHandlerDeps {
  readonly readModel: ReadModel;
  readonly profiles: ProfileResolver;
  readonly verify: TokenVerifier;
  readonly fanout: Fanout;
  /** Called with what each subscribe that resumes from a seq came to (metrics). */
  readonly onResume?: (outcome: ResumeOutcome) => void;
}

/**
 * A handler shared by every socket: Socket.IO calls it with the socket as `this`, so no closure
 * is made per connection (each would cost every socket heap for nothing).
 */
type On<E extends keyof ClientToServerEvents> = (
  this: RelaySocket,
  ...args: Parameters<ClientToServerEvents[E]>
) => void;

/** Drops all but the public rooms when the token runs out, until a fresh one is handed over. */
function expire(socket: RelaySocket): void {
  const dropped: Topic[] = [];
  for (const [key, { topic, room }] of Object.entries(socket.data.topics)) {
    if (topicDefinition(topic.kind).tier === 'public') continue;
    void socket.leave(room);
    delete socket.data.topics[key];
    dropped.push(topic);
  }
  socket.data.principal = null;
  socket.emit('sessionExpired', { topics: dropped });
}

/** The room of a topic the client names, for the socket's principal, or why not. */
async function authorize(
  d: SocketHandlerDeps,
  socket: RelaySocket,
  input: unknown,
): Promise<RoomSpec | Refusal> {
  const parsed = parseTopic(input);
  if (!parsed.ok) return { code: 'invalid', error: parsed.error };
  return roomFor(parsed.topic, socket.data.principal, d.readModel, d.profiles);
}

/**
 * A recovered connection comes back with its rooms but maybe on another instance: the rooms'
 * specs are rebuilt from the topics, authorized again, and any no longer allowed are left.
 */
async function restore(d: SocketHandlerDeps, socket: RelaySocket): Promise<void> {
  for (const [key, { topic, room }] of Object.entries(socket.data.topics)) {
    const spec = await roomFor(topic, socket.data.principal, d.readModel, d.profiles);
    if (isRefusal(spec) || spec.room !== room) {
      void socket.leave(room);
      delete socket.data.topics[key];
      continue;
    }
    await d.fanout.join(spec);
  }
}

/** Puts the socket in the topic's room, out of the room it held for the topic before. */
function enter(socket: RelaySocket, spec: RoomSpec): void {
  const key = topicKey(spec.topic);
  const before = socket.data.topics[key];
  if (before && before.room !== spec.room) void socket.leave(before.room);
  void socket.join(spec.room);
  socket.data.topics[key] = { topic: spec.topic, room: spec.room };
}

const OUTCOMES: Record<SubscribeAnswer['kind'], ResumeOutcome> = {
  changes: 'changes',
  current: 'current',
  snapshot: 'reload',
};

/** Whether a subscribe names a seq to resume from (counted, whatever becomes of it). */
const resuming = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && 'seq' in input;

/**
 * Subscribe: a bare topic joins its room and is answered its snapshot; a topic with the seq the
 * client holds joins it the same way, then is answered what changed since (fanout.resume). The
 * seq is only a place in the log to read from: one the feed does not hold is answered a snapshot.
 */
function subscribeHandler(d: SocketHandlerDeps): On<'subscribe'> {
  return function (input, ack) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    const counted = resuming(input);
    const refuse = (refusal: Refusal) => {
      if (counted) d.onResume?.('refused');
      ack({ ok: false, ...refusal });
    };
    const parsed = parseSubscribe(input);
    if (!parsed.ok) return refuse({ code: 'invalid', error: parsed.error });
    const { seq } = parsed;
    roomFor(parsed.topic, socket.data.principal, d.readModel, d.profiles)
      .then(async (spec) => {
        if (isRefusal(spec)) return refuse(spec);
        // Join, then read: later changes continue from exactly what the answer ends at.
        enter(socket, spec);
        if (seq === null) {
          const snapshot = await d.fanout.join(spec);
          return ack({ ok: true, kind: 'snapshot', snapshot });
        }
        const answer = await d.fanout.resume(spec, seq);
        if (counted) d.onResume?.(OUTCOMES[answer.kind]);
        ack({ ok: true, ...answer });
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'subscribe failed');
        refuse({ code: 'unavailable', error: 'try again shortly' });
      });
  };
}

const onUnsubscribe: On<'unsubscribe'> = function (input, ack) {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
  const socket = this;
  if (typeof ack !== 'function') return;
  const parsed = parseTopic(input);
  if (!parsed.ok) return ack({ ok: false, code: 'invalid', error: parsed.error });
  const key = topicKey(parsed.topic);
  const held = socket.data.topics[key];
  if (held) void socket.leave(held.room);
  delete socket.data.topics[key];
  ack({ ok: true });
};

function resyncHandler(d: SocketHandlerDeps): On<'resync'> {
  return function (input, ack) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    const parsed = parseResync(input);
    if (!parsed.ok) return ack({ ok: false, code: 'invalid', error: parsed.error });
    authorize(d, socket, parsed.topic)
      .then(async (spec) => {
        if (isRefusal(spec)) return ack({ ok: false, ...spec });
        if (!socket.rooms.has(spec.room))
          return ack({ ok: false, code: 'invalid', error: 'subscribe first' });
        const changes = await d.fanout.changesSince(spec, parsed.seq);
        ack(
          changes
            ? { ok: true, kind: 'changes', changes }
            : { ok: true, kind: 'snapshot', snapshot: await d.fanout.snapshotOf(spec) },
        );
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'resync failed');
        ack({ ok: false, code: 'unavailable', error: 'try again shortly' });
      });
  };
}

/** A fresh token for the socket's session; a socket keeps the user it signed in as. */
function authenticateHandler(d: SocketHandlerDeps): On<'authenticate'> {
  return function (input, ack) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    const parsed = parseToken(input);
    if (!parsed.ok) return ack({ ok: false, code: 'invalid', error: parsed.error });
    d.verify(parsed.token).then(
      (principal) => {
        const before = socket.data.principal;
        if (before && before.username !== principal.username) {
          return ack({
            ok: false,
            code: 'forbidden',
            error: 'a socket keeps its user; reconnect to switch',
          });
        }
        socket.data.principal = principal;
        ack({ ok: true, expiresAt: principal.expiresAt });
      },
      (err: unknown) =>
        ack({
          ok: false,
          code: 'unauthenticated',
          error: err instanceof TokenError ? err.message : 'token refused',
        }),
    );
  };
}

/** The socket handlers, made once and shared by every socket. */
export function createSocketHandlers(d: SocketHandlerDeps) {
  return {
    expire,
    restore: (socket: RelaySocket) => restore(d, socket),
    onSubscribe: subscribeHandler(d),
    onUnsubscribe,
    onResync: resyncHandler(d),
    onAuthenticate: authenticateHandler(d),
  };
}
