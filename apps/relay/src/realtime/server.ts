import type { Server as HttpServer } from 'node:http';
import {
  parseResync,
  parseToken,
  parseTopic,
  PROTOCOL_VERSION,
  topicKey,
  type ChangesMessage,
  type ClientToServerEvents,
  type SnapshotMessage,
  type ServerToClientEvents,
  type Topic,
} from '@referrals/shared';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type { ProfileResolver } from '../auth/profile.js';
import { TokenError, type Principal, type TokenVerifier } from '../auth/verify.js';
import { logger } from '../log.js';
import type { ReadModel } from '../readModel/readModel.js';
import { trimConnectionMemory, trimHandshake } from './connectionMemory.js';
import { createFanout } from './fanout.js';
import { isRefusal, roomFor, type Refusal, type RoomSpec } from './roomSpec.js';

const log = logger('realtime');

/** What the server keeps per socket. */
interface SocketData {
  principal: Principal | null;
  /** Subscribed topics and their rooms, by topic key (plain data: survives state recovery). */
  topics: Record<string, { topic: Topic; room: string }>;
}
type RelaySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RelayIo = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Options of the realtime layer. */
export interface RealtimeOptions {
  readonly allowedOrigins: readonly string[];
  readonly verify: TokenVerifier;
  readonly readModel: ReadModel;
  readonly profiles: ProfileResolver;
  /** Largest frame a client may send. */
  readonly maxFrameBytes?: number;
  /** Links relay instances (the Redis streams adapter); none on a single instance. */
  readonly adapter?: ServerOptions['adapter'];
  /**
   * Socket.IO connection state recovery (default on). A speed-up only: clients resync by seq
   * whatever happens, so it may be turned off where it costs more than it saves.
   */
  readonly stateRecovery?: boolean;
  /** Called for every message sent to a room (metrics). */
  readonly onEmit?: (event: 'changes' | 'snapshot') => void;
}

const EXPIRY_LEEWAY_MS = 5000;
const EXPIRY_SWEEP_MS = 1000;

/**
 * Socket.IO on the relay's HTTP server: checks the origin and the protocol version, verifies the
 * token at the handshake (and when the client hands over a fresh one), decides every room itself
 * and sends each room what its audience may see.
 */
