/**
 * The functions a CPU profile spent most of its own time in, by package:
 *   tsx src/tools/cpuTop.ts results/profiles/CPU.*.cpuprofile
 */
import { readFileSync } from 'node:fs';

interface Profile {
  nodes: {
    id: number;
    hitCount?: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: cpuTop <file.cpuprofile>');
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const perSample = (p.endTime - p.startTime) / 1000 / Math.max(1, p.samples.length);
const where = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] ?? url;
  return url.replace(/^.*\/(apps|packages)\//, '$1/').replace(/^node:/, 'node:');
};
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const n of p.nodes) {
  const ms = (n.hitCount ?? 0) * perSample;
  const { functionName, url, lineNumber } = n.callFrame;
  const pkg = url === '' ? `(${functionName || 'native'})` : where(url);
  byFn.set(
    `${functionName || '(anonymous)'} ${pkg}:${lineNumber + 1}`,
    (byFn.get(`${functionName || '(anonymous)'} ${pkg}:${lineNumber + 1}`) ?? 0) + ms,
  );
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + ms);
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(8)} s  ${k}`)
    .join('\n');
process.stdout.write(
  `profile ${((p.endTime - p.startTime) / 1e6).toFixed(0)} s\n\nby package:\n${top(byPkg, 15)}\n\nby function:\n${top(byFn, 25)}\n`,
);
