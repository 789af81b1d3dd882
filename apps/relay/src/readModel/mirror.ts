/**
 * A stream followed from its change log, in order: its snapshot, then every change set after it,
 * a reload on a gap or a reset. The seq a follower holds moves only once a change set is held,
 * and its listeners hear of each change set held and each reload, in seq order.
 */
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import { BACKOFF, backoffMs } from '../resilience.js';
import type { ChangeSet, Snapshot } from '../changeLog/changeSet.js';
import { idKey, shardedById } from '../lib/shardedMap.js';
import { yieldIfDue } from '../lib/slices.js';
import type { ChangeLogReader } from '../changeLog/store.js';

const log = logger('readModel');

/** What the mirror applied: a delta with the values before and after, or a reload. */
export type MirrorEvent<T> =
  | {
      readonly kind: 'delta';
      readonly stream: StreamName;
      readonly seq: number;
      readonly at: number;
      /** When the store committed the change set (epoch ms). */
      readonly committedAt: number;
      /** Changed or added records with their previous value (undefined when added). */
      readonly upserts: readonly { readonly next: T; readonly previous: T | undefined }[];
      /** Records that are gone, as they were. */
      readonly removed: readonly T[];
    }
  | {
      readonly kind: 'reset';
      readonly stream: StreamName;
      readonly seq: number;
      readonly at: number;
    };

/**
 * A stream as a relay instance follows it, without its records: its seq, size and events. The
 * referrals' feed of the event loop is one (their records live on the read model host, and are
 * asked of it: see api.ts).
 */
export interface Feed<T> {
  readonly stream: StreamName;
  /** The sequence number of what the feed holds. */
  readonly seq: number;
  readonly size: number;
  /** Resolves once the mirror holds `seq` (true) or after `timeoutMs` (false). */
  waitForSeq(seq: number | undefined, timeoutMs?: number): Promise<boolean>;
  /** Resolves when no reload is under way and every change set given is applied. */
  settled(): Promise<void>;
  /** Calls `listener` with every event applied from now on; returns the unsubscribe function. */
  onEvent(listener: (e: MirrorEvent<T>) => void): () => void;
  start(): Promise<void>;
  stop(): void;
  /** Hands listeners a reset at the seq held, so that what is derived is sent again. */
  announce(): void;
}

/** A stream followed with its records at hand (`StreamMirror`): the small streams, the host's. */
export interface Mirror<T> extends Feed<T> {
  /** Every record, in no particular order. */
  values(): Iterable<T>;
  get(id: string | number): T | undefined;
}

/**
 * How long a reload waits before its attempt after `attempt` failed (the store away): the relay's
 * backoff within BACKOFF.storeReload's bounds.
 */
export const retryPauseMs = (attempt: number): number => backoffMs(attempt, BACKOFF.storeReload);

/**
 * Resolves once `source` holds `seq` (true) or after `timeoutMs` (false), so a writer can read its
 * own write from this instance at once.
 */
export function waitForSeq<T>(
  source: Pick<Mirror<T>, 'seq' | 'onEvent'>,
  seq: number | undefined,
  timeoutMs = 2000,
): Promise<boolean> {
  if (seq === undefined || source.seq >= seq) return Promise.resolve(seq !== undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(false);
    }, timeoutMs);
    const stop = source.onEvent(() => {
      if (source.seq < seq) return;
      clearTimeout(timer);
      stop();
      resolve(true);
    });
  });
}

/** A delta event of a stream. */
export type Delta<T> = MirrorEvent<T> & { kind: 'delta' };
type DeltaSet = ChangeSet & { kind: 'delta' };

/** What a follower made of a change set: held (with the event to tell, if any), or not. */
export type Taken<T> =
  { readonly held: false } | { readonly held: true; readonly event?: Delta<T> };

/**
 * A stream followed in the store, in order: its snapshot, then every change set after it, a
 * reload on a gap in the log or a reset, and retries with a growing pause while the store cannot
 * be read. What it read goes to the subclass (`load`, `take`, `hold`): kept in this thread
 * (StreamMirror) or forwarded to the read model host (host/remoteModel.ts). The seq it holds
 * moves once a change set is held, and listeners hear of each change set held and each reload.
 */
