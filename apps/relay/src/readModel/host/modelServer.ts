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
import { createReadModel } from '../readModel.js';
import { ForwardedStore } from './forwardedStore.js';
import { assertNever, type FromHost, type HostQuestion, type ToHost } from './protocol.js';

const log = logger('readModel');

const json = (records: readonly Opportunity[]): string[] => records.map((o) => JSON.stringify(o));

/** The event a referral mirror answered a change set with, if it told one. */
const isDelta = (taken: unknown): taken is Delta<Opportunity> =>
  typeof taken === 'object' && taken !== null && (taken as { kind?: unknown }).kind === 'delta';

/**
 * Serves the read model on `port` until stopped; `kind` is the event loop's store's, `now` the
 * clock of the indexes' date windows.
 */
export function serveModel(
  port: MessagePort,
  kind: 'redis' | 'memory',
  now: () => number = Date.now,
): { stop(): void } {
  const store = new ForwardedStore(kind);
  const model = createReadModel(store, now);
  const post = (m: FromHost): void => port.postMessage(m);
  const asked = new Map<number, AbortController>();

  let statusSent = '';
  function sendStatus(): void {
    const status = model.referralIndex.status();
    const seq = model.referralIndex.seq;
    const key = `${seq} ${JSON.stringify(status)}`;
    if (key === statusSent) return;
    statusSent = key;
    post({ kind: 'status', status, seq });
  }
  const stopStatus = model.referrals.onEvent(sendStatus);
  const stopLoaded = model.referralIndex.onLoaded(() => {
    post({ kind: 'loaded' });
    // The index tells its listeners just before it stops saying loading: the status goes after.
    setImmediate(sendStatus);
  });
  // The background orders build without an event: their progress is sent as it changes.
  const statusTimer = setInterval(sendStatus, 1000);
  statusTimer.unref();
  model.start().catch((err: unknown) => log.error({ err }, 'the read model host could not start'));

  /** Acks a forwarded change set once the host's mirror took it (or passed it over). */
  async function take(m: Extract<ToHost, { kind: 'change' }>): Promise<void> {
    const c = m.change;
    const taken = await store.change(c);
    if (c.stream !== 'referrals') {
      post({ kind: 'applied', stream: c.stream, seq: c.seq, applied: true });
      return;
    }
    const e = isDelta(taken) && taken.seq === c.seq ? taken : undefined;
    post({
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

  async function answer(q: HostQuestion, signal: AbortSignal): Promise<unknown> {
    const index = model.referralIndex;
    switch (q.op) {
      case 'page': {
        const page = await index.page(scopeOf(q.scope), q.query, signal);
        return { ...page, content: json(page.content) };
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
        return sendStatus();
      default:
        return assertNever(q);
    }
  }

  function ask(m: Extract<ToHost, { kind: 'ask' }>): void {
    const ac = new AbortController();
    asked.set(m.id, ac);
    answer(m, ac.signal)
      .then(
        (value) => post({ kind: 'answer', id: m.id, value }),
        (err: unknown) => {
          const e = err instanceof Error ? err : new Error(String(err));
          post({ kind: 'failed', id: m.id, name: e.name, message: e.message });
        },
      )
      .finally(() => asked.delete(m.id));
  }

  port.on('message', (m: ToHost) => {
    switch (m.kind) {
      case 'snapshot':
        return store.snapshotPart(m.stream, m.seq, m.records, m.last);
      case 'change':
        return void take(m);
      case 'abort':
        return asked.get(m.id)?.abort();
      case 'ask':
        return ask(m);
      default:
        return assertNever(m);
    }
  });

  return {
    stop() {
      clearInterval(statusTimer);
      stopStatus();
      stopLoaded();
      for (const ac of asked.values()) ac.abort();
      model.stop();
      port.close();
    },
  };
}
