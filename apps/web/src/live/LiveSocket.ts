import { io, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type HandshakeAuth,
  type ServerToClientEvents,
} from '@referrals/shared';
import { logger } from '../log';

const log = logger('live');

/** A connection change: connected (and whether the server recovered the session) or not. */
export type ConnectionEvent =
  | { readonly connected: true; readonly recovered: boolean }
  | {
      readonly connected: false;
    };

/**
 * The part of a Socket.IO socket the live layer uses, with the typed event names of the shared
 * contract. The real one wraps socket.io-client; tests use a small in-memory fake.
 */
export interface LiveSocket {
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): void;
  emit<E extends keyof ClientToServerEvents>(
    event: E,
    ...args: Parameters<ClientToServerEvents[E]>
  ): void;
  /** Called on every connect, reconnect and disconnect. */
  onConnection(listener: (event: ConnectionEvent) => void): void;
  /**
   * Drops the connection, if any (its listeners hear it), and dials again at once; a socket that
   * never connects (a server render's) has none.
   */
  reconnect?(): void;
  close(): void;
}

type Untyped = {
  on(event: string, listener: (...args: never[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
};

const RETRY_AFTER_REFUSAL_MS = 3000;

/**
 * Socket.IO's reconnection backoff, set here rather than left to its defaults: the first redial
 * after a drop waits 0.5-1.5 s, doubling up to 10 s, each delay ±50% at random, so the tabs of a
 * relay that went away do not all dial the others in the same instant.
 */
export const RECONNECT_BACKOFF = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 10_000,
  randomizationFactor: 0.5,
} as const;

/** The longest reconnect hint honoured (a server's word, bounded all the same: the backoff's cap). */
export const MAX_HINT_MS = RECONNECT_BACKOFF.reconnectionDelayMax;

/**
 * How long to wait before dialling again after the relay's middleware refused the socket: the
 * time a busy relay asks for (bounded like a hint), else RETRY_AFTER_REFUSAL_MS.
 */
export const refusalDelay = (err: { message: string; data?: unknown }): number => {
  if (!err.message.startsWith('busy')) return RETRY_AFTER_REFUSAL_MS;
  const ms = (err.data as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return hintedDelay({ delayMs: ms }) ?? RETRY_AFTER_REFUSAL_MS;
};

/** The delay a reconnect hint asks for, bounded to 0..MAX_HINT_MS (null: not a usable hint). */
export const hintedDelay = (hint: unknown): number | null => {
  const ms = (hint as { delayMs?: unknown } | null)?.delayMs;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  return Math.min(Math.max(0, Math.round(ms)), MAX_HINT_MS);
};

/**
 * Opens the tab's one socket on the page's origin. The handshake auth is a callback, so every
 * reconnect sends the current token (anonymous when there is none, for the public feed).
 */
export const connectLiveSocket = (token: () => Promise<string | null>): LiveSocket => {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    path: '/socket.io',
    // WebSocket first; where a proxy refuses the upgrade, long-polling on the same connect (the
    // balancer pins a polling session to one relay with a cookie).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    ...RECONNECT_BACKOFF,
    auth: (cb) => {
      void token().then((t) => {
        const auth: HandshakeAuth = t
          ? { protocol: PROTOCOL_VERSION, token: t }
          : { protocol: PROTOCOL_VERSION };
        cb({ ...auth });
      });
    },
  });
  const untyped = socket as unknown as Untyped;
  const connectionListeners = new Set<(e: ConnectionEvent) => void>();
  socket.on('connect', () => {
    for (const l of connectionListeners) l({ connected: true, recovered: socket.recovered });
  });
  socket.on('disconnect', () => {
    for (const l of connectionListeners) l({ connected: false });
  });
  // A draining relay hints how long this socket waits before its first redial: the next backoff
  // delay is exactly that, once; the usual backoff is back at the redial.
  socket.on('reconnectHint', (hint) => {
    const ms = hintedDelay(hint);
    if (ms === null) return;
    socket.io.reconnectionDelay(ms);
    socket.io.randomizationFactor(0);
  });
  socket.io.on('reconnect_attempt', () => {
    socket.io.reconnectionDelay(RECONNECT_BACKOFF.reconnectionDelay);
    socket.io.randomizationFactor(RECONNECT_BACKOFF.randomizationFactor);
  });
  socket.on('connect_error', (err) => {
    log.warn('live connection refused', err.message);
    // A refusal by the server's middleware is not retried by socket.io itself.
    if (!socket.active) setTimeout(() => socket.connect(), refusalDelay(err));
  });
  return {
    on: (event, listener) => untyped.on(event, listener),
    emit: (event, ...args) => untyped.emit(event, ...args),
    onConnection: (l) => connectionListeners.add(l),
    reconnect: () => {
      socket.disconnect();
      socket.connect();
    },
    close: () => socket.disconnect(),
  };
};
