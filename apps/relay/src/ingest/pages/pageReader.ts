import type { Worker } from 'node:worker_threads';
import { yieldIfDue } from '../../lib/slices.js';
import { startWorker } from '../../lib/threads.js';
import { referralPageRequest, type ReferralPageQuery } from '../../upstream/client.js';
import {
  createUpstreamHttp,
  UpstreamError,
  type UpstreamRequest,
  type UpstreamFailure,
  type UpstreamHttpOptions,
} from '../../upstream/http.js';
import { rawPage } from '../../upstream/pageValidation.js';
import {
  hashedPage,
  HashedRows,
  REFERRAL_LIST,
  type HashedPage,
  type HashedRowsData,
  type KeepText,
  type LaterRecords,
} from './hashedPage.js';

/** Reads pages of the referral list, hashed. */
export interface PageReader {
  /**
   * One page, its records validated; with `keep`, the rows it does not want come without them
   * (`json` ''), so a chunk of unchanged referrals read on the worker is neither validated nor
   * copied to the event loop's heap; with `'later'`, a large page's rows come without their JSON,
   * which the page's `later` hands over when taken.
   */
  read(q: ReferralPageQuery, keep?: KeepText): Promise<HashedPage>;
  close(): Promise<void>;
}

/** What the worker is started with. */
export interface PageWorkerData {
  readonly http: Omit<UpstreamHttpOptions, 'fetchImpl'>;
}

/**
 * Pages of up to this many referrals are read on the event loop: a steady market's change read at
 * its smallest (100 rows, about 200 KB, parsed, hashed and validated in a few milliseconds, less
 * than a round trip to the worker costs). Larger ones go to the worker, a small market's chunks of
 * 1,000 included: read here, the first of them held a relay's event loop 60 ms (its code not yet
 * compiled; bench at 2,000 referrals, session 26), and a change read of 200 took 23 ms of a 41 ms
 * turn at 1,000,000 (session 27).
 */
export const IN_THREAD_MAX = 100;

/**
 * What the relay asks its worker: a page (`read`), whole, as rows without their JSON (`stubs`),
 * which the worker keeps until the relay takes the JSON of the rows it wants (`take`, by their
 * places in the page, once), or validated but without their JSON (`later`), which the worker
 * holds until the relay takes it, a few rows at a time, and `drop`s the page.
 */
export type PageAsk =
  | {
      readonly kind: 'read';
      readonly id: number;
      readonly req: UpstreamRequest;
      readonly mode: 'whole' | 'stubs' | 'later';
    }
  | {
      readonly kind: 'take';
      /** The answer's id: the read's own for a stubbed page, a take's own for a page held. */
      readonly id: number;
      /** The read whose page it takes from. */
      readonly page: number;
      readonly at: readonly number[];
    }
  | { readonly kind: 'drop'; readonly page: number };

/** A page whose rows' records are left out (every `json` ''), as a worker hands it over first. */
export type StubPage = HashedPage;

/** A page as it crosses from the worker: its rows' columns (see HashedRows.data). */
export interface PageData {
  readonly totalElements: number;
  readonly servedAt: number | null;
  readonly rows: HashedRowsData;
}

const fromData = (p: PageData): HashedPage => ({
  totalElements: p.totalElements,
  servedAt: p.servedAt,
  rows: new HashedRows(p.rows),
});

/**
 * A worker's answer: a page, a page's stubs, the records taken of a stubbed page (validated), the
 * JSON taken of a page held, or a failure.
 */
export type PageReply = { readonly id: number } & (
  | { readonly kind: 'page'; readonly page: PageData }
  | { readonly kind: 'stubs'; readonly page: PageData }
  | {
      readonly kind: 'records';
      readonly records: readonly { readonly json: string; readonly valid: string }[];
    }
  | { readonly kind: 'texts'; readonly texts: readonly string[] }
  | {
      readonly kind: 'error';
      readonly error: { kind: UpstreamFailure; message: string; status: number | undefined };
    }
);

/** What a take of a page the worker no longer holds fails with (the sync reads it again). */
export const NOT_HELD = 'the page reader no longer holds that page';

/** Stubbed pages a worker keeps the JSON of at most, should the relay not take it. */
export const STASHED_PAGES = 4;

/**
 * Reads pages of the referral list, large ones on a worker thread: the fetch, the JSON parse and
 * each record's hash happen there, and the relay's event loop only receives the hashed rows (a
 * page of 10,000 referrals held it for 150-250 ms when read here). A worker that fails or exits
 * fails the reads it had; the next read starts another.
 */
