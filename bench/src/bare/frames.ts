import {
  PROTOCOL_VERSION,
  type ChangesMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type Topic,
} from '@referrals/shared';
import { io, type Socket } from 'socket.io-client';
import type { Bench } from '../bench.js';
import { FEED_USERS } from '../clients/mix.js';
import { sleep } from '../procs.js';
import { changeSamples } from '../phases/samples.js';
import type { Frames } from './protocol.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a socket on `topic` that keeps the last non-empty change frame it got. */
async function listen(url: string, topic: Topic, token: string | undefined) {
  const socket: ClientSocket = io(url, {
    auth: token ? { protocol: PROTOCOL_VERSION, token } : { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  let last: ChangesMessage | null = null;
  socket.on('changes', (m) => {
    if (m.upserts.length > 0) last = m;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.timeout(20_000).emitWithAck('subscribe', topic);
  return { socket, last: () => last };
}

/**
 * The relay's own change frames for one new referral: what a public feed socket and a signed-in
 * `referrals` socket of each demo user received. The bare server replays them, so its frames have
 * the relay's sizes.
 */
export async function recordFrames(b: Bench): Promise<Frames> {
  const pub = await listen(b.relay.url, { kind: 'publicFeed', state: null }, undefined);
  const users = await Promise.all(
    FEED_USERS.map(async (u) => {
      const token = b.tokens.get(u) ?? '';
      return { token, l: await listen(b.relay.url, { kind: 'referrals', state: null }, token) };
    }),
  );
  try {
    await changeSamples(b, Date.now() + 20_000, 1);
    await sleep(1500);
    const publicFeed = pub.last();
    if (!publicFeed) throw new Error('no public change frame arrived to record');
    const byToken = users.map(({ token, l }): readonly [string, ChangesMessage] => {
      const m = l.last();
      if (!m) throw new Error('no signed-in change frame arrived to record');
      return [token, m];
    });
    return { publicFeed, byToken };
  } finally {
    pub.socket.disconnect();
    for (const u of users) u.l.socket.disconnect();
  }
}
