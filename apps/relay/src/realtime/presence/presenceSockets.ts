/**
 * Team presence over the sockets: each socket says which referral it has open (`view`), may
 * watch its agency's holds (`watchHolds`) and the viewers of the rows it shows (`watchRows`);
 * each relay tells its own sockets of every change any relay publishes (no Socket.IO adapter
 * links the relays: the store's notices do).
 *
 * Cost: a viewer change goes to the rooms of that agency and referral (its viewers, and the
 * sockets showing its row), a hold change to the agency's hold watchers and the referral's
 * viewers: O(viewers + rows showing it), never O(agency) per view. Watching rows reads the viewer
 * sets of the rows the socket did not watch already (at most ROW_WATCH_MAX) in one round trip.
 * Each relay refreshes its own viewing sockets every VIEW_REFRESH_MS (one write a socket) and
 * prunes the rooms they view, so a relay that died leaves nobody for longer than VIEW_TTL_MS.
 *
 * Invariants: the agency is the verified principal's (team.ts), never the client's; a socket is in
 * a presence, rows or holds room only of its own agency, and leaves them when its token runs out.
 * Rows are not checked for visibility one by one: their rooms carry only the agency's own
 * members' viewing, and a member views only what the agency may see (the `view` check).
 * After a reconnect the client announces again what it views (a new socket starts with nothing).
 */
import {
  parsePresenceRequest,
  rooms,
  VIEW_REFRESH_MS,
  type Ack,
  type PresenceAnswer,
  type PresenceRequest,
  type RowViewers,
} from '@referrals/shared';
import { logger } from '../../log.js';
import type { PresenceNotice, PresenceStore, ViewerEntry } from '../../presence/store.js';
import { isTeamRefusal, type Member, type Team, type TeamRefusal } from '../../presence/team.js';
import type { RelayIo } from '../server.js';
import type { RelaySocket } from '../socketHandlers.js';

const log = logger('realtime');

/** What a socket holds of presence: its member, the referral it views, the rows it watches. */
interface SocketPresence {
  readonly member: Member;
  readonly entry: ViewerEntry;
  viewing: number | null;
  watching: boolean;
  rows: ReadonlySet<number>;
}

type Answer = Ack<PresenceAnswer>;

const refusedAck = (r: TeamRefusal): Answer => ({
  ok: false,
  code: r.status === 404 ? 'invalid' : 'forbidden',
  error: r.error,
});

