import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMetrics } from './metrics.js';

const file = (p: string) => fileURLToPath(new URL(`../../../deploy/${p}`, import.meta.url));

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}
interface Panel {
  title?: string;
  targets?: { expr?: string }[];
}

/** Names of the series the relay exposes (histograms as their _bucket, _sum and _count). */
async function exposedSeries(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const m of await createMetrics().registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram')
      for (const s of ['_bucket', '_sum', '_count']) names.add(`${m.name}${s}`);
  }
  return names;
}

/** The metric names an expression reads: ours all begin relay_, nodejs_ or process_. */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\b(?:relay|nodejs|process)_\w+/g)].map((m) => m[0]);

let rules: Rule[];
let panels: Panel[];
let series: Set<string>;
beforeAll(async () => {
  const alerts = parse(await readFile(file('prometheus/alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: Rule[] }[];
  };
  rules = alerts.groups.flatMap((g) => g.rules);
  const dashboard = JSON.parse(await readFile(file('grafana/relay-dashboard.json'), 'utf8')) as {
    panels: Panel[];
  };
  panels = dashboard.panels;
  series = await exposedSeries();
});

describe('monitoring files in deploy/', () => {
  it('alert on a relay not ready, stale over 30 s, a high delivery-lag p99 and a 5xx rate', () => {
    const byName = new Map(rules.map((r) => [r.alert, r]));
    expect(byName.get('RelayNotReady')?.expr).toContain('relay_ready');
    expect(byName.get('RelayStale')).toMatchObject({ expr: 'relay_stale == 1', for: '30s' });
    expect(byName.get('RelayNotPolling')?.expr).toBe('relay_poll_staleness_seconds > 30');
    expect(byName.get('RelayDeliveryLagHigh')?.expr).toMatch(
      /histogram_quantile\(0\.99, .*relay_delivery_lag_seconds_bucket/,
    );
    expect(byName.get('RelayHttp5xxRate')?.expr).toContain('status=~"5.."');
    for (const r of rules) {
      expect(r.labels?.severity, r.alert).toMatch(/^(page|ticket)$/);
      expect(r.annotations?.summary, r.alert).toBeTruthy();
    }
  });

  it('name only metrics the relay exposes, in every rule and every panel', () => {
    const exprs = [
      ...rules.map((r) => [`alert ${r.alert}`, r.expr ?? ''] as const),
      ...panels.flatMap((p) =>
        (p.targets ?? []).map((t) => [`panel ${p.title}`, t.expr ?? ''] as const),
      ),
    ];
    expect(exprs.length).toBeGreaterThan(rules.length);
    for (const [where, expr] of exprs) {
      const names = metricsIn(expr);
      expect(names.length, `${where} reads no metric of the relay`).toBeGreaterThan(0);
      for (const name of names) expect(series.has(name), `${where}: ${name}`).toBe(true);
    }
  });

  it('would catch a misspelt metric', () => {
    expect(metricsIn('rate(relay_http_answer_total[5m])').every((n) => series.has(n))).toBe(false);
  });
});
