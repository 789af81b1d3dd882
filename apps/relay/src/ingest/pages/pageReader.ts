/**
 * The page reader: pages of the referral list read, parsed and hashed, small ones on the event
 * loop and large ones on a worker thread (pageWorker.ts), and the messages between the two.
 * Invariant: every read and take is answered once, by the worker it was sent to; a worker that
 * fails or exits fails everything it had, and a page it held can no longer be taken from.
 */
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
 * 1,000 included: read here, even those held the event loop too long, the first of them most (its
 * code not yet compiled); a change read of a few hundred rows takes much of a turn at 1,000,000.
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

/** A read sent to the worker, until its page is handed over. */
interface Pending {
  resolve: (p: HashedPage) => void;
  reject: (e: Error) => void;
  keep: KeepText | undefined;
  /** A stubbed page, while its JSON is being taken; and the places of the rows taken. */
  stubs?: StubPage;
  at?: readonly number[];
}

/** A take of a page the worker holds (`later`), until its texts are handed over. */
interface Take {
  resolve: (t: readonly string[]) => void;
  reject: (e: Error) => void;
}

/** A worker's error as the reader rethrows it. */
const errorOf = (e: { kind: UpstreamFailure; message: string; status: number | undefined }) =>
  new UpstreamError(e.kind, e.message, e.status);

/**
 * The reader's side of its worker: the reads and takes sent, by id, answered as the worker's
 * replies come. A worker that fails or exits fails everything it had; the next read starts another.
 */
class ThreadedPageReader implements PageReader {
  private readonly http: ReturnType<typeof createUpstreamHttp>;
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** Takes of pages held (`later`), by their own ids. */
  private readonly takes = new Map<number, Take>();

  constructor(
    private readonly opportunityUrl: string,
    private readonly data: PageWorkerData,
    private readonly inThreadMax: number,
  ) {
    this.http = createUpstreamHttp(data.http);
  }

  async read(q: ReferralPageQuery, keep?: KeepText): Promise<HashedPage> {
    const req = referralPageRequest(this.opportunityUrl, q);
    if (q.size <= this.inThreadMax) {
      const { json, servedAt } = await this.http.sendDated(req);
      return hashedPage(rawPage(json, REFERRAL_LIST), servedAt, keep);
    }
    this.worker ??= this.start();
    const w = this.worker;
    const id = ++this.nextId;
    return new Promise<HashedPage>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, keep });
      const mode = keep === undefined ? 'whole' : keep === 'later' ? 'later' : 'stubs';
      w.postMessage({ kind: 'read', id, req, mode } satisfies PageAsk);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private start(): Worker {
    const w = startWorker(import.meta.url, 'pageWorker', this.data);
    w.on('message', (r: PageReply) => this.onReply(w, r));
    w.on('error', (err) => this.failAll(`the page reader failed: ${String(err)}`));
    w.on('exit', (code) => {
      if (this.worker === w) this.worker = null;
      this.failAll(`the page reader exited (${code})`);
    });
    // The relay's exit does not wait for an idle worker.
    w.unref();
    return w;
  }

  private onReply(w: Worker, r: PageReply): void {
    const t = this.takes.get(r.id);
    if (t) {
      this.takes.delete(r.id);
      if (r.kind === 'texts') return t.resolve(r.texts);
      if (r.kind === 'error') return t.reject(errorOf(r.error));
      return t.reject(new Error(`the page reader answered a take with ${r.kind}`));
    }
    const p = this.pending.get(r.id);
    if (!p) return;
    if (r.kind === 'stubs') return this.onStubPage(w, r.id, p, r.page);
    this.pending.delete(r.id);
    if (r.kind === 'page') p.resolve(fromData(r.page));
    else if (r.kind === 'records') onRecords(p, r.records);
    else if (r.kind === 'error') p.reject(errorOf(r.error));
    else p.reject(new Error(`the page reader answered a read with ${r.kind}`));
  }

  /**
   * A page's stubs landed: a page read `'later'` is handed over as it is, its JSON held on the
   * worker; of another, the JSON of the rows `keep` wants is taken first.
   */
  private onStubPage(w: Worker, id: number, p: Pending, data: PageData): void {
    if (p.keep !== 'later')
      return void this.takeWanted(w, id, p, fromData(data)).catch((err: unknown) => {
        this.pending.delete(id);
        p.reject(err instanceof Error ? err : new Error(String(err)));
      });
    this.pending.delete(id);
    p.resolve({ ...fromData(data), later: this.heldOn(w, id) });
  }

  /**
   * A stubbed page landed: takes the JSON of the rows `keep` wants (often none). In slices, as the
   * sync's own loops: a page of 10,000 asked of in one go is a lookup each in the sync's table of
   * a million, too long for one turn of the event loop.
   */
  private async takeWanted(w: Worker, id: number, p: Pending, page: StubPage): Promise<void> {
    const at: number[] = [];
    const { keep } = p;
    let since = performance.now();
    for (let i = 0; i < page.rows.length; i += 1) {
      if ((i & 255) === 255) since = await yieldIfDue(since);
      if (typeof keep !== 'function' || keep(page.rows, i)) at.push(i);
    }
    // The worker ended meanwhile: the read has failed with it (failAll).
    if (this.worker !== w || !this.pending.has(id)) return;
    p.stubs = page;
    p.at = at;
    w.postMessage({ kind: 'take', id, page: id, at } satisfies PageAsk);
  }

  /** The `later` of page `page` read on worker `w`: takes fail once that worker is gone. */
  private heldOn(w: Worker, page: number): LaterRecords {
    let dropped = false;
    return {
      take: (at) => {
        if (this.worker !== w || dropped)
          return Promise.reject(new UpstreamError('network', NOT_HELD));
        const id = ++this.nextId;
        return new Promise((resolve, reject) => {
          this.takes.set(id, { resolve, reject });
          w.postMessage({ kind: 'take', id, page, at } satisfies PageAsk);
        });
      },
      drop: () => {
        if (dropped) return;
        dropped = true;
        if (this.worker === w) w.postMessage({ kind: 'drop', page } satisfies PageAsk);
      },
    };
  }

  private failAll(message: string): void {
    for (const p of this.pending.values()) p.reject(new UpstreamError('network', message));
    for (const t of this.takes.values()) t.reject(new UpstreamError('network', message));
    this.pending.clear();
    this.takes.clear();
  }
}

/** The records taken arrived: the page, whole but for the rows not wanted. */
function onRecords(p: Pending, records: readonly { json: string; valid: string }[]): void {
  const { stubs, at = [] } = p;
  if (!stubs) throw new Error('the page reader sent records of a page it did not stub');
  // The stubs are this reader's own (the message's): the rows taken are filled in place.
  for (let j = 0; j < at.length; j += 1) {
    const record = records[j];
    if (record) stubs.rows.setRecord(at[j] as number, record.json, record.valid);
  }
  p.resolve(stubs);
}

/**
 * Reads pages of the referral list, large ones on a worker thread: the fetch, the JSON parse and
 * each record's hash happen there, and the relay's event loop only receives the hashed rows (a
 * page of 10,000 referrals read here would hold it for a large part of an interval). A worker
 * that fails or exits fails the reads it had; the next read starts another.
 */
export function createPageReader(
  opportunityUrl: string,
  data: PageWorkerData,
  inThreadMax = IN_THREAD_MAX,
): PageReader {
  const reader = new ThreadedPageReader(opportunityUrl, data, inThreadMax);
  return { read: (q, keep) => reader.read(q, keep), close: () => reader.close() };
}
