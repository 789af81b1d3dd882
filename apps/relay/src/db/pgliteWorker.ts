/**
 * The embedded database's thread: PGlite opens (WebAssembly, seconds for a fresh folder) and runs
 * every query here, so the relay's event loop never waits on it. Answers each request of
 * embeddedPglite.ts by its id; a failed query answers its error as plain fields (SQLSTATE code
 * included), since an Error's own fields do not cross threads. Invariant: every request gets
 * exactly one answer, under its id.
 */
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteReply, PgliteRequest } from './embeddedPglite.js';

const port = parentPort;
if (!port) throw new Error('pgliteWorker runs as a worker thread');
const { dir } = workerData as { dir: string };
if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
const db = new PGlite(dir === 'memory://' ? undefined : dir);

/** The fields of a database error the relay reads (isUnavailable, unique violations). */
function errorFields(err: unknown) {
  const e = (err ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof e[name] === 'string' ? e[name] : undefined);
  return {
    message: err instanceof Error ? err.message : String(err),
    code: field('code'),
    detail: field('detail'),
    constraint: field('constraint'),
    table: field('table'),
    column: field('column'),
  };
}

port.on('message', (request: PgliteRequest) => {
  const reply = (r: PgliteReply) => port.postMessage(r);
  if (request.kind === 'close') {
    db.close().then(
      () => reply({ id: request.id, ok: true, rows: [], affectedRows: 0 }),
      (err: unknown) => reply({ id: request.id, ok: false, error: errorFields(err) }),
    );
    return;
  }
  db.query(request.sql, [...request.parameters]).then(
    (result) =>
      reply({
        id: request.id,
        ok: true,
        rows: result.rows as Record<string, unknown>[],
        affectedRows: result.affectedRows ?? 0,
      }),
    (err: unknown) => reply({ id: request.id, ok: false, error: errorFields(err) }),
  );
});
