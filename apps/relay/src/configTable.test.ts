import { readFileSync } from 'node:fs';
import { simEnvSchema } from '@referrals/upstream-sim/testing';
import type { AnyObjectSchema } from 'yup';
import { describe, expect, it } from 'vitest';
import { relayEnvSchema } from './config.js';

/** README's configuration table: variable → the apps that read it and its default's text. */
function readmeTable(): Map<string, { apps: string[]; defaultText: string }> {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const rows = new Map<string, { apps: string[]; defaultText: string }>();
  for (const line of readme.slice(readme.indexOf('## Configuration')).split('\n')) {
    const m = /^\| `([A-Z0-9_]+)` +\| ([^|]+)\| ([^|]+)\|/.exec(line);
    if (m?.[1] && m[2] && m[3])
      rows.set(m[1], { apps: m[2].split(',').map((a) => a.trim()), defaultText: m[3].trim() });
  }
  return rows;
}

/** The default a schema field states, where it is a plain number or a relative text. */
function plainDefault(schema: AnyObjectSchema, name: string): string | null {
  const d = (schema.fields[name] as unknown as { spec: { default?: unknown } }).spec.default;
  if (typeof d === 'number') return String(d);
  if (typeof d === 'string' && !d.startsWith('/')) return d;
  return null;
}

describe("README's configuration table", () => {
  const table = readmeTable();

  const schemas: [string, AnyObjectSchema][] = [
    ['relay', relayEnvSchema],
    ['upstream-sim', simEnvSchema],
  ];
  it.each(schemas)(
    'lists exactly the variables the %s reads, with their defaults',
    (app, schema) => {
      const documented = [...table]
        .filter(([, row]) => row.apps.includes(app) || row.apps.includes('all'))
        .map(([name]) => name);
      expect(documented.sort()).toEqual(Object.keys(schema.fields).sort());
      for (const name of documented) {
        const d = plainDefault(schema, name);
        if (d !== null) expect(table.get(name)?.defaultText, name).toContain(`\`${d}\``);
      }
    },
  );
});
