/**
 * The event loop's end of the read model host: it follows every stream in the store, forwards it
 * to the host (snapshots in parts, change sets one at a time), and asks the host for pages,
 * records, scopes and dashboards.
 *
 * Invariants: a change set is forwarded only once the one before is acked, so a follower that
 * falls behind leaves the change sets in the store, not in this heap; the referral feed's seq
 * moves, and its listeners hear of a delta, only once the host's indexes hold it.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import type { Dashboard, Opportunity, ReferralQuery, Sort } from '@referrals/shared';
import { STREAMS, type StreamName } from '../../keys.js';
import { logger } from '../../log.js';
import { startWorker } from '../../lib/threads.js';
import type { ChangeSet, Snapshot } from '../../changeLog/changeSet.js';
import type { DashboardAsk } from '../dashboards.js';
import type { IndexedPage } from '../lists/referralIndex.js';
import type { PageJson } from '../api.js';
import type { RowProjection } from '../rowProjection.js';
import type { ListScope, ScopeSpec } from '../lists/scopes.js';
import { StreamFollower, type MirrorEvent, type Taken } from '../mirror.js';
import type { ChangeLogReader } from '../../changeLog/store.js';
import { serveModel } from './modelServer.js';
import {
  assertNever,
  SNAPSHOT_PART,
  type FromHost,
  type HostQuestion,
  type IndexStatus,
  type ToHost,
} from './protocol.js';

const log = logger('readModel');

type Applied = Extract<FromHost, { kind: 'applied' }>;

/**
 * Where the host runs: on a thread of its own (the relay), or on the caller's thread over a
 * MessageChannel (tests): the same host, protocol and messages either way.
 */
export type HostPlacement = 'own thread' | 'this thread';

/** The event loop's end of a running host. */
interface HostLink {
  post(m: ToHost): void;
  /** Ends the host; its exit is reported as a thread's would be. */
  terminate(): Promise<void>;
}

/** A scope as it crosses to the host; one built in this thread only cannot. */
function specOf(scope: ListScope): ScopeSpec {
  if (!scope.spec) throw new Error(`the list scope ${scope.key} cannot cross to the model host`);
  return scope.spec;
}

const parse = (json: string) => JSON.parse(json) as Opportunity;

/**
 * A referral delta's upsert whose records are parsed when first read: only fan-out's referral
 * rooms read them, so a relay with none open (a first load of 1,000,000 before anyone joins) parses
 * none on its event loop.
 */
function lazyUpsert(json: string, before: string | null | undefined) {
  let next: Opportunity | undefined;
  let previous: Opportunity | undefined;
  return {
    get next(): Opportunity {
      return (next ??= parse(json));
    },
    get previous(): Opportunity | undefined {
      return before ? (previous ??= parse(before)) : undefined;
    },
  };
}

/** What the event loop asks of a host and waits for, by id. */
interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/** What the host builds with: where it runs, which streams it is forwarded, its clock. */
export interface ModelHostOptions {
  readonly placement?: HostPlacement;
  readonly streams?: readonly StreamName[];
  /** The host's clock, on the caller's thread only (a test's fixed instant). */
  readonly now?: () => number;
}

const LOADING: IndexStatus = { loading: true, referrals: 0, views: 0, orders: 0, ordersBuilt: 0 };

/**
 * The read model's referrals and list indexes on the model host (modelServer.ts), as the relay's
 * event loop reaches them. The event loop keeps no referral.
 *
 * Referral events (`onEvent`) are the mirror's: each delta once the host's indexes hold it, with
 * the records it replaced, so fan-out tells a room what left it as it does from a mirror here.
 */
export class ModelHost {
  private nextId = 0;
  private readonly asks = new Map<number, Pending>();
  /** The change set of each stream the host has not acked yet (a follower applies them in order). */
  private readonly acks = new Map<StreamName, { seq: number; resolve: (a: Applied) => void }>();
  private readonly loadedListeners = new Set<() => void>();
  private lastStatus = LOADING;
  private lastIndexSeq = 0;
  private stopped = false;
  private readonly feeds: Feed[];
  private readonly referralFeed: Feed | undefined;
  private link: HostLink;

  constructor(
    private readonly store: ChangeLogReader,
    private readonly options: ModelHostOptions = {},
  ) {
    this.feeds = (options.streams ?? STREAMS).map((s) => new Feed(store, s, this));
    this.referralFeed = this.feeds.find((f) => f.stream === 'referrals');
    this.link = this.startHost();
  }

  /** Forwards every stream's snapshot and follows the store; fails if the store cannot be read. */
  async start(): Promise<void> {
    await Promise.all(this.feeds.map((f) => f.start()));
  }

