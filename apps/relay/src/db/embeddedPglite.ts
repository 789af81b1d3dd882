/**
 * The embedded database (PGlite) on a thread of its own (pgliteWorker.ts), behind the two calls
 * the Kysely dialect makes of a PGlite: query and close. Invariant: every query gets exactly one
 * answer, its rows or its error; a query after close, or while the thread is gone, is refused.
 */
import type { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { startWorker } from '../lib/threads.js';

export type PgliteRequest =
  | {
      readonly kind: 'query';
      readonly id: number;
      readonly sql: string;
      readonly parameters: readonly unknown[];
    }
  | { readonly kind: 'close'; readonly id: number };

export interface PgliteError {
  readonly message: string;
  readonly code?: string;
  readonly detail?: string;
  readonly constraint?: string;
  readonly table?: string;
  readonly column?: string;
}

export type PgliteReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly rows: Record<string, unknown>[];
      readonly affectedRows: number;
    }
  | { readonly id: number; readonly ok: false; readonly error: PgliteError };

/** A database error from the thread, with its SQLSTATE code and details as fields. */
export class EmbeddedDatabaseError extends Error {
  readonly code?: string;
  readonly detail?: string;
  readonly constraint?: string;
  readonly table?: string;
  readonly column?: string;
  constructor(fields: PgliteError) {
    super(fields.message);
    this.name = 'EmbeddedDatabaseError';
    Object.assign(this, { ...fields, message: fields.message });
  }
}

/** What the Kysely PGlite dialect uses of a PGlite. */
export type PgliteLike = Pick<PGlite, 'query' | 'close'>;

/**
 * Starts PGlite at `dir` ('memory://' for a database in memory) on its own thread and answers a
 * PGlite-like client of it. The thread opens the database at once; queries wait for it there.
 */
export function embeddedPglite(dir: string): PgliteLike {
  let worker: Worker | undefined = startWorker(import.meta.url, 'pgliteWorker', { dir });
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (r: PgliteReply) => void; reject: (e: Error) => void }
  >();
  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
    worker = undefined;
  };
  worker.on('message', (reply: PgliteReply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) worker?.unref();
    w?.resolve(reply);
  });
  worker.on('error', (err) => failAll(new Error('the embedded database failed', { cause: err })));
  worker.on('exit', () => failAll(new Error('the embedded database is closed')));
  // Only waiting queries keep the process alive, as a socket would.
  worker.unref();

  const ask = (request: PgliteRequest) =>
    new Promise<PgliteReply>((resolve, reject) => {
      if (!worker) {
        reject(new Error('the embedded database is closed'));
        return;
      }
      if (waiting.size === 0) worker.ref();
      waiting.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });

  const client = {
    async query(sql: string, parameters: unknown[] = []) {
      const reply = await ask({ kind: 'query', id: (next += 1), sql, parameters });
      if (!reply.ok) throw new EmbeddedDatabaseError(reply.error);
      return { rows: reply.rows, affectedRows: reply.affectedRows, fields: [] };
    },
    async close() {
      if (!worker) return;
      const closing = worker;
      await ask({ kind: 'close', id: (next += 1) });
      worker = undefined;
      await closing.terminate();
    },
  };
  return client as unknown as PgliteLike;
}
