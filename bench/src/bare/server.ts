/**
 * A bare Socket.IO server: no relay logic (no tokens checked, no read model, no projection). It
 * answers `subscribe` with an empty snapshot and puts the socket in a room per topic (and per
 * token, since the relay's signed-in frames differ by audience); on the orchestrator's 'emit' it
 * sends the relay's own change frames, recorded by the bench, to those rooms. The same client
 * fleet then measures what Socket.IO alone costs on this machine.
 *
 * On the same HTTP server, as in the relay, an Express app with the relay's `compression()`
 * middleware answers `GET /floor/page` with the bytes of one real list page of the relay, held in
 * memory: the floor of a list page (HTTP, Express, the same bytes; no token, no read model).
 * Run by bare/run.ts.
 */
import { createServer } from 'node:http';
import type { ChangesMessage, Topic } from '@referrals/shared';
import compression from 'compression';
import express from 'express';
import { Server } from 'socket.io';
import { FLOOR_PATH, type Frames, type FromBare, type ToBare } from './protocol.js';

const send = (m: FromBare) => process.send?.(m);
const now = () => performance.timeOrigin + performance.now();
const app = express();
app.disable('x-powered-by');
app.use(compression());
let page: Buffer | null = null;
app.get(FLOOR_PATH, (_req, res) => {
  if (!page) {
    res.status(503).end();
    return;
  }
  // The relay answers res.json(): the same type, length and weak ETag over the same bytes.
  res.type('application/json').send(page);
});
const http = createServer(app);
// The relay's frame limit, and no compression (the relay's and Socket.IO's default).
const io = new Server(http, { maxHttpBufferSize: 64 * 1024 });
let frames: Frames | null = null;
let tokenIndex = new Map<string, number>();

const roomOf = (topic: Topic, who: number) =>
  'state' in topic
    ? topic.kind === 'publicFeed'
      ? `publicFeed:${topic.state ?? 'all'}`
      : `${topic.kind}:${topic.state ?? 'all'}:${who}`
    : `${topic.kind}:${who}`;

io.on('connection', (socket) => {
  const auth = socket.handshake.auth as { token?: unknown };
  const who = typeof auth.token === 'string' ? (tokenIndex.get(auth.token) ?? -1) : -1;
  socket.on('subscribe', (topic: Topic, ack: (answer: unknown) => void) => {
    void socket.join(roomOf(topic, who));
    ack({ ok: true, snapshot: { topic, seq: 0, complete: false, items: [] } });
  });
});

/** The frame with this change's seq and the room's topic, as the relay would send it. */
const frame = (m: ChangesMessage, topic: Topic, seq: number) => ({
  ...m,
  topic,
  prevSeq: seq - 1,
  seq,
});

function emit(seq: number, state: string): void {
  if (!frames) return;
  const at = now();
  for (const s of [null, state]) {
    const topic = { kind: 'publicFeed', state: s } as Topic;
    io.to(roomOf(topic, -1)).emit('changes', frame(frames.publicFeed, topic, seq));
  }
  frames.byToken.forEach(([, m], who) => {
    for (const s of [null, state]) {
      const topic = { kind: 'referrals', state: s } as Topic;
      io.to(roomOf(topic, who)).emit('changes', frame(m, topic, seq));
    }
  });
  send({ type: 'emitted', seq, at });
}

process.on('message', (m: ToBare) => {
  if (m.type === 'frames') {
    frames = m.frames;
    tokenIndex = new Map(m.frames.byToken.map(([token], i) => [token, i]));
    send({ type: 'framesSet' });
  } else if (m.type === 'page') {
    page = Buffer.from(m.body, 'utf8');
    send({ type: 'pageSet' });
  } else emit(m.seq, m.state);
});
process.on('disconnect', () => process.exit(0));
http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  send({ type: 'listening', port: typeof addr === 'object' && addr ? addr.port : 0 });
});
