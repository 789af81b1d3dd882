import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';

/** Lighthouse's categories, as the report names them. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The audits whose measured values explain a performance score (ms, or a unitless shift). */
export const FIGURES = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  redirectsMs: 'redirects',
  bootupMs: 'bootup-time',
  mainThreadMs: 'mainthread-work-breakdown',
} as const;
export type FigureKey = keyof typeof FIGURES;

/** One Lighthouse run of one page in one form factor. */
export interface Run {
  readonly page: string;
  readonly path: string;
  readonly formFactor: 'mobile' | 'desktop';
  readonly scores: Readonly<Record<Category, number | null>>;
  readonly figures: Readonly<Record<FigureKey, number | null>>;
}

const median = (xs: readonly (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

const git = (root: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The median of each score and figure over the runs of each page and form factor. */
export function medians(runs: readonly Run[]) {
  const keys = [...new Set(runs.map((r) => `${r.page}|${r.formFactor}`))];
  return keys.map((key) => {
    const of = runs.filter((r) => `${r.page}|${r.formFactor}` === key);
    const first = of[0]!;
    return {
      page: first.page,
      path: first.path,
      formFactor: first.formFactor,
      runs: of.length,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(of.map((r) => r.scores[c]))])),
      figures: Object.fromEntries(
        Object.keys(FIGURES).map((k) => [k, median(of.map((r) => r.figures[k as FigureKey]))]),
      ),
    };
  });
}

const ms = (v: unknown) => (typeof v === 'number' ? String(Math.round(v)) : '–');

/**
 * Writes results/lighthouse.json and .md (and lighthouse-<label>.* when labelled): the median
 * scores and figures, every run, and where they were taken (commit, load average, browser).
 */
export function writeLighthouse(
  runs: readonly Run[],
  o: {
    root: string;
    label: string | undefined;
    runsEach: number;
    loadBefore: readonly number[];
    chromium: string;
  },
): string {
  const dirty = git(o.root, 'status', '--porcelain', '--', 'apps', 'packages') !== '';
  const info = {
    date: new Date().toISOString(),
    commit: `${git(o.root, 'rev-parse', '--short', 'HEAD')}${dirty ? '+changes' : ''}`,
    cores: cpus().length,
    totalMemBytes: totalmem(),
    node: process.version,
    chromium: o.chromium,
    loadavgBefore: o.loadBefore.map((x) => Number(x.toFixed(2))),
    loadavgAfter: loadavg().map((x) => Number(x.toFixed(2))),
  };
  const table = medians(runs);
  const md = [
    `# Lighthouse ${o.label ? `(${o.label})` : ''}`,
    '',
    `${info.date}, commit ${info.commit}, ${info.chromium}, ${info.cores} cores, load average ` +
      `${info.loadavgBefore.join(' / ')} before and ${info.loadavgAfter.join(' / ')} after. ` +
      `Median of ${o.runsEach} runs each (Lighthouse's default simulated throttling on mobile).`,
    '',
    '| page | form | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | redirects ms | JS boot-up ms | main thread ms |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...table.map((t) => {
      const f = t.figures;
      const s = t.scores;
      return `| ${t.page} (\`${t.path}\`) | ${t.formFactor} | ${ms(s.performance)} | ${ms(s.accessibility)} | ${ms(s['best-practices'])} | ${ms(s.seo)} | ${ms(f.fcpMs)} | ${ms(f.lcpMs)} | ${ms(f.tbtMs)} | ${typeof f.cls === 'number' ? f.cls.toFixed(3) : '–'} | ${ms(f.speedIndexMs)} | ${ms(f.redirectsMs)} | ${ms(f.bootupMs)} | ${ms(f.mainThreadMs)} |`;
    }),
    '',
  ].join('\n');
  const dir = path.join(o.root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify({ ...info, label: o.label ?? null, medians: table, runs }, null, 2)}\n`;
  const names = ['lighthouse', ...(o.label ? [`lighthouse-${o.label}`] : [])];
  for (const name of names) {
    writeFileSync(path.join(dir, `${name}.json`), json);
    writeFileSync(path.join(dir, `${name}.md`), md);
  }
  return path.join(dir, `${names.at(-1)}.md`);
}
