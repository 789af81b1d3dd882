/**
 * The page reader's worker thread (see pageReader.ts): it fetches a page of the referral list,
 * parses it and hashes every record, so that none of that holds up the relay's event loop. A page
 * of 10,000 referrals is about 10 MB of JSON: parsing it alone takes 40-90 ms, hashing its records
 * another ~100 ms.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createUpstreamHttp, UpstreamError, type UpstreamRequest } from '../upstream/http.js';
import { rawPage } from '../upstream/pageValidation.js';
import { hashedPage, REFERRAL_LIST } from './hashedPage.js';
import type { PageReply, PageWorkerData } from './pageReader.js';

const port = parentPort;
if (!port) throw new Error('pageWorker runs as a worker thread');
const http = createUpstreamHttp((workerData as PageWorkerData).http);

port.on('message', ({ id, req }: { id: number; req: UpstreamRequest }) => {
  void http
    .sendDated(req)
    .then(({ json, servedAt }) => {
      const reply: PageReply = { id, page: hashedPage(rawPage(json, REFERRAL_LIST), servedAt) };
      port.postMessage(reply);
    })
    .catch((err: unknown) => {
      const reply: PageReply = {
        id,
        error:
          err instanceof UpstreamError
            ? { kind: err.kind, message: err.message, status: err.status }
            : {
                kind: 'network',
                message: `the page reader failed: ${String(err)}`,
                status: undefined,
              },
      };
      port.postMessage(reply);
    });
});
