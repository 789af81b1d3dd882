/**
 * Trims what engine.io and Socket.IO would keep of each connection's handshake for its whole life.
 *
 * Invariant: only what nothing in the relay reads after the handshake is let go of, and every
 * trimmed handshake keeps one object shape.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket as TcpSocket } from 'node:net';
import type { Server } from 'socket.io';

/** engine.io's stand-in response of a WebSocket upgrade (not a ServerResponse). */
interface UpgradeResponse {
  readonly socket: TcpSocket;
}

/** What the relay reads of an engine.io connection here. */
interface EngineConnection {
  request: unknown;
  readonly transport: { readonly socket?: { listeners(event: 'error'): unknown[] } & Emitter };
}
interface Emitter {
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
}

/** Shared by every trimmed handshake: nothing reads them after the handshake. */
const NO_HEADERS: Readonly<Record<string, never>> = Object.freeze({});
const NO_QUERY: Readonly<Record<string, never>> = Object.freeze({});

/**
 * Lets go of what each connection would otherwise keep from its handshake for its whole life;
 * nothing in the relay reads any of it after the handshake (the principal is what it keeps).
 *
 * - engine.io's stand-in response of a WebSocket upgrade re-emits the TCP socket's `close` for
 *   HTTP middlewares such as loggers, through a `once('close')` listener on the TCP socket added
 *   when the response is made. The relay has no such middleware, and that listener would keep
 *   the response, the upgrade request (headers, raw headers, stream state) and the listener's
 *   own wrappers alive as long as the connection, on every socket. It is removed as the upgrade
 *   passes the engine's middleware; the response and request are then garbage once the
 *   upgrade completes.
 * - The `error` listener engine.io puts on the WebSocket for the time of the upgrade only
 *   (`onUpgradeError`, a no-op): it stays for a fresh connection's life otherwise.
 * - The engine.io socket's first request (Socket.IO's "memory usage" advice).
 */
export function trimConnectionMemory(io: Server): void {
  io.engine.use((_req: IncomingMessage, res: unknown, next: () => void) => {
    // Polling requests get a real ServerResponse, still being written: those are left alone.
    if (!(res instanceof ServerResponse)) {
      // The response was made just before the middlewares ran (only promise jobs in between),
      // so its listener is the TCP socket's latest `close` listener.
      const tcp = (res as UpgradeResponse).socket;
      const latest = tcp.rawListeners('close').at(-1);
      if (latest) tcp.removeListener('close', latest as () => void);
    }
    next();
  });
  io.engine.on('connection', (raw: EngineConnection) => {
    raw.request = null;
    const ws = raw.transport.socket;
    if (!ws) return;
    for (const listener of ws.listeners('error')) {
      if (typeof listener === 'function' && listener.name === 'onUpgradeError') {
        ws.removeListener('error', listener as () => void);
      }
    }
  });
}

/**
 * Keeps only the protocol version of the handshake's auth (not the raw token), and none of its
 * headers, query, URL or time string: shared empty values rather than deleted fields, so every
 * handshake object keeps one shape.
 */
export function trimHandshake(handshake: {
  auth: object;
  headers: object;
  query: object;
  url: string;
  time: string;
}): void {
  const { protocol } = handshake.auth as { protocol?: unknown };
  handshake.auth = { protocol };
  handshake.headers = NO_HEADERS;
  handshake.query = NO_QUERY;
  handshake.url = '';
  handshake.time = '';
}
