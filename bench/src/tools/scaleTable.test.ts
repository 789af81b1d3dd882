import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Result } from '../result.js';
import { END, START, renderScaleTable, replaceScaleBlock, scaleBlock } from './scaleTable.js';

const readmePath = fileURLToPath(new URL('../../../README.md', import.meta.url));
const latestPath = fileURLToPath(new URL('../../results/latest.json', import.meta.url));

const run = {
  mode: 'market',
  date: '2026-12-01T10:20:30.000Z',
  commit: '0123456789abcdef0123456789abcdef01234567',
  cores: 2,
  totalMemBytes: 8 * 2 ** 30,
  node: 'v22.0.0',
} as const;

const row = (r: Partial<Result> & Pick<Result, 'measure' | 'value'>): Result => ({
  ...run,
  section: 'diff-cost',
  unit: 'ms',
  loadavg: [1, 1, 1],
  ...r,
});

describe('the README Scale table', () => {
  it('is the one bench/results/latest.json renders (run `npm run scale-table -w bench`)', async () => {
    const latest = JSON.parse(readFileSync(latestPath, 'utf8')) as { results: Result[] };
    const readme = readFileSync(readmePath, 'utf8');
    expect(scaleBlock(readme)).toBe(await renderScaleTable(latest, readmePath));
  });

  it('shows each market size in a column with the verdict the bench recorded', async () => {
    const block = await renderScaleTable(
      {
        results: [
          row({
            measure: 'first load: event-loop delay max',
            market: 2000,
            value: 41.9,
            met: true,
          }),
          row({
            measure: 'first load: event-loop delay max',
            market: 1_000_000,
            value: 1195.8,
            met: false,
            loadavg: [2.5, 1, 1],
          }),
        ],
      },
      readmePath,
    );
    expect(block).toMatch(/\| 2,000 referrals +\| 1,000,000 referrals +\| target/);
    expect(block).toMatch(/\| 41\.9 ms: met +\| 1,195\.8 ms: \*\*missed\*\* +\| ≤ 50 ms/);
    expect(block).toContain(
      '`--market 2000,1000000` run of 2026-12-01 10:20 UTC, commit 0123456; 2 cores, 8.0 GiB, ' +
        'Node v22.0.0; load average 1.00–2.50',
    );
  });

  it('names the figures the run did not measure instead of leaving them out silently', async () => {
    const block = await renderScaleTable(
      { results: [row({ measure: 'reconciliation pass time', market: 2000, value: 6 })] },
      readmePath,
    );
    expect(block).toContain('Not measured in that run: first load: relay start → first rows;');
    expect(block).not.toContain('By connected clients');
  });

  it('replaces only the block between the markers', () => {
    const readme = `# R\n\nbefore\n\n${START}\nold\n${END}\n\nafter\n`;
    expect(replaceScaleBlock(readme, `${START}\nnew\n${END}`)).toBe(
      `# R\n\nbefore\n\n${START}\nnew\n${END}\n\nafter\n`,
    );
    expect(() => scaleBlock('# R\n')).toThrow(/scale-table/);
  });
});
