/**
 * The flags the relay's Node process is started with: by `npm start` (scripts/start.mjs), the
 * package's own start script, deploy/Dockerfile and the bench (nodeFlags.test.ts checks each).
 *
 * `--no-memory-reducer`: V8's memory reducer collects the whole heap whenever the process looks
 * idle, and at least every 100 s while it does (its watchdog). A relay holding 1,000,000
 * referrals keeps a heap of ~2 GB, whose marking then holds the event loop for 0.2-0.6 s each
 * time (--trace-gc, bench/README "Session 15"); a quiet relay looks idle most of the time.
 * Without it the heap is collected when allocation reaches V8's limit: with the poll's steady
 * allocation (~0.6 MB/s at 1,000,000) no full collection in 274 s measured, against one every
 * ~100 s with it. What a relay holds is kept anyway: the reducer only returns garbage sooner.
 *
 * `--max-semi-space-size=32` (MB; V8's default is 16): a first load of 1,000,000 referrals keeps
 * ~20 MB/s of what it allocates, and young objects that live through a cycle (a chunk's JSON, a
 * change set read back) were promoted and collected again with the 2.5 GB old generation. A
 * relay alone against the stand-in (bench/README "Session 16"): at 32 MB 930 scavenges instead
 * of 1,798, the longest 105 ms instead of 146, and the load's 2 s scrapes over 50 ms 30 of 62
 * instead of 55 of 61; 64 MB did no better on the scrapes (34 of 62) and cost ~190 MB of RSS at
 * 1,000,000 in the bench, 32 MB about half that.
 *
 * V8 reads both when the heap is set up, so they cannot be set from inside the process.
 */
export const RELAY_NODE_FLAGS: readonly string[] = [
  '--no-memory-reducer',
  '--max-semi-space-size=32',
];

/** The relay's flags its process was not started with (logged at start-up). */
export const missingNodeFlags = (execArgv: readonly string[]): string[] =>
  RELAY_NODE_FLAGS.filter((f) => !execArgv.includes(f));
