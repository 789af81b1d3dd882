/**
 * The read model host's side of the protocol (protocol.ts): a read model fed by what the event
 * loop forwards (ForwardedStore), holding the referrals and their list indexes, answering what the
 * event loop asks. It runs on the host's thread (modelWorker.ts) or, in tests, on the thread that
 * calls it, over a MessageChannel: the same code and messages either way.
 *
 * Invariant: every forwarded change set is acked once, after the host's mirror took it or passed
 * it over, with what the mirror applied (for referrals, the records each upsert replaced).
 */
import type { MessagePort } from 'node:worker_threads';
import type { Opportunity } from '@referrals/shared';
import { logger } from '../../log.js';
import { scopeOf } from '../lists/scopes.js';
import type { Delta } from '../mirror.js';
import type { ChangeSet } from '../../changeLog/changeSet.js';
import { createReadModel, type LocalReadModel } from '../readModel.js';
import { projectRow } from '../rowProjection.js';
import { ForwardedStore } from './forwardedStore.js';
import { assertNever, type FromHost, type HostQuestion, type ToHost } from './protocol.js';

const log = logger('readModel');

const json = (records: readonly Opportunity[]): string[] => records.map((o) => JSON.stringify(o));

/** The event a referral mirror answered a change set with, if it told one. */
const isDelta = (taken: unknown): taken is Delta<Opportunity> =>
  typeof taken === 'object' && taken !== null && (taken as { kind?: unknown }).kind === 'delta';

/** The read model served on one port: see serveModel. */
class ModelServer {
  private readonly store: ForwardedStore;
  private readonly model: LocalReadModel;
  private readonly asked = new Map<number, AbortController>();
  private statusSent = '';
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly port: MessagePort,
    kind: 'redis' | 'memory',
    now: () => number,
  ) {
    this.store = new ForwardedStore(kind);
    this.model = createReadModel(this.store, now);
    this.stops.push(
      this.model.referrals.onEvent(() => this.sendStatus()),
      this.model.referralIndex.onLoaded(() => {
        this.post({ kind: 'loaded' });
        // The index tells its listeners just before it stops saying loading: the status goes after.
        setImmediate(() => this.sendStatus());
      }),
    );
    // The background orders build without an event: their progress is sent as it changes.
    const statusTimer = setInterval(() => this.sendStatus(), 1000);
    statusTimer.unref();
    this.stops.push(() => clearInterval(statusTimer));
    port.on('message', (m: ToHost) => this.onMessage(m));
    this.model
      .start()
      .catch((err: unknown) => log.error({ err }, 'the read model host could not start'));
  }

  stop(): void {
    for (const stop of this.stops) stop();
    for (const ac of this.asked.values()) ac.abort();
    this.model.stop();
    this.port.close();
  }

  private post(m: FromHost): void {
    this.port.postMessage(m);
  }

  private sendStatus(): void {
    const status = this.model.referralIndex.status();
    const seq = this.model.referralIndex.seq;
    const key = `${seq} ${JSON.stringify(status)}`;
    if (key === this.statusSent) return;
    this.statusSent = key;
    this.post({ kind: 'status', status, seq });
  }

  private onMessage(m: ToHost): void {
    switch (m.kind) {
      case 'snapshot':
        return this.store.snapshotPart(m.stream, m.seq, m.records, m.last);
      case 'change':
        return void this.take(m.change);
      case 'abort':
        return this.asked.get(m.id)?.abort();
      case 'ask':
        return this.ask(m);
      default:
        return assertNever(m);
    }
  }

  /** Acks a forwarded change set once the host's mirror took it (or passed it over). */
  private async take(c: ChangeSet): Promise<void> {
    const taken = await this.store.change(c);
    if (c.stream !== 'referrals') {
      this.post({ kind: 'applied', stream: c.stream, seq: c.seq, applied: true });
      return;
    }
    const e = isDelta(taken) && taken.seq === c.seq ? taken : undefined;
    this.post({
      kind: 'applied',
      stream: c.stream,
      seq: c.seq,
      applied: e !== undefined,
      ...(e && {
        previous: e.upserts.map((u) => (u.previous ? JSON.stringify(u.previous) : null)),
        removed: e.removed.map((r) => JSON.stringify(r)),
      }),
    });
  }

  private ask(m: Extract<ToHost, { kind: 'ask' }>): void {
    const ac = new AbortController();
    this.asked.set(m.id, ac);
    this.answer(m, ac.signal)
      .then(
        (value) => this.post({ kind: 'answer', id: m.id, value }),
        (err: unknown) => {
          const e = err instanceof Error ? err : new Error(String(err));
          this.post({ kind: 'failed', id: m.id, name: e.name, message: e.message });
        },
      )
      .finally(() => this.asked.delete(m.id));
  }

  private async answer(q: HostQuestion, signal: AbortSignal): Promise<unknown> {
    const { model } = this;
    const index = model.referralIndex;
    switch (q.op) {
      case 'page': {
        const page = await index.page(scopeOf(q.scope), q.query, signal);
        return { ...page, content: json(page.content) };
      }
      case 'pageJson': {
        const page = await index.page(scopeOf(q.scope), q.query, signal);
        const content = page.content.map((o) => projectRow(o, q.projection));
        return { seq: page.seq, json: JSON.stringify({ ...page, content }) };
      }
      case 'prepare':
        return index.prepare(scopeOf(q.scope), q.sort);
      case 'get':
        return q.ids.map((id) => {
          const o = model.referrals.get(id);
          return o ? JSON.stringify(o) : null;
        });
      case 'all': {
        // A scope whose lists are not built (a load under way) is read from the mirror whole.
        const scope = scopeOf(q.scope);
        const all = index.allNow(scope) ?? [...model.referrals.values()].filter(scope.has);
        return { seq: model.referrals.seq, records: json(all) };
      }
      case 'dashboard':
        return model.dashboard(q.ask, q.nowMs);
      case 'settled':
        await model.settled();
        // Sent before the answer: the event loop reads the settled status once this resolves.
        return this.sendStatus();
      default:
        return assertNever(q);
    }
  }
}

/**
 * Serves the read model on `port` until stopped; `kind` is the event loop's store's, `now` the
 * clock of the indexes' date windows.
 */
export function serveModel(
  port: MessagePort,
  kind: 'redis' | 'memory',
  now: () => number = Date.now,
): { stop(): void } {
  return new ModelServer(port, kind, now);
}