export abstract class StreamFollower<T> {
  private seqNow = 0;
  private atNow = 0;
  private stopFollow: (() => void) | undefined;
  private reloading: Promise<void> | undefined;
  private stopped = false;
  /** A snapshot was loaded once: reloads after that retry until the store answers. */
  private loadedOnce = false;
  private readonly listeners = new Set<(e: MirrorEvent<T>) => void>();

  /** The change sets given by the store and not applied yet, in order, and how many. */
  private applying: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    protected readonly store: ChangeLogReader,
    readonly stream: StreamName,
  ) {}

  /**
   * Takes a snapshot in place of what was held (in slices or parts, with turns between); false
   * when the follower was stopped meanwhile.
   */
  protected abstract load(snap: Snapshot): Promise<boolean>;

  /**
   * Takes the change set that follows the seq held; held: false when it could not be (a reload
   * replaces it). `hold` is called next unless a reload started meanwhile.
   */
  protected abstract take(change: DeltaSet): Taken<T> | Promise<Taken<T>>;

  /** Keeps a change set taken (at once: the seq moves and listeners are told right after). */
  protected hold(_change: DeltaSet, _event: Delta<T> | undefined): void {}

  /** True once stopped (a load under way gives up). */
  protected get isStopped(): boolean {
    return this.stopped;
  }

  /** The sequence number of what the follower holds. */
  get seq(): number {
    return this.seqNow;
  }

  /**
   * Resolves once the follower holds `seq` (true) or after `timeoutMs` (false), so a writer can
   * read its own write from this instance at once.
   */
  waitForSeq(seq: number | undefined, timeoutMs = 2000): Promise<boolean> {
    return waitForSeq(this, seq, timeoutMs);
  }

  /** Resolves when no reload is under way and every change set given is applied. */
  async settled(): Promise<void> {
    for (;;) {
      while (this.reloading) await this.reloading.catch(() => undefined);
      const applying = this.applying;
      await applying;
      if (applying === this.applying && !this.reloading) return;
    }
  }

  /** Calls `listener` with every event applied from now on; returns the unsubscribe function. */
  onEvent(listener: (e: MirrorEvent<T>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads the snapshot and follows the change log. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.reload();
  }

  stop(): void {
    this.stopped = true;
    this.stopFollow?.();
    this.stopFollow = undefined;
  }

  /**
   * Hands listeners a reset at the seq held, without reading the store, so that what is derived
   * from the records is sent again (the status an instance tells changed without a commit).
   */
  announce(): void {
    this.emit({ kind: 'reset', stream: this.stream, seq: this.seqNow, at: this.atNow });
  }

  private emit(e: MirrorEvent<T>): void {
    for (const l of this.listeners) l(e);
  }

  /**
   * Replaces what is held with the store's snapshot and follows from there. While the store
   * cannot be read (Redis away) it keeps trying with a growing pause, and what was held goes on
   * being served: stale data with a status saying so beats an empty screen or a stuck stream.
   */
  reload(): Promise<void> {
    this.reloading ??= (async () => {
      this.stopFollow?.();
      this.stopFollow = undefined;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const snap = await this.store.snapshot(this.stream);
          if (this.stopped || !(await this.load(snap)) || this.stopped) return;
          this.seqNow = snap.seq;
          this.loadedOnce = true;
          this.stopFollow = this.store.follow(this.stream, snap.seq, (c) => this.apply(c));
          this.emit({ kind: 'reset', stream: this.stream, seq: snap.seq, at: this.atNow });
          return;
        } catch (err) {
          // The first load at start fails loudly: a relay that cannot read its store does not start.
          // A later reload keeps trying, a stream still empty (seq 0) too: given up, it would
          // follow nothing more (an audit log's first entry never reaching this instance).
          if (attempt === 0 && !this.loadedOnce) throw err;
          if (this.stopped) return;
          log.warn({ err, stream: this.stream, attempt }, 'snapshot load failed; retrying');
          await new Promise((r) => setTimeout(r, retryPauseMs(attempt)));
          if (this.stopped) return;
        }
      }
    })().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  /**
   * Applies change sets one after another, each once the one before is held; resolves once this
   * one is (the store reads on then), with the event told for it (what the store's follower
   * answers: the read model host acks a forwarded change set with it). One that comes while none is pending is applied in the
   * store's call, at once when `take` does not wait.
   */
  private apply(change: ChangeSet): Promise<Delta<T> | undefined> {
    const run = () =>
      this.applyNow(change)
        .catch((err: unknown) => {
          log.error({ err, stream: this.stream }, 'could not apply a change');
          return undefined;
        })
        .finally(() => {
          this.pending -= 1;
        });
    this.pending += 1;
    const applied = this.pending === 1 ? run() : this.applying.then(run);
    this.applying = applied;
    return applied;
  }

  /** Applies one change set; resolves with the event told for it (none: passed over, a reload). */
  private async applyNow(change: ChangeSet): Promise<Delta<T> | undefined> {
    if (change.seq <= this.seqNow || this.stopped) return undefined;
    if (change.kind === 'reset' || change.seq !== this.seqNow + 1) {
      this.atNow = change.at;
      if (change.kind === 'delta')
        log.info(
          { stream: this.stream, have: this.seqNow, got: change.seq },
          'gap in the change log; reloading',
        );
      void this.reload().catch((err: unknown) =>
        log.error({ err, stream: this.stream }, 'reload failed'),
      );
      return undefined;
    }
    const before = this.seqNow;
    const taking = this.take(change);
    const taken = taking instanceof Promise ? await taking : taking;
    // A reload replaced the content meanwhile, from a snapshot that holds this change.
    if (!taken.held || this.seqNow !== before || this.reloading) return undefined;
    this.hold(change, taken.event);
    // The seq and its time move together, once the change is held (a reset announced while the
    // indexes take it names the seq held and that seq's time).
    this.seqNow = change.seq;
    this.atNow = change.at;
    if (taken.event) this.emit(taken.event);
    return taken.event;
  }
}

