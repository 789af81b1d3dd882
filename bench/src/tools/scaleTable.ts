/**
 * The README's Scale table: today's figures against their targets, rendered from
 * `results/latest.json` so that the README never holds a figure the bench did not write. The
 * table sits between two marker comments; `writeScaleTable.ts` replaces it, and
 * `scaleTable.test.ts` fails while the README's copy differs from what latest.json renders.
 */
import { format, resolveConfig } from 'prettier';
import { MARKET_SECTIONS } from '../merge.js';
import type { Result } from '../result.js';
import { COST_MEASURES } from '../summary.js';

/** The markers around the generated block in the README. */
export const START = '<!-- scale-table:start -->';
export const END = '<!-- scale-table:end -->';

/**
 * A figure the table shows: the row of latest.json with this measure (and client count, where
 * the bench measures it at several), its label in the table and the target it is held to. The
 * verdict (met or missed) is the bench's own, recorded beside the figure.
 */
interface ScaleFigure {
  readonly measure: string;
  readonly clients?: number;
  readonly label: string;
  readonly target: string;
}

/**
 * The figures of a `--market` run, one column per market size. The targets are issues 16, 17 and
 * 48's and the README's; the bench judges each against the same.
 */
export const MARKET_FIGURES: readonly ScaleFigure[] = [
  {
    measure: 'first load: relay start → first visible rows',
    label: 'first load: relay start → first rows',
    target: '',
  },
  {
    measure: 'first load: relay start → complete (loading gone, whole window held)',
    label: 'first load: relay start → whole window held',
    target: '',
  },
  {
    measure: 'first load: event-loop delay max',
    label: 'first load: event-loop delay max',
    target: '≤ 50 ms',
  },
  {
    measure: 'steady state: poll cycle time p95 (quiet market)',
    label: 'steady poll cycle p95',
    target: '≤ 200 ms at 1,000,000',
  },
  {
    measure: 'steady state: upstream referral requests per interval',
    label: 'upstream referral requests per interval',
    target: '≤ 3 at 1,000,000',
  },
  {
    measure: 'steady state: upstream bytes per minute against 2,000 referrals',
    label: "upstream bytes per minute against 2,000's",
    target: '≤ 10× at 1,000,000',
  },
  {
    measure: 'steady state: event-loop delay max',
    label: 'steady event-loop delay max',
    target: '≤ 50 ms',
  },
  {
    measure: 'reconciliation pass time',
    label: 'reconciliation pass',
    target: '≤ 60 s; ≤ 300 s at 1,000,000',
  },
  {
    measure: 'stamped change (lastModDate moves) → admin socket, max',
    label: 'change stamped upstream → socket, max',
    target: '≤ interval + cycle budget, then after-poll',
  },
  {
    measure: 'silent change (no lastModDate) → relay mirror, max',
    label: 'silent change → relay mirror, max',
    target: '≤ one reconciliation pass',
  },
  {
    measure: 'relay RSS after forced GC',
    clients: 5000,
    label: 'relay RSS after GC, 5,000 sockets',
    target: '≤ 3 GB',
  },
  {
    measure: 'list page p99, worst sort key, 20 concurrent',
    clients: 20,
    label: 'list page p99, worst key, 20 concurrent',
    target: '≤ 2× healthz p99 and ≤ 20 ms',
  },
  {
    measure: 'list pages per second, one relay',
    label: 'list pages per second',
    target: '≥ 2,000',
  },
  {
    measure: COST_MEASURES.page,
    clients: 20,
    label: "relay CPU per list page against the floor route's, 20 concurrent",
    target: '≤ 2×',
  },
  {
    measure: 'after-poll p99 at 5000 sockets against 2000 referrals',
    clients: 5000,
    label: "after-poll p99 at 5,000 sockets against 2,000's",
    target: '≤ 1.2×',
  },
  {
    measure: 'reconnect storm: every agent holds its rows',
    clients: 5000,
    label: 'reconnect storm of 5,000 agents',
    target: '≤ 5 s',
  },
  {
    measure: COST_MEASURES.arrival,
    clients: 5000,
    label: 'relay CPU per arriving agent against a bare connect + a floor request',
    target: '≤ 1.5×',
  },
  {
    measure: COST_MEASURES.storm,
    clients: 5000,
    label: 'relay CPU of the storm against 5,000 bare connects',
    target: '≤ 2×',
  },
  {
    measure: 'relay event-loop delay max (monitorEventLoopDelay, 10 ms resolution)',
    label: 'event-loop delay max, any window',
    target: '≤ 50 ms',
  },
  {
    measure: 'relay after-poll p99 against bare Socket.IO (same frames, same fleet)',
    clients: 10000,
    label: 'after-poll p99 against bare Socket.IO, 10,000 sockets',
    target: '≤ 1.25×',
  },
];

