import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROTOCOL_VERSION } from '@referrals/shared';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../auth/verify.js';
import { checkHandshake } from './handshake.js';
import type { RelaySocket } from './socketHandlers.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const noToken: TokenVerifier = () => Promise.reject(new Error('no token expected'));

/** A server behind the handshake check, and what one client's first dial comes to. */
async function dial(pressure: { saturated: boolean; retryAfterS(): number }, onShed: () => void) {
  const http = createServer();
  const io = new Server(http);
  io.use((socket, next) => checkHandshake(noToken, pressure, onShed)(socket as RelaySocket, next));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => io.close());
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { protocol: PROTOCOL_VERSION },
  });
  closers.push(() => Promise.resolve(client.disconnect()));
  return new Promise<{ ok: true } | { ok: false; message: string; data: unknown }>((resolve) => {
    client.once('connect', () => resolve({ ok: true }));
    client.once('connect_error', (err: Error & { data?: unknown }) =>
      resolve({ ok: false, message: err.message, data: err.data }),
    );
  });
}

describe('the handshake under pressure', () => {
  it('refuses a new socket while the relay is saturated, saying when to dial again', async () => {
    let shed = 0;
    const got = await dial({ saturated: true, retryAfterS: () => 4 }, () => {
      shed += 1;
    });
    expect(got).toEqual({
      ok: false,
      message: 'busy: this relay is busy; dial again in 4 s',
      data: { retryAfterMs: 4000 },
    });
    expect(shed).toBe(1);
  });

  it('lets it in otherwise', async () => {
    let shed = 0;
    const got = await dial({ saturated: false, retryAfterS: () => 4 }, () => {
      shed += 1;
    });
    expect(got).toEqual({ ok: true });
    expect(shed).toBe(0);
  });
});
