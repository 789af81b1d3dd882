import { setImmediate as nextTurn } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import type { Dashboard, Opportunity, ReferralQuery, Sort } from '@referrals/shared';
import { STREAMS, type StreamName } from '../../keys.js';
import { logger } from '../../log.js';
import { startWorker } from '../../lib/threads.js';
import type { ChangeSet, Snapshot } from '../../changeLog/changeSet.js';
import type { DashboardAsk } from '../dashboards.js';
import type { IndexedPage } from '../lists/referralIndex.js';
import type { ListScope, ScopeSpec } from '../lists/scopes.js';
import { StreamFollower, type MirrorEvent, type Taken } from '../mirror.js';
import type { ReadModelStore } from '../../changeLog/store.js';
import { serveModel } from './modelServer.js';
import {
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

/**
 * The read model's referrals and list indexes on a thread of their own (the model host,
 * modelWorker.ts), as the relay's event loop reaches them. The event loop keeps no referral: it
 * follows the store and forwards every stream to the host (snapshots in parts of SNAPSHOT_PART,
 * change sets one at a time, each acked once the host holds it, so a follower that falls behind
 * leaves the change sets in the store), and asks the host for pages, records and scopes.
 *
 * Referral events (`onEvent`) are the mirror's: each delta once the host's indexes hold it, with
 * the records it replaced, so fan-out tells a room what left it as it does from a mirror here.
 */
export function createModelHost(
  store: ReadModelStore,
  {
    placement = 'own thread',
    streams = STREAMS,
    now,
  }: {
    readonly placement?: HostPlacement;
    readonly streams?: readonly StreamName[];
    /** The host's clock, on the caller's thread only (a test's fixed instant). */
    readonly now?: () => number;
  } = {},
) {
  let nextId = 0;
  const asks = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /**
   * The change set of each stream the host has not acked yet (one at a time: a StreamFollower
   * applies them in order).
   */
  const acks = new Map<StreamName, { seq: number; resolve: (a: Applied) => void }>();
  const loadedListeners = new Set<() => void>();
  const LOADING: IndexStatus = { loading: true, referrals: 0, views: 0, orders: 0, ordersBuilt: 0 };
  let status = LOADING;
  let indexSeq = 0;
  let stopped = false;
  let link = startHost();

  const post = (m: ToHost): void => link.post(m);

  function onMessage(m: FromHost): void {
    switch (m.kind) {
      case 'applied': {
        const ack = acks.get(m.stream);
        if (ack?.seq !== m.seq) return;
        acks.delete(m.stream);
        return ack.resolve(m);
      }
      case 'answer':
      case 'failed': {
        const a = asks.get(m.id);
        asks.delete(m.id);
        if (m.kind === 'answer') return a?.resolve(m.value);
        const err = new Error(m.message);
        err.name = m.name;
        return a?.reject(err);
      }
      case 'status':
        status = m.status;
        indexSeq = m.seq;
        return;
      case 'loaded':
        for (const l of loadedListeners) l();
        return;
    }
  }

  function startHost(): HostLink {
    return placement === 'own thread' ? startThread() : startHere();
  }

  function startThread(): HostLink {
    const w = startWorker(import.meta.url, 'modelWorker', { kind: store.kind });
    // The relay stops the host; a host left running does not keep a process alive.
    w.unref();
    const thread: HostLink = {
      post: (m) => w.postMessage(m),
      terminate: async () => {
        await w.terminate();
      },
    };
    w.on('message', onMessage);
    w.on('error', (err) => log.error({ err }, 'the read model host failed'));
    w.on('exit', (code) => onExit(thread, code));
    return thread;
  }

  function startHere(): HostLink {
    const { port1, port2 } = new MessageChannel();
    const served = serveModel(port1, store.kind, now);
    port2.on('message', onMessage);
    port2.unref();
    const here: HostLink = {
      post: (m) => port2.postMessage(m),
      terminate: () => {
        served.stop();
        port2.close();
        onExit(here, 1);
        return Promise.resolve();
      },
    };
    return here;
  }

  /**
   * The host's thread ended: what was asked of it fails, and unless the relay stops it another
   * starts, to which every stream is forwarded again from its snapshot.
   */
  function onExit(ended: HostLink, code: number): void {
    if (ended !== link) return;
    const err = new Error(`the read model host exited (${code})`);
    for (const a of asks.values()) a.reject(err);
    asks.clear();
    for (const [stream, { seq, resolve }] of acks)
      resolve({ kind: 'applied', stream, seq, applied: false });
    acks.clear();
    if (stopped) return;
    log.error({ err }, 'the read model host exited; starting another');
    status = LOADING;
    link = startHost();
    for (const f of feeds) void f.reload().catch(() => undefined);
  }

  function ask<T>(q: HostQuestion, signal?: AbortSignal): Promise<T> {
    if (stopped) return Promise.reject(new Error('the read model host was stopped'));
    signal?.throwIfAborted();
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      asks.set(id, { resolve: resolve as (v: unknown) => void, reject });
      post({ kind: 'ask', id, ...q });
      signal?.addEventListener('abort', () => post({ kind: 'abort', id }), { once: true });
    });
  }

  /** One stream followed in the store and forwarded to the host. */
  class Feed extends StreamFollower<Opportunity> {
    /** Forwards the snapshot in parts, with turns between them for other work. */
    protected async load(snap: Snapshot): Promise<boolean> {
      let part: [string, string][] = [];
      const send = (last: boolean) =>
        post({ kind: 'snapshot', stream: this.stream, seq: snap.seq, records: part, last });
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
      const applied = await new Promise<Applied>((resolve) => {
        acks.set(c.stream, { seq: c.seq, resolve });
        post({ kind: 'change', change: c });
      });
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
  const feeds = streams.map((s) => new Feed(store, s));
  const referralFeed = feeds.find((f) => f.stream === 'referrals');

  return {
    /** Forwards every stream's snapshot and follows the store; fails if the store cannot be read. */
    async start(): Promise<void> {
      await Promise.all(feeds.map((f) => f.start()));
    },
    /** Resolves once the host has loaded what was forwarded and its indexes are settled. */
    settled: (): Promise<void> => ask({ op: 'settled' }),
    page: async (
      scope: ListScope,
      query: Omit<ReferralQuery, 'state'>,
      signal?: AbortSignal,
    ): Promise<IndexedPage> => {
      const page = await ask<Omit<IndexedPage, 'content'> & { content: string[] }>(
        { op: 'page', scope: specOf(scope), query },
        signal,
      );
      return { ...page, content: page.content.map(parse) };
    },
    prepare: (scope: ListScope, sort: Sort | null): Promise<void> =>
      ask({ op: 'prepare', scope: specOf(scope), sort }),
    /** Referrals as the host holds them now (undefined: not held). */
    get: async (ids: readonly number[]): Promise<(Opportunity | undefined)[]> => {
      const got = await ask<(string | null)[]>({ op: 'get', ids });
      return got.map((json) => (json ? parse(json) : undefined));
    },
    /**
     * Every referral of a scope at the seq the host held: from its lists when built (see
     * `ReferralIndex.allNow`), else read from the host's mirror whole.
     */
    all: async (scope: ListScope): Promise<{ seq: number; records: Opportunity[] }> => {
      const got = await ask<{ seq: number; records: string[] }>({
        op: 'all',
        scope: specOf(scope),
      });
      return { seq: got.seq, records: got.records.map(parse) };
    },
    /** A dashboard computed by the host (see dashboards.ts). */
    dashboard: (a: DashboardAsk, nowMs: number): Promise<Dashboard> =>
      ask({ op: 'dashboard', ask: a, nowMs }),
    /** The indexes' status as the host last sent it. */
    status: (): IndexStatus => status,
    /** The seq the host's indexes hold, as last sent. */
    get indexSeq(): number {
      return indexSeq;
    },
    /** The referrals' seq this thread has seen the host hold (its last event's). */
    get seq(): number {
      return referralFeed?.seq ?? 0;
    },
    onLoaded(listener: () => void): () => void {
      loadedListeners.add(listener);
      return () => loadedListeners.delete(listener);
    },
    onEvent(listener: (e: MirrorEvent<Opportunity>) => void): () => void {
      return referralFeed?.onEvent(listener) ?? (() => undefined);
    },
    /** Tells the referrals' listeners a reset at the seq held (see StreamFollower.announce). */
    announce(): void {
      referralFeed?.announce();
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const f of feeds) f.stop();
      await link.terminate();
    },
    /** Ends the host's thread as a crash would: another starts and is forwarded every stream. */
    async restart(): Promise<void> {
      await link.terminate();
    },
  };
}
export type ModelHost = ReturnType<typeof createModelHost>;