  /** Resolves once the host has loaded what was forwarded and its indexes are settled. */
  settled(): Promise<void> {
    return this.ask({ op: 'settled' });
  }

  async page(
    scope: ListScope,
    query: Omit<ReferralQuery, 'state'>,
    signal?: AbortSignal,
  ): Promise<IndexedPage> {
    const page = await this.ask<Omit<IndexedPage, 'content'> & { content: string[] }>(
      { op: 'page', scope: specOf(scope), query },
      signal,
    );
    return { ...page, content: page.content.map(parse) };
  }

  /** A page projected and serialized by the host (see `ReferralLists.pageJson`). */
  pageJson(
    scope: ListScope,
    query: Omit<ReferralQuery, 'state'>,
    projection: RowProjection,
    signal?: AbortSignal,
  ): Promise<PageJson> {
    return this.ask({ op: 'pageJson', scope: specOf(scope), query, projection }, signal);
  }

  prepare(scope: ListScope, sort: Sort | null): Promise<void> {
    return this.ask({ op: 'prepare', scope: specOf(scope), sort });
  }

  /** Referrals as the host holds them now (undefined: not held). */
  async get(ids: readonly number[]): Promise<(Opportunity | undefined)[]> {
    const got = await this.ask<(string | null)[]>({ op: 'get', ids });
    return got.map((json) => (json ? parse(json) : undefined));
  }

  /**
   * Every referral of a scope at the seq the host held: from its lists when built (see
   * `ReferralIndex.allNow`), else read from the host's mirror whole.
   */
  async all(scope: ListScope): Promise<{ seq: number; records: Opportunity[] }> {
    const got = await this.ask<{ seq: number; records: string[] }>({
      op: 'all',
      scope: specOf(scope),
    });
    return { seq: got.seq, records: got.records.map(parse) };
  }

  /** A dashboard computed by the host (see dashboards.ts). */
  dashboard(a: DashboardAsk, nowMs: number): Promise<Dashboard> {
    return this.ask({ op: 'dashboard', ask: a, nowMs });
  }

  /** The indexes' status as the host last sent it. */
  status(): IndexStatus {
    return this.lastStatus;
  }

  /** The seq the host's indexes hold, as last sent. */
  get indexSeq(): number {
    return this.lastIndexSeq;
  }

  /** The referrals' seq this thread has seen the host hold (its last event's). */
  get seq(): number {
    return this.referralFeed?.seq ?? 0;
  }

  onLoaded(listener: () => void): () => void {
    this.loadedListeners.add(listener);
    return () => this.loadedListeners.delete(listener);
  }

  onEvent(listener: (e: MirrorEvent<Opportunity>) => void): () => void {
    return this.referralFeed?.onEvent(listener) ?? (() => undefined);
  }

  /** Tells the referrals' listeners a reset at the seq held (see StreamFollower.announce). */
  announce(): void {
    this.referralFeed?.announce();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const f of this.feeds) f.stop();
    await this.link.terminate();
  }

  /** Ends the host as a crash would: another starts and is forwarded every stream. */
  async restart(): Promise<void> {
    await this.link.terminate();
  }

  /** Sends the host a message (a feed's snapshot part or change set). */
  post(m: ToHost): void {
    this.link.post(m);
  }

  /** Forwards a change set; resolves once the host acks it. */
  forward(change: ChangeSet): Promise<Applied> {
    return new Promise<Applied>((resolve) => {
      this.acks.set(change.stream, { seq: change.seq, resolve });
      this.post({ kind: 'change', change });
    });
  }

  private ask<T>(q: HostQuestion, signal?: AbortSignal): Promise<T> {
    if (this.stopped) return Promise.reject(new Error('the read model host was stopped'));
    signal?.throwIfAborted();
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.asks.set(id, { resolve: resolve, reject });
      this.post({ kind: 'ask', id, ...q });
      signal?.addEventListener('abort', () => this.post({ kind: 'abort', id }), { once: true });
    });
  }

  private onMessage(m: FromHost): void {
    switch (m.kind) {
      case 'applied': {
        const ack = this.acks.get(m.stream);
        if (ack?.seq !== m.seq) return;
        this.acks.delete(m.stream);
        return ack.resolve(m);
      }
      case 'answer':
      case 'failed':
        return this.answered(m);
      case 'status':
        this.lastStatus = m.status;
        this.lastIndexSeq = m.seq;
        return;
      case 'loaded':
        for (const l of this.loadedListeners) l();
        return;
      default:
        return assertNever(m);
    }
  }

  private answered(m: Extract<FromHost, { kind: 'answer' | 'failed' }>): void {
    const a = this.asks.get(m.id);
    this.asks.delete(m.id);
    if (m.kind === 'answer') return a?.resolve(m.value);
    const err = new Error(m.message);
    err.name = m.name;
    a?.reject(err);
  }

  private startHost(): HostLink {
    const events = {
      onMessage: (m: FromHost) => this.onMessage(m),
      onExit: (ended: HostLink, code: number) => this.onExit(ended, code),
    };
    return (this.options.placement ?? 'own thread') === 'own thread'
      ? startThread(this.store.kind, events)
      : startHere(this.store.kind, this.options.now, events);
  }

  /**
   * The host ended: what was asked of it fails, and unless the relay stops it another starts, to
   * which every stream is forwarded again from its snapshot.
   */
  private onExit(ended: HostLink, code: number): void {
    if (ended !== this.link) return;
    const err = new Error(`the read model host exited (${code})`);
    for (const a of this.asks.values()) a.reject(err);
    this.asks.clear();
    for (const [stream, { seq, resolve }] of this.acks)
      resolve({ kind: 'applied', stream, seq, applied: false });
    this.acks.clear();
    if (this.stopped) return;
    log.error({ err }, 'the read model host exited; starting another');
    this.lastStatus = LOADING;
    this.link = this.startHost();
    for (const f of this.feeds) void f.reload().catch(() => undefined);
  }
}

