/**
 * The event loop's long tasks in a CPU profile: each run of busy samples (anything but idle) longer
 * than a threshold, with the functions it spent its own time in and the outermost frames of ours
 * it ran under.
 *   tsx src/tools/longTasks.ts results/profiles/CPU.*.cpuprofile [minMs=50] [fromS=0] [turns] [shown=15]
 * A busy run can hold several tasks (a slice that yields to a queue already due runs on without
 * an idle sample), so it is an upper bound of the longest task in it. With `turns`, the file
 * lateTurns.mjs wrote while the profile was taken, the tasks are the stretches the event loop was
 * really held (a timer fired late), and the samples read are those inside them.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  /** Microseconds on the monotonic clock (process.hrtime's). */
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: longTasks <file.cpuprofile> [minMs]');
const minMs = Number(process.argv[3] ?? 50);
const fromMs = Number(process.argv[4] ?? 0) * 1000;
const turnsFile = process.argv[5];
/** How many of the longest are shown one by one (the totals cover every one). */
const shown = Number(process.argv[6] ?? 15);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (n: Node) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url
    .replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')
    .replace(/^.*\/(apps|packages)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
};
const idle = (id: number) => {
  const name = byId.get(id)?.callFrame.functionName;
  return name === '(idle)' || name === '(program)';
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

let t = 0;
let runStart = -1;
let runSamples: { id: number; ms: number }[] = [];
const tasks: { at: number; ms: number; samples: { id: number; ms: number }[] }[] = [];
// The late turns, in ms into the profile, in order.
const turns = turnsFile
  ? readFileSync(turnsFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t').map((us) => (Number(us) - p.startTime) / 1000))
      .filter(([from = 0, to = 0]) => from >= fromMs && to - from >= minMs)
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
      .map(([from = 0, to = 0]) => ({ at: from, ms: to - from, samples: [] as typeof runSamples }))
  : null;
let turn = 0;
for (let i = 0; i < p.samples.length; i += 1) {
  if (turns) {
    t += (p.timeDeltas[i] ?? 0) / 1000;
    while (turn < turns.length && t > (turns[turn]?.at ?? 0) + (turns[turn]?.ms ?? 0)) turn += 1;
    const inTurn = turns[turn];
    if (inTurn && t >= inTurn.at)
      inTurn.samples.push({ id: p.samples[i] as number, ms: (p.timeDeltas[i + 1] ?? 0) / 1000 });
    continue;
  }
  const dt = (p.timeDeltas[i] ?? 0) / 1000;
  t += dt;
  const id = p.samples[i] as number;
  if (idle(id)) {
    if (runStart >= fromMs && t - runStart >= minMs)
      tasks.push({ at: runStart, ms: t - runStart, samples: runSamples });
    runStart = -1;
    runSamples = [];
    continue;
  }
  if (runStart < 0) runStart = t;
  runSamples.push({ id, ms: dt });
}
const say = (text: string) => process.stdout.write(`${text}\n`);
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(0)} ms ${k}`);
if (turns) tasks.push(...turns);
say(`${tasks.length} ${turns ? 'late turns' : 'tasks'} over ${minMs} ms`);
const all = new Map<string, number>();
const allSelf = new Map<string, number>();
for (const task of tasks) {
  for (const s of task.samples) {
    const n = byId.get(s.id);
    if (n) allSelf.set(short(n), (allSelf.get(short(n)) ?? 0) + s.ms);
    const o = outerOurs(s.id);
    all.set(o, (all.get(o) ?? 0) + s.ms);
  }
}
for (const task of tasks.sort((a, b) => b.ms - a.ms).slice(0, shown)) {
  const self = new Map<string, number>();
  const outer = new Map<string, number>();
  for (const s of task.samples) {
    const n = byId.get(s.id);
    if (!n) continue;
    self.set(short(n), (self.get(short(n)) ?? 0) + s.ms);
    const o = outerOurs(s.id);
    outer.set(o, (outer.get(o) ?? 0) + s.ms);
  }
  say(`\n${task.ms.toFixed(0)} ms at ${(task.at / 1000).toFixed(1)} s`);
  say('  self:  ' + top(self, 5).join('\n         '));
  say('  under: ' + top(outer, 4).join('\n         '));
}
say(`\nin all ${tasks.length}, under:\n  ${top(all, 15).join('\n  ')}`);
say(`\nin all ${tasks.length}, self:\n  ${top(allSelf, 25).join('\n  ')}`);
