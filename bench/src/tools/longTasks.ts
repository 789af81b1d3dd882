/**
 * The event loop's long tasks in a CPU profile: each run of busy samples (anything but idle) longer
 * than a threshold, with the functions it spent its own time in and the outermost frames of ours
 * it ran under.
 *   tsx src/tools/longTasks.ts results/profiles/CPU.*.cpuprofile [minMs=50] [fromS=0] [turns] [shown=15]
 * A busy run can hold several tasks (a slice that yields to a queue already due runs on without
 * an idle sample), so it is an upper bound of the longest task in it. With `turns`, the file
 * lateTurns.mjs wrote while the profile was taken, the tasks are the stretches the event loop was
 * really held (a timer fired late), and the samples read are those inside them. The reading is
 * profileTasks.ts's (the market run's storm uses it too).
 */
import { readFileSync } from 'node:fs';
import {
  busyRuns,
  lateTurnTasks,
  profileNames,
  taskTimes,
  topTimes,
  type Profile,
} from './profileTasks.js';

const file = process.argv[2];
if (!file) throw new Error('usage: longTasks <file.cpuprofile> [minMs]');
const minMs = Number(process.argv[3] ?? 50);
const fromMs = Number(process.argv[4] ?? 0) * 1000;
const turnsFile = process.argv[5];
/** How many of the longest are shown one by one (the totals cover every one). */
const shown = Number(process.argv[6] ?? 15);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const tasks = turnsFile
  ? lateTurnTasks(p, readFileSync(turnsFile, 'utf8'), minMs, fromMs)
  : busyRuns(p, minMs, fromMs);
const names = profileNames(p);
const say = (text: string) => process.stdout.write(`${text}\n`);

say(`${tasks.length} ${turnsFile ? 'late turns' : 'tasks'} over ${minMs} ms`);
const all = taskTimes(
  names,
  tasks.flatMap((task) => task.samples),
);
for (const task of [...tasks].sort((a, b) => b.ms - a.ms).slice(0, shown)) {
  const { self, under } = taskTimes(names, task.samples);
  say(`\n${task.ms.toFixed(0)} ms at ${(task.at / 1000).toFixed(1)} s`);
  say('  self:  ' + topTimes(self, 5).join('\n         '));
  say('  under: ' + topTimes(under, 4).join('\n         '));
}
say(`\nin all ${tasks.length}, under:\n  ${topTimes(all.under, 15).join('\n  ')}`);
say(`\nin all ${tasks.length}, self:\n  ${topTimes(all.self, 25).join('\n  ')}`);
