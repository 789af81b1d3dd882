/**
 * Preloaded into a relay (`node --import bench/src/tools/lateTurns.mjs`), writes each stretch its
 * event loop was held past LATE_TURN_MS (default 30) to LATE_TURNS_FILE as "start_us<TAB>end_us",
 * on the monotonic clock a CPU profile's timestamps use: a 5 ms timer that fires late says so.
 * `tsx src/tools/longTasks.ts <profile> <minMs> <fromS> <that file>` then reads the profile's
 * samples inside those stretches only: the tasks that held the loop, not busy runs of many.
 * Plain JavaScript: the relay runs on node, not tsx.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LATE_TURNS_FILE;
if (isMainThread && file) {
  const lateUs = Number(process.env.LATE_TURN_MS ?? 30) * 1000;
  const periodUs = 5000;
  const us = () => Number(process.hrtime.bigint() / 1000n);
  let last = us();
  let lines = [];
  let failed = false;
  // A file it cannot write is said once, never thrown: thrown from this timer it was an uncaught
  // exception that stopped the relay being measured (a --cpu-prof run whose folder was missing).
  const flush = () => {
    if (lines.length > 0 && !failed) {
      try {
        appendFileSync(file, lines.join(''));
      } catch (err) {
        failed = true;
        process.stderr.write(`lateTurns: cannot write ${file}: ${err.message}\n`);
      }
    }
    lines = [];
  };
  setInterval(() => {
    const now = us();
    const late = now - last - periodUs;
    if (late > lateUs) lines.push(`${now - late}\t${now}\n`);
    last = now;
    if (lines.length >= 20) flush();
  }, periodUs / 1000).unref();
  process.on('exit', flush);
}