/** Sockets' presence on one relay; `stop` ends its timer and stops hearing notices. */
export function attachPresence(
  io: RelayIo,
  d: { readonly team: Team; readonly store: PresenceStore; readonly now: () => number },
) {
  const held = new WeakMap<RelaySocket, SocketPresence>();
  const local = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
  const publish = (n: PresenceNotice) =>
    d.store.publish(n).catch((err: unknown) => log.warn({ err }, 'could not publish presence'));

  /** Leaves the rooms of every row the socket watched. */
  function leaveRows(socket: RelaySocket, p: SocketPresence): void {
    for (const id of p.rows) void socket.leave(rooms.presenceRows(p.member.agencyId, id));
    p.rows = new Set();
  }

  /**
   * Watches the rows' viewers instead of the set named before: joins the new rows' rooms, leaves
   * the dropped ones', and answers the viewers of the rows it had not watched (rows nobody views
   * left out); a row already watched has had each change of it pushed.
   */
  async function watchRows(
    socket: RelaySocket,
    p: SocketPresence,
    ids: readonly number[],
  ): Promise<RowViewers[]> {
    const agencyId = p.member.agencyId;
    const next = new Set(ids);
    for (const id of p.rows) {
      if (!next.has(id)) void socket.leave(rooms.presenceRows(agencyId, id));
    }
    const added = ids.filter((id) => !p.rows.has(id));
    p.rows = next;
    for (const id of added) void socket.join(rooms.presenceRows(agencyId, id));
    const viewed = await d.store.viewersOf(agencyId, added, d.now());
    return [...viewed].map(([referralId, viewers]) => ({ referralId, viewers }));
  }

  /** Leaves the referral the socket views, if any, and tells the others. */
  async function leaveView(socket: RelaySocket, p: SocketPresence): Promise<void> {
    const id = p.viewing;
    if (id === null) return;
    p.viewing = null;
    void socket.leave(rooms.presence(p.member.agencyId, id));
    await d.store.leave(p.member.agencyId, id, p.entry);
    await publish({ kind: 'viewers', agencyId: p.member.agencyId, referralId: id });
  }

  async function answer(socket: RelaySocket, request: PresenceRequest): Promise<Answer> {
    const principal = socket.data.principal;
    if (!principal) return { ok: false, code: 'unauthenticated', error: 'sign in first' };
    const member = await d.team.memberOf(principal);
    if (isTeamRefusal(member)) return refusedAck(member);
    const before = held.get(socket);
    // A socket keeps its user; its agency is read again at each request (the profile's cache).
    if (before && before.member.agencyId !== member.agencyId) {
      await leaveView(socket, before);
      leaveRows(socket, before);
    }
    const p: SocketPresence =
      before && before.member.agencyId === member.agencyId
        ? before
        : {
            member,
            entry: { socketId: socket.id, username: member.username, name: member.name },
            viewing: null,
            watching: false,
            rows: new Set(),
          };
    held.set(socket, p);
    switch (request.kind) {
      case 'watchHolds': {
        p.watching = true;
        void socket.join(rooms.holds(member.agencyId));
        return { ok: true, kind: 'holds', holds: await d.store.holds(member.agencyId, d.now()) };
      }
      case 'view': {
        const id = request.referralId;
        if (id !== p.viewing) await leaveView(socket, p);
        if (id === null) return { ok: true, kind: 'presence', presence: null };
        const hidden = await d.team.visible(member, id);
        if (hidden) return refusedAck(hidden);
        p.viewing = id;
        void socket.join(rooms.presence(member.agencyId, id));
        await d.store.view(member.agencyId, id, p.entry, d.now());
        await publish({ kind: 'viewers', agencyId: member.agencyId, referralId: id });
        return { ok: true, kind: 'presence', presence: await d.team.presenceOf(member, id) };
      }
      case 'watchRows':
        return { ok: true, kind: 'rows', rows: await watchRows(socket, p, request.referralIds) };
    }
  }

  function onPresence(this: RelaySocket, input: unknown, ack: unknown): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the shared handler's socket
    const socket = this;
    if (typeof ack !== 'function') return;
    const reply = ack as (a: Answer) => void;
    const parsed = parsePresenceRequest(input);
    if (!parsed.ok) return reply({ ok: false, code: 'invalid', error: parsed.error });
    answer(socket, parsed.request).then(reply, (err: unknown) => {
      log.warn({ err }, 'presence request failed');
      reply({ ok: false, code: 'unavailable', error: 'try again shortly' });
    });
  }

  function onDisconnect(this: RelaySocket): void {
    const p = held.get(this);
    if (p) void leaveView(this, p).catch(() => undefined);
  }

  /** A notice from any relay: the new state, to this relay's sockets of the room, if any. */
  async function onNotice(n: PresenceNotice): Promise<void> {
    const viewersRoom = rooms.presence(n.agencyId, n.referralId);
    if (n.kind === 'viewers') {
      const rowsRoom = rooms.presenceRows(n.agencyId, n.referralId);
      if (!local(viewersRoom) && !local(rowsRoom)) return;
      const { viewers } = await d.store.viewers(n.agencyId, n.referralId, d.now());
      // One emit to both rooms: a socket with the referral open and on its row gets it once.
      io.local
        .to([viewersRoom, rowsRoom])
        .emit('presence', { kind: 'viewers', referralId: n.referralId, viewers });
      return;
    }
    const holdsRoom = rooms.holds(n.agencyId);
    if (!local(viewersRoom) && !local(holdsRoom)) return;
    const hold = await d.store.holdOf(n.agencyId, n.referralId, d.now());
    // One emit to both rooms: a socket in both gets it once.
    io.local.to([viewersRoom, holdsRoom]).emit('presence', {
      kind: 'hold',
      referralId: n.referralId,
      hold,
    });
  }

  /** Refreshes this relay's viewers, drops those whose token ran out, prunes the rooms viewed. */
  async function refresh(): Promise<void> {
    const now = d.now();
    const viewed = new Map<string, { agencyId: number; referralId: number }>();
    // Sent together, not one round trip after another (ioredis writes them back to back).
    const writes: Promise<unknown>[] = [];
    for (const socket of io.of('/').sockets.values()) {
      const p = held.get(socket);
      if (!p) continue;
      if (!socket.data.principal) {
        writes.push(leaveView(socket, p));
        leaveRows(socket, p);
        void socket.leave(rooms.holds(p.member.agencyId));
        held.delete(socket);
        continue;
      }
      if (p.viewing === null) continue;
      writes.push(d.store.view(p.member.agencyId, p.viewing, p.entry, now));
      viewed.set(rooms.presence(p.member.agencyId, p.viewing), {
        agencyId: p.member.agencyId,
        referralId: p.viewing,
      });
    }
    await Promise.all(writes);
    await Promise.all(
      [...viewed.values()].map(async ({ agencyId, referralId }) => {
        const { pruned } = await d.store.viewers(agencyId, referralId, now);
        if (pruned) await publish({ kind: 'viewers', agencyId, referralId });
      }),
    );
  }

  io.on('connection', (socket: RelaySocket) => {
    socket.on('presence', onPresence);
    socket.on('disconnect', onDisconnect);
  });
  const stopNotices = d.store.onNotice((n) => {
    onNotice(n).catch((err: unknown) => log.warn({ err }, 'could not tell presence'));
  });
  const timer = setInterval(() => {
    refresh().catch((err: unknown) => log.debug({ err }, 'presence refresh failed'));
  }, VIEW_REFRESH_MS);
  timer.unref();

  return {
    /** Refreshes now (tests; the timer does it every VIEW_REFRESH_MS). */
    refresh,
    stop() {
      clearInterval(timer);
      stopNotices();
    },
  };
}
export type PresenceSockets = ReturnType<typeof attachPresence>;
