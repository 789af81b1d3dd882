import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReconnectHint } from '@referrals/shared';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { hintReconnects, type RelayIo } from './server.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A Socket.IO server and `n` clients of it, each noting what it heard, in order. */
async function serverWith(n: number) {
  const http = createServer();
  const io = new Server(http) as unknown as RelayIo;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const heard: string[][] = [];
  const hints: ReconnectHint[] = [];
  const clients: Socket[] = [];
  for (let i = 0; i < n; i += 1) {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const mine: string[] = [];
    heard.push(mine);
    socket.on('reconnectHint', (h: ReconnectHint) => {
      mine.push('hint');
      hints.push(h);
    });
    socket.on('disconnect', (reason) => mine.push(reason));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    clients.push(socket);
  }
  closers.push(async () => {
    for (const c of clients) c.disconnect();
    await io.close();
  });
  return { io, heard, hints };
}

describe('a closing relay hints its sockets when to reconnect', () => {
  it('tells each socket a delay of its own within the spread, before its transport closes', async () => {
    const { io, heard, hints } = await serverWith(12);
    await hintReconnects(io, 4000);
    await io.close();
    await expect.poll(() => heard.every((h) => h.length === 2)).toBe(true);
    // The hint first, then the close a client redials after (not a server's 'io server disconnect').
    for (const h of heard) expect(h).toEqual(['hint', 'transport close']);
    for (const { delayMs } of hints) {
      expect(Number.isInteger(delayMs)).toBe(true);
      expect(delayMs).toBeGreaterThanOrEqual(0);
      expect(delayMs).toBeLessThan(4000);
    }
    // Spread, not one delay for all.
    expect(new Set(hints.map((h) => h.delayMs)).size).toBeGreaterThan(1);
  });

  it('waits for nothing when no socket is connected', async () => {
    const { io } = await serverWith(0);
    const t0 = Date.now();
    await hintReconnects(io);
    expect(Date.now() - t0).toBeLessThan(50);
  });
});
