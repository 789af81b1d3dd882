import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keptResults, keptRuns, type Kept } from './merge.js';
import { SECTIONS, type CpuSpan, type Figure, type Result, type RunInfo } from './result.js';

function gitCommit(root: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString() !== '';
    return dirty ? `${sha} (uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/** Collects results, each stamped with the machine, mode, date, commit and load average. */
export function createRecorder(mode: RunInfo['mode'], root: string) {
  const run: RunInfo = {
    mode,
    date: new Date().toISOString(),
    commit: gitCommit(root),
    cores: os.cpus().length,
    totalMemBytes: os.totalmem(),
    node: process.version,
  };
  const results: Result[] = [];
  const notes: string[] = [];
  return {
    run,
    results,
    notes,
    /** Records a figure with the current load average. */
    add(f: Figure): void {
      const r: Result = {
        ...run,
        ...f,
        loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
      };
      results.push(r);
      process.stdout.write(`  ${line(r)}\n`);
    },
    /** A remark for the report (a failed phase, a method note). */
    note(text: string): void {
      notes.push(text);
      process.stdout.write(`  note: ${text}\n`);
    },
  };
}
export type Recorder = ReturnType<typeof createRecorder>;

/** The measure with its market size, when it has one. */
const measureOf = (r: Result) =>
  r.market === undefined
    ? r.measure
    : `${r.measure} (${r.market.toLocaleString('en-US')} referrals)`;

/** CPU figures' processes: "relay 87% of a core over 5.0 s (load 1.62)", each. */
const shares = (cpu: readonly CpuSpan[] | undefined) =>
  (cpu ?? [])
    .map(
      (s) =>
        `${s.process} ${s.sharePct}% of a core over ${s.wallSeconds.toFixed(1)} s (load ${s.load1.toFixed(2)})`,
    )
    .join('; ');

const line = (r: Result) =>
  `${r.section} | ${measureOf(r)}${r.clients === undefined ? '' : ` @${r.clients}`} = ${String(r.value)} ${r.unit}${r.met === undefined ? '' : r.met === null ? ' (target not measured)' : r.met ? ' (met)' : ' (MISSED)'}${r.cpu && r.cpu.length > 0 ? ` [${shares(r.cpu)}]` : ''}`;

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The results as a markdown table, with the kept rows of an earlier run in section order. */
export function markdown(rec: Recorder, kept: Kept = { results: [], notes: [] }): string {
  const { run } = rec;
  const head = [
    `# Bench results (${run.mode} mode)`,
    '',
    `${run.date} · commit ${run.commit} · ${run.cores} cores · ${(run.totalMemBytes / 2 ** 30).toFixed(1)} GiB · Node ${run.node}`,
    '',
    'Load average is os.loadavg() (1, 5, 15 min) when the figure was taken; other work on the machine makes figures noisy. CPU share: for a CPU figure, the CPU time of each process it is read from over the wall time of its phase, as % of one core, with os.loadavg()[0] at the end of the phase.',
    '',
    ...(kept.results.length > 0 ? [keptRuns(kept), ''] : []),
    '| section | measure | clients | value | target | met | detail | CPU share | load avg |',
    '|---|---|---:|---:|---|---|---|---|---|',
  ];
  const order = (r: Result) => SECTIONS.indexOf(r.section);
  const all = [...kept.results, ...rec.results].sort((x, y) => order(x) - order(y));
  const rows = all.map((r) =>
    [
      r.section,
      measureOf(r),
      r.clients === undefined ? '' : String(r.clients),
      r.value === null ? 'n/a' : `${String(r.value)} ${r.unit}`,
      r.target ?? '',
      r.met === undefined ? '' : r.met === null ? 'not measured' : r.met ? 'met' : '**missed**',
      r.detail ?? '',
      shares(r.cpu),
      r.loadavg.join(' '),
    ]
      .map(cell)
      .join(' | '),
  );
  const notes = rec.notes.length > 0 ? ['', '## Notes', '', ...rec.notes.map((n) => `- ${n}`)] : [];
  const keptNotes =
    kept.notes.length > 0
      ? ['', '## Notes of the kept rows', '', ...kept.notes.map((n) => `- ${n}`)]
      : [];
  return [...head, ...rows.map((r) => `| ${r} |`), ...notes, ...keptNotes, ''].join('\n');
}

/**
 * Writes results/latest.json and results/latest.md under `dir`: this run's rows, and the rows of
 * the sections it did not measure from the previous file (a `--market` run keeps the quick or
 * full figures and the other way round).
 */
export function writeResults(rec: Recorder, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const kept = keptResults(dir, rec.run.mode);
  const order = (r: Result) => SECTIONS.indexOf(r.section);
  const results = [...kept.results, ...rec.results].sort((x, y) => order(x) - order(y));
  const json = { run: rec.run, results, notes: rec.notes, keptNotes: kept.notes };
  writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(dir, 'latest.md'), markdown(rec, kept));
}
