/**
 * A test client of the relay's live protocol that behaves as a browser must. Invariant: its state
 * is what a screen shows: changes only on top of the seq it holds, a resync on any gap.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  topicKey,
  type ChangesMessage,
  type LiveStatus,
  type SnapshotMessage,
  type Topic,
} from '@referrals/shared';
import { openSocket, subscribe, type ClientSocket } from '../testkit/stack.testkit.js';

/** What a client holds of one topic: the seq it is at and the items it knows, by id. */
export interface Held {
  seq: number;
  items: Map<string, Record<string, unknown>>;
}

/** The id of any topic's item (referrals, flags, marketplaces, stats, status). */
function idOf(item: Record<string, unknown>): string {
  const id = item.opportunityId ?? item.marketplaceId ?? item.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
}

/**
 * A test client that behaves as the contract asks of a browser: it applies a change only on top
 * of the seq it holds, resyncs on a gap, replaces its state on a snapshot (refetching the REST
 * page of a paged feed), and after reconnecting subscribes again. Its state is what a screen shows.
 */
export class LiveClient {
  socket: ClientSocket | undefined;
  readonly held = new Map<string, Held>();
  private readonly topics = new Map<string, Topic>();
  private readonly busy = new Set<string>();
  /** Topics that got a change while a resync was under way: resync once more after it. */
  private readonly again = new Set<string>();
  private url = '';

  constructor(private readonly token?: string) {}

  /** Connects (or reconnects, possibly to another instance) and subscribes every topic again. */
  async connect(url: string): Promise<void> {
    this.url = url;
    this.socket?.disconnect();
    const socket = await openSocket(url, this.token);
    this.socket = socket;
    socket.on('changes', (m) => void this.onChanges(m));
    socket.on('snapshot', (m) => void this.replace(m));
    for (const topic of this.topics.values()) await this.follow(topic);
  }

  /** Subscribes a topic and takes its snapshot. */
  async follow(topic: Topic): Promise<void> {
    if (!this.socket) throw new Error('connect first');
    this.topics.set(topicKey(topic), topic);
    const ack = await subscribe(this.socket, topic);
    if (!ack.ok) throw new Error(`subscribe ${topicKey(topic)} refused: ${ack.error}`);
    await this.replace(ack.snapshot);
  }

  /** The item of a topic with that id, if the client holds it. */
  item(topic: Topic, id: string | number): Record<string, unknown> | undefined {
    return this.held.get(topicKey(topic))?.items.get(String(id));
  }

  /** The status record, once the client follows the status topic. */
  status(): LiveStatus | undefined {
    return this.held.get('status')?.items.get('poll') as unknown as LiveStatus | undefined;
  }

  seqOf(topic: Topic): number | undefined {
    return this.held.get(topicKey(topic))?.seq;
  }

  private async replace(snap: SnapshotMessage): Promise<void> {
    const key = topicKey(snap.topic);
    const items = new Map<string, Record<string, unknown>>();
    let seq = snap.seq;
    if (snap.complete) {
      for (const it of snap.items as unknown as Record<string, unknown>[]) items.set(idOf(it), it);
    } else {
      // A feed's snapshot only fixes the seq: the page comes from REST, cut at a seq >= it.
      const state = 'state' in snap.topic && snap.topic.state ? `&state=${snap.topic.state}` : '';
      const res = await fetch(
        `${this.url}/api/public/referrals?size=100&dateFilter=30days${state}`,
      );
      const page = (await res.json()) as { seq: number; content: Record<string, unknown>[] };
      for (const it of page.content) items.set(idOf(it), it);
      seq = Math.max(seq, page.seq);
    }
    this.held.set(key, { seq, items });
  }

  private apply(m: ChangesMessage): void {
    const held = this.held.get(topicKey(m.topic));
    if (!held || held.seq !== m.prevSeq) return;
    for (const it of m.upserts as unknown as Record<string, unknown>[])
      held.items.set(idOf(it), it);
    for (const id of m.removed) held.items.delete(id);
    held.seq = m.seq;
  }

  private async onChanges(m: ChangesMessage): Promise<void> {
    const key = topicKey(m.topic);
    const held = this.held.get(key);
    if (!held || m.seq <= held.seq) return;
    if (this.busy.has(key)) {
      this.again.add(key);
      return;
    }
    if (m.prevSeq === held.seq) return this.apply(m);
    await this.resync(m.topic);
  }

  /** Asks for what was missed since the held seq; repeats while changes keep arriving meanwhile. */
  async resync(topic: Topic): Promise<void> {
    const key = topicKey(topic);
    if (this.busy.has(key) || !this.socket) return;
    this.busy.add(key);
    try {
      for (let i = 0; i < 20; i += 1) {
        const held = this.held.get(key);
        if (!held) return;
        const ack = (await this.socket
          .timeout(5000)
          .emitWithAck('resync', { topic, seq: held.seq })) as
          | { ok: true; kind: 'changes'; changes: ChangesMessage[] }
          | { ok: true; kind: 'snapshot'; snapshot: SnapshotMessage }
          | { ok: false; error: string };
        if (!ack.ok) {
          await sleep(200);
          continue;
        }
        if (ack.kind === 'snapshot') {
          this.held.delete(key);
          await this.replace(ack.snapshot);
        } else for (const c of ack.changes) this.apply(c);
        if (!this.again.delete(key)) return;
      }
    } finally {
      this.busy.delete(key);
    }
  }

  close(): void {
    this.socket?.disconnect();
  }
}
