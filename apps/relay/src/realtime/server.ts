/**
 * Socket.IO on the relay's HTTP server: checks the origin and the protocol version, verifies the
 * token at the handshake (and when the client hands over a fresh one), decides every room itself
 * and sends each room what its audience may see.
 *
 * Invariant: messages go only to this instance's own sockets (no adapter links instances), and
 * a socket whose token ran out keeps only its public rooms.
 */
import type { Server as HttpServer } from 'node:http';
import type {
  ChangesMessage,
  ClientToServerEvents,
  ResumeOutcome,
  SnapshotMessage,
  ServerToClientEvents,
} from '@referrals/shared';
import { Server } from 'socket.io';
import type { ProfileResolver } from '../auth/profile.js';
import type { TokenVerifier } from '../auth/verify.js';
import { logger } from '../log.js';
import type { ReadModel } from '../readModel/api.js';
import { trimConnectionMemory } from './connectionMemory.js';
import type { RoomEmitter } from './emitter.js';
import { createFanout, type FanoutOptions } from './fanout.js';
import { NO_PRESSURE, type PressureGauge } from '../pressure.js';
import { checkHandshake } from './handshake.js';
import { HEARTBEAT } from './heartbeat.js';
import { createSocketHandlers, type RelaySocket, type SocketData } from './socketHandlers.js';

const log = logger('realtime');

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
  /**
   * Socket.IO connection state recovery (default on). A speed-up only: clients resync by seq
   * whatever happens, so it may be turned off where it costs more than it saves.
   */
  readonly stateRecovery?: boolean;
  /** Called for every message sent to a room (metrics). */
  readonly onEmit?: (event: 'changes' | 'snapshot') => void;
  /** Called once a committed change set has gone to its rooms (delivery-lag metrics). */
  readonly onDelivered?: FanoutOptions['onDelivered'];
  /** Whether the relay is saturated: new sockets are refused meanwhile (see pressure.ts). */
  readonly pressure?: PressureGauge;
  /** Called for each new socket refused while saturated (metrics). */
  readonly onShed?: () => void;
  /** Called with what each subscribe that resumes from a seq came to (metrics). */
  readonly onResume?: (outcome: ResumeOutcome) => void;
  /**
   * Over how long the clients of a closing relay are spread: each socket is told to wait a random
   * part of it before dialling again (default RECONNECT_SPREAD_MS).
   */
  readonly reconnectSpreadMs?: number;
}

const EXPIRY_LEEWAY_MS = 5000;
/** Over how long a closing relay spreads its clients' reconnects (see hintReconnects). */
export const RECONNECT_SPREAD_MS = 5000;
/** How long the hints are given to leave before the transports close. */
const HINT_FLUSH_MS = 100;
const EXPIRY_SWEEP_MS = 1000;

/** The Socket.IO server, taking connections from the allowed origins only. */
function createIo(http: HttpServer, o: RealtimeOptions): RelayIo {
  return new Server(http, {
    cors: { origin: [...o.allowedOrigins], credentials: false },
    allowRequest: (req, callback) => {
      // Browsers send Origin on WebSocket upgrades, where CORS does not apply: check it here.
      const origin = req.headers.origin;
      callback(null, origin === undefined || o.allowedOrigins.includes(origin));
    },
    maxHttpBufferSize: o.maxFrameBytes ?? 64 * 1024,
    ...HEARTBEAT,
    ...(o.stateRecovery === false
      ? {}
      : {
          connectionStateRecovery: {
            maxDisconnectionDuration: 2 * 60_000,
            skipMiddlewares: false,
          },
        }),
  });
}

/** Fan-out's seam onto Socket.IO: this instance's sockets of a room. */
function roomEmitter(io: RelayIo, o: RealtimeOptions): RoomEmitter {
  return {
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
  };
}

/**
 * Tokens run out: one sweep a second over the sockets, rather than a timer per socket (whose
 * bookkeeping every signed-in socket would carry; the sweep costs none per socket). A socket is
 * let go of at most a second after its token's expiry and leeway.
 */
function startExpirySweep(io: RelayIo, expire: (socket: RelaySocket) => void): NodeJS.Timeout {
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      const p = socket.data.principal;
      if (p && p.expiresAt + EXPIRY_LEEWAY_MS <= now) expire(socket);
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  return sweep;
}

/**
 * Before a drain closes every socket: tells each one to wait its own random delay, up to
 * `spreadMs`, before dialling again, so the clients reach the other relays spread out rather than
 * all in the same second (socket.io's own backoff starts at once on a closed transport). Resolves
 * once the hints have had a moment to leave.
 */
export async function hintReconnects(io: RelayIo, spreadMs = RECONNECT_SPREAD_MS): Promise<void> {
  const sockets = io.of('/').sockets;
  if (sockets.size === 0) return;
  for (const socket of sockets.values()) {
    socket.emit('reconnectHint', { delayMs: Math.floor(Math.random() * spreadMs) });
  }
  await new Promise((resolve) => setTimeout(resolve, HINT_FLUSH_MS));
}

/** Attaches the realtime layer to the relay's HTTP server; `close` stops it. */
export function attachRealtime(http: HttpServer, o: RealtimeOptions) {
  const io = createIo(http, o);
  // Each connection would otherwise keep its upgrade request (headers, streams) for life.
  trimConnectionMemory(io);
  const fanout = createFanout(o.readModel, roomEmitter(io, o), {
    onDelivered: o.onDelivered,
  });
  const { expire, restore, onSubscribe, onUnsubscribe, onResync, onAuthenticate } =
    createSocketHandlers({
      readModel: o.readModel,
      profiles: o.profiles,
      verify: o.verify,
      fanout,
      onResume: o.onResume,
    });

  io.use(checkHandshake(o.verify, o.pressure ?? NO_PRESSURE, o.onShed ?? (() => undefined)));
  const expirySweep = startExpirySweep(io, expire);

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
    /** Stops fan-out, hints every socket when to reconnect, and closes them. */
    async close() {
      fanout.stop();
      clearInterval(expirySweep);
      await hintReconnects(io, o.reconnectSpreadMs);
      await io.close();
    },
  };
}
export type Realtime = ReturnType<typeof attachRealtime>;