export function attachRealtime(http: HttpServer, o: RealtimeOptions) {
  const io: RelayIo = new Server(http, {
    cors: { origin: [...o.allowedOrigins], credentials: false },
    allowRequest: (req, callback) => {
      // Browsers send Origin on WebSocket upgrades, where CORS does not apply: check it here.
      const origin = req.headers.origin;
      callback(null, origin === undefined || o.allowedOrigins.includes(origin));
    },
    maxHttpBufferSize: o.maxFrameBytes ?? 64 * 1024,
    ...(o.stateRecovery === false
      ? {}
      : {
          connectionStateRecovery: {
            maxDisconnectionDuration: 2 * 60_000,
            skipMiddlewares: false,
          },
        }),
    ...(o.adapter ? { adapter: o.adapter } : {}),
  });
  // Each connection would otherwise keep its upgrade request (headers, streams) for life.
  trimConnectionMemory(io);
  const fanout = createFanout(o.readModel, {
    emit: (
      room: string,
      event: 'changes' | 'snapshot',
      message: ChangesMessage | SnapshotMessage,
    ) => {
      const target = io.local.to(room);
      if (event === 'changes') target.emit('changes', message as ChangesMessage);
      else target.emit('snapshot', message as SnapshotMessage);
      o.onEmit?.(event);
    },
    has: (room) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0,
  });
  io.use((socket: RelaySocket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { protocol?: unknown; token?: unknown };
    if (auth.protocol !== PROTOCOL_VERSION) {
      next(
        new Error(
          `protocol ${String(auth.protocol)} is not spoken here (want ${PROTOCOL_VERSION})`,
        ),
      );
      return;
    }
    if (auth.token === undefined) {
      socket.data.principal = null;
      socket.data.topics ??= {};
      trimHandshake(socket.handshake);
      next();
      return;
    }
    const parsed = parseToken(auth.token);
    if (!parsed.ok) {
      next(new Error(`unauthenticated: ${parsed.error}`));
      return;
    }
    o.verify(parsed.token).then(
      (principal) => {
        socket.data.principal = principal;
        socket.data.topics ??= {};
        // The verified principal is kept; the raw token need not live as long as the socket.
        trimHandshake(socket.handshake);
        next();
      },
      (err: unknown) =>
        next(
          new Error(
            `unauthenticated: ${err instanceof TokenError ? err.message : 'token refused'}`,
          ),
        ),
    );
  });

  // Tokens run out: one sweep a second over the sockets, rather than a timer per socket (a timer
  // and its bookkeeping cost each signed-in socket ~0.2 KB of heap; the sweep, nothing). A socket
  // is let go of at most a second after its token's expiry and leeway.
  const expirySweep = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      const p = socket.data.principal;
      if (p && p.expiresAt + EXPIRY_LEEWAY_MS <= now) expire(socket);
    }
  }, EXPIRY_SWEEP_MS);
  expirySweep.unref();

  /** Drops the private rooms when the token runs out, until a fresh one is handed over. */
  function expire(socket: RelaySocket): void {
    const dropped: Topic[] = [];
    for (const [key, { topic, room }] of Object.entries(socket.data.topics)) {
      if (topic.kind === 'publicFeed' || topic.kind === 'featureFlags' || topic.kind === 'status')
        continue;
      void socket.leave(room);
      delete socket.data.topics[key];
      dropped.push(topic);
    }
    socket.data.principal = null;
    socket.emit('sessionExpired', { topics: dropped });
  }

  async function authorize(socket: RelaySocket, input: unknown): Promise<RoomSpec | Refusal> {
    const parsed = parseTopic(input);
    if (!parsed.ok) return { code: 'invalid', error: parsed.error };
    return roomFor(parsed.topic, socket.data.principal, o.readModel, o.profiles);
  }

  /**
   * A recovered connection comes back with its rooms but maybe on another instance: the rooms'
   * specs are rebuilt from the topics, authorized again, and any no longer allowed are left.
   */
  async function restore(socket: RelaySocket): Promise<void> {
    for (const [key, { topic, room }] of Object.entries(socket.data.topics)) {
      const spec = await roomFor(topic, socket.data.principal, o.readModel, o.profiles);
      if (isRefusal(spec) || spec.room !== room) {
        void socket.leave(room);
        delete socket.data.topics[key];
        continue;
      }
      fanout.join(spec);
    }
  }

  // The handlers are shared by every socket (Socket.IO calls them with the socket as `this`):
  // closures per connection would cost each socket a few hundred bytes of heap for nothing.
  type On<E extends keyof ClientToServerEvents> = (
    this: RelaySocket,
    ...args: Parameters<ClientToServerEvents[E]>
  ) => void;
  const onSubscribe: On<'subscribe'> = function (input, ack) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    authorize(socket, input).then(
      (spec) => {
        if (isRefusal(spec)) return ack({ ok: false, ...spec });
        // Join and snapshot in one step: later changes continue from exactly this seq.
        const key = topicKey(spec.topic);
        const before = socket.data.topics[key];
        if (before && before.room !== spec.room) void socket.leave(before.room);
        void socket.join(spec.room);
        socket.data.topics[key] = { topic: spec.topic, room: spec.room };
        ack({ ok: true, snapshot: fanout.join(spec) });
      },
      (err: unknown) => {
        log.warn({ err }, 'subscribe failed');
        ack({ ok: false, code: 'unavailable', error: 'try again shortly' });
      },
    );
  };

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

  const onResync: On<'resync'> = function (input, ack) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    const parsed = parseResync(input);
    if (!parsed.ok) return ack({ ok: false, code: 'invalid', error: parsed.error });
    authorize(socket, parsed.topic)
      .then(async (spec) => {
        if (isRefusal(spec)) return ack({ ok: false, ...spec });
        if (!socket.rooms.has(spec.room))
          return ack({ ok: false, code: 'invalid', error: 'subscribe first' });
        const changes = await fanout.changesSince(spec, parsed.seq);
        ack(
          changes
            ? { ok: true, kind: 'changes', changes }
            : { ok: true, kind: 'snapshot', snapshot: fanout.snapshotOf(spec) },
        );
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'resync failed');
        ack({ ok: false, code: 'unavailable', error: 'try again shortly' });
      });
  };

  const onAuthenticate: On<'authenticate'> = function (input, ack) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    const parsed = parseToken(input);
    if (!parsed.ok) return ack({ ok: false, code: 'invalid', error: parsed.error });
    o.verify(parsed.token).then(
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

  io.on('connection', (socket: RelaySocket) => {
    if (socket.recovered) {
      restore(socket).catch((err: unknown) =>
        log.warn({ err }, 'could not restore a recovered socket'),
      );
    }
    socket.on('subscribe', onSubscribe);
    socket.on('unsubscribe', onUnsubscribe);
    socket.on('resync', onResync);
    socket.on('authenticate', onAuthenticate);
  });

  return {
    io,
    fanout,
    async close() {
      fanout.stop();
      clearInterval(expirySweep);
      await io.close();
    },
  };
}
export type Realtime = ReturnType<typeof attachRealtime>;