export function createPageReader(
  opportunityUrl: string,
  data: PageWorkerData,
  inThreadMax = IN_THREAD_MAX,
): PageReader {
  const http = createUpstreamHttp(data.http);
  let worker: Worker | null = null;
  let nextId = 0;
  interface Pending {
    resolve: (p: HashedPage) => void;
    reject: (e: Error) => void;
    keep: KeepText | undefined;
    /** A stubbed page, while its JSON is being taken; and the places of the rows taken. */
    stubs?: StubPage;
    at?: readonly number[];
  }
  const pending = new Map<number, Pending>();

  /**
   * A stubbed page landed: takes the JSON of the rows `keep` wants (often none). A page of 10,000
   * asked of in one go held the event loop 40-57 ms in a CPU profile of a steady relay at
   * 1,000,000 (a lookup each in the sync's table of a million): in slices, as the sync's own loops.
   */
  const onStubs = async (w: Worker, id: number, p: Pending, page: StubPage) => {
    const at: number[] = [];
    const { keep } = p;
    let since = performance.now();
    for (let i = 0; i < page.rows.length; i += 1) {
      if ((i & 255) === 255) since = await yieldIfDue(since);
      if (typeof keep !== 'function' || keep(page.rows, i)) at.push(i);
    }
    // The worker ended meanwhile: the read has failed with it (failAll).
    if (worker !== w || !pending.has(id)) return;
    p.stubs = page;
    p.at = at;
    w.postMessage({ kind: 'take', id, page: id, at } satisfies PageAsk);
  };
  /** Takes of pages held (`later`), by their own ids. */
  const takes = new Map<
    number,
    { resolve: (t: readonly string[]) => void; reject: (e: Error) => void }
  >();
  /** The `later` of page `page` read on worker `w`: takes fail once that worker is gone. */
  const heldOn = (w: Worker, page: number): LaterRecords => {
    let dropped = false;
    return {
      take: (at) => {
        if (worker !== w || dropped) return Promise.reject(new UpstreamError('network', NOT_HELD));
        const id = ++nextId;
        return new Promise((resolve, reject) => {
          takes.set(id, { resolve, reject });
          w.postMessage({ kind: 'take', id, page, at } satisfies PageAsk);
        });
      },
      drop: () => {
        if (dropped) return;
        dropped = true;
        if (worker === w) w.postMessage({ kind: 'drop', page } satisfies PageAsk);
      },
    };
  };
  /** The records taken arrived: the page, whole but for the rows not wanted. */
  const onRecords = (p: Pending, records: readonly { json: string; valid: string }[]) => {
    const { stubs, at = [] } = p;
    if (!stubs) throw new Error('the page reader sent records of a page it did not stub');
    // The stubs are this reader's own (the message's): the rows taken are filled in place.
    for (let j = 0; j < at.length; j += 1) {
      const record = records[j];
      if (record) stubs.rows.setRecord(at[j] as number, record.json, record.valid);
    }
    p.resolve(stubs);
  };

  const failAll = (message: string) => {
    for (const p of pending.values()) p.reject(new UpstreamError('network', message));
    for (const t of takes.values()) t.reject(new UpstreamError('network', message));
    pending.clear();
    takes.clear();
  };
  const start = (): Worker => {
    const w = startWorker(import.meta.url, 'pageWorker', data);
    w.on('message', (r: PageReply) => {
      const t = takes.get(r.id);
      if (t) {
        takes.delete(r.id);
        if (r.kind === 'texts') return t.resolve(r.texts);
        if (r.kind === 'error')
          return t.reject(new UpstreamError(r.error.kind, r.error.message, r.error.status));
        return t.reject(new Error(`the page reader answered a take with ${r.kind}`));
      }
      const p = pending.get(r.id);
      if (!p) return;
      if (r.kind === 'stubs') {
        if (p.keep !== 'later')
          return void onStubs(w, r.id, p, fromData(r.page)).catch((err: unknown) => {
            pending.delete(r.id);
            p.reject(err instanceof Error ? err : new Error(String(err)));
          });
        pending.delete(r.id);
        return p.resolve({ ...fromData(r.page), later: heldOn(w, r.id) });
      }
      pending.delete(r.id);
      if (r.kind === 'page') p.resolve(fromData(r.page));
      else if (r.kind === 'records') onRecords(p, r.records);
      else if (r.kind === 'error')
        p.reject(new UpstreamError(r.error.kind, r.error.message, r.error.status));
      else p.reject(new Error(`the page reader answered a read with ${r.kind}`));
    });
    w.on('error', (err) => failAll(`the page reader failed: ${String(err)}`));
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(`the page reader exited (${code})`);
    });
    // The relay's exit does not wait for an idle worker.
    w.unref();
    return w;
  };

  return {
    read: async (q, keep) => {
      const req = referralPageRequest(opportunityUrl, q);
      if (q.size <= inThreadMax) {
        const { json, servedAt } = await http.sendDated(req);
        return hashedPage(rawPage(json, REFERRAL_LIST), servedAt, keep);
      }
      worker ??= start();
      const w = worker;
      const id = ++nextId;
      return new Promise<HashedPage>((resolve, reject) => {
        pending.set(id, { resolve, reject, keep });
        const mode = keep === undefined ? 'whole' : keep === 'later' ? 'later' : 'stubs';
        w.postMessage({ kind: 'read', id, req, mode } satisfies PageAsk);
      });
    },
    close: async () => {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
