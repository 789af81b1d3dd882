/**
 * The flags the relay's Node process is started with: by `npm start` (scripts/start.mjs), the
 * package's own start script, deploy/Dockerfile and the bench (nodeFlags.test.ts checks each).
 *
 * `--no-memory-reducer`: V8's memory reducer collects the whole heap whenever the process looks
 * idle, and at least every 100 s while it does (its watchdog). A relay holding 1,000,000
 * referrals keeps a heap of ~2 GB, whose marking then holds the event loop for 0.2-0.6 s each
 * time (--trace-gc, docs/perf session 15); a quiet relay looks idle most of the time.
 * Without it the heap is collected when allocation reaches V8's limit: with the poll's steady
 * allocation (~0.6 MB/s at 1,000,000) no full collection in 274 s measured, against one every
 * ~100 s with it. What a relay holds is kept anyway: the reducer only returns garbage sooner.
 *
 * `--max-semi-space-size=16` (MB): V8's default for this machine, pinned so that a Node with
 * another default does not change it unmeasured. Session 16 chose 32, when the event loop held the
 * read model's 2.5 GB old generation and young objects promoted were collected again with it (a
 * relay alone: 930 scavenges instead of 1,798, the longest 105 ms instead of 146). The read model
 * has its own thread since session 25, and the event loop's heap peaks at ~300 MB in a first
 * load of 1,000,000: what its scavenges cost is what survives them (4-16 MB promoted each, records
 * in transit), and a smaller young generation holds less of it at once. Bench at 1,000,000
 * (docs/perf session 27, 64dd5df): the first load's event-loop max 50.2 and 52.2 ms at 32,
 * 37.3 and 46 ms at 16, every other target met at both.
 *
 * V8 reads both when the heap is set up, so they cannot be set from inside the process.
 */
export const RELAY_NODE_FLAGS: readonly string[] = [
  '--no-memory-reducer',
  '--max-semi-space-size=16',
];

/** The relay's flags its process was not started with (logged at start-up). */
export const missingNodeFlags = (execArgv: readonly string[]): string[] =>
  RELAY_NODE_FLAGS.filter((f) => !execArgv.includes(f));
