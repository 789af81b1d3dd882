import {
  topicItemId,
  topicKey,
  type ChangesMessage,
  type ErrorCode,
  type SnapshotMessage,
  type SubscribeAnswer,
  type Topic,
  type TopicItems,
} from '@referrals/shared';
import { logger } from '../log';
import type { ConnectionEvent, LiveSocket } from './LiveSocket';
import { browserNetwork, type NetworkSignals } from './network';
import { PresenceClient } from '../presence/PresenceClient';

const log = logger('live');

/** Items of a topic. */
export type ItemOf<T extends Topic> = TopicItems[T['kind']];

/** What a watcher of a topic hears: a new base (refetch a paged list), a change, a refusal. */
export type TopicEvent<T extends Topic> =
  | {
      readonly type: 'snapshot';
      readonly seq: number;
      readonly items: readonly ItemOf<T>[];
      /**
       * The answer to a resume the server could not continue (the seq held is past its log, not
       * one it holds, or the room was re-cut meanwhile): whatever was read before is read again,
       * whatever the seqs say.
       */
      readonly reload: boolean;
    }
  | {
      readonly type: 'changes';
      readonly prevSeq: number;
      readonly seq: number;
      readonly upserts: readonly ItemOf<T>[];
      readonly removed: readonly string[];
    }
  | { readonly type: 'refused'; readonly code: ErrorCode; readonly error: string };

/** The tab's connection: connecting at first, reconnecting after a drop. */
export type Connection = 'connecting' | 'connected' | 'reconnecting';

type AnyItem = TopicItems[keyof TopicItems];
type AnyEvent = TopicEvent<Topic>;

interface Entry {
  readonly topic: Topic;
  seq: number | null;
  items: Map<string, AnyItem>;
  list: readonly AnyItem[];
  /**
   * Whether the topic comes whole (its items are kept here) or paged through REST (a feed, the
   * audit log: each change is passed on and nothing is kept, so a long session holds no more than
   * its page).
   */
  complete: boolean;
  resyncing: boolean;
  buffer: ChangesMessage[];
  readonly listeners: Set<(e: AnyEvent) => void>;
}

const EMPTY: readonly never[] = [];

/**
 * The live-data layer of a tab: one socket, any number of watched topics. It applies each change
 * set whose prevSeq is the seq it holds; anything else is a gap and is resynced. After a reconnect
 * it subscribes with the seq it holds, and gets the changes it missed rather than a new base. Small topics are
 * kept whole here; paged referral topics only pass their events on (their pages live in hooks).
 */
export class LiveClient {
  private readonly entries = new Map<string, Entry>();
  private readonly connectionListeners = new Set<() => void>();
  private connection: Connection = 'connecting';
  /** The team's presence and holds, over the same socket (presence/). */
  readonly presence: PresenceClient;

  constructor(
    private readonly socket: LiveSocket,
    private readonly token: () => Promise<string | null>,
    network: NetworkSignals = browserNetwork,
  ) {
    socket.onConnection((e) => this.onConnection(e));
    network.onChange((online) => this.onNetwork(online));
    socket.on('snapshot', (m) => this.onSnapshot(m));
    socket.on('changes', (m) => this.onChanges(m));
    socket.on('sessionExpired', ({ topics }) => this.onSessionExpired(topics));
    this.presence = new PresenceClient(socket);
  }

