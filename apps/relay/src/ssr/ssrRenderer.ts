/**
 * The web app's server render, run in a worker thread off the relay's event loop. Invariant:
 * every call settles (its answer, its error, or a time-out), and a stuck worker is replaced.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What the web app's server entry needs to render the public feed (its `PublicFeedRender`). */
export interface PublicFeedRender {
  readonly url: string;
  readonly host: string;
  readonly basis: {
    readonly now: number;
    readonly timeZone: string;
    readonly mode: 'light' | 'dark';
    readonly mobile: boolean;
  };
  readonly page: object;
}

/** The web app's server render, run off the event loop. */
export interface SsrRenderer {
  /** The list query of the feed's first page at `url`, as the page asks it; null: none. */
  firstQuery(url: string): Promise<Record<string, unknown> | null>;
  /** The whole document of the feed at `r.url`, rows and critical CSS in it. */
  render(r: PublicFeedRender): Promise<string>;
  close(): Promise<void>;
}

/**
 * How long one call may take before the worker is taken as stuck (and started again): far past
 * a render's time, even a cold one's on a busy machine (requests stop waiting long before).
 */
const CALL_TIMEOUT_MS = 30_000;

/*
 * The worker: it loads the web app's server build (`apps/web/dist-ssr`, bundled with React and
 * MUI) and answers one call at a time. A render takes tens of milliseconds of CPU, which on the
 * relay's own thread would hold up every socket and request; here it holds up nothing.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const entry = import(workerData.entry);
parentPort.on('message', async ({ id, op, arg }) => {
  try {
    const m = await entry;
    const value =
      op === 'firstQuery'
        ? m.publicFeedFirstQuery(new URL(arg, 'http://ssr.invalid'))
        : await m.renderPublicFeed(workerData.template, arg);
    parentPort.postMessage({ id, value });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.stack) || err) });
  }
});
`;

type Reply = { id: number; value?: unknown; error?: string };

/**
 * A renderer over a worker thread running `entryPath` (the web app's `entry-server.js`) into
 * `template` (its `index.html`). A call that fails or times out rejects; a stuck worker is ended
 * and the next call starts a new one.
 */
export function createSsrRenderer(entryPath: string, template: string): SsrRenderer {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { entry: pathToFileURL(entryPath).href, template },
    });
    w.on('message', (r: Reply) => {
      const p = pending.get(r.id);
      pending.delete(r.id);
      if (r.error === undefined) p?.resolve(r.value);
      else p?.reject(new Error(r.error));
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the render worker exited (${code})`));
    });
    // The relay's exit does not wait for an idle worker.
    w.unref();
    return w;
  };
  const call = (op: 'firstQuery' | 'render', arg: unknown): Promise<unknown> => {
    worker ??= start();
    const w = worker;
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the render worker did not answer within ${CALL_TIMEOUT_MS} ms`));
        void w.terminate();
      }, CALL_TIMEOUT_MS);
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      w.postMessage({ id, op, arg });
    });
  };
  return {
    firstQuery: async (url) => (await call('firstQuery', url)) as Record<string, unknown> | null,
    render: async (r) => (await call('render', r)) as string,
    close: async () => {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
