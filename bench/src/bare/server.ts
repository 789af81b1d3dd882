/**
 * A bare Socket.IO server: no relay logic (no tokens checked, no read model, no projection). It
 * answers `subscribe` with an empty snapshot and puts the socket in a room per topic (and per
 * token, since the relay's signed-in frames differ by audience); on the orchestrator's 'emit' it
 * sends the relay's own change frames, recorded by the bench, to those rooms. The same client
 * fleet then measures what Socket.IO alone costs on this machine. Run by phases/bare.ts.
 */
import { createServer } from 'node:http';
import type { ChangesMessage, Topic } from '@referrals/shared';
import { Server } from 'socket.io';
import type { Frames, FromBare, ToBare } from './protocol.js';

const send = (m: FromBare) => process.send?.(m);
const now = () => performance.timeOrigin + performance.now();
const http = createServer();
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
  } else emit(m.seq, m.state);
});
process.on('disconnect', () => process.exit(0));
http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  send({ type: 'listening', port: typeof addr === 'object' && addr ? addr.port : 0 });
});
