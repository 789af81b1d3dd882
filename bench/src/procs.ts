import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

/** Every child process the bench started, so it can stop them all even on failure. */
const children = new Set<ChildProcess>();

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/** Waits `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Remembers a child so that stopAll() and process exit stop it. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A running child with the last lines it printed, for error messages. */
export interface Proc {
  readonly child: ChildProcess;
  readonly name: string;
  tail(): string;
  stop(): Promise<void>;
}

/** Spawns a tracked child; its output is kept (last 40 lines) instead of printed. */
export function start(name: string, cmd: string, args: string[], options: SpawnOptions): Proc {
  const child = track(spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] }));
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, name, tail: () => lines.join('\n'), stop: () => stopChild(child) };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child is gone. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** Stops every tracked child, in parallel. */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
}

// Last resort: a crash or an exit that skipped stopAll() still takes the children along.
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 100 ms until it answers true; fails after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** True when GET `url` answers 2xx. */
export async function answers(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.ok;
}
