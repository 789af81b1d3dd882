/**
 * The page reader's worker thread (see pageReader.ts): it fetches a page of the referral list,
 * parses it, hashes every record and validates those the relay takes, so that none of that holds
 * up the relay's event loop (nor fills its heap with garbage): a page of 10,000 referrals is about
 * 10 MB of JSON, whose parse and hashing would each hold the event loop for far longer than a turn.
 * Invariants: a page's JSON is handed over once a row, and what the worker keeps is bounded
 * (STASHED_PAGES stubbed pages, HELD_ROWS rows of pages held, the oldest let go first).
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  createUpstreamHttp,
  UpstreamError,
  type UpstreamFailure,
  type UpstreamRequest,
} from '../../upstream/http.js';
import { rawPage } from '../../upstream/pageValidation.js';
import {
  checkRecord,
  HELD_ROWS,
  hashedPage,
  HashedRows,
  heldRecords,
  placeRecord,
  REFERRAL_LIST,
  takeOnce,
  type HashedPage,
} from './hashedPage.js';
import {
  NOT_HELD,
  STASHED_PAGES,
  type PageAsk,
  type PageReply,
  type PageWorkerData,
} from './pageReader.js';

const port = parentPort;
if (!port) throw new Error('pageWorker runs as a worker thread');
const http = createUpstreamHttp((workerData as PageWorkerData).http);

/** The JSON of each stubbed page's rows, by the read's id, until the relay takes it. */
const stashed = new Map<number, readonly string[]>();
/** The validated JSON of each page read `later`, by the read's id, until the relay drops it. */
const held = new Map<number, (string | undefined)[]>();
/** The rows of the pages held (HELD_ROWS at most). */
let heldRows = 0;

const reply = (r: PageReply): void => port.postMessage(r);

/** A page's answer, its rows' columns transferred (not copied, nor cloned row by row). */
const replyPage = (id: number, kind: 'page' | 'stubs', page: HashedPage): void => {
  const { data, transfer } = page.rows.data();
  const { totalElements, servedAt } = page;
  port.postMessage(
    { id, kind, page: { totalElements, servedAt, rows: data } } satisfies PageReply,
    transfer,
  );
};

/** What a take of a page no longer kept fails with: the read is made again, never handed on. */
const gone = (id: number): PageReply => ({
  id,
  kind: 'error',
  error: { kind: 'network', message: NOT_HELD, status: undefined },
});

port.on('message', (ask: PageAsk) => {
  if (ask.kind === 'drop') {
    heldRows -= held.get(ask.page)?.length ?? 0;
    held.delete(ask.page);
    return;
  }
  if (ask.kind === 'take') return take(ask.id, ask.page, ask.at);
  read(ask.id, ask.req, ask.mode);
});

function take(id: number, page: number, at: readonly number[]): void {
  const kept = held.get(page);
  if (kept) {
    // Each row once: what was taken is the relay's now, and no longer held here.
    const texts = takeOnce(kept, at);
    return reply(texts ? { id, kind: 'texts', texts } : gone(id));
  }
  const texts = stashed.get(page);
  stashed.delete(page);
  if (!texts) return reply(gone(id));
  try {
    // Validated here: the event loop receives what the store keeps, ready to commit.
    const records = at.map((i) => checkRecord(JSON.parse(texts[i] ?? 'null')));
    return reply({ id, kind: 'records', records });
  } catch (err) {
    return reply({ id, kind: 'error', error: failure(err) });
  }
}

/** A failure as the relay rethrows it: an upstream error keeps its kind. */
function failure(err: unknown): {
  kind: UpstreamFailure;
  message: string;
  status: number | undefined;
} {
  return err instanceof UpstreamError
    ? { kind: err.kind, message: err.message, status: err.status }
    : { kind: 'network', message: `the page reader failed: ${String(err)}`, status: undefined };
}

function read(id: number, req: UpstreamRequest, mode: 'whole' | 'stubs' | 'later'): void {
  void http
    .sendDated(req)
    .then(({ json, servedAt }) => {
      const raw = rawPage(json, REFERRAL_LIST);
      if (mode === 'whole') return replyPage(id, 'page', hashedPage(raw, servedAt));
      if (mode === 'later') {
        // Every row validated now (its hash is the sync's to compare), its JSON held until taken.
        const { rows, texts } = heldRecords(raw.content);
        held.set(id, texts);
        heldRows += rows.length;
        for (const [old, texts] of held) {
          if (heldRows <= HELD_ROWS) break;
          heldRows -= texts.length;
          held.delete(old);
        }
        return replyPage(id, 'stubs', { totalElements: raw.totalElements, rows, servedAt });
      }
      // Only the stubs cross to the relay now: most rows of a chunk are unchanged, and their JSON
      // (~10 MB a chunk of 10,000) would be copied onto its heap only to be dropped. The records
      // the relay takes are validated then.
      const rows = new HashedRows(raw.content.length);
      const texts = raw.content.map((item, i) => {
        const { text, ...stub } = placeRecord(item);
        rows.put(i, stub);
        return text;
      });
      stashed.set(id, texts);
      for (const old of stashed.keys()) if (stashed.size > STASHED_PAGES) stashed.delete(old);
      replyPage(id, 'stubs', { totalElements: raw.totalElements, rows, servedAt });
    })
    .catch((err: unknown) => {
      reply({ id, kind: 'error', error: failure(err) });
    });
}
