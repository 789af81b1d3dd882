/**
 * The model host's thread (see remoteModel.ts): the read model, fed by what the relay's event loop
 * forwards, with the referrals and their list indexes, and the answers the event loop asks for.
 * Its full collections (a 1.1-1.4 GB heap at 1,000,000 referrals) hold this thread only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Opportunity } from '@referrals/shared';
import { logger } from '../../log.js';
import { scopeOf } from '../lists/scopes.js';
import type { MirrorEvent } from '../mirror.js';
import { createReadModel } from '../readModel.js';
import { ForwardedStore } from './forwardedStore.js';
import type { FromHost, HostQuestion, ToHost } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('modelWorker runs as a worker thread');
const log = logger('readModel');
const store = new ForwardedStore((workerData as { kind: 'redis' | 'memory' }).kind);
const model = createReadModel(store);
const post = (m: FromHost): void => port.postMessage(m);

/** The last referral delta the mirror applied: its ack carries what each upsert replaced. */
let lastDelta: Extract<MirrorEvent<Opportunity>, { kind: 'delta' }> | undefined;
let statusSent = '';
function sendStatus(): void {
  const status = model.referralIndex.status();
  const seq = model.referralIndex.seq;
  const key = `${seq} ${JSON.stringify(status)}`;
  if (key === statusSent) return;
  statusSent = key;
  post({ kind: 'status', status, seq });
}
model.referrals.onEvent((e) => {
  if (e.kind === 'delta') lastDelta = e;
  sendStatus();
});
model.referralIndex.onLoaded(() => {
  post({ kind: 'loaded' });
  // The index tells its listeners just before it stops saying loading: the status goes after.
  setImmediate(sendStatus);
});
// The background orders build without an event: their progress is sent as it changes.
setInterval(sendStatus, 1000);
model.start().catch((err: unknown) => log.error({ err }, 'the read model host could not start'));

const asked = new Map<number, AbortController>();

port.on('message', (m: ToHost) => {
  switch (m.kind) {
    case 'snapshot':
      return store.snapshotPart(m.stream, m.seq, m.records, m.last);
    case 'change': {
      const c = m.change;
      void store.change(c).then(() => {
        const e = c.stream === 'referrals' && lastDelta?.seq === c.seq ? lastDelta : undefined;
        lastDelta = undefined;
        post({
          kind: 'applied',
          stream: c.stream,
          seq: c.seq,
          applied: e !== undefined || c.stream !== 'referrals',
          ...(e && {
            previous: e.upserts.map((u) => (u.previous ? JSON.stringify(u.previous) : null)),
            removed: e.removed.map((r) => JSON.stringify(r)),
          }),
        });
      });
      return;
    }
    case 'abort':
      return asked.get(m.id)?.abort();
    case 'ask': {
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
      return;
    }
  }
});

const json = (records: readonly Opportunity[]): string[] => records.map((o) => JSON.stringify(o));

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
  }
}
