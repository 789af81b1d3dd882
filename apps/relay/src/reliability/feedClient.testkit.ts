/**
 * A light browser of the public feed for the balancer tests (hundreds in one process).
 * Invariant: a client applies changes only in seq order and holds what a browser would show.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  PROTOCOL_VERSION,
  type Ack,
  type ChangesMessage,
  type SnapshotMessage,
} from '@referrals/shared';
import { io as connect } from 'socket.io-client';
import type { ClientSocket } from '../testkit/stack.testkit.js';

/** How a client reaches the relays: WebSocket only, long-polling only, or WebSocket then polling. */
export type TransportKind = 'websocket' | 'polling' | 'fallback';
const TRANSPORTS = {
  websocket: ['websocket'],
  polling: ['polling'],
  fallback: ['websocket', 'polling'],
} as const;

export const PUBLIC_FEED = { kind: 'publicFeed', state: null } as const;
const PAGE = '/api/public/referrals?size=100&dateFilter=30days';
type Item = Record<string, unknown> & { opportunityId: number };
type Resync =
  | { ok: true; kind: 'changes'; changes: ChangesMessage[] }
  | { ok: true; kind: 'snapshot'; snapshot: SnapshotMessage }
  | { ok: false; error: string };

/**
 * A browser of the public feed behind the balancer, light enough to run 500 in one process. It
 * reconnects by itself (socket.io-client's jittered backoff) and keeps the balancer's cookie as a
 * browser does (`withCredentials`), so its long-polling session stays on one relay. It takes the
 * feed's REST page once; after a gap or a reconnect it asks for the changes after the seq it holds,
 * so every change reaches it in order, whichever relay answers. Only when the change log cannot
 * serve that seq does it take the page again.
 */
export class FeedClient {
  readonly socket: ClientSocket;
  seq = -1;
  readonly items = new Map<number, Item>();
  /** Referral ids handed over by a change, and by a REST page. */
  readonly byChange = new Set<number>();
  readonly byPage = new Set<number>();
  connects = 0;
  pages = 0;
  private busy = false;
  private again = false;

  constructor(
    private readonly url: string,
    readonly kind: TransportKind,
  ) {
    this.socket = connect(url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: [...TRANSPORTS[kind]],
      tryAllTransports: kind === 'fallback',
      withCredentials: true,
      forceNew: true,
      reconnectionDelayMax: 3000,
    });
    this.socket.on('connect', () => void this.onConnect());
    // A busy relay refuses in its middleware, which socket.io does not redial: the console does.
    this.socket.on('connect_error', (err: Error & { data?: { retryAfterMs?: number } }) => {
      if (!this.socket.active && err.message.startsWith('busy'))
        setTimeout(() => this.socket.connect(), err.data?.retryAfterMs ?? 1000);
    });
    this.socket.on('changes', (m) => this.onChanges(m));
    // A feed's snapshot carries only a seq: the state comes from the REST page.
    this.socket.on('snapshot', () => void this.catchUp(true));
  }

  /** Connected, holding a seq, and not in the middle of catching up. */
  get settled(): boolean {
    return this.socket.connected && this.seq >= 0 && !this.busy;
  }

  private async onConnect(): Promise<void> {
    this.connects += 1;
    const ack = (await this.socket
      .timeout(15_000)
      .emitWithAck('subscribe', PUBLIC_FEED)
      .catch(() => null)) as Ack<{ snapshot: SnapshotMessage }> | null;
    if (!ack?.ok) {
      // Refused or timed out (a relay going away): start the connection again.
      if (this.socket.connected) this.socket.disconnect().connect();
      return;
    }
    await this.catchUp(this.seq < 0);
  }

  private onChanges(m: ChangesMessage): void {
    if (this.busy) {
      this.again = true;
      return;
    }
    if (this.seq < 0 || m.seq <= this.seq) return;
    if (m.prevSeq === this.seq) this.apply(m);
    else void this.catchUp(false);
  }

  private apply(m: ChangesMessage): void {
    if (m.prevSeq !== this.seq) return;
    for (const it of m.upserts as unknown as Item[]) {
      this.items.set(it.opportunityId, it);
      this.byChange.add(it.opportunityId);
    }
    for (const id of m.removed) this.items.delete(Number(id));
    this.seq = m.seq;
  }

  /** Brings the held state up to the relay's: by the changes after the seq held, or a page. */
  private async catchUp(page: boolean): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      let takePage = page;
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        this.again = false;
        const done = takePage ? await this.takePage() : await this.resync();
        if (done === 'page') {
          takePage = true;
          continue;
        }
        if (done === 'failed') {
          await sleep(300);
          continue;
        }
        takePage = false;
        if (!this.again) return;
      }
    } finally {
      this.busy = false;
    }
  }

  private async resync(): Promise<'ok' | 'page' | 'failed'> {
    const ack = (await this.socket
      .timeout(10_000)
      .emitWithAck('resync', { topic: PUBLIC_FEED, seq: this.seq })
      .catch(() => null)) as Resync | null;
    if (!ack?.ok) return 'failed';
    if (ack.kind === 'snapshot') return 'page';
    for (const c of ack.changes) this.apply(c);
    return 'ok';
  }

  /** The feed as REST answers it: exactly the state at the page's seq. */
  private async takePage(): Promise<'ok' | 'failed'> {
    const res = await fetch(`${this.url}${PAGE}`).catch(() => null);
    if (!res?.ok) return 'failed';
    const page = (await res.json()) as { seq: number; content: Item[] };
    this.items.clear();
    for (const it of page.content) {
      this.items.set(it.opportunityId, it);
      this.byPage.add(it.opportunityId);
    }
    this.seq = page.seq;
    this.pages += 1;
    return 'ok';
  }

  /** The transport the client is on now ('websocket' or 'polling'). */
  get transport(): string {
    return this.socket.io.engine.transport.name;
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** The feed as the relays answer it now (the read model), for comparison. */
export async function feedPage(url: string): Promise<{ seq: number; content: Item[] }> {
  const res = await fetch(`${url}${PAGE}`);
  if (!res.ok) throw new Error(`${PAGE} answered ${res.status}`);
  return (await res.json()) as { seq: number; content: Item[] };
}