/** The figures of a quick or full run (a stand-in of 1,800 referrals), by connected clients. */
export const CLIENT_FIGURES: readonly ScaleFigure[] = [
  {
    measure: 'upstream load against clients',
    label: 'upstream requests per minute, every client count',
    target: 'flat in the number of clients',
  },
  {
    measure: 'after-poll latency (diff committed → client)',
    clients: 1000,
    label: 'after-poll p99, 1,000 clients',
    target: '≤ 100 ms',
  },
  {
    measure: 'after-poll latency (diff committed → client)',
    clients: 5000,
    label: 'after-poll p99, 5,000 clients',
    target: '≤ 250 ms',
  },
  {
    measure: 'claim answered → visible to the other clients',
    clients: 1000,
    label: 'claim → visible to the others p99, 1,000 clients',
    target: '< 150 ms',
  },
  {
    measure: 'relay heap per socket (above idle)',
    clients: 1000,
    label: 'relay heap per socket, 1,000 clients',
    target: '≤ 10 KB',
  },
  {
    measure: 'most sockets held with after-poll p99 < 250 ms',
    label: 'sockets held with after-poll p99 < 250 ms',
    target: '≥ 10,000',
  },
  {
    measure: 'gzipped JavaScript: public feed',
    label: 'JavaScript of the public feed',
    target: '≤ 250 KB gzip',
  },
  {
    measure: 'gzipped JavaScript: referral list',
    label: 'JavaScript of the referral list',
    target: '≤ 300 KB gzip',
  },
  {
    measure: 'public feed: navigation → first rows on screen (headless Chromium, cold)',
    label: 'public feed: first rows on screen',
    target: '≤ 1,000 ms median',
  },
];

const number = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A figure with its unit and, where the bench judged it, its verdict. */
function cell(r: Result | undefined): string {
  if (r === undefined) return '–';
  const figure = typeof r.value === 'number' ? number(r.value) : r.value;
  const unit = r.unit.startsWith('×') ? r.unit : ` ${r.unit}`;
  const value = figure === null ? 'not measured' : `${figure}${unit}`.trim();
  const verdict =
    r.met === undefined || r.value === null
      ? ''
      : r.met === null
        ? ' (target not measured)'
        : r.met
          ? ': met'
          : ': **missed**';
  return `${value}${verdict}`.replaceAll('|', '\\|');
}

const matches = (f: ScaleFigure, r: Result) =>
  r.measure === f.measure && (f.clients === undefined || r.clients === f.clients);

const runOf = (r: Result) => `${r.mode} ${r.date} ${r.commit}`;

/**
 * Where, when and under what load the `shown` rows were measured: one line per run, its load
 * average over every row the run recorded in `all`.
 */
