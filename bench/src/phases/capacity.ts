import { execSync } from 'node:child_process';
import type { Bench } from '../bench.js';
import { relayMemory, type Memory } from '../metrics.js';
import { sleep } from '../procs.js';
import { growTo, measureLatency, memoryPerSocket } from './levels.js';

const LIMIT_MS = 250;
/** Descriptors the relay needs beside its sockets (Redis, upstream, files, the listener). */
const FD_RESERVE = 200;

/** The open-file limit the relay inherits (`ulimit -n`, raised by the npm script to the hard limit). */
export function fileLimit(): number {
  try {
    const out = execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out) || 1024;
  } catch {
    return 1024;
  }
}

/**
 * Adds sockets step by step and times changes at each step; the most sockets held is the largest
 * step where every socket connected and the after-poll p99 stayed under 250 ms.
 */
export async function runCapacity(
  b: Bench,
  baseline: Memory,
  best: { held: number; p99: number | null },
) {
  let held = best.held;
  let p99AtHeld = best.p99;
  let stopReason = 'ramp finished';
  const fds = fileLimit();
  for (const step of b.plan.ramp) {
    if (step + FD_RESERVE > fds) {
      stopReason = `${step} sockets would pass the open-file limit (ulimit -n ${fds})`;
      break;
    }
    if (Date.now() + b.plan.rampWindowMs * 2 > b.deadline) {
      stopReason = 'time budget';
      break;
    }
    process.stdout.write(`ramp to ${step} sockets\n`);
    const clients = await growTo(b, step);
    await sleep(1000);
    const mem = await relayMemory(b.relay);
    const lat = await measureLatency(b, clients, b.plan.rampWindowMs);
    const p99 = lat.after?.p99 ?? null;
    b.rec.add({
      section: 'connections',
      measure: 'after-poll latency during the ramp',
      clients,
      value: p99,
      unit: 'ms p99',
      detail: `p50 ${lat.after?.p50 ?? '?'} ms; total p99 ${lat.total?.p99 ?? '?'} ms; delivered ${lat.delivered}/${lat.expected}; ${lat.disconnects} disconnects`,
    });
    memoryPerSocket(b, clients, mem, baseline);
    if (clients < step || p99 === null || p99 >= LIMIT_MS || lat.disconnects > 0) {
      stopReason =
        clients < step
          ? `only ${clients} of ${step} connected`
          : `p99 ${p99 ?? '?'} ms at ${clients}`;
      break;
    }
    held = clients;
    p99AtHeld = p99;
  }
  return { held, p99AtHeld, stopReason };
}