/**
 * One relay instance's in-memory copy of a stream, kept in step with the store's change log. List
 * queries and snapshots on join are answered from it; every event it applies is handed on in
 * seq order, so what a client is sent on join and afterwards comes from one ordered source.
 */
export class StreamMirror<T> extends StreamFollower<T> implements Mirror<T> {
  private records = shardedById<T>();

  /**
   * `prepare`, when given, is handed each delta before the mirror applies it, and the mirror waits
   * for it: what is derived from the records in slices (the list indexes) is in step with the
   * mirror's seq when the listeners hear of the delta.
   */
  constructor(
    store: ChangeLogReader,
    stream: StreamName,
    private readonly parse: (json: string) => T,
    private readonly prepare?: (e: Delta<T>) => Promise<void>,
  ) {
    super(store, stream);
  }

  /** Every record, in no particular order. */
  values(): IterableIterator<T> {
    return this.records.values();
  }

  /** Every record in an array (at once: a copy of what the mirror holds now). */
  valuesArray(): T[] {
    return this.records.valuesArray();
  }

  get size(): number {
    return this.records.size;
  }

  get(id: string | number): T | undefined {
    return this.records.get(idKey(id));
  }

  /**
   * A large market is parsed in slices: sockets and requests are served meanwhile, from what the
   * mirror held before.
   */
  protected async load(snap: Snapshot): Promise<boolean> {
    const next = shardedById<T>();
    let since = performance.now();
    let n = 0;
    for (const [id, json] of snap.records) {
      next.set(idKey(id), this.parse(json));
      if ((++n & 1023) === 0) since = await yieldIfDue(since);
    }
    if (this.isStopped) return false;
    this.records = next;
    return true;
  }

  protected take(change: DeltaSet): Taken<T> | Promise<Taken<T>> {
    // The values before come from the records as they are; a change set repeats no id.
    const upserts = change.upserts.map(({ id, json }) => ({
      next: this.parse(json),
      previous: this.records.get(idKey(id)),
    }));
    const removed: T[] = [];
    for (const id of change.removed) {
      const gone = this.records.get(idKey(id));
      if (gone !== undefined) removed.push(gone);
    }
    const event: Delta<T> = {
      kind: 'delta',
      stream: this.stream,
      seq: change.seq,
      at: change.at,
      committedAt: change.committedAt,
      upserts,
      removed,
    };
    const taken = { held: true, event } as const;
    return this.prepare ? this.prepare(event).then(() => taken) : taken;
  }

  protected override hold(change: DeltaSet, event: Delta<T>): void {
    change.upserts.forEach(({ id }, i) =>
      this.records.set(idKey(id), (event.upserts[i] as { next: T }).next),
    );
    for (const id of change.removed) this.records.delete(idKey(id));
  }
}
