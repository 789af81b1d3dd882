/**
 * The flags the relay's Node process is started with: by `npm start` (scripts/start.mjs), the
 * package's own start script, deploy/Dockerfile and the bench. Invariant: every one of those
 * starts the relay with all of `RELAY_NODE_FLAGS` (nodeFlags.test.ts checks each).
 *
 * `--no-memory-reducer`: V8's memory reducer collects the whole heap whenever the process looks
 * idle, and at least every 100 s while it does (its watchdog). A relay holding 1,000,000
 * referrals keeps a heap of ~2 GB, whose marking then holds the event loop for tenths of a second
 * each time, and a quiet relay looks idle most of the time. Without it the heap is collected when
 * allocation reaches V8's limit, which the poll's slow, steady allocation reaches far less often.
 * What a relay holds is kept anyway: the reducer only returns garbage sooner.
 *
 * `--max-semi-space-size=16` (MB): V8's default for this machine, pinned so that a Node with
 * another default does not change it unmeasured. A larger young generation paid off only while
 * the event loop held the read model's large old generation; the read model has its own thread,
 * and the event loop's heap stays small: what its scavenges cost is what survives them (records
 * in transit), and a smaller young generation holds less of it at once.
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
