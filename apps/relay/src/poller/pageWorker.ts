/**
 * The page reader's worker thread (see pageReader.ts): it fetches a page of the referral list,
 * parses it and hashes every record, so that none of that holds up the relay's event loop. A page
 * of 10,000 referrals is about 10 MB of JSON: parsing it alone takes 40-90 ms, hashing its records
 * another ~100 ms.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createUpstreamHttp, UpstreamError, type UpstreamRequest } from '../upstream/http.js';
import { rawPage } from '../upstream/pageValidation.js';
import { hashedPage, REFERRAL_LIST, type HashedRow } from './hashedPage.js';
import { STASHED_PAGES, type PageAsk, type PageReply, type PageWorkerData } from './pageReader.js';

const port = parentPort;
if (!port) throw new Error('pageWorker runs as a worker thread');
const http = createUpstreamHttp((workerData as PageWorkerData).http);

/** The JSON of each stubbed page's rows, by the read's id, until the relay takes it. */
const stashed = new Map<number, readonly string[]>();

const reply = (r: PageReply): void => port.postMessage(r);

port.on('message', (ask: PageAsk) => {
  if (ask.kind === 'take') {
    const texts = stashed.get(ask.id);
    stashed.delete(ask.id);
    if (texts)
      return reply({ id: ask.id, kind: 'texts', texts: ask.at.map((i) => texts[i] ?? '') });
    // Dropped (STASHED_PAGES): the read fails and is made again, never handed on without its JSON.
    return reply({
      id: ask.id,
      kind: 'error',
      error: {
        kind: 'network',
        message: 'the page reader no longer holds that page',
        status: undefined,
      },
    });
  }
  read(ask.id, ask.req, ask.stub);
});

function read(id: number, req: UpstreamRequest, stub: boolean): void {
  void http
    .sendDated(req)
    .then(({ json, servedAt }) => {
      const page = hashedPage(rawPage(json, REFERRAL_LIST), servedAt);
      if (!stub) return reply({ id, kind: 'page', page });
      // Only the stubs cross to the relay now: most rows of a chunk are unchanged, and their JSON
      // (~10 MB a chunk of 10,000) would be copied onto its heap only to be dropped.
      // (With an empty text already, so the relay fills in the few it takes without copying.)
      const rows: HashedRow[] = page.rows.map(({ id: rowId, added, lastMod, raw }) => ({
        id: rowId,
        added,
        lastMod,
        raw,
        text: '',
      }));
      stashed.set(
        id,
        page.rows.map((r) => r.text),
      );
      for (const old of stashed.keys()) if (stashed.size > STASHED_PAGES) stashed.delete(old);
      reply({ id, kind: 'stubs', page: { ...page, rows } });
    })
    .catch((err: unknown) => {
      reply({
        id,
        kind: 'error',
        error:
          err instanceof UpstreamError
            ? { kind: err.kind, message: err.message, status: err.status }
            : {
                kind: 'network',
                message: `the page reader failed: ${String(err)}`,
                status: undefined,
              },
      });
    });
}
