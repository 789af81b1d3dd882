import { describe, expect, it } from 'vitest';
import { busyRuns, lateTurnTasks, profileNames, taskTimes, type Profile } from './profileTasks.js';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 });

/** root → idle; root → outer (ours) → inner (a package); 1 ms between samples. */
const profile = (samples: number[]): Profile => ({
  startTime: 1_000_000,
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('serve', '/w/apps/relay/dist/http.js'), children: [4] },
    { id: 4, callFrame: frame('stringify', '/w/node_modules/fast-json/index.js') },
  ],
  samples,
  timeDeltas: samples.map(() => 1000),
});

describe('busy runs of a CPU profile', () => {
  it('measures each run of busy samples up to the next idle one', () => {
    const runs = busyRuns(profile([2, 3, 4, 4, 2, 3, 2]), 0);
    expect(runs.map((r) => ({ at: r.at, ms: r.ms }))).toEqual([
      { at: 2, ms: 3 },
      { at: 6, ms: 1 },
    ]);
    expect(busyRuns(profile([2, 3, 4, 4, 2, 3, 2]), 2)).toHaveLength(1);
  });

  it('keeps a run still busy at the end of the profile', () => {
    const runs = busyRuns(profile([2, 3, 4, 4, 4]), 1);
    expect(runs.map((r) => r.ms)).toEqual([3]);
  });

  it('names where a task spent its time and the code of ours it ran under', () => {
    const p = profile([2, 3, 4, 4, 2]);
    const [run] = busyRuns(p, 0);
    const { self, under } = taskTimes(profileNames(p), run?.samples ?? []);
    expect(self.get('stringify fast-json:10')).toBe(2);
    expect(self.get('serve apps/relay/dist/http.js:10')).toBe(1);
    expect(under.get('serve apps/relay/dist/http.js:10')).toBe(3);
  });

  it('reads the stretches of a late-turn file with the samples inside them', () => {
    const p = profile([2, 3, 4, 4, 2, 2]);
    // 1.5 ms to 4.5 ms into the profile, in monotonic microseconds.
    const [turn] = lateTurnTasks(p, '1001500\t1004500\n', 1);
    expect(turn?.ms).toBe(3);
    expect(turn?.samples.map((s) => s.id)).toEqual([3, 4, 4]);
  });
});