/** What a running host tells its owner. */
interface HostEvents {
  onMessage(m: FromHost): void;
  onExit(ended: HostLink, code: number): void;
}

/** The host on a worker thread of its own (modelWorker.ts). */
function startThread(kind: 'redis' | 'memory', events: HostEvents): HostLink {
  const w = startWorker(import.meta.url, 'modelWorker', { kind });
  // The relay stops the host; a host left running does not keep a process alive.
  w.unref();
  const thread: HostLink = {
    post: (m) => w.postMessage(m),
    terminate: async () => {
      await w.terminate();
    },
  };
  w.on('message', (m: FromHost) => events.onMessage(m));
  w.on('error', (err) => log.error({ err }, 'the read model host failed'));
  w.on('exit', (code) => events.onExit(thread, code));
  return thread;
}

/** The host on the caller's thread, over a MessageChannel: the same messages, cloned. */
function startHere(
  kind: 'redis' | 'memory',
  now: (() => number) | undefined,
  events: HostEvents,
): HostLink {
  const { port1, port2 } = new MessageChannel();
  const served = serveModel(port1, kind, now);
  port2.on('message', (m: FromHost) => events.onMessage(m));
  port2.unref();
  const here: HostLink = {
    post: (m) => port2.postMessage(m),
    terminate: () => {
      served.stop();
      port2.close();
      events.onExit(here, 1);
      return Promise.resolve();
    },
  };
  return here;
}

/** One stream followed in the store and forwarded to the host. */
class Feed extends StreamFollower<Opportunity> {
  constructor(
    store: ChangeLogReader,
    stream: StreamName,
    private readonly host: ModelHost,
  ) {
    super(store, stream);
  }

  /** Forwards the snapshot in parts, with turns between them for other work. */
  protected async load(snap: Snapshot): Promise<boolean> {
    let part: [string, string][] = [];
    const send = (last: boolean) =>
      this.host.post({ kind: 'snapshot', stream: this.stream, seq: snap.seq, records: part, last });
    for (const entry of snap.records) {
      part.push(entry);
      if (part.length < SNAPSHOT_PART) continue;
      send(false);
      part = [];
      await nextTurn();
      if (this.isStopped) return false;
    }
    send(true);
    return true;
  }

  /** Forwards a change set; held once the host says so (a referral delta: with what it replaced). */
  protected async take(c: ChangeSet & { kind: 'delta' }): Promise<Taken<Opportunity>> {
    const applied = await this.host.forward(c);
    if (!applied.applied) return { held: false };
    if (c.stream !== 'referrals') return { held: true };
    const previous = applied.previous ?? [];
    let removed: Opportunity[] | undefined;
    return {
      held: true,
      event: {
        kind: 'delta',
        stream: 'referrals',
        seq: c.seq,
        at: c.at,
        committedAt: c.committedAt,
        upserts: c.upserts.map(({ json }, i) => lazyUpsert(json, previous[i])),
        get removed() {
          return (removed ??= (applied.removed ?? []).map(parse));
        },
      },
    };
  }
}

/** The read model host, with its feeds; see ModelHost. */
export function createModelHost(store: ChangeLogReader, options: ModelHostOptions = {}): ModelHost {
  return new ModelHost(store, options);
}