function provenance(shown: readonly Result[], all: readonly Result[]): string[] {
  return [...new Set(shown.map(runOf))].map((key) => {
    const rows = all.filter((r) => runOf(r) === key);
    const r = rows[0] as Result;
    const sizes = [...new Set(rows.map((x) => x.market).filter((m) => m !== undefined))];
    const kind = {
      market: `\`--market ${sizes.join(',')}\``,
      quick: 'Quick mode',
      full: 'Full mode',
    };
    // The commit as the bench wrote it, shortened: "<sha> (uncommitted changes)" keeps its remark.
    const [sha = '', ...remark] = r.commit.split(' ');
    const commit = [sha.slice(0, 7), ...remark].join(' ');
    const load = rows.map((x) => x.loadavg[0] ?? 0);
    const machine = `${r.cores} cores, ${(r.totalMemBytes / 2 ** 30).toFixed(1)} GiB, Node ${r.node}`;
    return (
      `${kind[r.mode]} run of ${r.date.slice(0, 10)} ${r.date.slice(11, 16)} UTC, commit ${commit}; ` +
      `${machine}; load average ${Math.min(...load).toFixed(2)}–${Math.max(...load).toFixed(2)} ` +
      '(1 min, while measured).'
    );
  });
}

/** The figures of `figures` that `rows` hold, as table lines, and the labels of those it lacks. */
function table(
  figures: readonly ScaleFigure[],
  rows: readonly Result[],
  columns: readonly (number | undefined)[],
): { lines: string[]; used: Result[]; missing: string[] } {
  const heads = columns.map((c) =>
    c === undefined ? 'value' : `${c.toLocaleString('en-US')} referrals`,
  );
  const lines = [
    `| figure | ${heads.join(' | ')} | target |`,
    `| --- | ${heads.map(() => '---').join(' | ')} | --- |`,
  ];
  const used: Result[] = [];
  const missing: string[] = [];
  for (const f of figures) {
    const found = columns.map((c) => rows.find((r) => matches(f, r) && r.market === c));
    if (found.every((r) => r === undefined)) {
      missing.push(f.label);
      continue;
    }
    used.push(...found.filter((r) => r !== undefined));
    lines.push(`| ${f.label} | ${found.map(cell).join(' | ')} | ${f.target} |`);
  }
  return { lines, used, missing };
}

/** What latest.json holds (`report.ts` writes it). */
export interface Latest {
  readonly results: readonly Result[];
}

/** The generated block, markers included, formatted as the repository's Prettier formats it. */
export async function renderScaleTable(latest: Latest, readmePath: string): Promise<string> {
  const market = latest.results.filter((r) => MARKET_SECTIONS.includes(r.section));
  const clients = latest.results.filter((r) => !MARKET_SECTIONS.includes(r.section));
  const sizes = [...new Set(market.map((r) => r.market))]
    .filter((m) => m !== undefined)
    .sort((a, b) => a - b);
  const out = [
    START,
    '<!-- Generated from bench/results/latest.json by `npm run scale-table -w bench`: do not edit. -->',
  ];
  for (const [figures, rows, columns, title] of [
    [MARKET_FIGURES, market, sizes, 'By market size'],
    [CLIENT_FIGURES, clients, [undefined], 'By connected clients, 1,800 referrals'],
  ] as const) {
    if (rows.length === 0) continue;
    const t = table(figures, rows, columns);
    const notes = provenance(t.used, rows);
    if (t.missing.length > 0) notes.push(`Not measured in that run: ${t.missing.join('; ')}.`);
    out.push('', `**${title}**`, '', ...t.lines, ...notes.flatMap((n) => ['', n]));
  }
  out.push('', END);
  const options = (await resolveConfig(readmePath)) ?? {};
  return (await format(out.join('\n'), { ...options, parser: 'markdown' })).trimEnd();
}

/** The README's generated block, markers included; throws when the markers are missing. */
export function scaleBlock(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`README has no ${START} … ${END} block`);
  return readme.slice(start, end + END.length);
}

/** The README with its generated block replaced by `block`. */
export function replaceScaleBlock(readme: string, block: string): string {
  return readme.replace(scaleBlock(readme), () => block);
}
