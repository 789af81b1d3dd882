import { createServer, ServerResponse, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { trimConnectionMemory, trimHandshake } from './connectionMemory.js';

// A bare Socket.IO server (no relay) on a real HTTP server, with real clients over the network.
let http: HttpServer;
let server: Server;
const clients: ClientSocket[] = [];

async function start(): Promise<{ url: string; responses: unknown[] }> {
  http = createServer();
  server = new Server(http);
  const responses: unknown[] = [];
  // Registered first, so it sees each response before the trimming does.
  server.engine.use((_req: unknown, res: unknown, next: () => void) => {
    responses.push(res);
    next();
  });
  trimConnectionMemory(server);
  server.use((socket, next) => {
    trimHandshake(socket.handshake);
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, responses };
}

function connected(url: string, transports: string[]): Promise<ServerSocket> {
  return new Promise((resolve) => {
    server.once('connection', resolve);
    clients.push(
      connect(url, { transports, auth: { protocol: 1, token: 'secret-token' }, forceNew: true }),
    );
  });
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await server.close();
});

interface UpgradeResponse {
  once(event: 'close', listener: () => void): unknown;
}
interface EngineWebSocket {
  listeners(event: 'error'): { name: string }[];
}
interface ClientWebSocket {
  terminate(): void;
}

describe('what a connection keeps from its handshake', () => {
  it('keeps neither the raw token, the headers, the query nor the upgrade request of a WebSocket', async () => {
    const { url } = await start();
    const socket = await connected(url, ['websocket']);
    expect(socket.handshake.auth).toEqual({ protocol: 1 });
    expect(socket.handshake.headers).toEqual({});
    expect(socket.handshake.query).toEqual({});
    expect(socket.handshake.url).toBe('');
    expect(socket.conn.request).toBeNull();
  });

  it("lets go of the upgrade's stand-in response: it no longer hears the connection close", async () => {
    const { url, responses } = await start();
    const socket = await connected(url, ['websocket']);
    const upgrade = responses.find((r) => !(r instanceof ServerResponse)) as UpgradeResponse;
    expect(upgrade).toBeDefined();
    let heard = false;
    upgrade.once('close', () => (heard = true));
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // The TCP connection dies without a goodbye: only the WebSocket's own close listener notices.
    const ws = (clients[0]?.io.engine.transport as unknown as { ws: ClientWebSocket }).ws;
    ws.terminate();
    expect(await gone).toBe('transport close');
    expect(heard).toBe(false);
  });

  it("drops engine.io's upgrade-time error listener from the WebSocket", async () => {
    const { url } = await start();
    const socket = await connected(url, ['websocket']);
    const ws = (socket.conn.transport as unknown as { socket: EngineWebSocket }).socket;
    const names = ws.listeners('error').map((l) => l.name);
    expect(names).not.toContain('onUpgradeError');
    expect(names).toHaveLength(1);
  });

  it('still serves a polling client that upgrades, messages both ways', async () => {
    const { url } = await start();
    const socket = await connected(url, ['polling', 'websocket']);
    socket.on('echo', (text: string, ack: (t: string) => void) => ack(text));
    const client = clients[0];
    await new Promise<void>((resolve) => client?.io.engine.once('upgrade', () => resolve()));
    const answer: unknown = await client?.timeout(2000).emitWithAck('echo', 'hello');
    expect(answer).toBe('hello');
    expect(socket.conn.transport.name).toBe('websocket');
  });
});
