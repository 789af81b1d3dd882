/**
 * The event loop's long tasks in a CPU profile (V8's `.cpuprofile`, as `--cpu-prof` or the
 * inspector's `Profiler.stop` give it): runs of busy samples (anything but idle), or the stretches
 * a late-turn file names, with the functions each spent its own time in and the outermost frames
 * of ours it ran under. `longTasks.ts` prints them; the market run's storm reads its longest.
 */

/** One node of the profile's call tree. */
export interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: readonly number[];
}

/** The parts of a `.cpuprofile` read here. */
export interface Profile {
  /** Microseconds on the monotonic clock (process.hrtime's). */
  readonly startTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A sample of a task: its node, and the time it stands for (ms). */
export interface TaskSample {
  readonly id: number;
  readonly ms: number;
}

/** A long task: ms into the profile where it began, how long it ran, its samples. */
export interface Task {
  readonly at: number;
  readonly ms: number;
  readonly samples: TaskSample[];
}

/** Samples the event loop was not running JavaScript or the collector in. */
const IDLE = new Set(['(idle)', '(program)']);

/**
 * The busy runs of `p` at least `minMs` long that began at or after `fromMs` (ms into the
 * profile), in order. A run can hold several tasks (a slice that yields to a queue already due
 * runs on without an idle sample), so it bounds the longest task in it from above. A run still
 * busy at the profile's end counts up to its last sample.
 */
export function busyRuns(p: Profile, minMs: number, fromMs = 0): Task[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const tasks: Task[] = [];
  let t = 0;
  let runStart = -1;
  let runSamples: TaskSample[] = [];
  const close = () => {
    if (runStart >= 0 && runStart >= fromMs && t - runStart >= minMs)
      tasks.push({ at: runStart, ms: t - runStart, samples: runSamples });
    runStart = -1;
    runSamples = [];
  };
  for (let i = 0; i < p.samples.length; i += 1) {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    const id = p.samples[i] as number;
    if (IDLE.has(byId.get(id)?.callFrame.functionName ?? '')) {
      close();
      continue;
    }
    if (runStart < 0) runStart = t;
    runSamples.push({ id, ms: dt });
  }
  close();
  return tasks;
}

/**
 * The stretches of a late-turn file (`lateTurns.mjs`: one `from\tto` line of monotonic
 * microseconds each) at least `minMs` long from `fromMs` on, with the profile's samples inside
 * them: the tasks the event loop really ran long.
 */
export function lateTurnTasks(p: Profile, turnsText: string, minMs: number, fromMs = 0): Task[] {
  const turns = turnsText
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t').map((us) => (Number(us) - p.startTime) / 1000))
    .filter(([from = 0, to = 0]) => from >= fromMs && to - from >= minMs)
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
    .map(([from = 0, to = 0]): Task => ({ at: from, ms: to - from, samples: [] }));
  let t = 0;
  let turn = 0;
  for (let i = 0; i < p.samples.length; i += 1) {
    t += (p.timeDeltas[i] ?? 0) / 1000;
    while (turn < turns.length && t > (turns[turn]?.at ?? 0) + (turns[turn]?.ms ?? 0)) turn += 1;
    const inTurn = turns[turn];
    if (inTurn && t >= inTurn.at)
      inTurn.samples.push({ id: p.samples[i] as number, ms: (p.timeDeltas[i + 1] ?? 0) / 1000 });
  }
  return turns;
}

/** Names functions and the code of ours a sample ran under, for one profile. */
export function profileNames(p: Profile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const short = (n: ProfileNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url
      .replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')
      .replace(/^.*\/(apps|packages)\//, '$1/');
    return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  };
  /** The outermost frame of ours (apps/ or packages/) above a sample. */
  const outerOurs = (id: number): string => {
    let found = '';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at);
      if (n && /\/(apps|packages)\//.test(n.callFrame.url)) found = short(n);
    }
    return found || '(none of ours)';
  };
  /** The function a sample spent its own time in. */
  const self = (id: number): string | null => {
    const n = byId.get(id);
    return n ? short(n) : null;
  };
  return { self, outerOurs };
}

/** Time (ms) by function: where the samples spent their own time, and the code of ours above. */
export function taskTimes(
  names: ReturnType<typeof profileNames>,
  samples: readonly TaskSample[],
): { self: Map<string, number>; under: Map<string, number> } {
  const self = new Map<string, number>();
  const under = new Map<string, number>();
  for (const s of samples) {
    const name = names.self(s.id);
    if (name === null) continue;
    self.set(name, (self.get(name) ?? 0) + s.ms);
    const o = names.outerOurs(s.id);
    under.set(o, (under.get(o) ?? 0) + s.ms);
  }
  return { self, under };
}

/** The `n` largest entries as "12 ms name". */
export const topTimes = (m: ReadonlyMap<string, number>, n: number): string[] =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(0)} ms ${k}`);
