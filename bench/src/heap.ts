import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './procs.js';

/**
 * Asks the relay (started with --heapsnapshot-signal=SIGUSR2) for a heap snapshot, waits until
 * the file stops growing and renames it after `label`. Taking it runs a full garbage collection,
 * so memory read right after is live data only.
 */
export async function heapSnapshot(child: ChildProcess, dir: string, label: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  child.kill('SIGUSR2');
  let file = '';
  let size = -1;
  for (let i = 0; i < 600; i += 1) {
    await sleep(250);
    file =
      file || (readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot')) ?? '');
    if (file === '') continue;
    const now = statSync(path.join(dir, file)).size;
    if (now > 0 && now === size) break;
    size = now;
  }
  if (file !== '') renameSync(path.join(dir, file), path.join(dir, `relay-${label}.heapsnapshot`));
}
