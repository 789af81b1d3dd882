import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import {
  createConnection,
  createServer as createTcpServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { Server as IoServer } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { HEARTBEAT } from './heartbeat.js';

/** The longest a live console may go on saying Live after its network went away (issue 44). */
const NOTICE_LOSS_WITHIN_MS = 10_000;

let http: HttpServer;
let io: IoServer;
let proxy: Server;
let client: ClientSocket | undefined;
const pipes: Socket[] = [];

/**
 * A TCP relay between the client and the server that can go silent: every byte from then on is
 * swallowed, both ways, and no connection is closed, as when a network path goes away without
 * either end hearing of it.
 */
async function silentProxy(target: number) {
  let silent = false;
  proxy = createTcpServer((inbound) => {
    const outbound = createConnection(target, '127.0.0.1');
    pipes.push(inbound, outbound);
    inbound.on('data', (b) => silent || outbound.write(b));
    outbound.on('data', (b) => silent || inbound.write(b));
    inbound.on('error', () => undefined);
    outbound.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    goSilent: () => (silent = true),
  };
}

afterEach(async () => {
  client?.disconnect();
  // The silenced connections would otherwise hold the server's close open.
  for (const p of pipes.splice(0)) p.destroy();
  await io.close();
  proxy.close();
});

describe("the relay's heartbeat", () => {
  it('lets a client notice a network that went silent well within the promised time', async () => {
    http = createHttpServer();
    io = new IoServer(http, { ...HEARTBEAT });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const path = await silentProxy((http.address() as AddressInfo).port);
    client = connect(`http://127.0.0.1:${path.port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve) => client?.once('connect', () => resolve()));

    const lost = Date.now();
    path.goSilent();
    const reason = await new Promise<string>((resolve) => client?.once('disconnect', resolve));
    expect(reason).toBe('ping timeout');
    expect(Date.now() - lost).toBeLessThan(NOTICE_LOSS_WITHIN_MS);
  }, 60_000);
});
