import { Worker } from 'node:worker_threads';
import { referralPageRequest, type ReferralPageQuery } from '../upstream/client.js';
import {
  createUpstreamHttp,
  UpstreamError,
  type UpstreamFailure,
  type UpstreamHttpOptions,
} from '../upstream/http.js';
import { rawPage } from '../upstream/pageValidation.js';
import { hashedPage, REFERRAL_LIST, type HashedPage } from './hashedPage.js';

/** Reads pages of the referral list, hashed. */
export interface PageReader {
  read(q: ReferralPageQuery): Promise<HashedPage>;
  close(): Promise<void>;
}

/** What the worker is started with. */
export interface PageWorkerData {
  readonly http: Omit<UpstreamHttpOptions, 'fetchImpl'>;
}

/**
 * Pages of up to this many referrals are read on the event loop: about 1 MB, parsed and hashed in
 * ~20 ms, less than a round trip to the worker costs (and the worker is not started at all in a
 * small market, nor for the change read of a steady one).
 */
export const IN_THREAD_MAX = 1000;

/** A worker's answer to one read. */
export type PageReply =
  | { readonly id: number; readonly page: HashedPage; readonly error?: undefined }
  | {
      readonly id: number;
      readonly page?: undefined;
      readonly error: { kind: UpstreamFailure; message: string; status: number | undefined };
    };

/**
 * Run from the TypeScript sources (tests, `npm run dev`), the worker loads them through tsx with
 * the workspace's source condition; run from the build, it is plain `pageWorker.js`.
 */
function startWorker(workerData: PageWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./pageWorker.js', here), { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./pageWorker.ts', here).href;
  return new Worker(
    `(async () => {
      (await import(${JSON.stringify(tsx)})).register();
      await import(${JSON.stringify(entry)});
    })();`,
    { eval: true, workerData, execArgv: ['--conditions=@referrals/source'] },
  );
}

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
  const pending = new Map<
    number,
    { resolve: (p: HashedPage) => void; reject: (e: Error) => void }
  >();

  const failAll = (message: string) => {
    for (const p of pending.values()) p.reject(new UpstreamError('network', message));
    pending.clear();
  };
  const start = (): Worker => {
    const w = startWorker(data);
    w.on('message', (r: PageReply) => {
      const p = pending.get(r.id);
      pending.delete(r.id);
      if (r.error === undefined) p?.resolve(r.page);
      else p?.reject(new UpstreamError(r.error.kind, r.error.message, r.error.status));
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
    read: async (q) => {
      const req = referralPageRequest(opportunityUrl, q);
      if (q.size <= inThreadMax) {
        const { json, servedAt } = await http.sendDated(req);
        return hashedPage(rawPage(json, REFERRAL_LIST), servedAt);
      }
      worker ??= start();
      const w = worker;
      const id = ++nextId;
      return new Promise<HashedPage>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, req });
      });
    },
    close: async () => {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
