/**
 * A client process: holds many Socket.IO connections to the relay, each subscribed to one
 * referral feed, and notes when each non-empty change set arrives. Driven over IPC by fleet.ts.
 */
import {
  PROTOCOL_VERSION,
  type Ack,
  type SnapshotMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@referrals/shared';
import { io, type Socket } from 'socket.io-client';
import type { FromWorker, SocketSpec, ToWorker } from './protocol.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CONCURRENCY = 100;
const sockets: ClientSocket[] = [];
let arrivals = new Map<number, number[]>();
let disconnects = 0;

const now = () => performance.timeOrigin + performance.now();
const send = (m: FromWorker) => process.send?.(m);

/** Connects one socket and subscribes; rejects on refusal or after 20 s. */
async function openOne(url: string, spec: SocketSpec): Promise<void> {
  const socket: ClientSocket = io(url, {
    auth: spec.token
      ? { protocol: PROTOCOL_VERSION, token: spec.token }
      : { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.timeout(20_000).emitWithAck('subscribe', spec.topic)) as Ack<{
      snapshot: SnapshotMessage;
    }>;
    if (!ack.ok) throw new Error(`subscribe refused: ${ack.code} ${ack.error}`);
  } catch (err) {
    socket.disconnect();
    throw err;
  }
  socket.on('changes', (m) => {
    if (m.upserts.length + m.removed.length === 0) return;
    const t = now();
    const list = arrivals.get(m.seq);
    if (list) list.push(t);
    else arrivals.set(m.seq, [t]);
  });
  socket.on('disconnect', () => {
    disconnects += 1;
  });
  sockets.push(socket);
}

async function open(url: string, specs: readonly SocketSpec[]): Promise<void> {
  let ok = 0;
  let failed = 0;
  const errors = new Set<string>();
  for (let i = 0; i < specs.length; i += CONCURRENCY) {
    const batch = specs.slice(i, i + CONCURRENCY).map((s) => openOne(url, s));
    for (const r of await Promise.allSettled(batch)) {
      if (r.status === 'fulfilled') ok += 1;
      else {
        failed += 1;
        if (errors.size < 5) errors.add(String(r.reason));
      }
    }
  }
  send({ type: 'opened', ok, failed, errors: [...errors] });
}

process.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'open':
      void open(m.url, m.specs);
      break;
    case 'collect':
      send({
        type: 'arrivals',
        arrivals: [...arrivals.entries()],
        held: sockets.filter((s) => s.connected).length,
        disconnects,
      });
      arrivals = new Map();
      break;
    case 'close':
      for (const s of sockets) s.disconnect();
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
// The orchestrator is gone (crashed or killed): do not linger.
process.on('disconnect', () => process.exit(0));
