import { fork } from 'node:child_process';
import type { Bench } from '../bench.js';
import { createFleet } from '../clients/fleet.js';
import { ask } from '../clients/ipc.js';
import { receiversOf, STATES } from '../clients/mix.js';
import { growTo } from '../phases/levels.js';
import { latencies } from '../phases/samples.js';
import { sleep, stopChild, track } from '../procs.js';
import { summarize, type Summary } from '../stats.js';
import type { Frames, FromBare, ToBare } from './protocol.js';

const SERVER = new URL('./server.ts', import.meta.url).pathname;
/** Changes emitted per level: about as many as the relay's window times (one per poll). */
const CHANGES_PER_LEVEL = 8;

/** After-emit latency of the bare server at one socket count. */
export interface BareLevel {
  readonly sockets: number;
  readonly after: Summary | null;
  readonly delivered: number;
  readonly expected: number;
}

/**
 * The bare Socket.IO server at each socket count, driven by the bench's own client fleet: the
 * room mix of the levels, the relay's frames, changes emitted at a random moment of each
 * 0.5-2.5 s; latency = arrival − the moment the server began emitting (the relay's counterpart is
 * its commit). Stops the server and the fleet whatever happens.
 */
export async function runBare(
  b: Pick<Bench, 'rec' | 'tokens' | 'deadline'>,
  frames: Frames,
  levels: readonly number[],
): Promise<BareLevel[]> {
  const child = track(fork(SERVER, [], { execArgv: process.execArgv, stdio: 'inherit' }));
  const to = (m: ToBare) => m;
  const out: BareLevel[] = [];
  let fleet: ReturnType<typeof createFleet> | null = null;
  try {
    const { port } = await new Promise<Extract<FromBare, { type: 'listening' }>>((resolve) => {
      child.once('message', (m: FromBare) => {
        if (m.type === 'listening') resolve(m);
      });
    });
    await ask<FromBare, 'framesSet'>(child, to({ type: 'frames', frames }), 'framesSet', 10_000);
    fleet = createFleet(`http://127.0.0.1:${port}`);
    const bare = { ...b, fleet };
    let seq = 0;
    for (const level of levels) {
      if (Date.now() > b.deadline) break;
      process.stdout.write(`bare Socket.IO at ${level} sockets\n`);
      const clients = await growTo(bare, level);
      await sleep(1000);
      const samples: { seq: number; at: number; state: string }[] = [];
      for (let i = 0; i < CHANGES_PER_LEVEL; i += 1) {
        await sleep(500 + Math.random() * 2000);
        seq += 1;
        const state = STATES[i % STATES.length] ?? 'TX';
        const e = await ask<FromBare, 'emitted'>(
          child,
          to({ type: 'emit', seq, state }),
          'emitted',
          30_000,
        );
        samples.push({ seq, at: e.at, state });
      }
      await sleep(1500);
      const { arrivals } = await fleet.collect();
      const after = summarize(latencies(samples, arrivals, (s) => s.at));
      const expected = samples.reduce(
        (n, s) => n + receiversOf(s.state as (typeof STATES)[number], clients, b.tokens),
        0,
      );
      out.push({ sockets: clients, after, delivered: after?.n ?? 0, expected });
    }
  } finally {
    await fleet?.close();
    await stopChild(child, 2000);
  }
  return out;
}