  /** Watches a topic (subscribing on first watch); returns the unwatch. */
  watch<T extends Topic>(topic: T, listener: (event: TopicEvent<T>) => void): () => void {
    const key = topicKey(topic);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        topic,
        seq: null,
        items: new Map(),
        list: EMPTY,
        complete: true,
        resyncing: false,
        buffer: [],
        listeners: new Set(),
      };
      this.entries.set(key, entry);
      if (this.connection === 'connected') this.subscribe(entry);
    }
    const l = listener as (e: AnyEvent) => void;
    entry.listeners.add(l);
    const held = entry;
    return () => {
      held.listeners.delete(l);
      if (held.listeners.size > 0 || this.entries.get(key) !== held) return;
      this.entries.delete(key);
      if (this.connection === 'connected') this.socket.emit('unsubscribe', topic, () => undefined);
    };
  }

  /** The whole items of a small topic (a stable array until it changes). */
  items<T extends Topic>(topic: T): readonly ItemOf<T>[] {
    return (this.entries.get(topicKey(topic))?.list ?? EMPTY) as readonly ItemOf<T>[];
  }

  /** The seq held for a topic, or null before its first snapshot. */
  seq(topic: Topic): number | null {
    return this.entries.get(topicKey(topic))?.seq ?? null;
  }

  /** The connection state, and a way to hear it change. */
  connectionState(): Connection {
    return this.connection;
  }
  onConnectionChange(listener: () => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Hands a refreshed token to the server without reconnecting. */
  authenticate(token: string): void {
    if (this.connection !== 'connected') return; // the next handshake carries it
    this.socket.emit('authenticate', token, (a) => {
      if (!a.ok) log.warn(`token handover refused: ${a.error}`);
    });
  }

  private notify(entry: Entry, event: AnyEvent): void {
    for (const l of [...entry.listeners]) l(event);
  }

  /** Subscribes afresh: the answer is the topic's snapshot. */
  private subscribe(entry: Entry): void {
    entry.seq = null;
    entry.resyncing = false;
    this.socket.emit('subscribe', entry.topic, (a) => {
      if (this.entries.get(topicKey(entry.topic)) !== entry) return;
      if (a.ok) this.answered(entry, a, false);
      else this.notify(entry, { type: 'refused', code: a.code, error: a.error });
    });
  }

  /**
   * Subscribes again holding the seq of before (a reconnect the server did not recover, a renewed
   * session): the server answers the changes since, which are applied as a resync's are, that
   * nothing changed, or a snapshot when it cannot say (then a paged list reads its page again).
   * Changes that arrive meanwhile are held, as during a resync.
   */
  private resume(entry: Entry): void {
    const { seq } = entry;
    if (seq === null) return this.subscribe(entry);
    entry.resyncing = true;
    this.socket.emit('subscribe', { topic: entry.topic, seq }, (a) => {
      if (this.entries.get(topicKey(entry.topic)) !== entry) return;
      entry.resyncing = false;
      if (a.ok) return this.answered(entry, a, true);
      // A relay from before resuming refuses the request's form: subscribe as it knows.
      if (a.code === 'invalid') return this.subscribe(entry);
      this.notify(entry, { type: 'refused', code: a.code, error: a.error });
    });
  }

  /** Takes a subscribe's answer (a relay from before resuming sends a snapshot with no kind). */
  private answered(entry: Entry, a: SubscribeAnswer, resumed: boolean): void {
    if (a.kind === 'current') {
      if (a.seq !== entry.seq) return this.subscribe(entry);
      return this.drain(entry);
    }
    if (a.kind === 'changes') {
      for (const c of a.changes) if (c.prevSeq === entry.seq) this.apply(entry, c);
      return this.drain(entry);
    }
    this.applySnapshot(entry, a.snapshot, resumed);
  }

  private resync(entry: Entry): void {
    if (entry.seq === null) return;
    entry.resyncing = true;
    this.socket.emit('resync', { topic: entry.topic, seq: entry.seq }, (a) => {
      if (this.entries.get(topicKey(entry.topic)) !== entry) return;
      entry.resyncing = false;
      if (!a.ok) return this.subscribe(entry); // e.g. the server lost the subscription
      if (a.kind === 'snapshot') return this.applySnapshot(entry, a.snapshot);
      for (const c of a.changes) if (c.prevSeq === entry.seq) this.apply(entry, c);
      this.drain(entry);
    });
  }

  private applySnapshot(entry: Entry, s: SnapshotMessage, reload = false): void {
    entry.seq = s.seq;
    const items: readonly AnyItem[] = s.items;
    entry.items = new Map(items.map((i) => [topicItemId(entry.topic.kind, i as never), i]));
    entry.complete = s.complete;
    entry.list = s.complete ? [...entry.items.values()] : EMPTY;
    this.notify(entry, { type: 'snapshot', seq: s.seq, items: entry.list, reload });
    this.drain(entry);
  }

  private apply(entry: Entry, c: ChangesMessage): void {
    entry.seq = c.seq;
    const upserts: readonly AnyItem[] = c.upserts;
    if (entry.complete && (upserts.length > 0 || c.removed.length > 0)) {
      for (const i of upserts) entry.items.set(topicItemId(entry.topic.kind, i as never), i);
      for (const id of c.removed) entry.items.delete(id);
      entry.list = [...entry.items.values()];
    }
    this.notify(entry, {
      type: 'changes',
      prevSeq: c.prevSeq,
      seq: c.seq,
      upserts,
      removed: c.removed,
    });
  }

  private drain(entry: Entry): void {
    const pending = entry.buffer;
    entry.buffer = [];
    for (const c of pending) this.handle(entry, c);
  }

  private handle(entry: Entry, c: ChangesMessage): void {
    if (entry.seq === null || entry.resyncing) {
      entry.buffer.push(c);
    } else if (c.prevSeq === entry.seq) {
      this.apply(entry, c);
    } else if (c.seq > entry.seq) {
      entry.buffer.push(c);
      this.resync(entry);
    } // else: an old change we already hold
  }

  private onChanges(c: ChangesMessage): void {
    const entry = this.entries.get(topicKey(c.topic));
    if (entry) this.handle(entry, c);
  }

  private onSnapshot(s: SnapshotMessage): void {
    const entry = this.entries.get(topicKey(s.topic));
    if (entry) this.applySnapshot(entry, s);
  }

  private onConnection(e: ConnectionEvent): void {
    const first = this.connection === 'connecting';
    this.connection = e.connected ? 'connected' : 'reconnecting';
    for (const l of [...this.connectionListeners]) l();
    if (!e.connected) return;
    for (const entry of this.entries.values()) {
      // A recovered session kept its rooms: ask only for what was missed. Otherwise the rooms
      // are gone: join again, resuming from the seq held when there is one.
      if (!first && e.recovered && entry.seq !== null) this.resync(entry);
      else this.resume(entry);
    }
  }

  /**
   * A device gone offline cannot be live, whatever the socket has yet noticed: the connection is
   * dropped (so the state stays the socket's own and a return is a fresh connect, resynced by seq)
   * and dialled again; back online, a socket still down dials at once.
   */
  private onNetwork(online: boolean): void {
    if (online ? this.connection === 'connected' : this.connection === 'reconnecting') return;
    this.socket.reconnect?.();
  }

  private onSessionExpired(topics: readonly Topic[]): void {
    void this.token().then((token) => {
      if (!token) return;
      this.socket.emit('authenticate', token, (a) => {
        if (!a.ok) return log.warn(`could not renew the live session: ${a.error}`);
        for (const t of topics) {
          const entry = this.entries.get(topicKey(t));
          if (entry) this.resume(entry);
        }
      });
    });
  }
}
