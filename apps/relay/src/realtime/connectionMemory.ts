import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';

/** The stand-in response engine.io gives WebSocket upgrades: it holds the upgrade request. */
interface UpgradeResponse {
  req: IncomingMessage | null;
}

/**
 * Lets go of what each connection would otherwise keep from its handshake for its whole life;
 * nothing in the relay reads any of it after the handshake (the principal is what it keeps).
 *
 * - The engine.io socket's first request (Socket.IO's "memory usage" advice).
 * - The upgrade request held by engine.io's stand-in response of a WebSocket upgrade, through a
 *   `close` listener on the TCP socket: the request, its headers, raw headers and stream state.
 *   It is needed until the response headers are chosen (engine.io's `headers` event), not after.
 * - The handshake's copy of the request headers, and the raw token in its `auth` (replaced by a
 *   fresh object rather than a `delete`, which would turn the object into a slower, larger one).
 */
export function trimConnectionMemory(io: Server): void {
  const upgrades = new WeakMap<IncomingMessage, UpgradeResponse>();
  io.engine.use((req: IncomingMessage, res: unknown, next: () => void) => {
    // Polling requests get a real ServerResponse, still being written: those are left alone.
    if (!(res instanceof ServerResponse)) upgrades.set(req, res as UpgradeResponse);
    next();
  });
  io.engine.on('headers', (_headers: unknown, req: IncomingMessage) => {
    const res = upgrades.get(req);
    if (res) res.req = null;
    upgrades.delete(req);
  });
  io.engine.on('connection', (raw: { request: unknown }) => {
    raw.request = null;
  });
}

/** Keeps only the protocol version of the handshake's auth, and none of its headers. */
export function trimHandshake(handshake: { auth: object; headers: object }): void {
  const { protocol } = handshake.auth as { protocol?: unknown };
  handshake.auth = { protocol };
  handshake.headers = {};
}
