import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Result, RunInfo, Section } from './result.js';

/** Sections only `--market` runs measure; quick and full runs measure the others. */
export const MARKET_SECTIONS: readonly Section[] = ['market', 'diff-cost', 'fanout'];

/** Rows of an earlier run that this run does not measure, with that run's notes. */
export interface Kept {
  readonly results: readonly Result[];
  readonly notes: readonly string[];
}

/** What results/latest.json holds. */
interface Written {
  readonly run: RunInfo;
  readonly results: readonly Result[];
  readonly notes: readonly string[];
  readonly keptNotes?: readonly string[];
}

/**
 * The rows of the previous latest.json that belong to the other kind of run (market sections for
 * a quick or full run, the rest for a market run), so that one file holds the latest figure of
 * every section. Each row keeps its own mode, date, commit and load average.
 */
export function keptResults(dir: string, mode: RunInfo['mode']): Kept {
  let previous: Written;
  try {
    previous = JSON.parse(readFileSync(path.join(dir, 'latest.json'), 'utf8')) as Written;
  } catch {
    return { results: [], notes: [] };
  }
  const other = (s: Section) => MARKET_SECTIONS.includes(s) !== (mode === 'market');
  const results = previous.results.filter((r) => other(r.section));
  if (results.length === 0) return { results: [], notes: [] };
  // The previous run's own notes when it was of the other kind, else the notes it had kept.
  const previousWasOther = (previous.run.mode === 'market') !== (mode === 'market');
  return { results, notes: previousWasOther ? previous.notes : (previous.keptNotes ?? []) };
}

/** One line naming the runs the kept rows come from. */
export function keptRuns(kept: Kept): string {
  const runs = new Set(kept.results.map((r) => `${r.mode} run of ${r.date}, commit ${r.commit}`));
  return `Rows of ${[...new Set(kept.results.map((r) => r.section))].join(', ')} are kept from an earlier ${[...runs].join('; ')}.`;
}
